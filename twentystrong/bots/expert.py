"""The expert bot (``--bot expert``): at each decision it weighs the legal commands by their estimated chance to win
the game, by search over the player's information only (architecture.md contract 11).

API (the game review and the table's hint call these; the signatures are stable):

- :data:`ROLLOUTS` — the rollouts per command by default (the setting: a count, not a time, so that the same
  arguments always give the same answers).
- :class:`Estimate` — ``(command, win_chance, rollouts)``, a named tuple: one legal command of the decision, its
  estimated chance to win the game if it is played now (``0.0`` … ``1.0``), and the rollouts behind the figure.
- ``estimate(table, legal=None, *, rollouts=ROLLOUTS) -> list[Estimate]`` — every legal command of the decision
  ``table`` waits for (``table``: a :class:`~twentystrong.engine.view.PlayerView`, or a ``GameState``, of which only
  the player's view is read; ``legal``: the commands to weigh, by default every legal one), best first (ties keep
  the order of ``legal``). A decision with one legal command is not searched: that command, with the chance of the
  position, is the answer.
- ``win_chance(table, *, rollouts=ROLLOUTS) -> float`` — the estimated chance to win from this position, with the
  heuristic bot playing on (``1.0`` / ``0.0`` once the game is won / lost).
- ``choose_why(table, legal=None, *, rollouts=ROLLOUTS) -> tuple[Command, list[Estimate]]`` — the expert's
  choice and the estimates it chose from.
- :class:`ExpertBot` — the :class:`~twentystrong.bots.base.Bot` of ``--bot expert`` (``ExpertBot(seed, budget=…)``;
  ``twentystrong simulate --bot expert --budget N``).

How an estimate is made: the hidden cards (the cards under each pile's top, a face-down deck's order) are drawn
again from what the player could know (the cards not in sight, in the piles' known sizes, never the true order:
a sampled world, the same for two states that differ only in hidden cards), the dice roll by their odds (each
sampled world rolls from its own seed), and the game is played to its end by the heuristic bot. Every command of a
decision is weighed on the same sampled worlds (common random numbers), seeded from the game's seed and the
decision (the state's ``seq``), so the same game gives the same estimates.

How the bot decides: in a boss fight (Solar Sentinels' last fight; Victorum's Primus fights and final fight), after a
roll, it plays the advisor's move, within a budget of the advisor's work per game (:data:`ADVICE`, a count from the size
of each question: a game is played the same way on any machine); every other decision but a fight's dice (commit, apply,
recover: the heuristic bot's, one atomic command at a time) is weighed, the heuristic bot's move against every other but
the item commands, in as many sampled worlds as a budget of simulated commands allows; the bot leaves the heuristic
bot's move only for one that is surely better over the same worlds and still wins more often than it over as many fresh
worlds (``confirm``: the search picks the best of several noisy figures, so its own figures overrate its pick, the
winner's curse; each pick weighed again over 48 fresh worlds, without this check: Solar Sentinels' 34 picks in 9 games
lost 2.8 ± 1.3 points each, Victorum's 24 in 3 games gained 3.0 ± 1.5; of 21 Solar Sentinels picks the check kept 5,
together +19 ± 19 points against −36 for all 21, of 12 Victorum picks in one game it kept 5, −27 ± 18 against −17). Two
settings are off by default (measured on paired seeds, neither made the bot stronger at a budget that keeps a game
within 10 s): ``plans``, a Commit step weighed as one move, the heuristic bot's commit plan against its variants' (more
or fewer dice, a smaller or larger reserve), each played to the roll; ``drop``, moves that fall clearly behind leave the
race after a few worlds, so the budget buys more worlds for the close ones. The budget is a count of commands, not a
time, so a game is played the same way on any machine; early in a game, when a rollout is long, a decision the budget
cannot weigh in enough worlds is left to the heuristic bot."""

from __future__ import annotations

import copy
import hashlib
import math
import random
from collections.abc import Sequence
from dataclasses import replace
from typing import NamedTuple

