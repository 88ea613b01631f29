"""Learn and Puzzles: the Learn activity's choice of the game's lesson and puzzles, and
the panel beside the board while a lesson or a puzzle runs (what to do, what the last
move earned, Show me, Try again, Previous and Next, the puzzle list, the puzzle's link,
Leave).  The exercise itself is webapp/state/coach.py; the page state holds
the run, commands start, step and leave it, and effects.py keeps the puzzles solved and
asks for a puzzle's replies.  The game that was on the board before comes back on Leave."""

from pyscript import document

from boardgames.texts import _
from webapp.state import coach, commands
from webapp.dom import add_text, copy_box, element, page_address, stored_text


class CoachPanel:
    def __init__(self, app):
        self.app = app
        self.shown = None  # (run, index, solved) the puzzle list and link were made for

    def install(self):
        app = self.app
        app.listen(element("learn"), "click", lambda e: self.open_lesson())
        app.listen(element("puzzles"), "click", lambda e: self.open_puzzles())
        app.listen(element("coach-show"), "click", lambda e: app.do(commands.show_me))
        for button, step in (("coach-retry", 0), ("coach-back", -1), ("coach-next", 1)):
            app.listen(element(button), "click", lambda e, step=step: app.do(commands.exercise_step, step,
                                                                             focus="coach-title"))
        app.listen(element("coach-play"), "click", lambda e: app.do(commands.play_beginner, focus="board"))
        app.listen(element("coach-leave"), "click", lambda e: app.do(commands.leave_exercise, focus="board"))
        app.listen(element("coach-pick"), "change", lambda e: self.pick())
        app.listen(element("coach-copy"), "click", lambda e: app.launch(
            copy_box("coach-link", "link", _("Link copied: it opens this puzzle."), app.say)))

    # -- starting ------------------------------------------------------------------
    @staticmethod
    def solved():
        """The keys of the puzzles solved in this browser (none where storage is refused)."""
        return coach.read_solved(stored_text(coach.SOLVED_KEY))

    def open_lesson(self):
        lesson = coach.lesson_of(self.app.state.session.game_id)
        if lesson is not None:
            self.app.do(commands.start_exercise, coach.LessonRun(lesson), focus="coach-title")

    def open_puzzles(self):
        """The current game's puzzles, at the first one not solved yet."""
        puzzles = coach.table_puzzles(self.app.state.session.game_id)
        if puzzles:
            run = coach.PuzzleRun(puzzles, solved=self.solved())
            fresh = [i for i, (label, solved) in enumerate(run.choices()) if not solved]
            run.go_to(fresh[0] if fresh else 0)
            self.app.do(commands.start_exercise, run, focus="coach-title")

    def pick(self):
        run = self.app.state.exercise
        self.app.do(commands.exercise_step, int(element("coach-pick").value) - 1 - run.index, focus="coach-title")

    # -- showing -------------------------------------------------------------------
    def render(self, state):
        run = state.exercise
        coaching = run is not None
        element("coach").hidden = not coaching
        document.body.classList.toggle("coaching", coaching)
        game_id = state.session.game_id
        lesson, puzzles = coach.lesson_of(game_id) is not None, bool(coach.table_puzzles(game_id))
        element("learn-choose").hidden = coaching
        element("learn-lesson").hidden = not lesson
        element("learn-puzzles").hidden = not puzzles
        element("learn-none").hidden = lesson or puzzles
        if not coaching:
            self.shown = None
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

    @staticmethod
    def show_buttons(run):
        lesson = run.kind != "puzzle"  # (a lesson, or learning from one's mistakes)
        done = run.passed()
        waiting = not lesson and run.reply_due() is not None
        element("coach-show").hidden = done or (lesson and run.finished)
        element("coach-show").disabled = waiting
        element("coach-retry").hidden = lesson and run.finished
        element("coach-back").hidden = (not lesson and run.custom) or run.index == 0
        element("coach-next").hidden = (not lesson and run.custom) or run.index >= run.count - (0 if lesson else 1)
        # TRANSLATORS: "Finish" ends a lesson (its last step); "Next" goes to the next step or puzzle
        element("coach-next").textContent = _("Finish") if lesson and run.index == run.count - 1 else _("Next")
        element("coach-play").hidden = not (run.kind == "lesson" and run.finished)
        element("coach-pick").hidden = lesson or run.custom
        element("coach-share").hidden = lesson

    def show_puzzle(self, run):
        """The list to pick from and the link."""
        if self.shown != (run, run.index, len(run.solved)):
            self.shown = (run, run.index, len(run.solved))
            pick = element("coach-pick")
            pick.innerHTML = ""
            for number, (label, _solved) in enumerate(run.choices(), start=1):
                add_text(pick, "option", label).value = str(number)
            pick.value = str(run.index + 1)
            element("coach-link").value = f"{page_address()}?{coach.puzzle_query(run)}"
