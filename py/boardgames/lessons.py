"""Lessons: a guided lesson per game, read from `lessons.txt` beside this module.

A lesson is a few steps; each step is a position where the learner makes the move
asked.  The step lists the accepted moves and says, in a small checkable language
(`shows`), what the move demonstrates; the tests check every accepted move does it,
that no other legal move does (so the accepted list is complete), and that each
typical wrong move listed does not.  The file format is described at its top.

    from boardgames.lessons import lesson_for, read_lessons
    lesson = lesson_for("tablut")          # or read_lessons()[spec]
    step = lesson.steps[0]
    game, state = lesson.game(), step.start(lesson.game())
    step.accepts(move)                      # True for the accepted moves
    step.feedback(move)                     # what to say: `right`, or why not
    failed_claims(game, state, move, step.shows)   # [] when the move does it all

Claims (`shows`, separated by ';'), all about the position after the move:
    captures e5 d4 | captures none    exactly these cells' men were taken
    men e5=P e2=.                     these cells hold these men ('.' empty)
    wins white | wins black           the game is over and names that winner
    wins white after any reply        every reply ends it with that winner (Vault)
    reason escaped                    the result's reason contains this text
    game goes on                      no result
    check                             the side now to move is in check (UOS)
    range black 3 | range black unlimited   that king's range (UOS)
    mp c4 5                           the move potential of the piece on c4 (Pux)
"""

import os

from .puzzles import HERE, game_from_spec, spec_options, table_rows

LESSON_FILE = os.path.join(HERE, "lessons.txt")
SIDES = {"white": "w", "black": "b"}
STEP_FIELDS = ("position", "ask", "accept", "shows", "right", "wrong")


class Step:
    """One exercise: `title`, `position` (text), `ask`, `accept` (moves), `shows`
    (claims), `right` (said on success), `wrong` (said for any other move) and
    `wrong_moves` ({move: what to say for that typical mistake})."""

    __slots__ = ("title", "position", "ask", "accept", "shows", "right", "wrong", "wrong_moves")

    def __init__(self, title):
        self.title = title
        self.position = self.ask = self.right = self.wrong = ""
        self.accept, self.shows = (), ()
        self.wrong_moves = {}

    def start(self, game):
        """The step's position as a fresh state."""
        return game.new(fen=self.position)

    def accepts(self, move):
        return move in self.accept

    def feedback(self, move):
        """What to tell the learner after `move`: the success text, or the explanation."""
        if self.accepts(move):
            return self.right
        return self.wrong_moves.get(move, self.wrong)


class Lesson:
    """A game's lesson: `spec` (the game, e.g. `tablut` or `vault:10`), `title`,
    `intro`, `steps` and `finish` (the last words, before a game against the Beginner)."""

    __slots__ = ("spec", "title", "intro", "steps", "finish")

    def __init__(self, spec, title):
        self.spec, self.title = spec, title
        self.intro = self.finish = ""
        self.steps = []

    @property
    def game_id(self):
        return self.spec.partition(":")[0]

    def game(self):
        return game_from_spec(self.spec)


def read_lessons(path=LESSON_FILE):
    """{spec: Lesson} in file order; ValueError naming the line of anything malformed."""
    lessons = {}
    lesson = step = None
    for number, fields in table_rows(path):
        try:
            key, values = fields[0], fields[1:]
            if key == "lesson":
                if len(values) != 2:
                    raise ValueError("write 'lesson | game | title'")
                spec_options(values[0])
                lesson = lessons[values[0]] = Lesson(*values)
                step = None
                continue
            if lesson is None:
                raise ValueError("a lesson starts with 'lesson | game | title'")
            if len(values) != 1:
                raise ValueError(f"write '{key} | text' (no '|' inside the text)")
            _set_field(lesson, step, key, values[0])
            if key == "step":
                step = lesson.steps[-1]
        except ValueError as error:
            raise ValueError(f"{path}:{number}: {error}") from None
    for lesson in lessons.values():
        for step in lesson.steps:
            missing = [name for name in STEP_FIELDS if not getattr(step, name)]
            if missing:
                raise ValueError(f"{path}: {lesson.spec}, step '{step.title}' has no {', '.join(missing)}")
    return lessons


