"""Review: the button that asks the computer to go over the game, and the panel that
shows what it finds as it comes (state/analysis.py): a progress bar with Stop, the
advantage graph (drawing/graph.py; a click or the arrow keys open a position), the shown
move's mark with the better move and its line, and per side the marks and an accuracy.
The marks also go in the move list (share_panel.py reads them from the state)."""

from pyscript import window

from webapp.dom import element
from webapp.drawing.graph import draw_graph, index_at
from webapp.state import analysis, commands


class AnalysisPanel:
    def __init__(self, app):
        self.app = app
        self.graph = element("analysis-graph")

    def install(self):
        app = self.app
        app.listen(element("analyse"), "click", lambda e: app.do(analysis.begin))
        app.listen(element("analysis-stop"), "click", lambda e: app.do(analysis.stop))
        app.listen(element("analysis-close"), "click", lambda e: app.do(analysis.close, focus="analyse"))
        app.listen(self.graph, "click", self.on_click)
        app.listen(element("analysis-keep"), "click", lambda e: app.do(analysis.keep_marks))
        app.listen(element("eval-toggle"), "change", lambda e: app.do(analysis.toggle_evaluation))
        app.listen(element("analysis-mistakes"), "click",
                   lambda e: app.do(commands.learn_mistakes, element("analysis-side").value, focus="coach-title"))
        app.listen(self.graph, "keydown", self.on_key)

    def open(self, index):
        self.app.do(commands.review, index if index < len(self.app.state.session.moves) else None)

    def on_click(self, event):
        found = self.app.state.analysis
        if found is not None:
            rect = self.graph.getBoundingClientRect()
            self.open(index_at(event.clientX - rect.left, len(found["moves"]) + 1, rect.width))

    def on_key(self, event):
        steps = {"ArrowLeft": -1, "ArrowRight": 1, "Home": -10_000, "End": 10_000}
        state = self.app.state
        if state.analysis is None or event.key not in steps:
            return
        event.preventDefault()
        self.open(max(0, min(len(state.session.moves), state.view.shown_index(state.session) + steps[event.key])))

    def render(self, state):
        element("eval-box").hidden = not state.embed["engine"]
        element("eval-toggle").checked = state.evaluating
        element("eval-line").textContent = analysis.evaluation_words(state.evaluation)
        found = state.analysis
        element("analysis").hidden = element("analysis-bar").hidden = found is None
        element("analyse").disabled = not state.session.moves
        element("analyse").hidden = not state.embed["engine"] or found is not None
        if found is None:
            return
        total = len(found["moves"]) + 1
        progress = element("analysis-progress")
        progress.max, progress.value = 1, found["progress"]
        element("analysis-stop").hidden = not found["running"]
        shown = state.view.shown_index(state.session)
        element("analysis-move").textContent = analysis.move_words(found, shown, state.session.moves) if shown else ""
        summary = analysis.summary(found) if found["counts"] else ""
        element("analysis-summary").textContent = summary
        element("analysis-summary").hidden = summary == state.message  # (the message line says it already)
        element("analysis-learn").hidden = not (found["done"] and found["marks"])
        width = self.graph.clientWidth or 300
        ratio = window.devicePixelRatio or 1
        self.graph.width, self.graph.height = int(width * ratio), int(80 * ratio)
        ctx = self.graph.getContext("2d")
        ctx.setTransform(ratio, 0, 0, ratio, 0, 0)
        draw_graph(ctx, width, 80, analysis.chances(state.session.game_id, found), found["marks"], total, shown,
                   state.view.theme)
