"""Commands: every change a reader, a link, the hook, a timer or the computer makes to the
page state (page_state.py).  Each is a plain function of the state and its arguments that
changes the state and says what happened in `state.message`; the page applies one with
`App.do(command, ...)`, which then lets effects.py decide what follows (saving, sounds,
the computer) and renders the panels and the board from the state.  Nothing here touches
the browser, so pytest checks the commands in CPython."""

from __future__ import annotations

from webapp.state import coach, embed, live
from webapp.worker.computer import is_demo
from webapp.state.page_state import ACTIVITIES, SHEETS, PageState
from webapp.words.record import read_record, settings_from_query
from boardgames.texts import _, ngettext
from webapp.state.session import COMPUTER, FRIEND, HUMAN, PAGE, Session
from webapp.state.analysis import ENGINE_OFF
from webapp.state.mistakes import MistakesRun
from webapp.state.setup_editor import BoardEditor
from webapp.state.lines import count

# -- games ---------------------------------------------------------------------------


def begin(state: PageState, session: Session) -> None:
    """Put `session` on the board: a new, loaded or restored game, or an exercise's."""
    state.session = session
    state.view.review(session, None)
    state.view.motion = state.view.drag = None
    state.editor = None
    state.card = False
    if FRIEND not in session.players.values():
        state.friend = state.live = None
    if PAGE not in session.players.values():  # (an exercise's players are its own)
        state.players = dict(session.players)


def new_game(state: PageState, game_id: str, fen: str | None = None, options: dict | None = None) -> None:
    """A new game with the chosen players (ValueError for a game, option or position the
    engine refuses: then nothing changes)."""
    players = {side: HUMAN if who == FRIEND else who for side, who in state.players.items()}
    begin(state, Session(game_id, options=options, fen=fen, players=players))
    state.say("")


def pick_game(state: PageState, game_id: str) -> None:
    """A game chosen in the list of all games (its window closes)."""
    state.sheet = None
    new_game(state, game_id)


def new_game_again(state: PageState) -> None:
    """New game: the same game and options (in a live game, asked of the friend)."""
    if state.live is not None and state.friend is not None:
        live.ask(state, "new")
        return
    new_game(state, state.session.game_id, options=state.session.options)


def change_options(state: PageState, chosen: dict[str, str]) -> None:
    """An option was changed to `chosen` ({name: text}): a new game with it."""
    settings = settings_from_query({"game": state.session.game_id, **chosen})[0]
    new_game(state, state.session.game_id, options=settings["options"])


def load_record(state: PageState, text: str) -> None:
    try:
        session, variations = read_record(text, players=dict(state.players))
    except ValueError as error:
        state.say(_("That record could not be loaded: {error}. Your game is unchanged.").format(error=error))
        return
    begin(state, session)
    moves, name = len(session.moves), _(session.game.name)
    if variations:
        words = ngettext("Record loaded: {count} moves of {game}, with {variations} variation in the move list.",
                         "Record loaded: {count} moves of {game}, with {variations} variations in the move list.",
                         variations)
    else:
        words = ngettext("Record loaded: {count} move of {game}.", "Record loaded: {count} moves of {game}.", moves)
    state.say(words.format(count=moves, game=name, variations=variations))


def undo(state: PageState) -> None:
    state.view.review(state.session, None)
    if state.live is not None and state.friend is not None:
        live.ask(state, "undo")
        return
    if state.friend is not None and len(state.session.moves) <= state.friend["received"]:
        state.say(_("The moves of your friend's link cannot be taken back."))
        return
    if not state.session.undo():
        state.say(_("Nothing to undo."))


def redo(state: PageState) -> None:
    state.view.review(state.session, None)
    if not state.session.redo():
        state.say(_("Nothing to redo."))


def review(state: PageState, index: int | None) -> None:
    """Show the position after move `index`, or (None) the game in progress: the one
    place that enters and leaves a review.  Board clicks do not move meanwhile, and the
    computer waits."""
    state.view.review(state.session, index)
    state.session.select(None)
    state.say("")


def annotate(state: PageState, comment: str | None = None, glyph: str | None = None) -> None:
    """Comment on, or mark, the move whose position is shown."""
    ply = state.view.shown_index(state.session)
    if ply == 0:
        state.say(_("Pick a move first: a comment belongs to a move."))
        return
    state.session.annotate(ply, comment=comment, glyph=glyph)
    state.say(_("Move {ply} annotated: it goes with the record and the saved game.").format(ply=ply))