from twentystrong.bots.router import HeuristicPlayer
from twentystrong.engine.commands import Command, Rejected
from twentystrong.engine.decide import decide_and_apply
from twentystrong.engine.legal import legal_commands
from twentystrong.engine.rulesets import rules
from twentystrong.engine.state import GameState
from twentystrong.engine.view import PlayerView, player_view, state_of

ROUND_CAP = 200
"""Rounds after which a rollout counts as lost (the simulator's own cap: the simulator imports the bots)."""
COMMAND_CAP = 20_000
"""Commands after which a rollout counts as lost (the simulator's own cap)."""
ROLLOUTS = 8
"""Rollouts per command by default (:func:`estimate`, :func:`win_chance`)."""
BUDGET = 2500
"""Commands the rollouts of one decision may play, by default (:class:`ExpertBot`)."""
LEAST = 4
"""The fewest sampled worlds a decision is weighed in (a decision the budget cannot weigh in as many is not)."""
Z = 1.0
"""How many standard errors another move must beat the heuristic bot's by (:class:`ExpertBot`)."""
ADVICE = 2000
"""The advisor's work one game may cost, by default (:class:`ExpertBot`), in the units of :func:`advice_work`."""


class Estimate(NamedTuple):
    """One legal command of a decision with its estimated chance to win the game."""

    command: Command
    win_chance: float
    rollouts: int
    outcomes: tuple[float, ...] = ()
    """Its outcome (1.0 won, 0.0 lost) in each sampled world, in the worlds' order: two commands of the same decision
    are played out in the same worlds, so their outcomes pair up (a paired difference and its standard error);
    empty when the estimate was not made world by world."""


FIGHT_STEPS = frozenset({"commit", "apply", "recover"})
"""The dice of a fight, one atomic command at a time: the bot weighs only the heuristic bot's move against the
advisor's there, where they differ and the game is near enough its end (a search of every commit and apply would cost
hundreds of rollouts a round)."""
SIDE_COMMANDS = frozenset({"discard_item", "use_item", "use_ability"})
"""Commands the bot weighs only when the heuristic bot would play one (items are the heuristic bot's to use)."""


def _key(s: GameState, salt: str) -> int:
    """A seed from the game's seed and the decision (``seq``): the same for two states that differ only in hidden
    cards, never the deal's own generator."""
    digest = hashlib.blake2b(f"expert|{s.options.seed}|{s.seq}|{salt}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big")


def world(s: GameState, index: int) -> GameState:
    """Sampled world number ``index`` of this decision: one the player cannot tell from ``s`` (hidden cards drawn
    again, the dice to roll from its own seed), the same for the same decision of the same game."""
    rng = random.Random(_key(s, f"world{index}"))
    drawn = rules(s).redraw(s, rng)
    if drawn is None:
        raise ValueError(f"the expert bot does not know what a {s.deck.info.ruleset} deck hides")
    return drawn.changed({"options": replace(drawn.options, seed=rng.getrandbits(62), dice="virtual")})


def worlds(table: GameState | PlayerView, count: int, first: int = 0) -> list[GameState]:
    """``count`` sampled worlds of this decision (:func:`world`), from number ``first`` on."""
    s = state_of(table)
    return [world(s, i) for i in range(first, first + count)]


def play_out(world: GameState, first: Command | None = None) -> float:
    """1.0 if the heuristic bot wins from ``world`` (after ``first``, if given), else 0.0."""
    return rollout(world, first)[0]


def rollout(world: GameState, first: Command | Sequence[Command] | None = None) -> tuple[float, int]:
    """:func:`play_out`, with the commands it played (what it cost); ``first`` may be a few commands in a row."""
    s = world
    for command in () if first is None else (first,) if isinstance(first, Command) else first:
        out = decide_and_apply(s, command)
        if isinstance(out, Rejected):
            raise ValueError(f"{command.to_dict()} is not legal here: {out.message}")
        s = out[1]
        if s.result is not None:
            break
    player = HeuristicPlayer(0)
    commands = 0
    while s.result is None and s.round <= ROUND_CAP and commands < COMMAND_CAP:
        legal = legal_commands(s)
        if not legal:
            break
        out = decide_and_apply(s, player.choose(player_view(s), legal))
        if isinstance(out, Rejected):
            break
        s = out[1]
        commands += 1
    return (1.0 if s.result == "won" else 0.0), commands + 1


