"""Mount Vesuvius as the table draws it: each camp (its top card, size and Primus), the Scion at the apex, and the
camps a press can choose now. Pure: what the board widget and the table's keys read, computed from the view (the
engine's legal commands decide what can be chosen; nothing here decides a rule)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import NamedTuple

from twentystrong.content.model import Deck
from twentystrong.engine.commands import Command
from twentystrong.kits.hoplomachus_victorum.cards import opportunity_goal
from twentystrong.kits.hoplomachus_victorum.content import CampCard, primus_by_id, scion_by_id
from twentystrong.kits.hoplomachus_victorum.rules.pyramid import IDS, ROW_COL, ROWS, SCION_ID
from twentystrong.kits.hoplomachus_victorum.rules.view import VictorumView
from twentystrong.text.cards import TextLine
from twentystrong.text.effects import describe_effects
from twentystrong.tui.store import GameView

CAMP_COMMANDS = ("move", "activate", "feed_influence", "place_primus", "choose")
"""The commands that name a camp (``camp=``): pressing that camp plays them (or offers them, when several do)."""
KIND_LETTERS = {"bloodshed": "B", "sport": "S", "opportunity": "O"}
"""The kind letter of a camp card (never its colour alone)."""
HERE = "◉"
"""Marks the camp the chip is on (with the frame: never colour alone)."""
CHOOSE = "▶"
"""Marks a camp a press can choose now, with its number key."""
PRIMUS = "♛"
"""Marks a Primus waiting under a camp (and the Scion)."""
INFLUENCE = "✧"
"""The Influence icon on a card's back."""


def camp_commands(view: GameView) -> dict[str, list[Command]]:
    """The legal commands naming each camp, by camp id, in the pyramid's order (bottom row first)."""
    found: dict[str, list[Command]] = {}
    for command in view.legal:
        if command.cmd in CAMP_COMMANDS and command.camp is not None and command.camp in IDS:
            found.setdefault(str(command.camp), []).append(command)
    return {camp: found[camp] for camp in IDS if camp in found}


def camp_numbers(view: GameView, kept: Mapping[str, int] | None = None) -> dict[str, int]:
    """The number key of each camp a press can choose now: 1, 2 … in the pyramid's order.

    ``kept``: the numbers shown a moment ago for this same question (a choice that takes several picks, such as
    feeding the Influence deck): each camp still offered keeps its number until the question ends, so a number
    never moves under the player's hand; a camp offered anew takes the first number no offered camp has."""
    offered = list(camp_commands(view))
    if not kept:
        return {camp: n for n, camp in enumerate(offered, start=1)}
    numbers = {camp: kept[camp] for camp in offered if camp in kept}
    used = set(numbers.values())
    free = (n for n in range(1, len(IDS) + len(used) + 1) if n not in used)
    for camp in offered:
        if camp not in numbers:
            numbers[camp] = next(free)
    return numbers


def question_of(view: GameView) -> tuple[object, ...]:
    """What the game is asking (the step, what it waits for, the open prompt): camp numbers last as long as it."""
    player = view.player
    prompt = player.prompt
    if prompt is None:
        return (player.step, view.kind)
    return (player.step, view.kind, prompt.kind, prompt.source, prompt.effect, prompt.card, prompt.purpose)


def number_keys(numbers: Iterable[int]) -> str:
    """The keys of some camp numbers: ``1``, ``1–4``, or ``1, 3–5`` when some were taken already."""
    runs: list[list[int]] = []
    for n in sorted(numbers):
        if runs and n == runs[-1][-1] + 1:
            runs[-1].append(n)
        else:
            runs.append([n])
    return ", ".join(str(run[0]) if len(run) == 1 else f"{run[0]}–{run[-1]}" for run in runs)