def set_tag(state: PageState, name: str, value: str) -> None:
    """A record's tag the reader wrote (White, Black, Event; a Date as the date field gives
    it, 2026-11-25, written 2026.11.25 as PGN does); an empty one is taken out."""
    value = " ".join(value.replace('"', "'").split())[:60]
    if name == "Date":
        value = value.replace("-", ".")
    if value:
        state.session.tags[name] = value
        # TRANSLATORS: {name} is a record's tag as written in it (White, Black, Event, Date)
        state.say(_("{name}: {value} (in the record and the saved game).").format(name=name, value=value))
    else:
        state.session.tags.pop(name, None)
        # TRANSLATORS: {name} is a record's tag as written in it (White, Black, Event, Date)
        state.say(_("{name} taken out of the record.").format(name=name))


def draw_shape(state: PageState, start: str | None, end: str | None) -> None:
    """A right-button press on `start` released on `end`: a circle (the same cell) or an
    arrow drawn on the shown position, or taken away if it was there."""
    if start is None or end is None:
        return
    state.session.toggle_shape(state.view.shown_index(state.session), f"C{start}" if start == end else f"A{start}{end}")


def toggle_drawing(state: PageState) -> None:
    """Draw on or off: while on, a tap or click draws a circle and a drag an arrow (what
    the right button does, for touch screens), and the board plays no move."""
    state.view.drawing = not state.view.drawing
    state.session.select(None)
    state.say(_("Draw: tap a cell for a circle, drag from one cell to another for an arrow; the same again "
                "takes it away. Untick Draw to play.") if state.view.drawing else "")


def flip(state: PageState) -> None:
    state.view.flipped = not state.view.flipped


def agree_draw(state: PageState) -> None:
    if state.live is not None and state.friend is not None:
        live.ask(state, "draw")
        return
    state.session.agree_draw()
    state.say(_("Drawn by agreement. Undo takes the agreement back."))


def play(state: PageState, move: str) -> None:
    """Play a move text (the hook's play()); ValueError if it is not legal (said too)."""
    try:
        state.session.play(move)
    except ValueError as error:
        state.say(str(error))
        raise
    if state.view.reviewing is not None:
        review(state, None)


# -- the board -------------------------------------------------------------------------


def click(state: PageState, cell: str | None, extra: bool = False) -> None:
    """A click or tap on `cell`, or Enter on the cursor's cell: a move's step, or a man
    placed while a position is set up."""
    if state.editor is not None:
        place(state, cell)
        return
    session, past = state.session, state.view.reviewing is not None
    if past and not can_branch(state):
        state.say(_("You are looking at a past position: Back to game (or Escape) to play on."))
        return
    lines = count(session.branches)
    played = session.click(cell, extra=extra)
    state.say(session.message)
    if past and played is not None:
        state.view.review(session, session.shown)
        if count(session.branches) > lines:
            begun = _("A variation begins with move {ply}: the game's own moves are kept in the move list.")
            state.say(" ".join(filter(None, (begun.format(ply=len(session.moves)), analysis_players(state)))))


def can_branch(state: PageState) -> bool:
    """Whether a move in a past position may begin a variation (not in a game with a friend,
    an exercise or an embedded page)."""
    return state.friend is None and state.exercise is None and not state.embedded


def analysis_players(state: PageState) -> str:
    """In variations the reader moves both sides: the computer stops playing (said)."""
    if COMPUTER not in state.session.players.values():
        return ""
    set_players(state, {"w": HUMAN, "b": HUMAN})
    return _("You move both sides here (the computer's panel brings it back).")


def show_line(state: PageState, path: list[tuple[int, int]], ply: int) -> None:
    """A move picked in the move list: its line goes on the board (the choices of `path`,
    lines.walk's), the position after move `ply` shown."""
    session = state.session
    try:
        session.go_along(path)
    except (KeyError, IndexError):
        state.say(_("That variation is no longer in the game."))
        return
    review(state, ply)
    state.say(analysis_players(state))


def promote(state: PageState) -> None:
    """Make the variation of the shown move the main line where it branches off."""
    session = state.session
    ply = state.view.shown_index(session)
    if session.variation_at(ply) is None:
        state.say(_("This move is on the main line already."))
        return
    session.promote(ply)
    state.say(_("Variation promoted.") if session.variation_at(ply) is not None
              else _("This line is now the main line."))