def _finished(s: GameState) -> float | None:
    return None if s.result is None else (1.0 if s.result == "won" else 0.0)


def win_chance(table: GameState | PlayerView, *, rollouts: int = ROLLOUTS) -> float:
    """The estimated chance to win from this position (the heuristic bot playing on in sampled worlds)."""
    s = state_of(table)
    done = _finished(s)
    if done is not None:
        return done
    return sum(play_out(w) for w in worlds(s, rollouts)) / rollouts


def estimate(
    table: GameState | PlayerView,
    legal: Sequence[Command] | None = None,
    *,
    rollouts: int = ROLLOUTS,
    first: int = 0,
) -> list[Estimate]:
    """Every command of ``legal`` (by default every legal one) with its estimated chance to win, best first (see
    the module docstring), each with its outcome in every world. ``first``: the number of the first sampled world
    (another ``first`` weighs the commands again in fresh worlds, all of them in the same ones)."""
    s = state_of(table)
    commands = list(legal_commands(s) if legal is None else legal)
    if not commands:
        return []
    if len(commands) == 1 and first == 0:
        return [Estimate(commands[0], win_chance(s, rollouts=rollouts), rollouts)]
    sampled = worlds(s, rollouts, first)
    found = []
    for c in commands:
        outcomes = tuple(play_out(w, c) for w in sampled)
        found.append(Estimate(c, sum(outcomes) / rollouts, rollouts, outcomes))
    return sorted(found, key=lambda e: -e.win_chance)  # stable: ties keep the order of ``legal``


def candidates(legal: Sequence[Command], default: Command) -> list[Command]:
    """The commands the bot weighs: the heuristic bot's move first, then every other but the side commands."""
    return [default, *(c for c in legal if c != default and c.cmd not in SIDE_COMMANDS)]


def choose_why(
    table: GameState | PlayerView, legal: Sequence[Command] | None = None, *, rollouts: int = ROLLOUTS
) -> tuple[Command, list[Estimate]]:
    """The expert's choice and the estimates it chose from (the heuristic bot's move first among equals)."""
    s = state_of(table)
    commands = list(legal_commands(s) if legal is None else legal)
    default = HeuristicPlayer(0).choose(player_view(s), commands)
    found = estimate(s, candidates(commands, default), rollouts=rollouts)
    return found[0].command, found


