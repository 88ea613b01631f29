"""The computer opponent: one alpha-beta search for every game.

The search knows a game only through the engine contract (`moves`, `apply`, `result`)
and the AI hooks (`evaluate`, `is_noisy`, `noisy_moves`; for the Expert also
`is_threat`, `threat_moves`, `threatened`).  It is a negamax alpha-beta with iterative
deepening, a transposition table keyed by `state.key`, move ordering (table move,
noisy moves, killers, history), late-move reductions and a bounded quiescence search
over noisy moves.  A position's static score and noisy moves are asked of the game
once per search (`evaluations`, `noisy`, by `state.key`).

The page's worker cannot be interrupted while Python runs, so the search is a
`Searcher` that thinks in slices: `think(0.1)` deepens for at most 0.1 s and keeps its
table and best move, so "Move now" can take `best_move` between slices.  An
interrupted iteration is redone by the next slice, quickly, from the table.

    from boardgames.ai import choose_move
    move = choose_move(game, state, level=2)             # about 0.4 s
    move = choose_move(game, state, nodes=5000, seed=1)  # reproducible
"""

import random
import time

from .core import SIDE_NAMES, UNKNOWN, WHITE, men_lead, men_on
from .texts import N_

WIN = 1_000_000
WIN_BOUND = WIN - 10_000  # scores beyond this are forced wins/losses (WIN - plies)
INFINITY = 2 * WIN
EXACT, LOWER, UPPER = 0, 1, 2
MAX_DEPTH = 64
QUIESCENCE_PLIES = 6  # noisy moves followed beyond the horizon
LATE_MOVE = 4  # quiet moves after this many are searched one ply shallower first
CHECK_EVERY = 128  # nodes between looks at the clock and the node budget
TABLE_LIMIT = 400_000  # entries; the table is emptied between iterations beyond this
# A shuffle (a move that puts the mover's men back where they stood within the last
# SHUFFLE_PLIES plies: `_shuffles`) scores SHUFFLE less when the computer plays (not when it
# scores moves for a review)
SHUFFLE, SHUFFLE_PLIES = 30, 12
# A dead level position (DEAD_PLIES plies or more since the last capture or other
# irreversible move, its static score within DRAWISH of even) is one the computer is glad
# to draw: a draw scores DRAWISH for the searching side, and a move back scores SHUFFLE
# more rather than less (`_contempt`).  A stale position (STALE_PLIES plies since the last
# capture, neither side STALE_LEAD men up) is one both sides are glad to draw: there a draw
# scores DRAWISH more than the searching side's static score, or than even if it is behind
DEAD_PLIES, DRAWISH = 100, 50
STALE_PLIES, STALE_LEAD = 200, 3
# In a game with a taste for trades (Game.trade_taste) both waits shorten as the board
# empties, in proportion to the share of the setup's men still on it, down to FEWEST_SHARE
FEWEST_SHARE = 0.3
# A side facing a threat with no win at once (Game.threatened) scores its evaluation less
# THREATENED in the Expert's search (`_answer_threat`)
THREATENED = 3000

# TRANSLATORS: the computer's levels of play
LEVEL_NAMES = {1: N_("Beginner"), 2: N_("Casual"), 3: N_("Strong"), 4: N_("Expert")}


class Level:
    """How a level plays: depth cap, thinking time, its deliberate error margin, and
    whether it sees threats coming.

    `margin`: the move is drawn at random among the root moves scoring within
    `margin` of the best (100 = one man), so a weak level errs plausibly but never
    gives up a win or a man it can see.  `foresight`: the level treats the game's
    threats (`Game.is_threat`: a king stepping beside the centre he alone may enter)
    as noisy moves, followed beyond the horizon, and a threatened side as all but lost
    unless it wins at once.  Only the Expert has it: more time alone bought the Expert
    little over the Strong where such races decide (docs/log/computer.md).
    """

    __slots__ = ("depth", "seconds", "margin", "foresight")

    def __init__(self, depth, seconds, margin, foresight=False):
        self.depth, self.seconds, self.margin, self.foresight = depth, seconds, margin, foresight


LEVELS = {
    1: Level(depth=2, seconds=0.25, margin=90),
    2: Level(depth=6, seconds=0.4, margin=10),
    3: Level(depth=16, seconds=1.5, margin=0),
    4: Level(depth=MAX_DEPTH, seconds=12.0, margin=0, foresight=True),
}


class _OutOfBudget(Exception):
    """Raised inside the search when the slice's time or the node budget is spent."""