class CampInfo(NamedTuple):
    """What one camp shows."""

    id: str
    """``1-2``: row then column, from the bottom."""
    size: int
    top: str | None = None
    name: str = ""
    kind: str = ""
    """``bloodshed``, ``sport`` or ``opportunity`` (the top card's)."""
    health: int = 0
    damage: int = 0
    additional: int = 0
    influence: bool = False
    goal: str = ""
    """An Opportunity's condition, in words."""
    primus: str | None = None
    primus_name: str = ""
    primus_stats: str = ""
    """``♥7 ⚔2 +1``."""
    here: bool = False
    """The chip is on this camp."""
    number: int = 0
    """Its number key when a press can choose it now (0: it cannot)."""
    lines: tuple[TextLine, ...] = ()
    """The top card's printed lines (the tooltip gives them in full)."""
    reward: str = ""
    """The top card's reward kind (``instant``, ``single_use``, ``ongoing``), "" without one."""

    @property
    def letter(self) -> str:
        """The top card's kind letter: B, S or O."""
        return KIND_LETTERS.get(self.kind, "?")

    @property
    def stats(self) -> str:
        """``♥2 ⚔1 +1`` for an enemy; "" for an Opportunity."""
        if self.kind == "opportunity" or self.top is None:
            return ""
        extra = f" +{self.additional}" if self.additional else ""
        return f"♥{self.health} ⚔{self.damage}{extra}"


def vesuvius(view: GameView) -> VictorumView:
    """Mount Vesuvius as the player sees it."""
    t = view.player.table
    assert isinstance(t, VictorumView)
    return t


def camp_info(deck: Deck, t: VictorumView, k: int, *, number: int = 0) -> CampInfo:
    """Camp ``k`` (0–8) of a view."""
    from twentystrong.kits.hoplomachus_victorum.cards import describe_camp

    camp_view = t.camps[k] if k < len(t.camps) else None
    size = camp_view.size if camp_view is not None else 0
    here = t.position == IDS[k]
    primus = camp_view.primus if camp_view is not None else None
    p_name = p_stats = ""
    if primus is not None:
        side = primus_by_id(deck, primus)
        p_name = side.name
        p_stats = f"♥{side.health} ⚔{side.damage}" + (f" +{side.additional}" if side.additional else "")
    base = CampInfo(IDS[k], size, primus=primus, primus_name=p_name, primus_stats=p_stats, here=here)
    base = base._replace(number=number)
    if camp_view is None or camp_view.top is None:
        return base
    card = deck.card(camp_view.top)
    camp = card if isinstance(card, CampCard) else None
    kind = camp.kind if camp is not None else "bloodshed"
    goal = opportunity_goal(camp.condition) if camp is not None and camp.condition is not None else ""
    lines = describe_camp(camp).lines if camp is not None else ()
    return base._replace(
        top=card.id,
        name=card.name,
        kind=kind,
        health=card.health,
        damage=card.damage,
        additional=card.additional,
        influence=bool(camp is not None and camp.influence),
        goal=goal,
        lines=lines,
        reward=card.reward.kind if card.reward is not None else "",
    )


def camp_infos(view: GameView, numbers: Mapping[str, int] | None = None) -> tuple[CampInfo, ...]:
    """Every camp of a view, in the pyramid's order (bottom row first); ``numbers``: the camps' number keys (by
    default :func:`camp_numbers`)."""
    t = vesuvius(view)
    if not t.camps:
        return tuple(CampInfo(camp, 0) for camp in IDS)
    numbers = camp_numbers(view) if numbers is None else numbers
    return tuple(camp_info(view.deck, t, k, number=numbers.get(IDS[k], 0)) for k in range(len(IDS)))


class ScionInfo(NamedTuple):
    """What the apex shows: the Scion, its side, and whether the chip is there (the final fight)."""

    id: str
    name: str = ""
    side: str = "spectate"
    """``spectate`` until the final fight, then ``conflict``."""
    penalty: str = ""
    """The Spectate side's penalty, in words."""
    stats: str = ""
    """The Conflict side: ``♥6 ⚔1 +1``."""
    here: bool = False


def scion_info(view: GameView) -> ScionInfo:
    """The Scion of a view."""
    t = vesuvius(view)
    if not t.scion:
        return ScionInfo("")
    scion = scion_by_id(view.deck, t.scion)
    penalty = scion.spectate_text or describe_effects(list(scion.spectate))
    stats = f"♥{scion.health} ⚔{scion.damage}" + (f" +{scion.additional}" if scion.additional else "")
    return ScionInfo(scion.id, scion.name, t.scion_side, penalty, stats, here=t.position == SCION_ID)


def rows_from_top() -> list[list[int]]:
    """The camps of each row, top row first (the pyramid as it is drawn)."""
    rows: list[list[int]] = [[] for _ in ROWS]
    for k, (r, _) in enumerate(ROW_COL):
        rows[r].append(k)
    return list(reversed(rows))
