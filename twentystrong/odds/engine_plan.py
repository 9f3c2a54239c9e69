"""What the dice showing do now, asked of the engine itself on copies of the state (issue 26).

The odds' tables value what is still to roll; they do not hold every rule about what may be applied now (at most N
dice on a card, one die per colour per step), what a defeat opens (an instant reward waits for an answer before the
next die), what an item does when it defeats a card or sets its Health, what a defeat chains into, or that a boss's
fall ends the game (R11). Here every set of legal applies of the dice showing a hit or a crit is played through
``decide_and_apply`` on copies (dice of one colour showing the same face are interchangeable, so each multiset of
choices is played once), with nothing used first and with each legal item, ability or Tactic use first. A prompt a
defeat opens is answered (the reward taken when that is legal) and the play goes on.

:func:`search` says, within a budget of engine calls:

- the fewest dice that win the game or defeat every enemy, spending nothing;
- else, the same with one use first (a once-per-round effect before a single-use one, then the fewest dice);
- the plain play that defeats the most enemies (the most damage they would deal, then the fewest dice), and which
  enemies can fall now at all.

Pure Python over the engine (no textual): the panel asks it on the UI thread (the engine's hooks memoise per state),
once per state (``GameState.memo``).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import cast

from twentystrong.content.effects import Color, Face
from twentystrong.engine.commands import Command, Rejected
from twentystrong.engine.decide import decide_and_apply
from twentystrong.engine.effects import hooks
from twentystrong.engine.legal import legal_commands
from twentystrong.engine.state import DieState, GameState

__all__ = ["BUDGET", "Play", "Plays", "play_through", "search", "settle"]

BUDGET = 2500
"""Engine calls a search may make (a few tens of milliseconds); beyond it the search says it did not finish."""
USES = ("use_item", "use_ability")
WALK = 400
"""Engine calls the walks through every play may make in one search, when the foreseen plays are refused (past it,
what was found stands)."""
PER_ENEMY = 8
"""The fewest sets of dice kept per enemy when plays for several are combined (the fewest and weakest first)."""


@dataclass(frozen=True, slots=True)
class Play:
    """One play of the dice showing, as the engine plays it."""

    commands: tuple[Command, ...]
    """The commands in order, each as ``legal_commands`` lists it at its turn: the use first (if any), the applies,
    and the answers to prompts a defeat opens between them."""
    defeats: tuple[str, ...]
    """The cards it defeats (every undefeated one when it wins the game), in active-area order."""
    won: bool
    """A boss fell and the game is won (R11)."""
    everyone: bool
    """Every enemy that stood falls (or the game is won)."""
    single: bool = False
    """Its use is a single-use item's or Tactic's (not a once-per-round effect)."""
    lost: tuple[str, ...] = ()
    """The dice it loses for good: banished by its use, or applied to a card whose After effect banishes them."""

    @property
    def dice(self) -> tuple[str, ...]:
        return tuple(c.die for c in self.commands if c.cmd == "apply" and c.die is not None)

    @property
    def use(self) -> Command | None:
        return next((c for c in self.commands if c.cmd in USES), None)


@dataclass(frozen=True, slots=True)
class Plays:
    """What :func:`search` found."""

    complete: bool
    """The search played every play within its budget (else the other fields are what it saw)."""
    sweep: Play | None = None
    """The fewest dice that win or defeat every enemy, spending nothing."""
    sweep_with: Play | None = None
    """None when :attr:`sweep` is found; else one use and the fewest dice that win or defeat every enemy."""
    most: Play | None = None
    """The plain play that defeats the most (by what they would deal, then the fewest dice); None when none
    defeats anything."""
    falls: frozenset[str] = frozenset()
    """The enemies some plain play defeats now."""
    most_with: Play | None = None
    """When no plain play defeats anything and nothing sweeps: the play with one use first that defeats the most."""


class _OverBudget(Exception):
    pass


def settle(s: GameState, played: tuple[Command, ...] = (), depth: int = 6) -> tuple[GameState, tuple[Command, ...]]:
    """Answer the prompts a defeat opened (the reward taken when that is legal, else the first answer); the state
    after and the commands with the answers added (the state still waits when no answer is legal)."""
    while s.prompt is not None and s.result is None and depth > 0:
        depth -= 1
        legal = [c for c in legal_commands(s) if c.cmd not in USES and c.cmd != "discard_item"]
        if not legal:
            break
        answer = next((c for c in legal if c.cmd == "take_reward"), legal[0])
        out = decide_and_apply(s, answer)
        if isinstance(out, Rejected):
            break
        s, played = out[1], (*played, answer)
    return s, played


def play_through(
    s: GameState, commands: tuple[Command, ...]
) -> tuple[GameState, tuple[Command, ...], tuple[Command, ...]]:
    """Play ``commands`` on a copy, each only if legal at its turn, prompts a defeat opens answered between them:
    the state after, the commands played (the answers included) and those refused."""
    played: tuple[Command, ...] = ()
    refused: tuple[Command, ...] = ()
    for command in commands:
        out = decide_and_apply(s, command) if command in legal_commands(s) else None
        if out is None or isinstance(out, Rejected):
            refused = (*refused, command)
            continue
        s, played = settle(out[1], (*played, command))
    return s, played, refused


def _standing(s: GameState) -> tuple[str, ...]:
    return tuple(c.id for c in s.active if not c.defeated)


def search(s: GameState, budget: int = BUDGET) -> Plays:
    """What the dice showing do now (see the module docstring), within ``budget`` engine calls."""
    calls = [0, WALK]  # engine calls made, and those the walks through every play may still make
    standing = _standing(s)
    if not standing or s.step != "apply" or s.prompt is not None or s.result is not None:
        return Plays(complete=True)
    weight = {c.id: hooks.enemy_damage(s, c) + 1 for c in s.active if not c.defeated}
    try:
        plain = _candidates(s, s, (), standing, calls, budget)
    except _OverBudget:
        return Plays(complete=False)
    sweep = min((p for p in plain if p.everyone), key=_cost, default=None)
    falls = frozenset(c for p in plain for c in p.defeats)
    most = max((p for p in plain if p.defeats), key=lambda p: _worth(p, weight), default=None)
    sweep_with: Play | None = None
    most_with: Play | None = None
    if sweep is None:
        try:
            sweep_with, most_with = _with_use(s, standing, weight, calls, budget)
        except _OverBudget:
            return Plays(complete=False, most=most, falls=falls)
    return Plays(
        complete=True,
        sweep=sweep,
        sweep_with=sweep_with,
        most=most,
        falls=falls,
        most_with=most_with if most is None else None,
    )


def _showing(s: GameState) -> list[DieState]:
    """The active dice showing a hit or a crit, by colour, face and id (the order every walk of plays follows)."""
    return sorted((d for d in s.dice_in("active") if d.face in ("hit", "crit")), key=lambda d: (d.color, d.face, d.id))


def _worth(play: Play, weight: dict[str, int]) -> tuple[bool, int, bool, int, int, int, int]:
    """The better play is larger: the game won, then what the enemies it defeats would deal, then a once-per-round
    use before a single-use one, then fewer dice lost for good, then fewer and weaker dice."""
    lost, weight_lost, dice, strength, _ = _cost(play)
    return (
        play.won,
        sum(weight.get(c, 1) for c in play.defeats),
        not play.single,
        -lost,
        -weight_lost,
        -dice,
        -strength,
    )


def _candidates(
    start: GameState,
    s: GameState,
    played: tuple[Command, ...],
    standing: tuple[str, ...],
    calls: list[int],
    budget: int,
    verify: int = 24,
    depth: int = 1,
    extend: int = 2,
) -> list[Play]:
    """The plays worth knowing from ``s`` (after ``played``), found quickly and confirmed by the engine.

    Per enemy, the damage model the engine's hooks give now (:func:`~twentystrong.odds.engine_model.target_for`)
    says which fewest sets of the dice showing defeat it; sets for several enemies that share no die are combined,
    the best first, and each is played through the engine (prompts answered between applies), kept only when the
    engine takes every die and defeats at least what was foreseen. When the engine refuses every foreseen play (a rule
    on combinations of dice the models do not hold), every play is walked instead (:func:`_plays`)."""
    from twentystrong.odds.dice import COLORS
    from twentystrong.odds.engine_model import target_for

    dice = _showing(s)
    kinds: list[tuple[Color, Face]] = []
    ids: dict[tuple[Color, Face], list[str]] = {}
    for d in dice:
        key = (d.color, cast(Face, d.face))
        if key not in ids:
            kinds.append(key)
            ids[key] = []
        ids[key].append(d.id)
    for key in kinds:
        ids[key].sort(key=_die_key)
    counts = [len(ids[k]) for k in kinds]
    already = tuple(c for c in standing if c not in _standing(s))  # a use defeated them
    options: list[tuple[str, list[tuple[int, ...]]]] = []
    value: dict[str, tuple[int, int]] = {}  # a boss first (its fall wins, R11), then what the enemy would deal
    strength = [COLORS.index(color) + 1 for color, _ in kinds]
    for card in s.active:
        if card.defeated or card.id not in standing:
            continue
        target = target_for(s, card, now=True)
        worth = [target.model.damage(color, face) for color, face in kinds]
        sets = _fewest(target.need, worth, counts)
        sets.sort(key=lambda v: (sum(v), sum(n * w for n, w in zip(v, strength, strict=True))))
        options.append((card.id, sets[:PER_ENEMY]))
        value[card.id] = (int(card.boss), hooks.enemy_damage(s, card) + 1)
    combos: list[tuple[tuple[int, int, int, int], tuple[tuple[str, tuple[int, ...]], ...]]] = []

    def combine(i: int, left: tuple[int, ...], chosen: tuple[tuple[str, tuple[int, ...]], ...]) -> None:
        if i == len(options):
            if chosen or already:
                used = sum(sum(v) for _, v in chosen)
                weak = sum(n * w for _, v in chosen for n, w in zip(v, strength, strict=True))
                boss = max((value[c][0] for c, _ in chosen), default=0)
                dealt = 0 if boss else sum(value[c][1] for c, _ in chosen)  # a win is a win, whoever else falls
                combos.append(((boss, dealt, -used, -weak), chosen))
            return
        card, sets = options[i]
        combine(i + 1, left, chosen)
        for v in sets:
            if all(a <= b for a, b in zip(v, left, strict=True)):
                combine(i + 1, tuple(b - a for a, b in zip(v, left, strict=True)), (*chosen, (card, v)))

    combine(0, tuple(counts), ())
    combos.sort(key=lambda c: c[0], reverse=True)
    found: list[Play] = []
    reached: list[tuple[Play, GameState]] = []
    refused = 0
    sweep_refused = False
    for _, chosen in combos[:verify]:
        commands: list[Command] = []
        taken = [0] * len(kinds)
        for enemy, v in chosen:
            for k, n in enumerate(v):
                commands += [Command("apply", die=d, card=enemy) for d in ids[kinds[k]][taken[k] : taken[k] + n]]
                taken[k] += n
        calls[0] += len(commands)
        if calls[0] > budget:
            raise _OverBudget
        after, answered, no = play_through(s, tuple(commands))
        foreseen = {enemy for enemy, _ in chosen}
        play = _leaf(after, (*played, *answered), standing, start)
        if no or not foreseen <= set(play.defeats):
            refused += 1
            sweep_refused = (
                sweep_refused
                or len(foreseen) + len(already) == len(standing)
                or any(value[c][0] for c in foreseen)  # a boss's fall would have won
            )
            continue
        found.append(play)
        if not play.everyone and play.defeats and after.step == "apply" and after.prompt is None and depth > 0:
            reached.append((play, after))
    # A defeat may change what the dice left can do (a chain that damages or defeats another enemy, a reward): the
    # best plays found go on from where they leave the game, the models asked again there.
    if not any(p.everyone for p in found):
        for play, after in reached[:extend]:
            more = _candidates(start, after, play.commands, standing, calls, budget, 4, depth - 1)
            found += [p for p in more if len(p.defeats) > len(play.defeats)]
    if refused and (not found or (sweep_refused and not any(p.everyone for p in found))):
        # A rule on combinations of dice the models do not hold: every play walked, as far as the budget goes.
        if calls[1] <= 0:
            return found  # the walks' share of the budget is spent
        before = calls[0]
        try:
            walked = [
                p for p in _plays(start, s, played, standing, calls, min(budget, calls[0] + calls[1])) if p.defeats
            ]
        except _OverBudget:
            walked = found
        calls[1] -= calls[0] - before
        return walked
    return found


def _die_key(die: str) -> tuple[int, int]:
    from twentystrong.odds.dice import die_order

    return die_order(die)


def _fewest(need: int, worth: list[int], counts: list[int]) -> list[tuple[int, ...]]:
    """The sets of dice (a count per kind) that deal at least ``need`` and none of whose dice could be left out."""
    if need <= 0:
        return [tuple(0 for _ in counts)]
    out: list[tuple[int, ...]] = []
    chosen = [0] * len(counts)

    def walk(k: int, dealt: int) -> None:
        if dealt >= need:
            if all(dealt - worth[j] < need for j in range(len(counts)) if chosen[j]):
                out.append(tuple(chosen))
            return
        if k == len(counts) or len(out) > 200:
            return
        for n in range(counts[k] + 1 if worth[k] else 1):
            chosen[k] = n
            walk(k + 1, dealt + n * worth[k])
        chosen[k] = 0

    walk(0, 0)
    return out


def _leaf(state: GameState, commands: tuple[Command, ...], standing: tuple[str, ...], start: GameState) -> Play:
    from twentystrong.odds.engine_model import lost_by

    won = state.result == "won"
    left = set(_standing(state))
    defeats = standing if won else tuple(c for c in standing if c not in left)
    return Play(commands, defeats, won, won or not left, lost=lost_by(start, state))


def _cost(play: Play) -> tuple[int, int, int, int, tuple[str, ...]]:
    """Fewer dice lost for good first (a play that loses none before one whose card's After effect banishes the
    dice applied, or whose use banishes a die), weaker ones among them, then fewer dice, then weaker ones (lower
    colours), then by id (a stable choice)."""
    from twentystrong.odds.dice import COLORS, color_of

    def strength(dice: tuple[str, ...]) -> int:
        return sum(COLORS.index(color_of(d)) + 1 for d in dice)

    dice = play.dice
    return (len(play.lost), strength(play.lost), len(dice), strength(dice), dice)


def _with_use(
    s: GameState, standing: tuple[str, ...], weight: dict[str, int], calls: list[int], budget: int
) -> tuple[Play | None, Play | None]:
    """With one use first: the play that sweeps at least cost (a once-per-round effect before a single-use one, then
    the fewest dice), and the play that defeats the most."""
    found: list[Play] = []
    for command in legal_commands(s):
        if command.cmd not in USES:
            continue
        single = command.cmd == "use_item" and command.effect is None
        out = decide_and_apply(s, command)
        calls[0] += 1
        if isinstance(out, Rejected):
            continue
        for after, played in _answers(out[1], (command,), calls, budget):
            for play in _candidates(s, after, played, standing, calls, budget, extend=1):
                if play.defeats:
                    found.append(Play(play.commands, play.defeats, play.won, play.everyone, single, play.lost))
    sweep = min((p for p in found if p.everyone), key=lambda p: (p.single, *_cost(p)), default=None)
    most = max(found, key=lambda p: _worth(p, weight), default=None)
    return sweep, most


def _answers(
    s: GameState, played: tuple[Command, ...], calls: list[int], budget: int, depth: int = 3
) -> Iterator[tuple[GameState, tuple[Command, ...]]]:
    """Every way to answer the choices a use asks (which die, which card …), to a state with no prompt."""
    if s.prompt is None or s.result is not None:
        yield s, played
        return
    if depth == 0:
        return
    for command in legal_commands(s):
        if command.cmd in USES or command.cmd == "discard_item":
            continue
        out = decide_and_apply(s, command)
        calls[0] += 1
        if calls[0] > budget:
            raise _OverBudget
        if not isinstance(out, Rejected):
            yield from _answers(out[1], (*played, command), calls, budget, depth - 1)


def _plays(
    start: GameState,
    s: GameState,
    played: tuple[Command, ...],
    standing: tuple[str, ...],
    calls: list[int],
    budget: int,
) -> Iterator[Play]:
    """Every multiset of applies of the dice showing a hit or a crit from ``s`` (``start``: the state asked about)."""
    order = [c.id for c in start.active]
    dice = _showing(s)

    def leaf(state: GameState, commands: tuple[Command, ...]) -> Play:
        return _leaf(state, commands, standing, start)

    def walk(state: GameState, i: int, commands: tuple[Command, ...], ceiling: int) -> Iterator[Play]:
        if i == len(dice) or state.result is not None or state.step != "apply" or state.prompt is not None:
            yield leaf(state, commands)
            return
        die = dice[i]
        same = i > 0 and (dice[i - 1].color, dice[i - 1].face) == (die.color, die.face)
        # Interchangeable dice take their choices in order (the lowest ids applied, cards in area order, then the
        # dice left): each multiset of choices once.
        most = ceiling if same else len(order)
        yield from walk(state, i + 1, commands, -1)
        legal = legal_commands(state)
        for k, card in enumerate(order):
            if k > most:
                break
            command = Command("apply", die=die.id, card=card)
            if command not in legal:
                continue
            calls[0] += 1
            if calls[0] > budget:
                raise _OverBudget
            out = decide_and_apply(state, command)
            if isinstance(out, Rejected):
                continue
            after, answered = settle(out[1], (*commands, command))
            yield from walk(after, i + 1, answered, k)

    yield from walk(s, 0, played, len(order))
