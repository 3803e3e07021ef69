"""The MCTS bot: Monte Carlo search over determinizations of the hidden decks, flat by default, a tree on request.

What is hidden
    In Castle Combo every player sees everything except the order of the two
    decks, so the only hidden information is *chance* (which cards a refill
    or a key refresh will reveal), shared by all players: there are no
    private hands to guess.

The search: single-observer information-set MCTS (SO-ISMCTS)
    Each iteration draws a *determinization* of the bot's view
    (``view.determinize(rng)``: the unseen cards reshuffled into the decks)
    and walks one shared tree with it. Tree nodes are reached by *action
    sequences*, not by states, so statistics are pooled across every deck
    order sampled (per-determinization UCT would split the budget over many
    small trees, each over-fitting one deck order). Because the cards
    revealed differ between samples, an action may be legal in one sample and
    not in another; below the root, selection only considers the actions
    legal in the current sample and uses *availability counts* in the UCB
    formula, as in Cowling, Powley and Whitehouse (2012), "Information Set
    Monte Carlo Tree Search". By default the tree is only the root and its
    candidates, a flat search ("A flat search" below says why); the rest of
    this section applies with ``expand_after`` set.

The root: sequential halving with common random numbers
    At the root the question is only "which move is best", not "how good is
    the position", so the budget is spent by *sequential halving* (Karnin,
    Koren and Somekh 2013; the root rule of Gumbel MuZero): every candidate
    gets the same number of iterations, the worse half is dropped, and so on
    until one is left. Within a round every candidate is tried on the *same*
    determinization, so moves are compared on the same deck orders and their
    differences are not drowned in the luck of the draw. Rewards of close
    moves differ by a few hundredths, where UCB would spread its visits
    almost evenly anyway.

Which actions a node searches
    A turn offers up to about 150 actions (three cards, face up or down, on
    every free spot, after an optional key), far too many to try each one
    with a few dozen iterations. A node therefore searches only its
    ``width`` best actions by the greedy bot's one-turn evaluation
    (:func:`~castle_combo.bots.greedy.ranked_actions`), at most one per
    kind of move (a key use, each card face up, any card face down), ranked
    the first time the node is searched through. When a sample makes none of
    them legal (a refresh revealed other cards), that sample's best actions
    are added, up to ``max_rankings`` times per node, then the cheap
    :func:`~castle_combo.bots.playout.playout_move`. By default the search
    stays at the root's candidates (``expand_after=None``): each iteration
    plays one candidate and rolls out from there, a flat Monte Carlo search
    with the root rule below. With ``expand_after=N`` a leaf is searched
    through once it has ``N`` visits, so larger budgets grow a tree into the
    other players' replies and the seat's next decisions; that tree cost
    strength where it grew (see "A flat search" below), so it is off.

    Every card is worth the same face down (6 gold and 2 keys, no ability),
    so the greedy ranking leaves the card of the face-down move to the
    engine's order. Which card it is decides what the row keeps for the
    next player, so the search takes the one that leaves the next player
    the worst reply by the greedy bot's one-turn value (``deny_face_down``;
    about one face-down candidate in six changes).

Rollouts and rewards
    From a leaf, the game continues with greedy policies for ``rounds`` of the
    searching seat's turns (two by default): the rest of its own turn, every
    other player's reply, its next turn, and the replies to that. The other
    players are modelled by the full greedy bot, keys included
    (``opponent_keys``): a reply that refreshes a row or moves the messenger
    is exactly what can spoil a move, and modelling the replies without keys
    cost about 8 points of win rate against the greedy bot (58% instead of 67%
    over 300 games; every win rate in this docstring comes from
    ``benchmarks/tune_mcts.py --games 300 --seed 2024`` with the settings
    named, which replays those very games). The searching seat's own later
    moves use the lighter greedy policy without keys (:func:`ranked_actions`
    with ``keys=False``, a third of the cost). The position reached when the
    searching seat is about to start its turn again is scored by the
    evaluation (each seat's lead over its best opponent, squashed into
    ``[0, 1]``, safely for any margin), which counts what the cards will
    still do after that point (start-of-turn effects for the turns left,
    take triggers for the takes left, end-of-game effects), as the rollout itself played the effects of the
    turns it went through; in a two-player game, by default, by the chance
    that each seat wins fitted on such positions of greedy games instead
    (``fitted_value``, :mod:`~castle_combo.bots.value`: a logistic
    regression per stage on the evaluation's components, the fitted card
    growth among them; see "At equal time" below); or, once the game is over, by
    :func:`~castle_combo.bots.evaluation.outcome_rewards` (a share of the
    win plus a little for the score margin). Stopping at the same point of the
    round keeps leaves comparable (a position judged just after one's own turn
    always looks better: a rollout that skipped the other players' last
    replies won 46.5% of 100 games against the previous version at 0.1 s a
    move, where the same search with them won 56%). The replies of the last
    round are played without keys (``last_reply_keys``), which makes a
    rollout about a fifth cheaper (more iterations in the same time) and
    changes little of the position judged: the keys a player keeps are
    valued by the evaluation instead. A reply that may spend a key is chosen
    on a deal of the replying player's own (its view, determinized), as the
    greedy bot chooses it, and then played on the sample (``blind_keys``):
    judged on the sample itself, the reply would refresh a row exactly when
    the sample's next cards are good, an advantage no player has, which made
    the other players' keys look worth more than they are. Two rounds beat one (72% against 67% over 300 games
    each, the two-round search using 40 iterations instead of 96 to stay
    within the time limit): the evaluation of a position one round ahead
    cannot see which cards a move sets up for the next turn. Full playouts to
    the end were tried too: with a random policy they misjudge positions, and
    with the greedy policy they cost 40 ms each early in the game. Every node
    keeps the reward of the seat that chose the action leading to it, so the
    same code serves 2 to 5 players.

Why it beats the greedy bot
    Greedy judges a key refresh by the cards *one* sampled refill shows, so
    it refreshes whenever that sample is lucky; averaged over many samples,
    refreshing is usually worse than it looked. The search also sees the
    replies each move allows (the card left in the row, where the messenger
    goes) and what it sets up for its own next turn.

At equal time against the search of commit 9522c7d
    ``benchmarks/mcts_time_match.py`` at 0.1 s of CPU time a move, 200 games:
    55.2% (48.3% to 62.0%) with ``blind_keys`` and ``deny_face_down``, 48.8%
    on the same games without them; at 0.05 s, 50.2% (43.4% to 57.1%).
    Strength is flat in iterations beyond about 40, so the search is limited
    by what its rollouts estimate, not by their number; in pilot runs (100 games at 0.05 s, about ten points either
    way) three rounds of rollout (38.5%) and the seat's own rollout turns
    spending keys (``own_keys``, 42.5%) were worse, and eight candidates,
    a steeper squash of the margins or a deeper tree no better.

    Early in the game 0.1 s is only about ten iterations per candidate, so the
    means the halving compares are noisy. ``prior_visits`` counts the greedy
    ranking's one-turn value of each root candidate (squashed as the margins
    of a leaf are) as that many visits of the candidate, a steady if biased
    estimate beside the search's noisy one (the bias is much the same for
    every candidate). Pilots at 0.1 s, 60 games (seed 7, about twelve points
    either way), against 9522c7d: without priors 51.7%, with 4 visits 50.8%,
    with 12 visits 55.0%; 200 games at 0.1 s (the games of the 55.2% above)
    with 12 visits: 49.5% (42.6% to 56.4%). No gain (below the 55.2% of those deals, the intervals overlapping), so the
    default stays 0.

    Late in the game two rounds of rollout stop a turn or two before the
    end, where the evaluation estimates a margin that a few more moves would
    settle. ``finish_turns`` plays a rollout on to the end of the game once
    the searching seat has that many cards or fewer left to take (after the
    leaf's move), and rewards the outcome itself (the win, and a little for
    the margin); the other players' replies then spend keys to the end.
    Pilots at 0.1 s against 9522c7d (seed 7, 60 games each planned, stopped
    early when the load average rose to about 20): finish_turns=3 55.6% of
    36 games, against 44.0% of 25 for six candidates (``width=6``), 36.0%
    and 32.0% of 25 for the evaluation's ``growth`` at 3 and 9 (6 by
    default), and 38.9% of 18 for a leaf value blending the evaluation one
    round ahead with the one two rounds ahead (not kept); 200 games at 0.1 s
    (the games of the 55.2% above) with finish_turns=3: 50.5% (43.6% to
    57.4%). No gain (below the 55.2% of those deals, the intervals
    overlapping), so the default stays 0.

    The leaf value with a fitted growth of each card instead of the flat
    ``growth`` (``Evaluation(card_growth=True)``, a table fitted from 4,000
    greedy games; see :mod:`~castle_combo.bots.evaluation`): pilots at 0.1 s
    against 9522c7d, 60 games each, 55.0% (seed 7) and 68.3% (seed 8); 200
    games at 0.1 s (the games of the 55.2% above): 48.8% (41.9% to 55.6%).
    No gain for the search, so the default evaluation keeps the flat growth.

    Candidates sharing their rollouts' random numbers too (``shared_rollouts``:
    every candidate's iteration of a round draws from one stream seeded for
    the round, so the tree's playout moves and the replies' guesses of the
    decks are drawn alike): a pilot at 0.1 s against 9522c7d, 60 games (seed
    7), 52.5%; 200 games at 0.1 s (the games of the 55.2% above): 52.8%
    (45.8% to 59.6%), where the search as shipped won 49.2% of them the same
    day. Within the noise, so the default stays off.

    Root candidates ranked on several deals (``root_deals``: each kind of
    move by its best one-turn value averaged over that many determinizations,
    so that one sample's refill does not decide whether a key use is searched
    at all; the candidates change in about one decision in twenty with 4):
    pilots at 0.1 s against 9522c7d, 60 games (seed 7), 53.3% with 4 deals
    and 43.3% with 6, where the search as shipped won 50.0%; 200 games at
    0.1 s with 4 (the games of the 55.2% above): 50.0% (43.1% to 56.9%),
    where the search as shipped won 47.0% of them the same day. Within the
    noise, so the default stays 1.

    A leaf value fitted on whole positions (``fitted_value``, the default in
    two-player games): the chance that the seat about to start its turn
    wins, by a logistic regression per stage (its turns left, its
    opponent's) on its points, spendable gold, keys, discounts, flat growth
    term and fitted card growth minus its opponent's, from 4,000 greedy
    games (1,000 more held out: log-loss 0.560 and accuracy 68.0% on their
    positions, against 0.685 and 64.2% for the squashed heuristic, 0.580
    and 65.9% for the heuristic recalibrated per stage). A pilot at 0.1 s
    against 9522c7d, 60 games (seed 7), 56.7%; 200 games at 0.1 s (the
    games of the 55.2% above): 59.0% (52.1% to 65.6%), a mean margin of
    +2.94 points, where the search without it won 42.5% of them the same
    day (16.5 points more game by game, 4.7 points of standard error). So
    it is the default (at or above the 58% set for it; the interval still
    holds 55%). On 100 other deals (seed 2026) 57.0% (50.1% to 63.7%),
    where the search without it won 49.2% (7.7 points more game by game,
    4.8 of standard error). On the held-out positions the card growth among its inputs
    made the difference: fitted without it, the value was no better than
    the heuristic recalibrated per stage (that variant was not played).

    Six more tries on top of it, 200 games each at 0.1 s on the deals of
    seed 2025, none kept:

    * one round of rollout, 48.0%;
    * rollouts to the end for the last three cards, 53.5%;
    * a value with an eighth input (what the seat's best move without a
      key gains this turn), which foresees the winner better (held-out
      log-loss 0.546): 57.5%, and 58.8% on seed 2026; with one round
      50.0%, with six candidates 53.5%;
    * the same inputs fitted on games of ``mcts:8``: 56.2%, and 60.2% on
      seed 2026;
    * the other players' rollout replies drawn by a softmax of their
      one-turn values (temperature 1 point), 58.0%;
    * a deeper tree (``expand_after=10``), 55.0%.

    So the search is unchanged. The six matches of the three values won
    58% against 9522c7d; the search as shipped won 56.5% over three sets of
    deals (53.5% on seed 2027). The value's quality no longer seems to be
    the limit (the performance page has the table).

A flat search
    Given more time than 9522c7d's 0.1 s a move (``mcts_time_match.py
    --new-seconds``, seed 2025, where equal time won 59.0%), the search
    with a tree (``expand_after=20``, the default until then) won 63.5% at
    0.2 s and only 52.0% at 0.4 s, with about 1,400 iterations a move: past
    a few hundred iterations the tree grows into the other players' replies
    and the seat's next decisions, where each node's handful of greedy
    candidates and noisy means steer the rollouts worse than the greedy
    policy does. The same search never going past the root's candidates
    won 62.3% at 0.4 s on the same deals (10.2 points more game by game,
    4.4 of standard error; 3.5 points more margin, 1.0 of standard error),
    and at equal time 60.5%, 57.2% and 59.0% on the deals of seeds 2025,
    2026 and 2027 (58.9% of 600 games, where the tree had won 59.0%, 57.0%
    and 53.5%). So the default is flat (``expand_after=None``). Budgets of up
    to 40 iterations never grew the tree anyway (sequential halving gives
    no candidate 20 visits), so ``mcts`` and ``mcts:8`` play exactly the
    games they played before.

Keeping the tree from one decision to the next
    (With the default flat search there is no tree below the root's
    candidates to keep; this applies with ``expand_after`` set.)
    The bot is handed a view at each decision, and the view's history says
    what was played since its last one: its own next decision of the turn (a
    key spent, then the card taken, then the card's choice), or the other
    players' replies. Nodes are keyed by action sequences, so the bot keeps
    its tree (``reuse_tree``) and starts the next search from the subtree of
    the actions played since, with every visit it had, instead of from
    nothing. This is sound in the same sense as the search itself: a leaf is
    judged ``rounds`` of the bot's turns after the leaf, wherever it lies,
    so old and new visits of a node judged their positions alike; and the
    deals the old visits sampled agreed with what was public then, as the
    search below any root pools samples that differ in what chance revealed
    later. Within a turn the kept subtree holds many of the visits (the
    search played its candidates on through the rest of the turn); across
    the other players' replies fewer, since only the replies the search
    expected were explored. The kept tree belongs to one seat of one game: a
    view whose history does not extend the old root's starts afresh. The
    memo of seat values (:class:`~castle_combo.bots.evaluation.MemoizedEvaluation`)
    is kept too, while the ruleset is the same: it holds values, not
    guesses, so it changes nothing but the speed.

Budget
    ``iterations`` per move keeps simulations reproducible: the same ``rng``
    gives the same move on any machine. A few positions cost far more than the
    rest (many free spots and a key to spend early in the game), so the search
    also stops once it has evaluated ``max_positions`` positions (by default
    :data:`POSITIONS_PER_ITERATION` per iteration of the budget); a count,
    unlike a clock, is the same on every machine, and it keeps the slowest
    moves of a two-player game under 0.25 s (benchmarks/bench_agents.py prints
    the mean and slowest move; with more players each move costs more, about
    0.2 s on average with four).

    ``time_limit`` (seconds per move) makes the clock the budget instead
    (:meth:`MctsAgent.thinking_for`, the spec ``mcts:time=0.5``): the search
    then plans its sequential halving by time, giving each halving phase an
    equal share of what is left, and starts a round of the candidates only
    when the rounds so far say it fits in the time left; with ``iterations``
    set as well, whichever runs out first stops it. Moves then depend on the
    machine's speed and load, so simulations that must be reproducible
    leave it unset.
"""

