"""Translations (tools/i18n.py, py/boardgames/texts.py): every catalogue complete and
current, placeholders kept, plural forms right, every game's and lesson's texts marked,
and the page's gettext taking a compiled catalogue."""

import gzip
import os

import pytest

import i18n
from boardgames import GAME_IDS, get_game, lessons, texts

i18n.load_babel()
TEMPLATE = i18n.extract()
MARKED = {i18n.message_key(m) for m in TEMPLATE if m.id}
VENDORED = os.path.join(i18n.ROOT, "vendor", "locale")


@pytest.fixture(autouse=True)
def english_afterwards():
    yield
    texts.use(texts.ENGLISH)


def catalogue(language):
    with open(os.path.join(VENDORED, f"{language}.mo.gz"), "rb") as f:
        return gzip.decompress(f.read())


def test_every_catalogue_is_complete_current_and_keeps_placeholders():
    assert i18n.problems() == []


def test_the_shipped_languages():
    assert set(texts.LANGUAGES) == {"en", "es", "fr", "de", "sv", "zh", "ar"}
    assert texts.RIGHT_TO_LEFT == {"ar"}
    for language in [*texts.LANGUAGES, texts.PSEUDO]:
        if language != texts.ENGLISH:
            assert len(catalogue(language)) > 1000
    # shipped gzipped (start.js unzips them), a third of their bytes, and no stale unzipped copy
    assert not [name for name in os.listdir(VENDORED) if name.endswith(".mo")]


# (what the check must refuse, in a catalogue's words)
PLACEHOLDERS = [
    ("{count} moves", "{count} coups", True),
    ("{count} moves", "{nombre} coups", False),
    ("{name} wins", "gagne", False),
    ("Take back", "Reprendre", True),
]


@pytest.mark.parametrize("english,translated,kept", PLACEHOLDERS)
def test_placeholders_must_match(english, translated, kept):
    assert (i18n.placeholders(english) == i18n.placeholders(translated)) == kept


def test_each_game_s_texts_are_marked():
    for game_id in GAME_IDS:
        game = get_game(game_id)
        shown = [game.name, game.summary, *game.rules, *game.rulings]
        assert [text for text in shown if text not in MARKED] == [], game_id


def test_each_lesson_s_texts_are_marked():
    for lesson in lessons.read_lessons().values():
        shown = [lesson.title, lesson.intro, lesson.finish]
        for step in lesson.steps:
            shown += [step.title, step.ask, step.right, step.wrong, *step.wrong_moves.values()]
        assert [text for text in shown if text not in MARKED] == [], lesson.spec


# (language, count, which plural form the catalogue's rules pick; Babel's order for Arabic:
# zero, one, two, few 3-10, other 100-102, many 11-99)
PLURAL_FORMS = [
    ("ar", 0, 0), ("ar", 1, 1), ("ar", 2, 2), ("ar", 3, 3), ("ar", 10, 3), ("ar", 103, 3),
    ("ar", 11, 5), ("ar", 99, 5), ("ar", 100, 4), ("ar", 102, 4),
    ("zh", 1, 0), ("zh", 5, 0),
    ("fr", 0, 0), ("fr", 1, 0), ("fr", 2, 1),
    ("de", 1, 0), ("de", 0, 1),
]


@pytest.mark.parametrize("language,count,form", PLURAL_FORMS)
def test_plural_forms(language, count, form):
    catalog = i18n.read(os.path.join(i18n.LOCALE, f"{language}.po"), language)
    plural = next(m for m in catalog if isinstance(m.id, (list, tuple)) and m.id[0] == "{count} move")
    assert len(plural.string) == {"ar": 6, "zh": 1}.get(language, 2)
    texts.use(language, catalogue(language))
    assert texts.ngettext(*plural.id, count) == plural.string[form]


def test_english_plurals_need_no_catalogue():
    texts.use(texts.ENGLISH)
    assert [texts.ngettext("{count} move", "{count} moves", n) for n in (0, 1, 2)] == \
        ["{count} moves", "{count} move", "{count} moves"]


def test_a_catalogue_translates_and_english_is_the_fallback():
    texts.use("de", catalogue("de"))
    assert texts.language() == "de"
    assert texts._("Language") != "Language"
    assert texts._("a text no catalogue has") == "a text no catalogue has"
    texts.use(texts.ENGLISH)
    assert texts._("Language") == "Language"


def test_the_pseudo_language_brackets_and_lengthens_keeping_placeholders():
    texts.use(texts.PSEUDO, catalogue(texts.PSEUDO))
    for text in ("Language", "Saved settings not understood ({settings}): defaults used for them."):
        shown = texts._(text)
        assert shown.startswith("[") and shown.endswith("]") and len(shown) >= 1.4 * len(text)
        assert i18n.placeholders(shown) == i18n.placeholders(text)