def delete_variation(state: PageState) -> None:
    """Delete the variation of the shown move (the main line where it branched off comes back)."""
    session = state.session
    ply = state.view.shown_index(session)
    if session.variation_at(ply) is None:
        state.say(_("Only a variation can be deleted: this move is on the main line."))
        return
    at = session.delete_variation(ply)
    review(state, at)
    state.say(_("Variation deleted: the board shows the position after move {ply}.").format(ply=at) if at
              else _("Variation deleted: the board shows the start position."))


def drop(state: PageState, cell: str, target: str | None) -> None:
    """The man of `cell`, dragged, let go over `target`: the move there, or back in its
    place with the reason."""
    if target is None or target == cell:
        state.say("" if target == cell else _("Dropped off the board: the man is back in its place."))
    elif target in state.session.destinations(cell):
        state.view.dropped = True  # shown where it was dropped: no motion
        click(state, target)
    else:
        state.say(state.session.why_not_to(target))


def cancel_selection(state: PageState) -> None:
    state.session.select(None)
    state.say(_("Selection cancelled."))


def toggle_extra(state: PageState, cell: str) -> None:
    """A toggle of the move builder: pick or drop an extra cell of the move."""
    state.session.toggle_extra(cell)
    state.say(state.session.message)


# -- the computer ----------------------------------------------------------------------


def set_players(state: PageState, players: dict[str, str]) -> None:
    """A demo stays paused only while both players are the computer."""
    state.players = dict(players)
    state.session.players.update(players)
    state.paused = state.paused and is_demo(state.session.players)


def set_level(state: PageState, level: int) -> None:
    state.level = level


def set_speed(state: PageState, speed: str) -> None:
    state.speed = speed


def toggle_pause(state: PageState) -> None:
    state.paused = not state.paused
    state.say(_("Demo paused: Resume goes on.") if state.paused else "")


def ask_hint(state: PageState) -> None:
    session = state.session
    if not state.embed.get("engine", True):
        state.say(_(ENGINE_OFF))
        return
    if session.result is not None or session.to_move_is_computer():
        state.say(_("A hint is for a human player, on their turn."))
        return
    if state.view.reviewing is not None:  # a hint is for the game in progress
        review(state, None)
    state.view.hint = None
    state.hint_asked = state.position()


def computer_moved(state: PageState, move: str) -> None:
    state.session.play(move)


def hint_found(state: PageState, move: str) -> None:
    state.hint_asked = None
    state.view.hint = move
    state.say(_("Hint: {move} (the arrow on the board).").format(move=move))


# -- setting up a position -------------------------------------------------------------


def open_editor(state: PageState) -> None:
    """"Set up position", starting from the position on the board."""
    if state.view.reviewing is not None:
        review(state, None)
    session = state.session
    session.select(None)
    state.editor = BoardEditor(session.game, session.game.fen(session.state))
    state.letter = state.editor.palette()[0][0]
    state.say(_("Choose a man, then click cells (or use the arrow keys and Enter on the board) "
                "to place it; the same man again empties the cell."))


def choose_letter(state: PageState, letter: str | None) -> None:
    state.letter = letter


def place(state: PageState, cell: str | None) -> None:
    if cell is not None:
        state.editor.place(cell, state.letter)
        state.say("")


def set_turn(state: PageState, turn: str) -> None:
    state.editor.turn = turn


def type_position(state: PageState, text: str) -> None:
    """A typed or pasted text: shown on the board once its form is right."""
    try:
        state.editor.load(text)
    except ValueError as error:
        state.say(_("Position text: {error}").format(error=error))
        return
    state.say("")


def clear_position(state: PageState) -> None:
    state.editor.clear()


def start_from_setup(state: PageState, text: str) -> bool:
    """Play on from `text`, if the engine accepts it; else say why and keep both the game
    and the editor."""
    try:
        new_game(state, state.session.game_id, fen=text, options=state.session.options)
    except ValueError as error:
        state.say(_("This position cannot be played: {error}").format(error=error))
        return False
    state.say(_("Started from the position set up."))
    return True


def close_editor(state: PageState) -> None:
    """Cancel: back to the game as it was."""
    state.editor = None
    state.say("")


# -- lessons and puzzles ---------------------------------------------------------------