from __future__ import annotations

import math
import random
import time
from typing import TYPE_CHECKING

import attrs

from castle_combo.bots.evaluation import (
    Evaluation,
    Evaluator,
    MemoizedEvaluation,
    logistic,
    outcome_rewards,
    squash_margins,
)
from castle_combo.bots.greedy import golden_cards, ranked_actions, turn_value, worth_trying
from castle_combo.bots.playout import playout_move
from castle_combo.bots.value import position_value
from castle_combo.engine.actions import Take, UseKey
from castle_combo.engine.state import CARDS_PER_PLAYER, Phase

if TYPE_CHECKING:
    from castle_combo.engine.actions import Action
    from castle_combo.engine.state import GameState
    from castle_combo.language.ruleset import Ruleset

__all__ = ["MctsAgent", "SearchReport", "DEFAULT_ITERATIONS", "POSITIONS_PER_ITERATION"]

#: Seat values a bot remembers between decisions before it starts a fresh memo (a few tens of megabytes).
_MEMO_LIMIT = 300_000

#: Iterations per move of the registry's "mcts" bot (about 0.1 s a move in a two-player game).
DEFAULT_ITERATIONS = 40

#: Positions a move may evaluate per iteration of its budget before the search stops early
#: (see the module docstring): 7,000 for the default 40 iterations.
POSITIONS_PER_ITERATION = 175