def _set_field(lesson, step, key, text):
    if key == "step":
        lesson.steps.append(Step(text))
    elif key == "finish":
        lesson.finish = text
    elif key == "intro":
        if step is not None:
            raise ValueError("'intro' comes before the first step")
        lesson.intro = text
    elif step is None:
        raise ValueError(f"'{key}' belongs to a step: start one with 'step | title'")
    elif key == "accept":
        step.accept = tuple(text.split())
    elif key == "shows":
        step.shows = tuple(claim.strip() for claim in text.split(";") if claim.strip())
    elif key.startswith("wrong "):
        step.wrong_moves[key[len("wrong "):].strip()] = text
    elif key in STEP_FIELDS:
        setattr(step, key, text)
    else:
        raise ValueError(f"unknown key '{key}'")


def lesson_for(game_id, lessons=None):
    """The lesson of a game id (whatever option its spec names); KeyError if none."""
    for lesson in (read_lessons() if lessons is None else lessons).values():
        if lesson.game_id == game_id:
            return lesson
    raise KeyError(f"no lesson for '{game_id}'")


# -- claims --------------------------------------------------------------------------

def failed_claims(game, state, move, claims):
    """The claims that `move` (legal in `state`) does not make true; [] when all hold.
    ValueError for a claim this module cannot read or the game cannot answer."""
    after = game.play(state, move)
    return [claim for claim in claims if not holds(game, after, claim)]


def holds(game, after, claim):
    """Whether one claim is true of the position `after` the move."""
    words = claim.split()
    head, rest = words[0], words[1:]
    outcome = game.result(after)
    if head == "captures":
        taken = sorted(after.last[1]) if after.last else []
        return taken == ([] if rest == ["none"] else sorted(rest))
    if head == "men":
        men = game.men(after)
        pairs = [word.partition("=") for word in rest]
        if not pairs or any(not sep or len(man) != 1 for _, sep, man in pairs):
            raise ValueError(f"'{claim}': write men as cell=letter, '.' for empty")
        return all(men.get(cell, ".") == man for cell, _, man in pairs)
    if head == "wins":
        side = _side(claim, rest[:1])
        if rest[1:] == ["after", "any", "reply"]:
            return outcome is None and all(
                (game.result(game.apply(after, reply)) or {}).get("winner") == side
                for reply in game.legal(after))
        if rest[1:]:
            raise ValueError(f"'{claim}': write 'wins white' or 'wins white after any reply'")
        return outcome is not None and outcome["winner"] == side
    if head == "reason":
        return outcome is not None and " ".join(rest) in outcome["reason"]
    if words == ["game", "goes", "on"]:
        return outcome is None
    if words == ["check"]:
        return _ask(game, "in_check", claim)(after)
    if head == "range" and len(rest) == 2:
        reach = _ask(game, "king_range", claim)(after, SIDES[_side(claim, rest[:1])])
        return str(reach) == rest[1] if reach is not None else rest[1] == "unlimited"
    if head == "mp" and len(rest) == 2:
        return str(_ask(game, "move_potential", claim)(after, rest[0])) == rest[1]
    raise ValueError(f"unknown claim '{claim}'")


def _side(claim, words):
    if words and words[0] in SIDES:
        return words[0]
    raise ValueError(f"'{claim}': name the side, white or black")


def _ask(game, method, claim):
    """The game's own method behind a claim (a game without it cannot be asked)."""
    found = getattr(game, method, None)
    if found is None:
        raise ValueError(f"'{claim}': {game.name} has no {method.replace('_', ' ')}")
    return found
