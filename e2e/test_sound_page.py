"""Sound in the page: a move by a visitor's clicks starts the tones of its sound
(webapp/words/sounds.py, played by sound.js; counted by wrapping AudioContext before the page
loads), a capture its own; nothing before the visitor's first gesture, nothing once the
Sound button mutes it (remembered on the next visit), nothing in an embed (which has no
Sound button).

Playwright's own calls count as gestures, so "before the first gesture" is the browser
reporting no activation (`navigator.userActivation`) while `window.noGestureYet` is set."""

import pytest

from page_helpers import menu_item, play_by_clicks, state

COUNT_TONES = """() => {
    window.tonesStarted = 0;
    const activation = navigator.userActivation;
    Object.defineProperty(navigator, 'userActivation', {get: () => window.noGestureYet
        ? {hasBeenActive: false, isActive: false} : activation});
    const Real = window.AudioContext;
    window.AudioContext = class extends Real {
        createOscillator() {
            const oscillator = super.createOscillator(), start = oscillator.start.bind(oscillator);
            oscillator.start = (...args) => { window.tonesStarted += 1; return start(...args); };
            return oscillator;
        }
    };
}"""
# tones in webapp/words/sounds.py's SOUNDS
MOVE, CAPTURE = 1, 2


@pytest.fixture
def counted(context, open_page):
    """open(query) -> a ready page whose AudioContext counts the tones it starts."""
    context.add_init_script(f"({COUNT_TONES})()")
    return lambda query="": open_page(query)


def tones(page):
    return page.evaluate("window.tonesStarted")


def test_moves_and_captures_sound_after_the_first_gesture(counted):
    page = counted("?game=tablut")
    assert page.get_attribute("#sound", "aria-pressed") == "true"
    page.evaluate("window.noGestureYet = true")
    assert page.evaluate("window.boardgames.play('f1-f2')")["ok"]
    assert tones(page) == 0, "no sound before the visitor has clicked or typed"
    page.evaluate("window.noGestureYet = false")
    play_by_clicks(page, "e4-b4")
    assert tones(page) == MOVE
    play_by_clicks(page, "i4-e4")  # captures e3
    assert tones(page) == MOVE + CAPTURE
    page.click("#undo")
    assert tones(page) == MOVE + CAPTURE, "taking a move back is silent"


def sound_button(page):
    """The menu's Sound, then the menu closed again (the board in full view)."""
    menu_item(page, "sound")
    page.click("#menu-button")
    assert page.is_hidden("#menu")


def test_the_sound_button_mutes_and_is_remembered(counted, context, site):
    page = counted("?game=tablut")
    sound_button(page)
    assert page.get_attribute("#sound", "aria-pressed") == "false"
    play_by_clicks(page, "f1-f2")
    assert tones(page) == 0
    page.close()
    page = counted()
    assert state(page)["moves"] == ["f1-f2"] and page.get_attribute("#sound", "aria-pressed") == "false"
    play_by_clicks(page, "e4-b4")
    assert tones(page) == 0
    sound_button(page)
    play_by_clicks(page, "i4-e4")
    assert tones(page) == CAPTURE


def test_an_embedded_board_is_silent(counted):
    page = counted("?embed=1&autostart=1&game=tablut")
    assert page.get_attribute("#sound", "aria-pressed") == "false" and not page.is_visible("#sound")
    page.click("#menu-button")  # (nor is there one in its menu)
    assert page.is_visible("#menu") and not page.is_visible("#sound")
    page.click("#menu-button")
    play_by_clicks(page, "f1-f2")
    play_by_clicks(page, "e4-b4")
    assert tones(page) == 0