class _Node:
    """A node of the search tree: the statistics of one action sequence from the root.

    ``player`` is the seat that chose the action leading here, whose reward
    this node accumulates (-1 at the root). ``candidates`` are the actions
    searched here, best first. A plain class with slots: nodes are mutated
    constantly and never leave the search.
    """

    __slots__ = ("player", "visits", "available", "reward", "children", "candidates", "rankings")

    def __init__(self, player: int) -> None:
        self.player = player
        self.visits = 0
        self.available = 0
        self.reward = 0.0
        self.children: dict[Action, _Node] = {}
        self.candidates: list[Action] = []
        self.rankings = 0

    @property
    def mean(self) -> float:
        """The mean reward of the visits so far (0 before any)."""
        return self.reward / self.visits if self.visits else 0.0


@attrs.frozen
class SearchReport:
    """What the last search of an :class:`MctsAgent` did (:attr:`MctsAgent.last_search`).

    ``iterations`` were run in ``seconds``; ``kept`` visits of the chosen
    subtree came from the tree kept since the bot's previous decision of the
    turn (0 for a fresh tree); ``positions`` were evaluated.
    """

    iterations: int
    seconds: float
    kept: int
    positions: int


@attrs.define
class _Memory:
    """The mutable part of an agent: the tree kept between decisions, and the last search's report.

    Left out of the agent's equality and ``repr``: two agents with the same
    settings are equal whatever they remember.
    """

    trees: dict[int, tuple[tuple[Action, ...], _Node]] = attrs.field(factory=dict)
    last: SearchReport | None = None
    rules: Ruleset | None = None
    evaluator: MemoizedEvaluation | None = None

    def evaluator_for(self, view: GameState, evaluation: Evaluation) -> MemoizedEvaluation:
        """The memo of seat values kept from the last decision with the same ruleset, or a fresh one."""
        kept = self.evaluator
        if kept is None or self.rules is not view.rules or len(kept) > _MEMO_LIMIT:
            kept = evaluation.memoized()
        self.rules, self.evaluator = view.rules, kept
        kept.positions = 0  # counted per decision, for max_positions
        return kept

    def kept(self, seat: int) -> tuple[tuple[Action, ...], _Node] | None:
        """The history and the tree of ``seat``'s last decision, forgotten as they are handed over."""
        return self.trees.pop(seat, None)


