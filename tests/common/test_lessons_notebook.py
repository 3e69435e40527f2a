"""viewer.lessons.play: the apps' lesson player and the game's board for a notebook cell."""
import pytest

import viewer.lessons as lessons
from viewer.games import GAME_IDS
from viewer.lessons.model import LessonError


def test_short_and_full_ids_name_the_same_lesson():
    from viewer.lessons.notebook import resolve

    assert resolve("wif/syria") == resolve("wif/supply-syria") == "wif/supply-syria"


@pytest.mark.parametrize("game", GAME_IDS)
def test_play_opens_the_step_in_the_language(game):
    lesson = lessons.names(game)[-1]
    count = len(lessons.load(lesson).steps)
    shown = lessons.play(lesson, step=count, lang="es")
    assert (shown.player.lesson, shown.player.step) == (lesson, count - 1)
    assert shown.player.counter.object.startswith("Paso")   # the Spanish step counter
    assert shown.player.next.disabled and shown.board is shown.player.board
    shown.state.lang = "en"   # the switch above the player relabels it in place
    assert shown.player.counter.object.startswith("Step")


def test_bad_input_names_what_is_allowed():
    with pytest.raises(LessonError) as err:
        lessons.play("wif/nowhere")
    assert "wif/supply-syria" in str(err.value) and "asl/" in str(err.value)
    with pytest.raises(LessonError, match="from 1 to 2"):
        lessons.play("wif/syria", step=3)
    with pytest.raises(LessonError, match="allowed: en, es"):
        lessons.play("wif/syria", lang="fr")
