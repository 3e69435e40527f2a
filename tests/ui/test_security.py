"""No script from a link or a file runs in a page (docs/security.md): every app opened with script
payloads in its query values, and hostile files through every file box, in Chromium."""
import pytest

pytest.importorskip("playwright")

from tests.ui.browser import WAIT  # noqa: E402

pytestmark = pytest.mark.ui

PAYLOAD = '<img src=x onerror="window.__xss=1">'
SCRIPT = "<script>window.__xss=1</script>"
TRAP = "window.__xss = 0; window.alert = () => { window.__xss = 1; };"


@pytest.fixture
def page(context):
    page = context.new_page()
    page.add_init_script(TRAP)
    dialogs = []
    page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    page.dialogs = dialogs
    yield page
    page.close()


def _ready(page):
    page.wait_for_function("() => window.Bokeh && Bokeh.documents && Bokeh.documents.length > 0", timeout=WAIT)


def _no_script(page):
    assert page.evaluate("() => window.__xss") == 0
    assert page.dialogs == []


def _quote(value: str) -> str:
    from urllib.parse import quote

    return quote(value, safe="")


@pytest.mark.parametrize("path, shown", [
    ("/use?board=" + _quote(PAYLOAD), "<img src=x"),
    ("/wif?map=" + _quote(PAYLOAD), "<img src=x"),
    ("/reference?lang=" + _quote(PAYLOAD), "<img src=x"),
    ("/reference?game=wif&rule=" + _quote(SCRIPT), "<script>"),
    ("/asl?lang=" + _quote(SCRIPT), "<script>"),
    ("/churchill?lang=" + _quote('"><svg onload=window.__xss=1>'), "<svg onload"),
    ("/starcraft?lang=" + _quote(PAYLOAD), "<img src=x"),
    ("/?lang=" + _quote(PAYLOAD), "<img src=x"),
    ("/use?board=%ff", "\ufffd"),
])
def test_a_link_shows_its_values_as_text_and_runs_nothing(server, page, path, shown):
    base, _ = server
    page.goto(base + path)
    _ready(page)
    page.get_by_text(shown, exact=False).first.wait_for(timeout=WAIT)
    _no_script(page)


def test_a_markdown_link_in_a_value_is_not_a_link(server, page):
    base, _ = server
    page.goto(base + "/use?board=" + _quote("[click](javascript:window.__xss=1)"))
    _ready(page)
    banner = page.locator(".url-error").first
    banner.get_by_text("click", exact=False).first.wait_for(timeout=WAIT)
    assert banner.locator("a").count() == 0
    _no_script(page)


def _upload(page, box: str, name: str, text: str) -> None:
    page.locator(f".{box} input[type=file]").first.set_input_files(
        {"name": name, "mimeType": "text/plain", "buffer": text.encode("utf-8")})


def test_hostile_scenario_files_show_as_text_and_name_the_file_just_uploaded(server, page):
    base, _ = server
    page.goto(base + "/wif")
    _ready(page)
    _upload(page, "scenario-file", "evil.yaml",
            f"map: europe\nunits:\n- {{id: '{PAYLOAD}', type: '{PAYLOAD}', power: Germany, hex: '3821'}}\n")
    message = page.locator(".scenario-message").first
    message.get_by_text("<img src=x", exact=False).first.wait_for(timeout=WAIT)
    _upload(page, "scenario-file", "second.yaml", "map: [unclosed\n")
    message.get_by_text("second.yaml", exact=False).first.wait_for(timeout=WAIT)
    assert "evil.yaml" not in message.inner_text()
    _no_script(page)


def test_a_hostile_preset_file_and_preset_name_run_nothing(server, page):
    base, _ = server
    page.goto(base + "/wif")
    _ready(page)
    page.locator(".section-switch button").nth(1).click()
    card = page.locator(".calc-core-dice").first
    _upload(card, "preset-upload", "preset.yaml", f"calculator: '{PAYLOAD}'\ninputs: {{target: 3}}\n")
    card.locator(".calc-error").get_by_text("<img src=x", exact=False).first.wait_for(timeout=WAIT)
    _upload(card, "preset-upload", "bomb.yaml", "a: &a [1, 2]\nb: *a\n")
    card.locator(".calc-error").get_by_text("bomb.yaml", exact=False).first.wait_for(timeout=WAIT)
    name = card.locator(".preset-name input").first
    name.fill(PAYLOAD)
    card.locator(".preset-save button").first.click()
    card.get_by_text("cannot be used", exact=False).first.wait_for(timeout=WAIT)
    _no_script(page)


def test_hostile_starcraft_profiles_run_nothing(server, page):
    base, _ = server
    page.goto(base + "/starcraft")
    _ready(page)
    _upload(page, "sc-profiles", "profiles.yaml", f"units:\n- name: '{PAYLOAD}'\n  tag: '{SCRIPT}'\n")
    page.get_by_text("<img src=x", exact=False).first.wait_for(timeout=WAIT)
    _no_script(page)