def _kind(action: Action, golden: frozenset[str] = frozenset()) -> object:
    """What a move does, ignoring where a card goes (see :meth:`MctsAgent._distinct_best`); a card taken face
    down with gold lying on it in a row (``golden``) is a kind of its own."""
    if isinstance(action, Take):
        if action.face_down:
            return ("face down", action.card) if action.card in golden else ("face down",)
        return ("face up", action.card)
    return action


def _policy_move(state: GameState, evaluator: Evaluator, keys: bool, rng: random.Random | None = None) -> Action:
    """The rollout policy's move in a full ``state``: the greedy bot's, keys optional.

    The first of the best-valued actions by :func:`~castle_combo.bots.greedy.turn_value`,
    as :func:`~castle_combo.bots.greedy.ranked_actions` ranks them, without
    sorting the rest. With ``rng``, when a key may be spent, the actions are
    judged on a deal of the mover's own (its view, determinized), as the
    greedy bot judges them, and not on the sample being played: a player
    cannot see the decks, so it refreshes a row on a guess, not on the cards
    the sample will reveal.
    """
    seat = state.to_act
    best: Action | None = None
    best_value = -math.inf
    face_down_tried: set[object] = set()
    golden = golden_cards(state)
    tried = worth_trying(state)
    judged = state
    if keys and rng is not None and any(isinstance(action, UseKey) for action in tried):
        judged = state.view(seat).determinize(rng)
    for action in tried:
        if isinstance(action, Take):
            if action.face_down:
                # A face-down card has no ability: any card face down at one spot is worth the same, but for
                # gold lying on it in a row.
                spot = (action.at, action.card) if action.card in golden else action.at
                if spot in face_down_tried:
                    continue
                face_down_tried.add(spot)
        elif not keys and isinstance(action, UseKey):
            continue
        value = turn_value(judged.apply(action), seat, evaluator)
        if value > best_value:
            best, best_value = action, value
    if best is None:
        raise AssertionError("a state that is not over has a legal action")
    return best