class ExpertBot:
    """``--bot expert``: the heuristic bot's moves in a fight's dice, and a search of every other decision (see the
    module docstring).

    Its settings: ``rollouts``, the most sampled worlds a decision is weighed in; ``budget``, the commands the
    rollouts of one decision may play (the bot stops adding worlds once they are spent): a decision near the end of
    the game is weighed in many worlds, one at its start in fewer, and one the budget cannot weigh in ``least``
    worlds (its first rollout says what one costs) is left to the heuristic bot; ``z``, how sure the bot
    must be that another command beats the heuristic bot's move before it plays it (the paired difference over the
    same worlds, in standard errors above zero: with a few worlds, a lucky one must not decide); ``drop``: after
    ``least`` worlds, a move the leader beats by that many standard errors leaves the race, so the budget buys more
    worlds for the moves still in it (None: every move to the end); ``plans``: weigh a Commit step as one move, the
    heuristic bot's commit plan against its variants' (:data:`PLANS`), each played to the roll; ``advised``: also
    weigh the advisor's move against the heuristic bot's in a fight's dice, late in the game (off by default: one
    answer of the advisor costs about as much as the rollouts of a whole game); ``confirm``: play another move than
    the heuristic bot's only if it also wins more often over as many fresh worlds as the search used (on by default);
    ``boss``: in the boss fight, after a roll, play the advisor's move (its dice to apply, a new phase where it keeps
    dice to roll again) instead of the heuristic bot's (on by default: in Solar Sentinels the heuristic bot with it
    alone won 9.0 ± 1.5 points more over 600 paired games; in Victorum it plays the Primus fights and the final
    fight so);
    ``advice``: the advisor's work (:func:`advice_work`, a count from the size of each question) one game may cost
    in ``advised`` and ``boss`` moves: an answer the rest cannot pay for gives way to the heuristic bot's move (a
    boss fight of several enemies over many dice and rounds, answered by simulation, once cost over a minute).
    All are counts, so the same game is
    played the same way on any machine."""

    name = "expert"

    def __init__(
        self,
        seed: int = 0,
        *,
        rollouts: int = ROLLOUTS,
        budget: int = BUDGET,
        least: int = LEAST,
        z: float = Z,
        drop: float | None = None,
        plans: bool = False,
        advised: bool = False,
        confirm: bool = True,
        boss: bool = True,
        advice: int = ADVICE,
    ) -> None:
        self.seed = seed
        self.boss = boss
        self.advice = advice
        """The advisor's work (:func:`advice_work`) the rest of the game may cost: a question it cannot afford
        gets the heuristic bot's move."""
        self.capped = 0
        """The advisor's answers it went without for want of budget (for measuring)."""
        self.confirm = confirm
        self.advised = advised
        self.rollouts = rollouts
        self.budget = budget
        self.least = least
        self.z = z
        self.drop = drop
        self.heuristic = HeuristicPlayer(seed)
        """Its heuristic player, shown every move (it keeps a plan across a Commit step)."""
        self.moves = 0
        """The moves it has chosen so far."""
        self.plans = plans
        self.plan: list[Command] = []
        """The rest of the commit plan it chose (played before anything else while legal)."""
        self.last_step = ""
        """The step of its last move (a Commit step's plan is weighed at its first commit)."""
        self.weighed = 0
        """The decisions it has searched so far (how it spends its budget: for measuring)."""
        self.left = 0
        """The moves it has played other than the heuristic bot's so far (a commit plan's every command)."""
        self.lasts: tuple[int, int] | None = None
        """Its last probe: its move then, and how many commands a rollout played from there (how long the game may
        last yet: a decision is weighed only once the budget can afford it)."""

    def choose(self, view: PlayerView, legal: list[Command]) -> Command:
        """The best command of ``legal`` by the search, or the heuristic bot's where the bot does not search or
        no other command is surely better."""
        default = self.heuristic.choose(view, legal)
        chosen = self._choose(view, legal, default)
        self.left += chosen != default
        self.last_step = view.step
        return chosen

    def _choose(self, view: PlayerView, legal: list[Command], default: Command) -> Command:
        self.moves += 1
        if self.plan:  # the rest of a commit plan the bot chose
            following = self.plan.pop(0)
            if following in legal:
                return following
            self.plan = []
        if len(legal) == 1:
            return default
        if view.step == "commit" and self.plans and self.last_step != "commit":
            return self._commit_plan(view, default)
        if self.boss and view.step == "apply" and _boss_fight(view):
            return _advised_apply(view, legal, default) if self._afford(view) else default
        if view.step in FIGHT_STEPS:  # the dice: weighed only late in the game, against the advisor's move
            if not self.advised or view.step == "recover" or self.lasts is None or self._too_dear(self._left(), 2):
                return default
            if not self._afford(view):
                return default
            advised = advisor_move(view, legal)
            if advised is None or advised == default:
                return default
            weighed = [default, advised]
        else:
            weighed = candidates(legal, default)
        return weighed[self._weigh(state_of(view), [(c,) for c in weighed])]

    def _afford(self, view: PlayerView) -> bool:
        """Whether the advisor's budget left pays for its answer here (then it is spent), else the bot goes
        without it: a count, not a time, so the same game is played the same way on any machine."""
        work = advice_work(view)
        if work > self.advice:
            self.capped += 1
            return False
        self.advice -= work
        return True

    def _commit_plan(self, view: PlayerView, default: Command) -> Command:
        """The first command of the best commit plan: the heuristic bot's, or one of its variants' (:data:`PLANS`:
        more or fewer dice committed), each played to the roll, weighed as one move."""
        s = state_of(view)
        start = world(s, 0)  # the commits read the table only; a sampled world keeps the hidden cards out of reach
        plans: list[tuple[Command, ...]] = []
        for knobs in ({}, *PLANS):
            player = copy.deepcopy(self.heuristic)  # its memory of the round, its plan replanned with these knobs
            if knobs and player.bot is not None:
                player.bot._plan_key = None
                for name, value in knobs.items():
                    setattr(player.bot, name, value)
            found = _plan_of(player, start, None if knobs else default)
            if found is not None and found not in plans:
                plans.append(found)
        if len(plans) < 2 or plans[0][0] != default:
            return default
        chosen = plans[self._weigh(s, plans)]
        self.plan = list(chosen[1:])
        return chosen[0]

    def _weigh(self, s: GameState, moves: list[tuple[Command, ...]]) -> int:
        """Which of ``moves`` (the heuristic bot's first) to play: the one that wins surely more often than the
        first over the same sampled worlds, else the first (0); the first too where the budget cannot afford it."""
        if len(moves) == 1 or (self.lasts is not None and self._too_dear(self._left(), len(moves))):
            return 0  # the last rollout said the game is too long yet for the budget
        self.weighed += 1
        outcomes: list[list[float]] = [[] for _ in moves]
        spent = 0
        alive = list(range(len(moves)))
        for index in range(self.rollouts):
            sampled = world(s, index)
            for k in alive:
                won, cost = rollout(sampled, moves[k])
                outcomes[k].append(won)
                spent += cost
                if index == 0 and k == 0:
                    self.lasts = (self.moves, cost)
                    if self._too_dear(cost, len(moves)):
                        return 0  # too early in the game for the budget to weigh it in enough worlds
            if index + 1 >= self.least:
                if spent >= self.budget:
                    break
                if self.drop is not None:
                    alive = _contenders(alive, outcomes, self.drop)
                    if alive == [0]:
                        break  # no other move can still beat the heuristic bot's
        chosen = alive[_surely_better([outcomes[k] for k in alive], self.z)]
        if chosen == 0 or not self.confirm:
            return chosen
        return chosen if self._confirmed(s, moves[0], moves[chosen], len(outcomes[0])) else 0

    def _confirmed(self, s: GameState, default: tuple[Command, ...], chosen: tuple[Command, ...], count: int) -> bool:
        """Whether ``chosen`` still wins more often than the heuristic bot's move over ``count`` fresh sampled
        worlds (numbered after the search's): the search picked it as the best of several noisy figures, so its
        own figures overrate it (the winner's curse); fresh worlds do not."""
        gain = 0.0
        for index in range(self.rollouts, self.rollouts + count):
            sampled = world(s, index)
            gain += rollout(sampled, chosen)[0] - rollout(sampled, default)[0]
        return gain > 0

    def _left(self) -> int:
        """How many commands a rollout from here may play, by the last probe."""
        move, cost = self.lasts or (0, 0)
        return cost - (self.moves - move)

    def _too_dear(self, cost: int, commands: int) -> bool:
        """Whether weighing ``commands`` commands in :attr:`least` worlds at ``cost`` a rollout exceeds the
        budget."""
        return cost * commands * self.least > self.budget