def start_exercise(state: PageState, run: coach.LessonRun | coach.PuzzleRun | MistakesRun) -> None:
    """Put a lesson's or puzzle's exercise on the board (keeping the game to come back to)."""
    if state.exercise is None:
        state.left = state.session
    state.exercise = run
    begin(state, run.session)
    state.say("")


def leave_exercise(state: PageState) -> None:
    """Back to the game that was on the board (and its review, after learning from it)."""
    back, run = state.left, state.exercise
    state.exercise = state.left = None
    begin(state, back)
    if run.kind == "mistakes":
        state.analysis = run.analysis
    state.say("")


def learn_mistakes(state: PageState, side: str) -> None:
    """Learn from `side`'s marked moves in the review of the game on the board."""
    found = state.analysis
    if found is None or not found["marks"]:
        state.say(_("Review the game first: then learn from its marked moves."))
        return
    run = MistakesRun(state.session, found, side)
    if not run.count:
        state.say(_("White has no marked moves in this game.") if side == "w"
                  else _("Black has no marked moves in this game."))
        return
    start_exercise(state, run)


def play_beginner(state: PageState) -> None:
    """The lesson's end: a game against the Beginner (the learner plays White)."""
    game_id, options = state.session.game_id, state.session.options
    state.players, state.level = {"w": HUMAN, "b": COMPUTER}, 1
    state.exercise = state.left = None
    new_game(state, game_id, options=options)
    state.say(_("Your game against the Beginner: you play White."))


def exercise_step(state: PageState, step: int) -> None:
    """Another step or puzzle (`step` -1 or 1), or (0) this one again from its start."""
    run = state.exercise
    run.go_to(run.index + step)
    begin(state, run.session)


def show_me(state: PageState) -> None:
    state.exercise.show_me()


def play_reply(state: PageState, run, session: Session, ply: int) -> None:
    """A puzzle's reply, due after the learner's move at `ply` (if still due)."""
    if state.exercise is run and run.session is session and run.ply == ply and run.reply_due():
        run.play_reply()


# -- the activities, the menu and its windows ---------------------------------------------


def show_activity(state: PageState, name: str) -> None:
    """A tab (on a phone, the menu's item): that activity beside the board.  The position
    being set up, or an exercise (but for Learn's own), is left for it, as on leaving a page."""
    if name not in ACTIVITIES:
        raise ValueError(f"no activity {name!r}")
    state.menu = False
    if state.editor is not None:
        close_editor(state)
    if state.exercise is not None and name != "learn":
        leave_exercise(state)
    state.activity = name


def toggle_menu(state: PageState, shown: bool | None = None) -> None:
    """Open or close the menu (`shown`: as asked; None: the other way)."""
    state.menu = not state.menu if shown is None else shown


def open_sheet(state: PageState, name: str) -> None:
    """One of the menu's windows (Share, All games, Rules, Settings, the keys), over the page."""
    if name not in SHEETS:
        raise ValueError(f"no window {name!r}")
    state.menu = False
    state.sheet = name


def close_sheet(state: PageState) -> None:
    state.sheet = None


# -- the end of a game, the Settings, the embed viewer ---------------------------------


def close_card(state: PageState) -> None:
    state.card = False


def rematch(state: PageState) -> None:
    """The same game and options, colours swapped with the computer."""
    players = state.session.players
    state.players = {"w": players["b"], "b": players["w"]}
    new_game_again(state)


def review_from_start(state: PageState) -> None:
    """The card's Review: step through the game from its first move."""
    state.card = False
    state.activity = "review"
    review(state, 1 if len(state.session.moves) > 1 else None)


def set_setting(state: PageState, name: str, value) -> None:
    state.settings = {**state.settings, name: value}


def viewer_step(state: PageState, action: str) -> None:
    """The viewer's first, back, forward or last (autoplay stops)."""
    state.autoplay = False
    review(state, embed.step(state.view.reviewing, state.session.moves, action))


def toggle_autoplay(state: PageState) -> None:
    state.autoplay = not state.autoplay and bool(state.session.moves)
    if state.autoplay and state.view.reviewing is None:  # at the end: play the record from its start
        review(state, 0)


def autoplay_step(state: PageState) -> None:
    """The record played through: the next move, and the end stops it."""
    review(state, embed.step(state.view.reviewing, state.session.moves, "forward"))
    if state.view.reviewing is None:
        state.autoplay = False