def _denying(state: GameState, face_down: Take, evaluator: Evaluator) -> Action:
    """Of the cards that may be taken face down at ``face_down.at``, the one whose taking leaves the next player
    the worst turn.

    Every card is worth the same face down (6 gold and 2 keys, no ability), so the greedy ranking
    keeps the first in the engine's order; which card is taken decides what is left in the row for
    the next player, who is judged by the greedy bot's one-turn value of its best reply, on the
    same sample. Ties keep the engine's order.
    """
    me = state.current_player
    golden = golden_cards(state)
    if face_down.card in golden:
        return face_down  # the gold on it makes it worth more than the others, face down too
    takes = [action for action in state.legal_actions()
             if isinstance(action, Take) and action.face_down and action.at == face_down.at
             and action.card not in golden]
    if len(takes) < 2:
        return face_down
    best: Action = face_down
    best_value = math.inf
    for action in takes:
        after = state.apply(action)
        while not after.is_over and after.current_player == me:
            after = after.apply(_policy_move(after, evaluator, False))
        if after.is_over:
            return face_down
        value = turn_value(after, after.to_act, evaluator)
        if value < best_value:
            best, best_value = action, value
    return best


def _default_positions(agent: MctsAgent) -> int | None:
    return None if agent.iterations is None else agent.iterations * POSITIONS_PER_ITERATION