def advisor_move(view: PlayerView, legal: Sequence[Command]) -> Command | None:
    """The advisor's first move in a fight's dice (architecture.md contract 12: the one advisor), if it has one
    and it is legal."""
    from twentystrong.odds.advice import hint  # numpy, when a fight is first weighed

    advice = hint(view)
    first = advice.commands[0] if advice.commands else None
    return first if first is not None and first in legal else None


def advice_work(view: PlayerView) -> int:
    """What an answer of the advisor after a roll costs, in work units, from the size of the question only (the
    advisor's own ways of answering are its business): the unapplied dice, times the undefeated enemies, times the
    phases left (each factor at least one, so that every answer costs a unit). Measured on Solar Sentinels' boss
    fights, a unit is about 2.5 ms of CPU; a boss fight of several enemies over many dice and phases, which the
    advisor answers by simulation, costs the most."""
    s = state_of(view)
    dice = len(s.dice_in("active"))
    enemies = sum(1 for card in s.active if not card.defeated)
    return max(1, dice) * max(1, enemies) * max(1, s.hero.strategy - s.phases_used)


def _boss_fight(view: PlayerView) -> bool:
    """Whether an undefeated boss stands in the active area (Solar Sentinels' last fight; Victorum's Primus fights
    and its final fight)."""
    return any(card.boss and not card.defeated for card in view.active)