def _to_table(score, ply):
    """Forced-result scores are stored relative to the node, not the root."""
    if score >= WIN_BOUND:
        return score + ply
    if score <= -WIN_BOUND:
        return score - ply
    return score


def _from_table(score, ply):
    if score >= WIN_BOUND:
        return score - ply
    if score <= -WIN_BOUND:
        return score + ply
    return score


class Searcher:
    """A resumable search for the move to play in `state` at `level`.

    `think(seconds)` deepens for at most `seconds` (None: until the level's budget is
    spent) and returns True once the search is finished: the level's time or depth,
    the node budget, or a forced result.  `best_move` is a legal move from the start;
    `depth` is the last completed depth, `score` its value for the side to move,
    `nodes` the nodes searched so far.  With `nodes` the budget is that many nodes and
    no clock, so the same seed gives the same move.
    """

    def __init__(self, game, state, level=2, seed=None, nodes=None, seconds=None, scored=False, margin=None):
        if level not in LEVELS:
            raise ValueError(f"level must be one of {', '.join(map(str, LEVELS))}, not {level!r}")
        if nodes is not None and (not isinstance(nodes, int) or nodes < 1):
            raise ValueError(f"nodes must be a positive whole number, not {nodes!r}")
        if seconds is not None and not seconds > 0:
            raise ValueError(f"seconds must be positive, not {seconds!r}")
        if game.result(state) is not None:
            raise ValueError("the game is over: there is no move to choose")
        self.game, self.state, self.level = game, state, LEVELS[level]
        self.foresight = self.level.foresight and game.has_threats
        self.scored = scored  # search even a forced move, for its score (a review's)
        # root moves scoring within `margin` of the best get exact scores (`scores`); the
        # level's own margin by default, whose random pick among them stays the level's
        self.margin = self.level.margin if margin is None else margin
        self.scores = {}  # root move -> score, of the last complete iteration
        self.rng = random.Random(seed)
        self.node_limit = nodes
        if seconds is None and nodes is None:
            seconds = self.level.seconds
        self.budget = seconds  # total thinking time; None: only nodes limit the search
        self.elapsed = 0.0
        self.nodes = 0
        self.depth = 0
        self.score = 0
        self.done = False
        self.table = {}
        # state.key -> static score, and -> noisy moves: a position recurs across the
        # iterations and move orders, and both depend on the position only
        self.evaluations = {}
        self.noisy = {}
        self.history = {}
        self.killers = [[None, None] for _ in range(MAX_DEPTH + 1)]
        self.deadline = None
        self.check_at = 0
        # a taste for trades (Game.trade_taste): each man off the board since the root
        # counts for the root's side, as a contempt does; not in a review's scores
        self.trade_taste = 0 if scored else game.trade_taste
        self.root_men = men_on(state)
        self.root = self._root_children()
        self.unchecked = self.root[::-1]  # root moves not yet looked at for a win in one
        self.best_move = self.root[0][0]
        self.shuffles = {} if scored else self._shuffles()
        self.contempt = 0 if scored else self._contempt()  # a draw's score for the root's side
        if self.contempt:
            self.shuffles = {move: -shuffle for move, shuffle in self.shuffles.items()}

    def _root_children(self):
        """(move, state after it) for every root move: shuffled by the seed, then
        noisy moves first and the rest by the opponent's static score."""
        game, state = self.game, self.state
        moves = list(game.moves(state))
        self.rng.shuffle(moves)
        children = [(m, game.apply(state, m)) for m in moves]
        children.sort(key=lambda mc: (not self._is_noisy(state, mc[0]), self._evaluate(mc[1])))
        return children

    # -- the public side -----------------------------------------------------------
    def think(self, seconds=None):
        """Search on for at most `seconds` (None: the rest of the budget); True when done."""
        if self.done:
            return True
        start = time.perf_counter()
        limit = None
        if self.budget is not None:
            limit = self.budget - self.elapsed
        if seconds is not None:
            limit = seconds if limit is None else min(limit, seconds)
        self.deadline = None if limit is None else start + limit
        try:
            if self.unchecked:
                self._take_win_in_one()
            while not self.done:
                self._iterate(self.depth + 1)
        except _OutOfBudget:
            pass
        self.elapsed += time.perf_counter() - start
        if self.budget is not None and self.elapsed >= self.budget:
            self.done = True
        if self.node_limit is not None and self.nodes >= self.node_limit:
            self.done = True
        return self.done

    def line(self, plies):
        """The best line found, up to `plies` moves: the best move, then the table's."""
        game, state, line, seen = self.game, self.state, [], set()
        move = self.best_move
        while move is not None and len(line) < plies and move in game.moves(state):
            line.append(move)
            state = game.apply(state, move)
            if state.key in seen or game.result(state) is not None:
                break
            seen.add(state.key)
            entry = self.table.get(state.key)
            move = entry[3] if entry is not None else None
        return line

    # -- the root ------------------------------------------------------------------
    def _shuffles(self):
        """{root move: SHUFFLE} for the moves that put the mover's men back on the cells
        they all held within the last SHUFFLE_PLIES plies, or, in a game of `new_ground`,
        that move a man onto any cell the mover's men left in those plies.  Between moves
        worth about the same, the one that changes the position is played: a side far
        ahead closes in rather than toggling a man to and fro, the side behind opens a
        block it toggles a man in, and a locked middle game moves on (extinction: games
        still going at ply 400, 3 of 80 against 24; with the first rule alone, 11).  A
        board is its cells' letters, White's men uppercase (as `Game.men` reads it)."""
        state = self.state
        recent = state.history[-SHUFFLE_PLIES:]
        if len(recent) < 3:  # (a man back where it stood takes two moves of the mover's)
            return {}
        mine = str.isupper if state.turn == WHITE else str.islower

        def own_men(board):
            return "".join(man if mine(man) else "." for man in board)

        held = {own_men(key[0]) for key in recent}
        if not self.game.new_ground:
            return {move: SHUFFLE for move, child in self.root if own_men(child.board) in held}
        now = own_men(state.board)
        shuffles = {}
        for move, child in self.root:
            entered = [cell for cell, (before, after) in enumerate(zip(now, own_men(child.board)))
                       if after != "." and before == "."]
            if any(board[cell] != "." for board in held for cell in entered):
                shuffles[move] = SHUFFLE
        return shuffles

    def _contempt(self):
        """What a draw is worth to the side to move: 0, or more in a dead position.

        A dead level position (nothing irreversible for DEAD_PLIES plies, the static score
        within DRAWISH of even): two computers in a locked wall, neither able to break it,
        then end the game by repetition rather than shuffle behind it until the arena's
        cap (VUT: 18 men against 18 from ply 40 to ply 400, the Expert 0.2-0.3 of a man
        ahead by its score).  A side that sees itself further ahead plays on for
        STALE_PLIES: where it did (VUT 7x7, a man ahead by its score), drawing at 100 cost
        the Expert wins it made after 250-390 plies (docs/log/computer.md).  After that a side
        that has not got STALE_LEAD men up takes the repetition too (VUT 7x7: 14 men
        against 14 for 404 plies, the Expert 0.6-1.7 of a man ahead by its score); a side
        3 men up plays on to convert.  In a game of `quiet_progress` only the stale rule
        applies: connection's chains are built behind such walls, with no capture (Expert
        against Strong, 20 games: 60% with the dead level rule, its draws mostly taken
        soon after ply 100; 67.5% without it, 1 adjudicated; docs/log/computer.md).  Both
        waits shorten as trades thin the board (`_share_on_board`).
        """
        game, state = self.game, self.state
        plies = len(state.history)
        if plies <= DEAD_PLIES * FEWEST_SHARE:
            return 0
        share = self._share_on_board()
        if plies > STALE_PLIES * share and abs(men_lead(game, state)) < STALE_LEAD:
            return max(0, round(self._evaluate(state))) + DRAWISH
        if plies > DEAD_PLIES * share and not game.quiet_progress and abs(self._evaluate(state)) < DRAWISH:
            return DRAWISH
        return 0

    def _share_on_board(self):
        """How much of the waits of `_contempt` is left: 1, and in a game with a taste for
        trades the share of the setup's men still on the board, at least FEWEST_SHARE.

        The taste trades such games down to a few men each, endings no side can force: 2
        men against 2 from ply 323 to the arena's cap at 400 (extermination), 4 against 3
        from ply 131 to 254 and 3 against 2 from there to the cap (extinction), so there
        a level ending is dead after 30 plies and a man or two up stale after 60.
        """
        if not self.game.trade_taste:
            return 1
        return max(FEWEST_SHARE, men_on(self.state) / men_on(self.game.new()))

    def _take_win_in_one(self):
        """A move that wins at once is played at every level, without searching.

        Judging every root move can take long in a game with slow rules, so the
        clock is looked at between moves and the next slice goes on from there.
        """
        mover = SIDE_NAMES[self.state.turn]
        while self.unchecked:
            if self.deadline is not None and time.perf_counter() >= self.deadline:
                raise _OutOfBudget
            move, child = self.unchecked.pop()
            if self._won_by(child, mover):
                self.best_move, self.score, self.depth, self.done = move, WIN - 1, 1, True
                return
        if len(self.root) == 1 and not self.scored:
            self.done = True

    def _iterate(self, depth):
        """One root search to `depth`; keeps the root moves ordered best first.

        Moves scoring within the level's margin of the best get exact scores, so the
        level's random pick among them is fair.
        """
        for table in (self.table, self.evaluations, self.noisy):
            if len(table) > TABLE_LIMIT:
                table.clear()
        margin = self.margin
        scores = {}
        best_score = -INFINITY
        for index, (move, child) in enumerate(self.root):
            shuffle = self.shuffles.get(move, 0)
            if index == 0:
                score = -self._search(child, depth - 1, -INFINITY, INFINITY, 1)
            else:
                floor = best_score - margin - 1 + shuffle  # scores above it are wanted exactly
                score = -self._search(child, depth - 1, -floor - 1, -floor, 1)
                if score > floor:
                    score = -self._search(child, depth - 1, -INFINITY, -floor, 1)
            if abs(score) < WIN_BOUND:
                score -= shuffle
            scores[move] = score
            if score > best_score:
                best_score = score
                if index and not margin:  # a better move found mid-iteration counts at once
                    self.best_move = move
        self.root.sort(key=lambda mc: -scores[mc[0]])
        self.depth, self.score, self.scores = depth, best_score, scores
        self.best_move = self._pick(scores, best_score)
        if depth >= self.level.depth or abs(best_score) >= WIN_BOUND:
            self.done = True

    def _pick(self, scores, best_score):
        """The best move, or at a level with a margin a random one within it."""
        best = self.root[0][0]
        if not self.level.margin or abs(best_score) >= WIN_BOUND:
            return best
        near = [m for m, _ in self.root if scores[m] >= best_score - self.level.margin]
        return self.rng.choice(near)

    # -- the tree ------------------------------------------------------------------
    def _budget_check(self):
        if self.node_limit is not None and self.nodes >= self.node_limit:
            raise _OutOfBudget
        if self.deadline is not None and time.perf_counter() >= self.deadline:
            raise _OutOfBudget
        self.check_at = self.nodes + CHECK_EVERY
        if self.node_limit is not None:
            self.check_at = min(self.check_at, self.node_limit)

    def _visit(self, state, ply):
        """Count a node; the score of a finished position (or a repetition inside the
        search), else None."""
        self.nodes += 1
        if self.nodes >= self.check_at:
            self._budget_check()
        outcome = state.outcome  # (Game.result, without its call)
        if outcome is UNKNOWN:
            outcome = state.outcome = self.game.judge(state)
        if outcome is not None:
            if outcome["winner"] is None:
                return self._draw(state)
            won = outcome["winner"] == SIDE_NAMES[state.turn]
            return WIN - ply if won else ply - WIN
        if state.history.count(state.key) >= 2:
            return self._draw(state)  # repeating is at best a draw: the side could have done so anyway
        return None

    def _draw(self, state):
        """A draw's score for the side to move in `state`: the searching side's
        `contempt` (0 but in a dead position), negative for its opponent."""
        return self.contempt if state.turn == self.state.turn else -self.contempt

    def _search(self, state, depth, alpha, beta, ply):
        if depth <= 0:
            return self._quiesce(state, alpha, beta, ply, QUIESCENCE_PLIES)
        settled = self._visit(state, ply)
        if settled is not None:
            return settled
        if self.foresight and self.game.threatened(state):
            return self._answer_threat(state, ply)
        game = self.game
        key = state.key
        entry = self.table.get(key)
        table_move = None
        if entry is not None:
            stored_depth, stored, flag, table_move = entry
            if stored_depth >= depth:
                stored = _from_table(stored, ply)
                if (flag == EXACT or (flag == LOWER and stored >= beta)
                        or (flag == UPPER and stored <= alpha)):
                    return stored
        original_alpha = alpha
        best_score, best_move = -INFINITY, None
        index = 0
        for move, quiet in self._ordered(state, table_move, ply):
            child = game.apply(state, move)
            if index == 0:
                score = -self._search(child, depth - 1, -beta, -alpha, ply + 1)
            else:
                reduction = 1 if quiet and depth >= 3 and index >= LATE_MOVE else 0
                score = -self._search(child, depth - 1 - reduction, -alpha - 1, -alpha, ply + 1)
                if score > alpha and (reduction or score < beta):
                    score = -self._search(child, depth - 1, -beta, -alpha, ply + 1)
            index += 1
            if score > best_score:
                best_score, best_move = score, move
                if score > alpha:
                    alpha = score
                    if alpha >= beta:
                        if quiet:
                            self._remember_cutoff(move, depth, ply)
                        break
        if best_score <= original_alpha:
            flag = UPPER
        elif best_score >= beta:
            flag = LOWER
        else:
            flag = EXACT
        self.table[key] = (depth, _to_table(best_score, ply), flag, best_move)
        return best_score

    def _ordered(self, state, table_move, ply):
        """Yield (move, is quiet): the table move, noisy moves, killers, then quiet
        moves by history.  The table move comes before the others are even sorted,
        since it often cuts off at once."""
        game = self.game
        if table_move is not None:
            yield table_move, not self._is_noisy(state, table_move)
        noisy = self._noisy_moves(state)
        for move in noisy:
            if move != table_move:
                yield move, False
        noisy = set(noisy)  # a list in the game's order, so that a search is reproducible
        quiet = [m for m in game.moves(state) if m not in noisy and m != table_move]
        killers = [k for k in self.killers[ply] if k is not None and k != table_move and k in quiet]
        for move in killers:
            yield move, True
        history = self.history
        quiet.sort(key=lambda m: history.get(m, 0), reverse=True)
        for move in quiet:
            if move not in killers:
                yield move, True

    def _remember_cutoff(self, move, depth, ply):
        killers = self.killers[ply]
        if killers[0] != move:
            killers[1], killers[0] = killers[0], move
        self.history[move] = self.history.get(move, 0) + depth * depth

    def _evaluate(self, state):
        """The game's static score of `state`, computed once per position."""
        score = self.evaluations.get(state.key)
        if score is None:
            score = self.game.evaluate(state)
            if self.trade_taste:
                taste = self.trade_taste if state.turn == self.state.turn else -self.trade_taste
                score += taste * (self.root_men - men_on(state))
            self.evaluations[state.key] = score
        return score

    def _is_noisy(self, state, move):
        """A noisy move, or with the level's foresight a threat."""
        return self.game.is_noisy(state, move) or self.foresight and self.game.is_threat(state, move)

    def _noisy_moves(self, state):
        """The game's noisy moves in `state` (then, with the level's foresight, its
        threats), listed once per position."""
        moves = self.noisy.get(state.key)
        if moves is None:
            moves = self.game.noisy_moves(state)
            if self.foresight:
                moves = moves + self.game.threat_moves(state)
            self.noisy[state.key] = moves
        return moves

    def _quiesce(self, state, alpha, beta, ply, plies_left):
        """Stand pat on the static score, or play on the noisy moves (captures) only."""
        settled = self._visit(state, ply)
        if settled is not None:
            return settled
        if self.foresight and self.game.threatened(state):
            return self._answer_threat(state, ply)
        best = round(self._evaluate(state))
        if best >= beta or plies_left == 0:
            return best
        alpha = max(alpha, best)
        game = self.game
        for move in self._noisy_moves(state):
            score = -self._quiesce(game.apply(state, move), -beta, -alpha, ply + 1, plies_left - 1)
            if score > best:
                best = score
                if score > alpha:
                    alpha = score
                    if alpha >= beta:
                        break
        return best

    def _answer_threat(self, state, ply):
        """A threatened side's score: a win at once if it has one (among its noisy moves:
        winning is noisy), else its evaluation less THREATENED.  Lost against a player who
        sees the threat, but not scored as a forced loss: where every line loses so, the
        Expert still plays the one its evaluation likes best, and the Strong may not see
        its win.  (Royal VUT, Expert against Strong, 160 games: 66% with the forced loss,
        72% so; docs/log/computer.md.)"""
        game, mover = self.game, SIDE_NAMES[state.turn]
        if any(self._won_by(game.apply(state, move), mover) for move in self._noisy_moves(state)):
            return WIN - ply - 1
        return round(self._evaluate(state)) - THREATENED

    def _won_by(self, state, side):
        """True when `state` is over and `side` won it."""
        outcome = self.game.result(state)
        return outcome is not None and outcome["winner"] == side


def choose_move(game, state, *, level=2, seconds=None, seed=None, nodes=None):
    """The move the computer plays (also the hint); ValueError if the game is over.

    `seconds` overrides the level's thinking time; `nodes` replaces the clock by a node
    budget, which makes the move reproducible for a given `seed`.
    """
    searcher = Searcher(game, state, level=level, seed=seed, nodes=nodes, seconds=seconds)
    searcher.think()
    return searcher.best_move
