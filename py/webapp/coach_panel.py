"""Learn and Puzzles: the panel over the board while a lesson or a puzzle runs (what to
do, what the last move earned, Show me, Try again, Previous and Next, the puzzle list,
the puzzle's link, Leave).  The exercise itself is webapp/coach.py; this panel puts its
session on the board, shows what the run says, plays a puzzle's replies after a short
pause, and keeps the puzzles solved where the browser allows.  The game that was on the
board before comes back on Leave."""

import asyncio

from pyscript import document, window

from webapp import coach
from webapp.dom import add_text, element, keep_text, stored_text
from webapp.session import COMPUTER, HUMAN

REPLY_PAUSE = 0.6  # seconds before the page plays a puzzle's reply


class CoachPanel:
    def __init__(self, app):
        self.app = app
        self.run = None  # the LessonRun or PuzzleRun shown, None when none is
        self.left = None  # the session on the board before, brought back by Leave
        self.stored = None  # the solved puzzles as last written to storage
        self.shown = None  # (run, index, solved) the puzzle list and link were made for
        self.pending = None  # (run, ply) of the reply waiting to be played
        self.height = 0  # the panel's height when the board was last fitted below it

    def install(self):
        app = self.app
        app.listen(element("learn"), "click", lambda e: self.open_lesson())
        app.listen(element("puzzles"), "click", lambda e: self.open_puzzles())
        app.listen(element("coach-show"), "click", lambda e: self.show_me())
        app.listen(element("coach-retry"), "click", lambda e: self.go(0))
        app.listen(element("coach-back"), "click", lambda e: self.go(-1))
        app.listen(element("coach-next"), "click", lambda e: self.go(1))
        app.listen(element("coach-play"), "click", lambda e: self.play_beginner())
        app.listen(element("coach-leave"), "click", lambda e: self.leave())
        app.listen(element("coach-pick"), "change", lambda e: self.pick())
        app.listen(element("coach-copy"), "click",
                   lambda e: app.launch(app.share.copy("coach-link", "link", "Link copied: it opens this puzzle.")))

    # -- starting and leaving ------------------------------------------------------
    def solved(self):
        """The keys of the puzzles solved in this browser (none where storage is refused)."""
        return coach.read_solved(stored_text(coach.SOLVED_KEY))

    def start(self, run, focus=True):
        """Put a run's exercise on the board (keeping the game to come back to)."""
        app = self.app
        if self.run is None:
            self.left = app.session
        self.run = run
        self.stored = coach.solved_text(run.solved) if run.kind == "puzzle" else None
        app.begin(run.session)
        app.say("")
        app.update()
        if focus:
            element("coach-title").focus()

    def open_lesson(self):
        lesson = coach.lesson_of(self.app.session.game_id)
        if lesson is not None:
            self.start(coach.LessonRun(lesson))

    def open_puzzles(self):
        """The current game's puzzles, at the first one not solved yet."""
        puzzles = coach.table_puzzles(self.app.session.game_id)
        if puzzles:
            run = coach.PuzzleRun(puzzles, solved=self.solved())
            fresh = [i for i, (_, solved) in enumerate(run.choices()) if not solved]
            run.go_to(fresh[0] if fresh else 0)
            self.start(run)

    def open_link(self, params):
        """A link's lesson or puzzle, if it names one; returns what to say about it."""
        run, problems = coach.linked_run(params, self.solved())
        if run is not None:
            self.start(run, focus=False)
        return problems

    def leave(self):
        """Back to the game that was on the board."""
        app = self.app
        back = self.left
        self.run = self.left = None
        app.begin(back)
        app.say("")
        app.update()
        app.canvas.focus()

    def play_beginner(self):
        """The lesson's end: a game against the Beginner (the learner plays White)."""
        app = self.app
        game_id, options = app.session.game_id, app.session.options
        element("player-w").value, element("player-b").value = HUMAN, COMPUTER
        element("level").value = "1"
        self.run = self.left = None
        app.new_game(game_id, options=options)
        app.say("Your game against the Beginner: you play White.")
        app.canvas.focus()

    # -- buttons -------------------------------------------------------------------
    def go(self, step):
        """Another step or puzzle (`step` -1 or 1), or (0) this one again from its start."""
        run = self.run
        run.go_to(run.index + step)
        self.app.begin(run.session)
        self.app.update()
        element("coach-title").focus()

    def pick(self):
        self.go(int(element("coach-pick").value) - 1 - self.run.index)

    def show_me(self):
        self.run.show_me()
        self.app.update()

    # -- showing -------------------------------------------------------------------
    def show(self):
        app, run = self.app, self.run
        if run is not None and app.session is not run.session:
            self.run = self.left = None  # another game was begun: the exercise is over
            run = None
        coaching = run is not None
        element("coach").hidden = not coaching
        document.body.classList.toggle("coaching", coaching)
        game_id = app.session.game_id
        element("learn").hidden = coaching or coach.lesson_of(game_id) is None
        element("puzzles").hidden = coaching or not coach.table_puzzles(game_id)
        if not coaching:
            self.shown = None
            self.fit_board()
            return
        words = run.words()
        element("coach-title").textContent = words["title"]
        element("coach-progress").textContent = words["progress"]
        element("coach-ask").textContent = words["ask"]
        feedback = element("coach-feedback")
        if feedback.textContent != run.feedback:
            feedback.textContent = run.feedback
        self.show_buttons(run)
        if run.kind == "puzzle":
            self.show_puzzle(run)
        self.fit_board()

    def fit_board(self):
        """The panel sits over the board: when its height changes, the board is fitted
        to the room left below it (no part of it pushed out of the window)."""
        height = element("coach").offsetHeight
        if height != self.height:
            self.height = height
            self.app.resize()

    def show_buttons(self, run):
        lesson = run.kind == "lesson"
        done = run.passed()
        waiting = not lesson and run.reply_due() is not None
        element("coach-show").hidden = done or (lesson and run.finished)
        element("coach-show").disabled = waiting
        element("coach-retry").hidden = lesson and run.finished
        element("coach-back").hidden = (not lesson and run.custom) or run.index == 0
        element("coach-next").hidden = (not lesson and run.custom) or run.index >= run.count - (0 if lesson else 1)
        element("coach-next").textContent = "Finish" if lesson and run.index == run.count - 1 else "Next"
        element("coach-play").hidden = not (lesson and run.finished)
        element("coach-pick").hidden = lesson or run.custom
        element("coach-share").hidden = lesson

    def show_puzzle(self, run):
        """The list to pick from, the link, storing a solve, and the page's reply."""
        if self.shown != (run, run.index, len(run.solved)):
            self.shown = (run, run.index, len(run.solved))
            pick = element("coach-pick")
            pick.innerHTML = ""
            for number, (label, _) in enumerate(run.choices(), start=1):
                add_text(pick, "option", label).value = str(number)
            pick.value = str(run.index + 1)
            base = window.location.origin + window.location.pathname
            element("coach-link").value = f"{base}?{coach.puzzle_query(run)}"
        text = coach.solved_text(run.solved)
        if text != self.stored:
            self.stored = text
            keep_text(coach.SOLVED_KEY, text)  # (where refused: solved for this visit only)
        if run.reply_due() is not None and self.pending != (run, run.ply):
            self.pending = (run, run.ply)
            self.app.launch(self.reply_later(run, run.session, run.ply))

    async def reply_later(self, run, session, ply):
        """The page's reply, after a pause to see the learner's move (once per ply)."""
        await asyncio.sleep(REPLY_PAUSE)
        if self.run is run and run.session is session and run.ply == ply and run.reply_due():
            run.play_reply()
            self.app.update()

    def hook_state(self):
        """What window.boardgames.state() tells of the exercise (None when none runs)."""
        run = self.run
        if run is None:
            return None
        return {"kind": run.kind, "index": run.index, "count": run.count,
                "feedback": run.feedback, "finished": run.finished,
                "passed": run.passed(),
                "solved": sorted(run.solved) if run.kind == "puzzle" else []}
