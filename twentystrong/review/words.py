"""A review in words a player understands, and a text chart of the win chance across the game.

The commands are said as the history says them (:func:`twentystrong.text.commands.describe_command`: the deck's own
words come from its kit), from the table as it was just before each decision. Nothing here names a deck.
"""

from __future__ import annotations

from collections.abc import Sequence

from twentystrong.i18n import _, ngettext, term
from twentystrong.i18n.numbers import localise, percent_sign
from twentystrong.i18n.terms import TERMS
from twentystrong.record.games import GameRow
from twentystrong.review.review import Decision, Review
from twentystrong.session.history import HistoryEntry
from twentystrong.text.commands import describe_command


def heading(row: GameRow) -> str:
    """``Review of game #12 · 2026-11-25 · Umbra · rank 2 · won in 17 rounds``."""
    parts = [_("Review of game #{number}").format(number=row.id), row.day, row.hero_name]
    if row.level_kind and row.level is not None:
        # The kind is the deck's own word, kept in the record ("rank", "difficulty": glossary terms).
        kind = term(row.level_kind) if row.level_kind in TERMS else row.level_kind
        parts.append(f"{kind} {row.level}")
    if row.assisted:
        parts.append(_("assisted"))
    if row.won:
        parts.append(ngettext("won in {rounds} round", "won in {rounds} rounds", row.rounds).format(rounds=row.rounds))
    else:
        parts.append(_("lost in round {rounds}").format(rounds=row.rounds))
    return " · ".join(parts)


def percent(chance: float | None) -> str:
    """``43%`` (``?`` when unknown)."""
    return "?" if chance is None else percent_sign(str(round(chance * 100)))


def played_words(decision: Decision, history: Sequence[HistoryEntry]) -> str:
    """What the player did, as a sentence: ``You activate stack 2 (Rust Maw).``"""
    return describe_command(decision.played, history[decision.step - 1].state_after)


def expert_words(decision: Decision, history: Sequence[HistoryEntry]) -> str:
    """What the expert would have done instead, as a sentence ("" when it agrees)."""
    if decision.expert is None:
        return ""
    return describe_command(decision.expert, history[decision.step - 1].state_after)


SIDE = frozenset({"use_item", "use_ability", "discard_item"})
"""Commands played on the side of a decision (an item, an ability): the decision comes again after them."""


def first(decision: Decision) -> bool:
    """Whether the expert's choice is one played before the decision rather than instead of it (an item used, an
    ability), where the player chose the decision's own kind of command."""
    expert = decision.expert
    return expert is not None and expert.cmd in SIDE and decision.played.cmd not in SIDE


def advice_words(decision: Decision, history: Sequence[HistoryEntry]) -> str:
    """What the expert would do, in the decision's own terms: ``The expert would rather: You activate stack 1.``,
    or, when it would use an item before it, ``The expert would not do this yet, but first: You use Field Kit.``
    ("" when it agrees)."""
    if decision.expert is None:
        return ""
    expert = expert_words(decision, history)
    if first(decision):
        return _("The expert would not do this yet, but first: {expert}").format(expert=expert)
    if decision.played.cmd in SIDE and decision.expert.cmd not in SIDE:
        return _("The expert would not do this now, but rather: {expert}").format(expert=expert)
    return _("The expert would rather: {expert}").format(expert=expert)


def cost_words(decision: Decision) -> str:
    """``about 9 points (± 4)``: the cost and how far off it may be (two standard errors of its estimate)."""
    points = round(decision.cost or 0)
    if decision.margin is None:
        return _("about {points} points").format(points=points)
    return _("about {points} points (± {margin})").format(points=points, margin=round(decision.margin))


def flag_words(decision: Decision, history: Sequence[HistoryEntry]) -> str:
    """A costly decision in a player's words: ``You activate stack 2 (Rust Maw): that cost about 9 points (± 4) of
    your chance to win (52% → 43%). The expert would rather: You activate stack 1 (Helium Tick).``"""
    played = played_words(decision, history).rstrip(".")
    words = _("{played}: that cost {cost} of your chance to win ({before} → {after}).").format(
        played=played,
        cost=cost_words(decision),
        before=percent(decision.before),
        after=percent(decision.after),
    )
    if decision.expert is not None:
        words += " " + advice_words(decision, history)
    return words


def summary_words(review: Review) -> str:
    """One sentence: how many decisions weighed, how many flagged, the largest cost."""
    flagged = review.flagged
    total = len(review.weighed)
    if not flagged:
        return _("{total} decisions weighed; none cost more than {threshold} points of your chance to win.").format(
            total=total, threshold=_points(review.threshold)
        )
    worst = max(d.cost or 0 for d in flagged)
    return _(
        "{total} decisions weighed; {flagged} cost more than {threshold} points of your chance to win "
        "(the costliest about {worst})."
    ).format(total=total, flagged=len(flagged), threshold=_points(review.threshold), worst=round(worst))


def _points(value: float) -> str:
    return localise(f"{value:g}")


def text_chart(review: Review, width: int = 60, height: int = 10) -> list[str]:
    """The win chance before each weighed decision (then the outcome) as lines of text, 100% at the top: ``●`` the
    chance, ``!`` under a column that holds a flagged decision, the rounds along the bottom. Readable without
    colour."""
    line = review.chances()
    if not line:
        return [_("No decisions to chart.")]
    columns = min(width, len(line))
    # Each column shows the chance at the last decision that falls in it.
    picks = [line[min(len(line) - 1, (c + 1) * len(line) // columns - 1)] for c in range(columns)]
    rows = []
    pad = len(percent_sign("100")) + 1  # the labels' column: "100% " (German and French: "100 % ")
    for r in range(height, -1, -1):
        level = r / height
        label = (
            percent_sign(str(round(level * 100))).rjust(pad - 1) + " " if r in (0, height // 2, height) else " " * pad
        )
        cells = "".join("●" if round(value * height) == r else ("·" if r == 0 else " ") for value in picks)
        rows.append(f"{label}│{cells}")
    flagged = {d.step for d in review.flagged}
    weighed = review.weighed
    marks = []
    rounds = []
    last_round = -1
    for c in range(columns):
        first = c * len(line) // columns
        last = (c + 1) * len(line) // columns
        inside = weighed[first:last]
        marks.append("!" if any(d.step in flagged for d in inside) else " ")
        this_round = inside[0].round if inside else -1
        rounds.append(this_round)
    axis = [" "] * columns
    c = 0
    while c < columns:
        if rounds[c] != last_round and rounds[c] >= 0:
            text = str(rounds[c])
            if c + len(text) <= columns and all(ch == " " for ch in axis[c : c + len(text)]):
                axis[c : c + len(text)] = list(text)
                last_round = rounds[c]
                c += len(text) + 1
                continue
        c += 1
    rows.append(" " * pad + "└" + "─" * columns)
    rows.append(" " * (pad + 1) + "".join(marks).rstrip() if "!" in marks else "")
    rows.append(_("round").ljust(pad) + " " + "".join(axis).rstrip())
    return [row for row in rows if row]
