"""The engine itself as the oracle of the odds panel's advice (issue 26): every set of legal applies of the dice
showing, and each legal item/ability/Tactic use first, played on copies of the state.

No shortcut of the odds package is used: only ``legal_commands`` and ``decide_and_apply``. Dice of one colour that
show the same face are interchangeable, so each multiset of choices is played once. A defeat that opens a prompt (an
instant reward) is answered (the reward taken when that is legal, else the first answer) and the plan goes on.

Used by ``tests/test_odds_advice_scan.py`` (the scan over seeded bot games) and the scenario tests.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field

from twentystrong.bots import make_bot
from twentystrong.content.loader import load_shipped
from twentystrong.engine import GameState, Rejected, SetupOptions, decide_and_apply, initial_state
from twentystrong.engine.commands import Command
from twentystrong.engine.legal import awaiting, legal_commands
from twentystrong.engine.view import player_view
from twentystrong.kits.options import choose

USES = ("use_item", "use_ability")


class TooBig(Exception):
    """The position has more plays than the oracle's budget."""


@dataclass(frozen=True)
class Outcome:
    """Where one play (a use or none, then some applies) leaves the game, as the engine plays it."""

    commands: tuple[Command, ...]
    defeated: frozenset[str]
    """The cards it defeats (every undefeated one when it wins the game)."""
    won: bool
    used: bool
    """It uses an item, the hero's ability or a Tactic first."""

    @property
    def dice(self) -> int:
        return sum(c.cmd == "apply" for c in self.commands)


@dataclass
class Oracle:
    state: GameState
    enemies: tuple[str, ...]
    plain: list[Outcome] = field(default_factory=list)
    resourced: list[Outcome] = field(default_factory=list)

    def best(self, outcomes: list[Outcome]) -> tuple[bool, int]:
        return max(
            ((o.won or len(o.defeated) == len(self.enemies), len(o.defeated)) for o in outcomes), default=(False, 0)
        )

    def plain_all(self) -> bool:
        """Some set of the dice showing wins the game or defeats every enemy, spending nothing."""
        return any(o.won or len(o.defeated) == len(self.enemies) for o in self.plain)

    def resourced_all(self) -> bool:
        return any(o.won or len(o.defeated) == len(self.enemies) for o in self.resourced)

    def plain_any(self) -> bool:
        return any(o.defeated for o in self.plain)

    def any_defeat(self) -> bool:
        return any(o.defeated for o in (*self.plain, *self.resourced))

    def falls(self, card: str) -> bool:
        return any(card in o.defeated for o in self.plain)


def settle_prompts(s: GameState, depth: int = 6) -> GameState | None:
    """Answer prompts a defeat opened (take the reward when legal, else the first answer); None when stuck."""
    while s.prompt is not None and s.result is None and depth > 0:
        depth -= 1
        legal = [c for c in legal_commands(s) if c.cmd not in USES]
        if not legal:
            return None
        take = next((c for c in legal if c.cmd == "take_reward"), legal[0])
        out = decide_and_apply(s, take)
        if isinstance(out, Rejected):
            return None
        s = out[1]
    return s if s.prompt is None or s.result is not None else None


def _undefeated(s: GameState) -> frozenset[str]:
    return frozenset(c.id for c in s.active if not c.defeated)


def oracle(s: GameState, budget: int = 4000) -> Oracle:
    """Every play of the dice showing, with nothing used and with each legal use first."""
    enemies = tuple(c.id for c in s.active if not c.defeated)
    found = Oracle(s, enemies)
    calls = [0]
    found.plain = _applies(s, (), False, calls, budget)
    for command in legal_commands(s):
        if command.cmd not in USES:
            continue
        out = decide_and_apply(s, command)
        calls[0] += 1
        if isinstance(out, Rejected):
            continue
        for after, played in _answers(out[1], (command,), calls, budget):
            found.resourced += _applies(after, played, True, calls, budget, before=s)
    return found