def _advised_apply(view: PlayerView, legal: Sequence[Command], default: Command) -> Command:
    """The advisor's move after a roll in the boss fight: its first die to apply (architecture.md contract 12: the
    one advisor, which plays for the boss where its fall wins the game), a new phase where it keeps dice to roll
    again, else the heuristic bot's move."""
    from twentystrong.odds.advice import hint  # numpy, when a boss fight is first played

    advice = hint(view)
    if advice.stage != "apply":
        return default
    if advice.commands:
        first = advice.commands[0]
        return first if first in legal else default
    again = Command("repeat")
    if advice.played is not None and advice.played.rolling and again in legal:
        return again
    return default


def _paired(found: list[float], base: list[float]) -> tuple[float, float]:
    """The mean paired difference of ``found`` over ``base`` (the same worlds) and its standard error."""
    n = min(len(found), len(base))
    diffs = [a - b for a, b in zip(found[:n], base[:n], strict=True)]
    mean = sum(diffs) / n
    return mean, math.sqrt(sum((d - mean) ** 2 for d in diffs) / max(1, n - 1) / n)


def _contenders(alive: list[int], outcomes: list[list[float]], drop: float) -> list[int]:
    """The commands still in the race: the heuristic bot's move (index 0), the leader (the most wins so far, the
    heuristic bot's move among equals), and every other whose paired difference to the leader over the worlds so far
    is not ``drop`` standard errors below zero (the error at least one world's worth)."""
    leader = max(alive, key=lambda k: (sum(outcomes[k]) - sum(outcomes[0]), -k))
    kept = []
    for k in alive:
        mean, spread = _paired(outcomes[k], outcomes[leader])
        if k in (0, leader) or mean + drop * max(spread, 1 / len(outcomes[k])) >= 0:
            kept.append(k)
    return kept


def _plan_of(player: HeuristicPlayer, start: GameState, first: Command | None) -> tuple[Command, ...] | None:
    """The commands ``player`` commits from ``start`` up to and with the roll (``first``: its first, already
    chosen), or None if it plays anything else on the way."""
    s = start
    plan: list[Command] = []
    while len(plan) < 24:
        command = first if first is not None and not plan else player.choose(player_view(s), legal_commands(s))
        if command.cmd not in ("commit", "roll"):
            return None
        out = decide_and_apply(s, command)
        if isinstance(out, Rejected):
            return None
        plan.append(command)
        if command.cmd == "roll":
            return tuple(plan)
        s = out[1]
    return None


PLANS: tuple[dict[str, float], ...] = (
    {"margin": 1.0, "slack": 0.5},
    {"margin": 1.8, "slack": 2.0},
    {"reserve": 1},
    {"reserve": 5},
)
"""The heuristic bot's knobs its commit plan is weighed against (fewer dice, more dice, a smaller or larger
reserve)."""


def _surely_better(outcomes: list[list[float]], z: float) -> int:
    """Which move's paired gain over the first (the heuristic bot's move) is the largest and more than ``z``
    standard errors above zero; else the first (0)."""
    best, gain = 0, 0.0
    for k in range(1, len(outcomes)):
        mean, spread = _paired(outcomes[k], outcomes[0])
        if mean > gain and mean > z * spread:
            best, gain = k, mean
    return best
