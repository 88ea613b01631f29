"""The page around the board: the side panel's tabs and the one activity it shows (Play,
Friend, Review, Learn, or the position being set up), the menu under the board and the
windows it opens (Share, All games, Rules, Settings, the keys), and the keyboard
shortcuts (webapp/words/shortcuts.py).  Which activity, menu and window are shown is page
state (state.shown_activity(), state.menu, state.sheet); tabs, menu items and keys send
commands, and this panel shows what the state holds."""

from pyscript import document

from boardgames.texts import _
from webapp.dom import add_text, element
from webapp.state import commands
from webapp.state.page_state import ACTIVITIES, SHEETS
from webapp.words import shortcuts

# activity -> the element that shows it
PANELS = {"play": "panel-play", "friend": "panel-friend", "review": "panel-review", "learn": "panel-learn",
          "setup": "setup"}
WITH_MOVES = ("play", "friend", "review")  # the activities the move list stays beside
TAB_KEYS = {"ArrowRight": 1, "ArrowLeft": -1, "Home": -len(ACTIVITIES), "End": len(ACTIVITIES)}


class ActivityPanel:
    def __init__(self, app):
        self.app = app
        self.sheet_shown = None  # the window open on the page

    def install(self):
        app = self.app
        for button in document.querySelectorAll("[data-activity]"):
            app.listen(button, "click", lambda e, name=button.dataset.activity: self.choose(name))
        app.listen(element("tabs"), "keydown", self.on_tab_key)
        app.listen(element("menu-button"), "click", lambda e: app.do(commands.toggle_menu))
        app.listen(element("menu"), "click", self.on_menu_click)
        for button in document.querySelectorAll("[data-sheet]"):
            app.listen(button, "click", lambda e, name=button.dataset.sheet: app.do(commands.open_sheet, name))
        for name in SHEETS:
            sheet = element(name)
            app.listen(sheet.querySelector(".sheet-close"), "click", lambda e: self.close_sheet())
            app.listen(sheet, "close", lambda e, name=name: self.closed(name))
            app.listen(sheet, "click", lambda e, sheet=sheet: self.on_sheet_click(sheet, e))
        app.listen(document, "pointerdown", self.on_pointer)
        app.listen(document, "keydown", self.on_key)
        self.list_keys()

    def choose(self, name):
        """Show an activity; the focus on its tab, or on a phone (no tabs) on its heading, which
        brings the panel under the board into view."""
        self.app.do(commands.show_activity, name, focus=f"tab-{name}" if self.tabs_shown() else f"{name}-title")

    @staticmethod
    def tabs_shown():
        return element("tabs").offsetParent is not None

    def close_sheet(self):
        self.app.do(commands.close_sheet, focus="menu-button")

    def closed(self, name):
        """A window closed by the browser (Escape): the state follows."""
        if self.app.state.sheet == name:
            self.sheet_shown = None
            self.close_sheet()

    def on_sheet_click(self, sheet, event):
        """A click on the backdrop (outside the window's box) closes it."""
        box = sheet.getBoundingClientRect()
        inside = box.left <= event.clientX <= box.right and box.top <= event.clientY <= box.bottom
        if event.target == sheet and not inside:
            self.close_sheet()

    # -- keys and the pointer -------------------------------------------------------------
    def on_tab_key(self, event):
        """The tabs' own keys: the arrows (and Home, End) go to another tab and show it."""
        if event.key not in TAB_KEYS:
            return
        event.preventDefault()
        step = TAB_KEYS[event.key] * (-1 if document.documentElement.dir == "rtl" and "Arrow" in event.key else 1)
        at = ACTIVITIES.index(self.app.state.activity)
        self.choose(ACTIVITIES[max(0, min(len(ACTIVITIES) - 1, at + step))])

    def on_menu_click(self, event):
        """An item chosen (after its own action): the menu closes, but for a toggle (Sound)."""
        item = event.target.closest("button")
        if item and not item.hasAttribute("aria-pressed") and self.app.state.menu:
            self.app.do(commands.toggle_menu, False)

    def on_pointer(self, event):
        """A press outside the open menu closes it."""
        if self.app.state.menu and not event.target.closest("#menu, #menu-button"):
            self.app.do(commands.toggle_menu, False)

    def on_key(self, event):
        """A shortcut (webapp/words/shortcuts.py); Escape closes the menu, else ends a review."""
        state = self.app.state
        if state.sheet is not None:
            return  # (a window's keys are its own: Escape closes it)
        if event.key == "Escape":
            if state.menu:
                self.app.do(commands.toggle_menu, False, focus="menu-button")
            elif state.view.reviewing is not None:
                self.app.do(commands.review, None, focus="board")
            return
        action = shortcuts.key_action(event.key, event.target.tagName, event.target.getAttribute("role"),
                                      bool(event.ctrlKey or event.altKey or event.metaKey))
        if action is None:
            return
        kind, what = action
        if kind == "step":
            event.preventDefault()
            self.app.do(commands.viewer_step, what)
            return
        button = element(what)
        if button.disabled or button.offsetParent is None and not element("menu").contains(button):
            return
        event.preventDefault()
        button.click()

    def list_keys(self):
        """The help window's list, and each action button's tooltip with its key."""
        listing = element("keys-list")
        for keys, words in shortcuts.HELP:
            term = add_text(listing, "dt", "")
            for key in keys:
                add_text(term, "kbd", _(key))
            add_text(listing, "dd", _(words))
        for key, button_id in shortcuts.BUTTON_KEYS.items():
            button = element(button_id)
            if button.closest("#actions") and key.isalpha():
                # TRANSLATORS: a button's tooltip and its keyboard shortcut: "Take back a move (U)"
                button.title = _("{action} ({key})").format(action=button.title, key=key.upper())

    # -- showing --------------------------------------------------------------------------
    def render(self, state):
        shown = state.shown_activity()
        element("side").dataset.activity = shown  # (the style sheet shows a review's tools in Review only)
        for name, panel in PANELS.items():
            element(panel).hidden = name != shown
        for name in ACTIVITIES:
            tab = element(f"tab-{name}")
            tab.setAttribute("aria-selected", "true" if name == shown else "false")
            tab.tabIndex = 0 if name == (shown if shown in ACTIVITIES else state.activity) else -1
        for item in element("menu").querySelectorAll(".activity-item"):
            item.setAttribute("aria-current", "true" if item.dataset.activity == shown else "false")
        element("moves").hidden = shown not in WITH_MOVES
        element("menu").hidden = not state.menu
        element("menu-button").setAttribute("aria-expanded", "true" if state.menu else "false")
        self.show_sheet(state.sheet)

    def show_sheet(self, name):
        if name == self.sheet_shown:
            return
        if self.sheet_shown is not None and element(self.sheet_shown).open:
            element(self.sheet_shown).close()
        self.sheet_shown = name
        if name is not None:
            element(name).showModal()
