"""Browser tests of the rules reference: permalinks, search in Spanish, the language switch, the
rule panel's card beside the map, and bad addresses."""
import pytest

pytest.importorskip("playwright")

pytestmark = pytest.mark.ui


def _settle(page, ms=1500):
    """Let the server finish sending before the page goes away (a closed socket mid-send is logged)."""
    page.wait_for_function("() => !window.Bokeh || Bokeh.documents.every(d => d.is_idle)", timeout=ms * 20)


def _open(watched, url):
    page = watched.page
    if page.url.startswith("http"):
        _settle(page)
    page.goto(url)
    page.wait_for_function("() => window.Bokeh && Bokeh.documents && Bokeh.documents.length > 0",
                           timeout=30000)
    page.wait_for_function("() => Bokeh.documents.every(d => d.is_idle)", timeout=30000)
    return page


def test_reference_loads_offline_without_console_errors(server, watched):
    base, _ = server
    page = _open(watched, base + "/reference")
    page.get_by_text("Rules by number").first.wait_for(timeout=10000)
    assert watched.errors == [] and watched.external == []
    _settle(page)


def test_permalink_opens_the_right_card(server, watched):
    base, _ = server
    page = _open(watched, base + "/reference?game=wif&rule=2.4.2")
    page.locator(".rule-panel-body").get_by_text("Tracing supply lines").first.wait_for(timeout=10000)
    page.get_by_text("primary source", exact=False).first.wait_for(timeout=10000)
    page = _open(watched, base + "/reference?game=wif&rule=2.4.2&lang=es")
    page.locator(".rule-panel-body").get_by_text("Trazar líneas de abastecimiento").first.wait_for(timeout=10000)
    page.get_by_text("fuente primaria", exact=False).first.wait_for(timeout=10000)
    page = _open(watched, base + "/reference?game=wif&rule=9.10")  # not read as the number 9.1
    page.locator(".rule-panel-body").get_by_text("Japanese occupation").first.wait_for(timeout=10000)
    assert watched.errors == []
    _settle(page)


def test_search_finds_a_card_in_spanish_and_the_url_follows(server, watched):
    base, _ = server
    page = _open(watched, base + "/reference?lang=es")
    field = page.locator(".ref-search input").first
    field.fill("zona de control")
    field.press("Enter")
    results = page.locator(".ref-results select").first
    results.wait_for(timeout=10000)
    options = results.locator("option").all_inner_texts()
    assert any(o.startswith("2.2 ") and "Zonas de control" in o for o in options), options
    results.select_option("2.2")
    page.get_by_text("Una unidad terrestre domina", exact=False).first.wait_for(timeout=10000)
    page.wait_for_function("() => window.location.search.includes('rule=2.2')", timeout=10000)
    # accents are optional
    field.fill("linea de abastecimiento")
    field.press("Enter")
    page.wait_for_function(
        "() => true", timeout=1000)
    page.locator(".ref-results-info").get_by_text("fichas encontradas", exact=False).first.wait_for(timeout=10000)
    _settle(page)


def test_language_switch_changes_visible_labels(server, watched):
    base, _ = server
    page = _open(watched, base + "/reference?game=wif&rule=2.7")
    for text in ("Rules by number", "Rule cards", "Glossary", "Dice"):
        page.get_by_text(text, exact=True).first.wait_for(timeout=10000)
    page.locator(".language-switch button").nth(1).click()
    for text in ("Reglas por número", "Fichas de reglas", "Glosario", "Dados", "Referencia de reglas"):
        page.get_by_text(text, exact=True).first.wait_for(timeout=10000)
    page.wait_for_function("() => window.location.search.includes('lang=es')", timeout=10000)
    assert page.get_by_text("Rules by number", exact=True).count() == 0
    _settle(page)


def test_related_rule_links_stay_in_the_reference(server, watched):
    base, _ = server
    page = _open(watched, base + "/reference?game=wif&rule=2.7")
    page.locator(".rule-card-related .rule-link button").first.click()
    page.wait_for_function("() => !window.location.search.includes('rule=2.7')", timeout=10000)
    assert "/reference" in page.url
    _settle(page)


def test_a_wrong_game_or_rule_in_the_url_names_what_is_allowed(server, watched):
    base, _ = server
    page = _open(watched, base + "/reference?game=chess")
    page.get_by_text("Unknown game 'chess'", exact=False).first.wait_for(timeout=10000)
    page.get_by_text("wif, use, asl, churchill, starcraft", exact=False).first.wait_for()
    page = _open(watched, base + "/reference?game=wif&rule=99.9")
    page.get_by_text("WiF has no rule '99.9'", exact=False).first.wait_for(timeout=10000)
    assert watched.errors == []
    _settle(page)


def test_rule_panel_shows_the_card_beside_the_map(server, watched):
    base, _ = server
    page = _open(watched, base + "/wif")
    page.locator(".section-switch button").nth(1).click()
    page.locator(".calc-core-dice .rule-link button").first.click()
    page.locator(".rule-panel").first.wait_for(timeout=10000)
    page.get_by_text("ten-sided dice", exact=False).first.wait_for(timeout=10000)
    page.locator(".card-permalink").first.wait_for()
    assert page.url.rstrip("/").endswith("/wif")
    _settle(page)


def test_header_and_landing_link_to_the_reference(server, watched):
    base, _ = server
    page = _open(watched, base + "/wif")
    assert page.locator("a.open-reference").count() >= 1
    page = _open(watched, base + "/")
    page.locator(".landing-reference a.open-reference").first.click()
    page.wait_for_url("**/reference*")
    _settle(page)


def test_your_rulebook_wraps_long_lines_and_names_its_game(server, watched, tmp_path):
    """An uploaded rulebook's long lines wrap inside the pane (nothing cut at the right); the tab
    has a select of the game whose rulebook it is."""
    base, _ = server
    page = _open(watched, base + "/reference?game=wif&rule=2.4.2")
    book = tmp_path / "mine.txt"
    book.write_text("2.4 Supply\nIntro.\n2.4.2 Tracing " + "supplyline " * 300 + "\n", encoding="utf-8")
    page.locator(".section-switch button").nth(2).click()
    page.locator(".ref-book-game select").first.wait_for(timeout=10000)
    page.locator(".ref-upload input[type=file]").set_input_files(str(book))
    page.get_by_text("numbered sections found in mine.txt, read as the rulebook of World in Flames",
                     exact=False).first.wait_for(timeout=30000)
    page.locator(".section-switch button").nth(0).click()
    pane = page.locator(".ref-user-text pre").first
    pane.wait_for(timeout=30000)
    wide = pane.evaluate("el => [el.scrollWidth, el.clientWidth, el.parentElement.clientWidth]")
    assert wide[0] <= wide[1] + 1 and wide[1] <= wide[2] + 1, wide
    assert watched.errors == []
    _settle(page)
