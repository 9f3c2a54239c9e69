"""A review in words a player understands, and a text chart of the win chance across the game.

The commands are said as the history says them (:func:`twentystrong.text.commands.describe_command`: the deck's own
words come from its kit), from the table as it was just before each decision. Nothing here names a deck.
"""

from __future__ import annotations

from collections.abc import Sequence

from twentystrong.content.effects import Face
from twentystrong.engine.commands import Command
from twentystrong.engine.dice import die_label
from twentystrong.engine.state import GameState
from twentystrong.i18n import _, ngettext
from twentystrong.i18n.numbers import localise, percent_sign
from twentystrong.record.games import GameRow
from twentystrong.review.review import Decision, Review
from twentystrong.session.history import HistoryEntry
from twentystrong.text.commands import describe_command
from twentystrong.text.record import row_parts
from twentystrong.text.words import card_name


def heading(row: GameRow) -> str:
    """``Review of game #12 · 2026-11-25 · Umbra · rank 2 · won in 17 rounds``."""
    parts = [_("Review of game #{number}").format(number=row.id), *row_parts(row)]
    return " · ".join(parts)


def percent(chance: float | None) -> str:
    """``43%`` (``?`` when unknown)."""
    return "?" if chance is None else percent_sign(str(round(chance * 100)))


def played_words(decision: Decision, history: Sequence[HistoryEntry]) -> str:
    """What the player did, as a sentence: ``You activate stack 2 (Rust Maw).``, a step's line as one:
    ``You commit P1, P2 and roll.``"""
    before = history[decision.opens - 1].state_after
    if decision.line:
        return line_words(decision.line, before, besides=decision.line)
    return describe_command(decision.played, before)


def expert_words(decision: Decision, history: Sequence[HistoryEntry]) -> str:
    """What the expert would have done instead, as a sentence ("" when it agrees)."""
    if decision.expert is None:
        return ""
    before = history[decision.opens - 1].state_after
    if decision.expert_line:
        return line_words(decision.expert_line, before, besides=decision.line)
    return describe_command(decision.expert, before)


def line_words(line: Sequence[Command], before: GameState, besides: Sequence[Command] = ()) -> str:
    """A step's line of commands (from the table ``before`` it) in a player's words, its dice in one sentence:
    ``You commit P1, P2 and roll.``, ``You apply B3✶ to Rust Maw and P1 to Helium Tick, then resolve.``,
    ``You recover R1, P2.``; an item or an ability used in it said after, one sentence each, unless it is one of
    ``besides`` (the player's own, weighed as a decision of its own; a reward is always one)."""
    deck = before.deck
    commits = [c.die for c in line if c.cmd == "commit" and c.die]
    applies = [
        _("{die} to {card}").format(die=die_label(c.die, _face(before, c.die)), card=card_name(deck, c.card))
        for c in line
        if c.cmd == "apply" and c.die
    ]
    recovers = [c.die for c in line if c.cmd == "recover" and c.die]
    ends = [c.cmd for c in line if c.cmd in ("roll", "repeat", "resolve")]
    sentences = []
    if "roll" in ends and commits:
        sentences.append(_("You commit {dice} and roll.").format(dice=", ".join(commits)))
    elif "roll" in ends:
        sentences.append(describe_command(next(c for c in line if c.cmd == "roll"), before))
    elif commits:
        sentences.append(_("You commit {dice}.").format(dice=", ".join(commits)))
    if ends and ends[-1] == "repeat":
        if applies:
            sentences.append(_("You apply {applies}, then roll again.").format(applies=_and(applies)))
        else:
            sentences.append(_("You apply no die, then roll again."))
    elif ends and ends[-1] == "resolve":
        if applies:
            sentences.append(_("You apply {applies}, then resolve.").format(applies=_and(applies)))
        else:
            sentences.append(_("You apply no die, then resolve."))
    elif applies:
        sentences.append(_("You apply {applies}.").format(applies=_and(applies)))
    if recovers:
        sentences.append(_("You recover {die}.").format(die=", ".join(recovers)))
    sentences += [describe_command(c, before) for c in line if c.cmd in SIDE and c not in besides]
    if not sentences:
        sentences.append(describe_command(line[-1], before))
    return " ".join(sentences)


def _and(items: Sequence[str]) -> str:
    """``a, b and c``."""
    if len(items) < 2:
        return "".join(items)
    return _("{items} and {last}").format(items=", ".join(items[:-1]), last=items[-1])


def _face(state: GameState, die: str) -> Face | None:
    return state.die(die).face if die in {d.id for d in state.dice} else None


SIDE = frozenset({"use_item", "use_ability", "discard_item"})
"""Commands played on the side of a decision (an item, an ability): the decision comes again after them."""


def first(decision: Decision) -> bool:
    """Whether the expert's choice is one played before the decision rather than instead of it (an item used, an
    ability), where the player chose the decision's own kind of command."""
    expert = decision.expert
    return not decision.line and expert is not None and expert.cmd in SIDE and decision.played.cmd not in SIDE


def advice_words(decision: Decision, history: Sequence[HistoryEntry]) -> str:
    """What the expert would do, in the decision's own terms: ``The expert would rather: You activate stack 1.``,
    or, when it would use an item before it, ``The expert would not do this yet, but first: You use Field Kit.``
    ("" when it agrees)."""
    if decision.expert is None:
        return ""
    expert = expert_words(decision, history)
    if first(decision):
        return _("The expert would not do this yet, but first: {expert}").format(expert=expert)
    if not decision.line and decision.played.cmd in SIDE and decision.expert.cmd not in SIDE:
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


DOUBTFUL = "?"
"""The mark of a decision that might have cost more than the threshold, within the review's margin (a sign, not a
colour)."""


def summary_words(review: Review) -> str:
    """One sentence: how many decisions weighed, how many surely cost more than the threshold (flagged: the cost
    beats it by the review's margin), the largest cost, and how many more might have (their cost above it, but
    within the margin: marked :data:`DOUBTFUL`)."""
    flagged = review.flagged
    total = len(review.weighed)
    threshold = number_words(review.threshold)
    if not flagged:
        words = _("{total} decisions weighed; none cost clearly more than {threshold} points of your chance to win")
        words = words.format(total=total, threshold=threshold)
    else:
        worst = max(d.cost or 0 for d in flagged)
        words = _(
            "{total} decisions weighed; {flagged} cost clearly more than {threshold} points of your chance to win "
            "(the costliest about {worst})"
        ).format(total=total, flagged=len(flagged), threshold=threshold, worst=round(worst))
    doubtful = len(review.doubtful)
    if doubtful:
        more = ngettext(
            "{count} more might have, within the review's margin (marked {mark})",
            "{count} more might have, within the review's margin (marked {mark})",
            doubtful,
        )
        words = _("{words}; {more}").format(words=words, more=more.format(count=doubtful, mark=DOUBTFUL))
    return words + "."


def number_words(value: float) -> str:
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
    flagged = {d.key for d in review.flagged}
    weighed = review.weighed
    marks = []
    rounds = []
    last_round = -1
    for c in range(columns):
        first = c * len(line) // columns
        last = (c + 1) * len(line) // columns
        inside = weighed[first:last]
        marks.append("!" if any(d.key in flagged for d in inside) else " ")
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