@attrs.frozen
class MctsAgent:
    """Information-set MCTS with an iteration or a time budget (see the module docstring).

    ``iterations``: iterations per move (``None`` with a ``time_limit``: the
    clock alone); ``time_limit``: seconds per move; ``width``: actions
    searched per node; ``expand_after``: visits before a leaf is searched
    through (``None``, the default: never, a flat search over the root's
    candidates); ``max_rankings``: greedy rankings per node; ``exploration``:
    the UCB constant (rewards lie in ``[0, 1]``); ``rounds``: the searching
    seat's turns a rollout plays before judging; ``opponent_keys``: whether
    the other players' replies may spend keys; ``max_positions``: positions
    evaluated before the search stops early (``None``: no limit);
    ``margin_weight``: the part of a finished game's reward given for the
    score margin rather than the win; ``reuse_tree``: keep the tree from one
    decision of a seat to its next; ``last_reply_keys``: whether the other
    players' replies in a rollout's last round may spend keys too (with
    ``opponent_keys``); ``cpu_clock``: count ``time_limit`` in this process's
    CPU time rather than on the wall clock (a busy machine then slows the
    bot down instead of weakening it: for benchmarks); ``blind_keys``: a
    rollout's reply that may spend a key is chosen on the replying player's
    own deal, not on the sample played; ``own_keys``: whether the searching
    seat's own later turns in a rollout may spend keys; ``deny_face_down``:
    the face-down candidate takes the card that leaves the next player the
    worst reply, not the engine's first; ``prior_visits``: how many visits
    the greedy ranking's one-turn value of each root candidate counts for
    when the root's candidates are compared (0: the search's means alone);
    ``finish_turns``: once the searching seat has at most this many cards
    left to take, rollouts play on to the end of the game (0: never);
    ``shared_rollouts``: within a round of the root's sequential halving,
    every candidate's iteration draws its random numbers (the tree's
    playout moves, the replies' guesses of the decks) from the same stream,
    seeded once per round from ``rng``, so that candidates are compared on
    the same replies' deals too, not only on the same determinization;
    ``root_deals``: on how many determinizations the root's candidates are
    ranked (1: the greedy ranking of one; more: each kind of move by its
    best one-turn value averaged over that many, so that a key use is not
    kept or dropped by the cards one sample's refill shows); ``fitted_value``
    (default on): in a two-player game, a rollout that stops before the end
    is judged by the chance that each seat wins, fitted on greedy games
    (:mod:`~castle_combo.bots.value`), instead of the evaluation's squashed
    margin (off: the squashed margin, as before; more players, or a stage
    the fit lacks, keep the margin).

    Besides the tree, an agent remembers the seat values it computed, from
    one decision to the next while the ruleset is the same (they depend on
    nothing else, so the moves are those of a fresh agent, found sooner).
    """

    iterations: int | None = DEFAULT_ITERATIONS
    time_limit: float | None = None
    max_positions: int | None = attrs.field(default=attrs.Factory(_default_positions, takes_self=True))
    width: int = 4
    expand_after: int | None = None
    max_rankings: int = 3
    exploration: float = 0.4
    rounds: int = 2
    opponent_keys: bool = True
    margin_weight: float = 0.1
    reuse_tree: bool = True
    last_reply_keys: bool = False
    cpu_clock: bool = False
    blind_keys: bool = True
    own_keys: bool = False
    deny_face_down: bool = True
    prior_visits: float = 0.0
    finish_turns: int = 0
    shared_rollouts: bool = False
    root_deals: int = 1
    fitted_value: bool = True
    evaluation: Evaluation = attrs.field(factory=Evaluation)
    name: str = "mcts"
    _memory: _Memory = attrs.field(factory=_Memory, init=False, eq=False, repr=False, hash=False)

    def __attrs_post_init__(self) -> None:
        if self.iterations is None and self.time_limit is None:
            raise ValueError("MctsAgent needs a budget: iterations, time_limit or both")
        if self.iterations is not None and self.iterations < 1:
            raise ValueError(f"iterations must be at least 1, got {self.iterations}")
        if self.time_limit is not None and not self.time_limit > 0:
            raise ValueError(f"time_limit must be a positive number of seconds, got {self.time_limit}")
        if not (math.isfinite(self.prior_visits) and self.prior_visits >= 0):
            raise ValueError(f"prior_visits must be a finite number of visits, 0 or more, got {self.prior_visits}")
        if self.finish_turns < 0:
            raise ValueError(f"finish_turns must be a number of turns, 0 or more, got {self.finish_turns}")
        if self.expand_after is not None and self.expand_after < 1:
            raise ValueError(f"expand_after must be a number of visits, 1 or more, or None (never), got "
                             f"{self.expand_after}")
        if self.root_deals < 1:
            raise ValueError(f"root_deals must be a number of deals, 1 or more, got {self.root_deals}")

    @classmethod
    def thinking_for(cls, seconds: float, **settings: object) -> MctsAgent:
        """An agent whose budget is ``seconds`` per move on the clock alone (the spec ``mcts:time=S``)."""
        return cls(iterations=None, time_limit=seconds, max_positions=None, **settings)  # type: ignore[arg-type]

    @property
    def last_search(self) -> SearchReport | None:
        """What the last call of :meth:`choose` searched (``None`` before any, or when there was one move)."""
        return self._memory.last

    def choose(self, view: GameState, rng: random.Random) -> Action:
        """The root action with the best mean reward after sequential halving (see the module docstring)."""
        started = (time.process_time if self.cpu_clock else time.perf_counter)()
        memory = self._memory
        actions = view.legal_actions()
        if len(actions) == 1:
            memory.last = None
            return actions[0]
        me = view.to_act
        evaluator = memory.evaluator_for(view, self.evaluation)
        root = self._kept_root(view, me)
        kept_visits = {action: child.visits for action, child in root.children.items()}
        ranked = self._root_ranked(view, rng, evaluator)
        arms = [action for _, action in ranked]
        if len(arms) == 1:
            memory.last = None
            return arms[0]
        root.children = {action: root.children.get(action) or _Node(me) for action in arms}
        root.candidates = list(arms)
        priors = {action: logistic(value / evaluator.margin_scale) for value, action in ranked}
        best, iterations = self._halve(root, arms, view, rng, me, evaluator, started, priors)
        if self.reuse_tree:
            memory.trees[me] = (view.history, root)
        clock = time.process_time if self.cpu_clock else time.perf_counter
        memory.last = SearchReport(iterations, clock() - started, kept_visits.get(best, 0),
                                   evaluator.positions)
        return best

    def _kept_root(self, view: GameState, me: int) -> _Node:
        """The subtree of the actions played since the bot's last decision for this seat, or a fresh root.

        The old tree is followed along the view's history from its root (see
        the module docstring, "Keeping the tree from one decision to the next").
        """
        kept = self._memory.kept(me)
        if not self.reuse_tree or kept is None:
            return _Node(-1)
        old, node = kept
        history = view.history
        if len(history) <= len(old) or history[: len(old)] != old:
            return _Node(-1)
        for action in history[len(old):]:
            child = node.children.get(action)
            if child is None:
                return _Node(-1)
            node = child
        return node

    def _halve(self, root: _Node, arms: list[Action], view: GameState, rng: random.Random, me: int,
               evaluator: MemoizedEvaluation, started: float,
               priors: dict[Action, float]) -> tuple[Action, int]:
        """Sequential halving over ``arms`` within the budget; the winner and the iterations run.

        The budget is whichever of ``iterations``, ``max_positions`` and
        ``time_limit`` is nearest to running out: :func:`used` is the share of
        it spent. Each halving phase gets an equal share of what is left when
        it starts; within a phase, a round of every arm on one
        determinization starts only if the rounds so far say it fits in the
        phase's share (the first round of a phase always runs). With a time
        budget alone, a round starts when at least half of it fits, so that
        moves take their time on average rather than always a little less.
        """
        iterations, positions, seconds = self.iterations, self.max_positions, self.time_limit
        clock = time.process_time if self.cpu_clock else time.perf_counter
        spent = 0

        def used() -> float:
            share = 0.0
            if iterations is not None:
                share = spent / iterations
            if positions is not None:
                share = max(share, evaluator.positions / positions if positions else 1.0)
            if seconds is not None:
                share = max(share, (clock() - started) / seconds)
            return share

        # A count is never exceeded; a clock is met on average: a round starts if at least half of it fits.
        overrun = 0.5 if iterations is None and positions is None else 1.0
        k = self.prior_visits

        def score(action: Action) -> float:
            child = root.children[action]
            return (child.reward + k * priors[action]) / (child.visits + k) if child.visits or k else 0.0

        phases = max(1, math.ceil(math.log2(len(arms))))
        for phase in range(phases):
            begin = used()
            if begin >= 1.0:
                break
            target = begin + (1.0 - begin) / (phases - phase)
            done = 0
            while True:
                state = view.determinize(rng)
                if self.shared_rollouts:  # common random numbers for the rollouts too: one stream per round
                    round_seed = rng.getrandbits(64)
                    for action in arms:
                        self._iterate(root, action, state, random.Random(round_seed), me, evaluator)
                else:
                    for action in arms:
                        self._iterate(root, action, state, rng, me, evaluator)
                spent += len(arms)
                done += 1
                now = used()
                per_round = (now - begin) / done
                if now + per_round * overrun > target + 1e-9 or now >= 1.0:
                    break
            arms = sorted(arms, key=lambda a: -score(a))[: math.ceil(len(arms) / 2)]
            if len(arms) == 1:
                break
        return max(arms, key=score), spent

    def _candidates(self, node: _Node, state: GameState, rng: random.Random, evaluator: Evaluator) -> list[Action]:
        """The node's candidates legal in this determinization, adding some if none is.

        New candidates come from the greedy ranking at most ``max_rankings``
        times per node (a refresh node would otherwise rank in every sample,
        since each reveals other cards), then from the playout policy.
        """
        legal = state.legal_actions()
        if len(legal) == 1:
            return [legal[0]]
        available = [action for action in node.candidates if action in legal]
        if not available:
            if node.rankings < self.max_rankings:
                node.rankings += 1
                available = self._distinct_best(state, evaluator)
            else:
                available = [playout_move(state, rng)]
            node.candidates.extend(action for action in available if action not in node.candidates)
        return available

    def _distinct_best(self, state: GameState, evaluator: Evaluator) -> list[Action]:
        """The actions of :meth:`_distinct_ranked`, without their values."""
        return [action for _, action in self._distinct_ranked(state, evaluator)]

    def _root_ranked(self, view: GameState, rng: random.Random, evaluator: Evaluator) -> list[tuple[float, Action]]:
        """The root's candidates with their one-turn values: the ``width`` best kinds of move on ``root_deals``
        determinizations of ``view`` (:meth:`_averaged_ranked`; with one, :meth:`_distinct_ranked`)."""
        return self._averaged_ranked([view.determinize(rng) for _ in range(self.root_deals)], evaluator)

    def _distinct_ranked(self, state: GameState, evaluator: Evaluator) -> list[tuple[float, Action]]:
        """The ``width`` best actions of ``state`` by the greedy ranking, at most one per kind of move
        (:meth:`_averaged_ranked` of one deal)."""
        return self._averaged_ranked([state], evaluator)

    def _averaged_ranked(self, deals: list[GameState], evaluator: Evaluator) -> list[tuple[float, Action]]:
        """The ``width`` best kinds of move by the mean, over the ``deals`` where the kind is legal, of its best
        one-turn value in each, best first (ties in the order the kinds are first met, the first deal's ranking
        first): with one deal, the greedy ranking's best action of each kind, in its order.

        A kind is a key use, a card taken face up, or any card taken face
        down (they differ only in position and in the card left to others).
        Without this, equal-valued face-down takes at every free spot would
        fill all the slots and leave the search nothing to compare. A kind
        stands for the action that is best of it in the first deal where it
        is met; a face-down kind takes the card :func:`_denying` picks on that
        deal.
        """
        totals: dict[object, list[float]] = {}  # kind -> [sum of best values, deals where legal]
        chosen: dict[object, tuple[Action, GameState]] = {}
        for state in deals:
            golden = golden_cards(state)
            seen: set[object] = set()
            for value, action in ranked_actions(state, evaluator):
                kind = _kind(action, golden)
                if kind in seen:
                    continue
                seen.add(kind)
                total = totals.setdefault(kind, [0.0, 0])
                total[0] += value
                total[1] += 1
                chosen.setdefault(kind, (action, state))
        order = {kind: i for i, kind in enumerate(totals)}
        best = sorted(totals, key=lambda kind: (-totals[kind][0] / totals[kind][1], order[kind]))[: self.width]
        ranked: list[tuple[float, Action]] = []
        for kind in best:
            action, state = chosen[kind]
            if self.deny_face_down and isinstance(action, Take) and action.face_down:
                action = _denying(state, action, evaluator)
            ranked.append((totals[kind][0] / totals[kind][1], action))
        return ranked

    def _rollout(self, state: GameState, me: int, evaluator: Evaluator, rng: random.Random) -> tuple[float, ...]:
        """Play the greedy policies on from ``state`` (:meth:`_played_on`); reward every seat where they stop."""
        state = self._played_on(state, me, evaluator, rng)
        if state.is_over:
            return outcome_rewards(state, self.margin_weight)
        if self.fitted_value and len(state.players) == 2:
            chance = position_value().win_probability(state, me, evaluator)
            if chance is not None:
                return (chance, 1.0 - chance) if me == 0 else (1.0 - chance, chance)
        return squash_margins(evaluator.values(state), evaluator.margin_scale)

    def _played_on(self, state: GameState, me: int, evaluator: Evaluator, rng: random.Random) -> GameState:
        """The position where a rollout from ``state`` is judged: ``me`` about to start its ``rounds``-th turn
        from here, or the end of the game.

        The turn ``me`` is in (if any) is finished first; each later turn of
        ``me`` is played by the policy too, except the last one reached, where
        the position is judged. When ``me`` has at most ``finish_turns``
        cards left to take, the rollout plays on to the end of the game.
        """
        starts = 0
        rounds: float = self.rounds
        if CARDS_PER_PLAYER - len(state.players[me].tableau) <= self.finish_turns:
            rounds = math.inf
        while not state.is_over:
            mover = state.to_act
            if mover == me and state.phase is Phase.START:
                starts += 1
                if starts >= rounds:
                    break
            if mover == me:
                keys = self.own_keys
            else:
                keys = self.opponent_keys and (self.last_reply_keys or starts < rounds - 1)
            state = state.apply(_policy_move(state, evaluator, keys, rng if self.blind_keys else None))
        return state

    def _iterate(
        self, root: _Node, first: Action, state: GameState, rng: random.Random, me: int, evaluator: Evaluator
    ) -> None:
        """One iteration: play ``first`` from the root, descend the tree below it, roll out, back up."""
        node = root.children[first]
        state = state.apply(first)
        path = [root, node]
        expand_after = self.expand_after
        while expand_after is not None and not state.is_over and node.visits >= expand_after:
            mover = state.to_act
            available = self._candidates(node, state, rng, evaluator)
            for action in available:
                child = node.children.get(action)
                if child is not None:
                    child.available += 1
            fresh = next((action for action in available if action not in node.children), None)
            if fresh is not None:
                child = _Node(mover)
                child.available = 1
                node.children[fresh] = child
                state = state.apply(fresh)
                path.append(child)
                break
            action = self._select(node, available)
            node = node.children[action]
            state = state.apply(action)
            path.append(node)
        rewards = self._rollout(state, me, evaluator, rng)
        for visited in path:
            visited.visits += 1
            if visited.player >= 0:
                visited.reward += rewards[visited.player]

    def _select(self, node: _Node, available: list[Action]) -> Action:
        """The available child with the best UCB score (availability-count variant)."""
        best_action = available[0]
        best_score = -math.inf
        c = self.exploration
        for action in available:
            child = node.children[action]
            score = child.reward / child.visits + c * math.sqrt(math.log(child.available) / child.visits)
            if score > best_score:
                best_action, best_score = action, score
        return best_action