def _answers(s: GameState, played: tuple[Command, ...], calls: list[int], budget: int, depth: int = 3):
    """Every way to answer the prompts a use opens (its own choices), to a state with no prompt."""
    if s.prompt is None or s.result is not None:
        yield s, played
        return
    if depth == 0:
        return
    for command in legal_commands(s):
        if command.cmd in USES:
            continue
        out = decide_and_apply(s, command)
        calls[0] += 1
        if calls[0] > budget:
            raise TooBig
        if not isinstance(out, Rejected):
            yield from _answers(out[1], (*played, command), calls, budget, depth - 1)


def _applies(
    s: GameState,
    played: tuple[Command, ...],
    used: bool,
    calls: list[int],
    budget: int,
    before: GameState | None = None,
) -> list[Outcome]:
    start = before or s
    standing = _undefeated(start)
    order = [c.id for c in start.active]
    dice = sorted((d for d in s.dice_in("active") if d.face in ("hit", "crit")), key=lambda d: (d.color, d.face, d.id))
    out: list[Outcome] = []

    def record(state: GameState, commands: tuple[Command, ...]) -> None:
        won = state.result == "won"
        defeated = standing if won else standing - _undefeated(state)
        out.append(Outcome(commands, frozenset(defeated), won, used))

    def walk(state: GameState, i: int, commands: tuple[Command, ...], last: tuple[str, int]) -> None:
        if i == len(dice) or state.result is not None or state.step != "apply":
            record(state, commands)
            return
        die = dice[i]
        kind = (die.color, die.face or "")
        floor = last[1] if last[0] == f"{kind}" else -1
        if floor <= -1:
            walk(state, i + 1, commands, (f"{kind}", -1))
        for k, card in enumerate(order):
            if k < floor:
                continue
            command = Command("apply", die=die.id, card=card)
            if command not in legal_commands(state):
                continue
            result = decide_and_apply(state, command)
            calls[0] += 1
            if calls[0] > budget:
                raise TooBig
            if isinstance(result, Rejected):
                continue
            after = settle_prompts(result[1])
            if after is None:
                continue
            walk(after, i + 1, (*commands, command), (f"{kind}", k))

    walk(s, 0, played, ("", -1))
    return out


# --- the games ---------------------------------------------------------------------------------------------------


def apply_positions(
    deck_id: str, hero: str, seed: int, bot: str = "heuristic", cap: int = 3000
) -> Iterator[tuple[int, GameState]]:
    """Every Apply-step position (no prompt waiting, dice showing) of a seeded bot game: (commands so far, state)."""
    deck = load_shipped(deck_id)
    s = initial_state(deck, SetupOptions(deck.id, hero, seed, choices=choose({"difficulty": 0})))
    player = make_bot(bot, seed)
    n = 0
    while s.result is None and n < cap:
        if s.step == "apply" and s.prompt is None and any(d.face is not None for d in s.dice_in("active")):
            yield n, s
        legal = legal_commands(s)
        out = decide_and_apply(s, player.choose(player_view(s), legal))
        assert not isinstance(out, Rejected)
        s = out[1]
        n += 1


def state_after(deck_id: str, hero: str, seed: int, n: int, bot: str = "heuristic") -> GameState:
    """ "#N": the state after N commands chosen by the bot (the first being ``start``)."""
    deck = load_shipped(deck_id)
    s = initial_state(deck, SetupOptions(deck.id, hero, seed, choices=choose({"difficulty": 0})))
    player = make_bot(bot, seed)
    for _ in range(n):
        out = decide_and_apply(s, player.choose(player_view(s), legal_commands(s)))
        assert not isinstance(out, Rejected)
        s = out[1]
    return s


def view_of(s: GameState):  # noqa: ANN201 - a GameView (the TUI's store)
    from twentystrong.tui.store import GameView

    return GameView(player_view(s), tuple(legal_commands(s)), awaiting(s))
