"""The prompt line's words and buttons: how to answer what the game waits for, in the general table's words (the
board adds its own: :meth:`Board.hint`, :meth:`Board.prompt_actions`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from twentystrong.engine.commands import Command
from twentystrong.engine.view import DieState
from twentystrong.i18n import _, lazy_gettext, ngettext, term
from twentystrong.text.prompts import wasted_apply
from twentystrong.tui.boards import Board
from twentystrong.tui.screens.table.keys import FACE_KEYS
from twentystrong.tui.screens.table.reading import (
    all_defeated,
    face_die,
    idle_reward,
    lone_after,
    only_apply,
    recovery,
    recovery_room,
    resolve_shortcut,
)
from twentystrong.tui.store import GameView
from twentystrong.tui.widgets.status import PromptAction

FACE_SYMBOL = {"miss": "○", "hit": "•", "crit": "✶"}
HINTS = {
    "commit": lazy_gettext("Click pool dice or type an id (b3) to commit; Enter rolls."),
    "faces": lazy_gettext("Select a die (click, or type b3), then m / h / k for miss / hit / crit."),
    "recover": lazy_gettext("No die can be recovered now: Enter goes on."),  # else recover_hint
    "gain_items": lazy_gettext("Enter gains the item, x declines."),
    "instant_reward": lazy_gettext("Enter takes it, x declines."),
    "choose_die": lazy_gettext("Click a marked die (or type its id)."),
    "reroll_hit": lazy_gettext("Click the hit to roll again (or type its id); Enter lists the choices."),
    "choose_card": lazy_gettext(
        "Click a marked (▶) card (or press its number, if it has one); Enter lists the choices."
    ),
    "over": lazy_gettext("The game is over: ctrl+n starts a new game, s shows the summary again."),
}
"""How to answer each kind of step, when nothing more particular applies."""


def general_hint(view: GameView) -> str:
    """How to answer the prompt in the general table's words: only the keys that do something now (``r repeats``
    only while it may)."""
    kind = view.kind
    if kind == "apply" and all_defeated(view):
        return _("Every enemy is defeated: Enter resolves.")
    if kind == "apply":
        keys = [k for k, cmd in ((_("Enter resolves"), "resolve"), (_("r repeats"), "repeat")) if view.can(cmd)]
        if not view.find("apply"):
            if not keys:
                return _("Nothing can be applied now.")
            return _("Nothing can be applied now: {keys}.").format(keys=", ".join(keys))
        hint = _("Click a marked die (or type b3), then a card.")
        return f"{hint} {', '.join(keys)}." if keys else hint
    if kind == "commit" and all_defeated(view):
        return _("Every enemy is defeated: Enter resolves.")
    if kind == "commit" and not view.player.dice_in("pool"):
        return _("Enter rolls.")
    if recovery(view):
        return recover_hint(view)
    if kind == "instant_reward" and idle_reward(view):
        # Enter refuses a reward that would do nothing (it says why): the hint never says Enter takes it.
        return _("It would do nothing now: x declines it; its button takes it anyway.")
    if kind == "gain_items" and not view.can("gain_item"):
        return _("x declines it; i opens the inventory to make room.")
    if kind == "order_after_effects" and lone_after(view) is not None:
        return _("Enter resolves it; u uses an item first.")
    words = HINTS.get(kind)
    return str(words) if words is not None else _("Enter or a opens the choices.")


def recover_hint(view: GameView) -> str:
    """How to recover the exhausted dice."""
    owed, room = recovery(view), recovery_room(view)
    if len(owed) <= room:
        return _("Enter recovers them all; or click exhausted dice (or type an id) to pick; x stops recovering.")
    return ngettext(
        "Click up to {n} exhausted die (or type an id) to recover; x stops recovering.",
        "Click up to {n} exhausted dice (or type an id) to recover; x stops recovering.",
        room,
    ).format(n=room)


def selected_hint(view: GameView, die: DieState, numbers: Mapping[str, int] | None = None) -> str:
    """What the selected die can do (``numbers``: each active card's number key, as the table shows them)."""
    if view.find("face", die=die.id):
        return _("m miss · h hit · k crit.")
    applies = view.find("apply", die=die.id)
    if applies:
        numbered = numbers if numbers is not None else {c.id: n for n, c in enumerate(view.player.active, start=1)}
        names = ", ".join(f"{numbered.get(c.card or '', '?')} {view.card_name(c.card or '')}" for c in applies)
        text = _("click a marked (▶) card or press its number ({names}). Esc clears.").format(names=names)
        # A rule in force makes the die worthless on a card: said before it is applied, not after.
        wasted = [w for w in (wasted_apply(view.player, c) for c in applies) if w]
        if wasted:
            text += " " + _("Note: {notes}.").format(notes="; ".join(wasted))
        return text
    return _("space plays it. Esc clears.")


ENTER_PLAYS = {
    "commit": lazy_gettext("Commit {die}"),
    "recover": lazy_gettext("Recover {die}"),
    "choose": lazy_gettext("Choose {die}"),
}
"""The button of the command Enter plays for a selected die (a board's own die command: "Play {die}")."""


def prompt_actions(
    view: GameView,
    selected: str | None,
    board: Board,
    dialog_kinds: frozenset[str],
    enter_plays: Command | None = None,
) -> tuple[PromptAction, ...]:
    """The prompt's buttons: the board's first, the general step's, then the board's just before "All moves…".

    ``enter_plays``: the command Enter plays for the selected die (the table's first Enter binding). Enter then
    belongs to that die: its button says so, and no other button claims Enter (a Resolve [enter] beside a selected
    die was a lie: Enter played the die)."""
    out = list(_prompt_actions(view, selected, board, dialog_kinds))
    if enter_plays is None or selected is None:
        return tuple(out)
    out = [action._replace(key="") if action.key == "enter" else action for action in out]
    for n, action in enumerate(out):
        if action.command == enter_plays:
            out[n] = action._replace(key="enter")
            return tuple(out)
    label = ENTER_PLAYS.get(enter_plays.cmd)
    words = str(label) if label is not None else _("Play {die}")
    out.insert(0, PromptAction(words.format(die=selected), "enter", enter_plays, variant="success"))
    return tuple(out)


def _prompt_actions(
    view: GameView, selected: str | None, board: Board, dialog_kinds: frozenset[str]
) -> tuple[PromptAction, ...]:
    first, before_moves = board.prompt_actions()
    out: list[PromptAction] = list(first)

    def add(cmd: str, label: str, key: str, variant: Any = "default", **fields: Any) -> None:
        command = view.first(cmd, **fields)
        if command is not None:
            out.append(PromptAction(label, key, command, variant=variant))

    if resolve_shortcut(view):
        out.append(PromptAction(_("Resolve"), "enter", action="resolve", variant="primary"))
    else:
        add("roll", _("Roll"), "enter", "primary")
    facing = face_die(view, selected)
    if facing is not None:
        for key, face in FACE_KEYS.items():
            add("face", f"{facing} {FACE_SYMBOL[face]} {term(face)}", key, die=facing, face=face)
    if selected is not None:
        only = only_apply(view, selected)
        if only is not None and only.card:
            label = _("Apply {die} → {card}").format(die=selected, card=view.card_name(only.card))
            out.append(PromptAction(label, "space", only, variant="success"))
    add("resolve", _("Resolve"), "enter", "primary")
    add("repeat", _("Repeat"), "r")
    owed = recovery(view)
    if owed:
        if len(owed) <= recovery_room(view):
            out.append(PromptAction(_("Recover all"), "enter", action="recover_all", variant="success"))
        add("done", _("Stop recovering"), "x", "warning")
    else:
        add("done", _("Done"), "enter", "primary")
    reward = view.first("take_reward")
    if reward is not None:
        name = view.card_name(reward.card or "")
        if idle_reward(view):
            out.append(PromptAction(_("Take {card}'s reward (does nothing now)").format(card=name), "", reward))
        else:
            out.append(PromptAction(_("Take {card}'s reward").format(card=name), "enter", reward, variant="success"))
        add("decline_reward", _("Decline"), "x", "warning")
    gain = view.first("gain_item")
    pending = gain or view.first("decline_item")
    if pending is not None and pending.card:
        if gain is not None:
            label = _("Gain {card}").format(card=view.card_name(pending.card))
            out.append(PromptAction(label, "enter", gain, variant="success"))
        label = _("Decline {card}").format(card=view.card_name(pending.card))
        add("decline_item", label, "x", "warning", card=pending.card)
    lone = lone_after(view)
    if lone is not None:
        name = view.card_name(lone.card or "")
        out.append(PromptAction(_("Resolve {card}'s After effect").format(card=name), "enter", lone, variant="primary"))
    elif view.kind in dialog_kinds:
        out.append(PromptAction(_("Choose…"), "enter", action="answer", variant="primary"))
    out += before_moves
    if view.legal:
        out.append(PromptAction(_("All moves…"), "a", action="moves"))
    if view.player.result is not None:
        out.append(PromptAction(_("New game"), "ctrl+n", action="app.new_game", variant="primary"))
        out.append(PromptAction(_("Summary"), "s", action="summary"))
    return tuple(out)
