"""``decide(state, command)``: the events a command causes, or a :class:`Rejected` (contract 2).

The order of checks is fixed: the game must be going, the command must be one of ``legal_commands(state)``; then
its handler (a general command's here, a ruleset's own in its ``commands``) emits events through a :class:`Tx`, and
:func:`steps.advance` runs the steps that need no decision. ``decide`` never raises for player input and never
mutates its input.
"""

from __future__ import annotations

from collections.abc import Callable

from twentystrong.engine import events as ev
from twentystrong.engine import flow, steps
from twentystrong.engine.commands import CMDS, Command, Rejected
from twentystrong.engine.effects import hooks
from twentystrong.engine.effects.base import Live
from twentystrong.engine.effects.items import grant_instant_reward
from twentystrong.engine.legal import awaiting, choice_prompts, is_legal, legal_commands
from twentystrong.engine.rulesets import rules
from twentystrong.engine.state import GameState
from twentystrong.engine.tx import Tx
from twentystrong.engine.uses import items_usable, usable_effects
from twentystrong.i18n import _


def decide(state: GameState, command: Command) -> list[ev.Event] | Rejected:
    """The events ``command`` causes in ``state``, or why it is refused."""
    result = decide_and_apply(state, command)
    return result if isinstance(result, Rejected) else result[0]


def decide_and_apply(state: GameState, command: Command) -> tuple[list[ev.Event], GameState] | Rejected:
    """Like :func:`decide`, also returning the state after the events (saves re-folding them)."""
    if command.cmd == "faces":
        return _faces_shorthand(state, command)
    if not is_legal(state, command):
        return why_not(state, command, legal_commands(state))
    tx = Tx(state, flow)
    ruleset = rules(state)
    handler = _HANDLERS.get(command.cmd) or ruleset.commands[command.cmd].handler
    handler(tx, command)
    if state.prompts and not tx.over:
        _reask(tx, state)
    s = tx.state
    if s.prompts and s.prompts[-1].kind == "item_limit" and len(s.inventory) <= s.hero.strategy:
        tx.emit(ev.PromptDone)  # R9 answered
    steps.advance(tx)  # most commands leave the game waiting in their own step (commit, apply …)
    ruleset.after_command(tx, state, command)
    return tx.events, tx.state


def _faces_shorthand(state: GameState, command: Command) -> tuple[list[ev.Event], GameState] | Rejected:
    """``faces`` enters several physical dice at once: each as a ``face`` command, all or nothing."""
    events: list[ev.Event] = []
    s = state
    for die, face in command.faces or ():
        result = decide_and_apply(s, Command("face", die=die, face=face))
        if isinstance(result, Rejected):
            return result
        events += result[0]
        s = result[1]
    if not events:
        return Rejected("bad_argument", 'faces needs at least one die, e.g. {"B3": "crit"}')
    return events, s


def why_not(state: GameState, command: Command, legal: list[Command]) -> Rejected:
    """A stable code and a message a player understands for a command that is not legal now."""
    ruleset = rules(state)
    described = CMDS.get(command.cmd) or (spec.description if (spec := ruleset.commands.get(command.cmd)) else None)
    if described is None:
        return Rejected("unknown_command", f"unknown command {command.cmd!r}")
    if state.result is not None:
        if state.result == "won":
            return Rejected("game_over", _("the game is over: you won"))
        if state.result == "lost":
            return Rejected("game_over", _("the game is over: you lost"))
        return Rejected("game_over", f"the game is over: you {state.result}")
    wait = awaiting(state)
    if command.cmd in ("use_item", "use_ability"):
        reason = items_usable(state)
        if reason:
            return Rejected("items_blocked", reason)
        refused = _item_refusal(state, command, legal)
        if refused is not None:
            return refused
    # A commit or apply in its own step is "not now" only for another reason than an effect blocking every die;
    # likewise a repeat in the Apply step is refused by R4, and a gain in step 5 by a full inventory.
    own_step = {"commit": "commit", "apply": "apply", "repeat": "apply", "gain_item": "gain_items"}
    in_step = state.prompt is None and state.step == own_step.get(command.cmd)
    if not in_step and not any(c.cmd == command.cmd for c in legal):
        reason = ruleset.not_now(state, command)  # its own commands' moments, in its words
        return Rejected(
            "not_now",
            reason or _("cannot {what} now. {waiting}").format(what=_(described), waiting=wait["text"]).strip(),
        )
    if command.die is not None and command.die not in {d.id for d in state.dice}:
        return Rejected(
            "unknown_die",
            _("there is no die {die} (dice are Y1–Y4, G1–G4, B1–B4, P1–P4, R1)").format(die=repr(command.die)),
        )
    if command.cmd == "commit" and command.die is not None:
        die = state.die(command.die)
        if die.zone != "pool":
            return Rejected(
                "illegal_die", _("{die} is not in the dice pool (it is {zone})").format(die=die.id, zone=die.zone)
            )
        blocked = hooks.commit_block(state, die) or _("{die} cannot be committed now").format(die=die.id)
        return Rejected("commit_blocked", blocked)
    if command.cmd == "apply" and command.die is not None and command.card is not None:
        die = state.die(command.die)
        card = state.active_card(command.card)
        if card is None:
            return Rejected("illegal_card", _("{card} is not in the active area").format(card=repr(command.card)))
        if die.zone != "active":
            return Rejected("illegal_die", _("{die} is not a rolled, unapplied die").format(die=die.id))
        if die.face == "miss":
            return Rejected("apply_blocked", _("{die} shows a miss: misses cannot be applied").format(die=die.id))
        why_not = hooks.apply_block(state, die, card)
        reason = _(why_not) if why_not else _("that die cannot be applied there")  # said now: kept marked English
        return Rejected(
            "apply_blocked",
            _("{die} → {card}: {reason}").format(die=die.id, card=_card_name(state, card.id), reason=reason),
        )
    if command.cmd == "repeat":
        n = state.hero.strategy
        return Rejected(
            "strategy_limit",
            _("that was the last Strategy phase: Strategy {n} allows {n} per engagement; resolve now").format(n=n),
        )
    if command.cmd == "gain_item":
        held = len(state.inventory)
        return Rejected(
            "inventory_full",
            _("inventory full ({held}/{room}): use or discard an item first").format(
                held=held, room=state.hero.strategy
            ),
        )
    refused = ruleset.refuse(state, command)
    if refused is not None:
        return refused
    return Rejected(
        "illegal_argument",
        _("not like that: you cannot {what} with that choice now. {waiting}")
        .format(what=_(described), waiting=wait["text"])
        .strip(),
    )


def _item_refusal(state: GameState, command: Command, legal: list[Command]) -> Rejected | None:
    """Why a use of a held item (or of the hero's ability) is refused: an argument missing or not among those
    offered now (naming them), or no use of it now (saying what it does)."""
    if command.cmd == "use_item" and command.item not in state.inventory:
        if command.item is None:
            return None
        return Rejected("illegal_item", _("you hold no item {item}").format(item=repr(command.item)))
    label = _card_name(state, command.item) if command.item is not None else _("your hero's ability")
    same = [c for c in legal if c.cmd == command.cmd and (c.item == command.item or command.cmd == "use_ability")]
    if not same:
        if command.cmd != "use_item" or command.item is None:
            return None
        _source, effects = hooks.item_effects(state, command.item)
        what = " ".join(hooks.handler(e.kind).describe(e) for e in effects)
        return Rejected("item_not_now", _("{card} cannot be used now. {what}").format(card=label, what=what).strip())
    given = command.to_dict()
    for key in sorted({k for c in same for k in c.to_dict()} - {"cmd", "item"}):
        values = sorted({str(v) for c in same if (v := c.to_dict().get(key)) is not None})
        if not values or str(given.get(key)) in values:
            continue
        if key not in given:
            return Rejected(
                "bad_argument",
                _('{card} needs a "{key}": one of {values}').format(card=label, key=key, values=", ".join(values)),
            )
        return Rejected(
            "illegal_argument",
            _("{card}: {key} {value} is not offered now; one of {values}").format(
                card=label, key=key, value=given[key], values=", ".join(values)
            ),
        )
    return None


def _card_name(state: GameState, card_id: str) -> str:
    if state.deck.is_boss(card_id):
        return state.deck.boss(card_id).name
    try:
        return state.deck.card(card_id).name
    except KeyError:
        return card_id


# --- command handlers ------------------------------------------------------------------------------------------


def _start(tx: Tx, c: Command) -> None:
    rules(tx.state).setup(tx)


def _choose(tx: Tx, c: Command) -> None:
    p = tx.state.prompt
    assert p is not None  # legal_commands only offers "choose" under a prompt
    ruleset = rules(tx.state)
    if p.source in ruleset.prompt_sources:  # the ruleset's own question (a mission's, the rank's …)
        ruleset.answer(tx, p, c)
        return
    le = hooks.prompt_effect(tx.state, p)
    assert le is not None  # every other prompt with a source is an effect's
    hooks.handler(le.effect.kind).choose(tx, le, p, c)
    flow.check_defeats(tx)


def _reask(tx: Tx, before: GameState) -> None:
    """R8: a command that did not answer the open choice (an item or the hero's ability used, an item discarded,
    a mission forfeited …) may have changed what it can be answered with: its asker checks the options again."""
    s = tx.state
    p = s.prompt
    depth = len(s.prompts) - 1
    if p is None or p.kind not in choice_prompts(s) or depth >= len(before.prompts) or before.prompts[depth] is not p:
        return  # no open choice, or this command answered it (an answer replaces or closes the prompt)
    ruleset = rules(s)
    if p.source in ruleset.prompt_sources:
        ruleset.reask(tx, p)
    else:
        le = hooks.prompt_effect(s, p)
        if le is not None:
            hooks.handler(le.effect.kind).reask(tx, le, p)
    flow.check_defeats(tx)


def _done(tx: Tx, c: Command) -> None:
    if tx.state.prompt is not None:
        tx.emit(ev.PromptDone)  # an "up to N" choice ended early
    else:
        tx.emit(ev.StepChanged, step="gain_items")  # Resolve step 4: recovering fewer is allowed


def _commit(tx: Tx, c: Command) -> None:
    die = str(c.die)
    tx.emit(ev.DieMoved, die=die, zone="active", reason="commit")
    for h, le in hooks.passive_with(tx.state, "after_commit"):  # a shared list, never changed: no copy needed
        h.after_commit(tx, le, tx.state.die(die))


def _roll(tx: Tx, c: Command) -> None:
    flow.roll(tx)


def _face(tx: Tx, c: Command) -> None:
    # The entered face is what the die shows; effects may make it count as another (invert results).
    face = hooks.read_face(tx.state, tx.state.die(str(c.die)), str(c.face))
    tx.emit(ev.FaceSet, die=c.die, face=face, reason="entered")
    active = tx.state.dice_in("active")
    if all(d.face is not None for d in active):
        flow.finish_roll(tx, tuple((d.id, str(d.face)) for d in active))


def _apply(tx: Tx, c: Command) -> None:
    flow.apply_die(tx, str(c.die), str(c.card))


def _repeat(tx: Tx, c: Command) -> None:
    tx.emit(ev.StrategyPhaseStarted, number=tx.state.phases_used + 1)


def _resolve(tx: Tx, c: Command) -> None:
    tx.emit(ev.StepChanged, step="suffer")


def _take_reward(tx: Tx, c: Command) -> None:
    tx.emit(ev.PromptDone)
    tx.emit(ev.RewardDecided, card=c.card, kind="instant", taken=True)
    grant_instant_reward(tx, str(c.card))


def _decline_reward(tx: Tx, c: Command) -> None:
    tx.emit(ev.PromptDone)
    tx.emit(ev.RewardDecided, card=c.card, kind="instant", taken=False)
    tx.count("instant_declined")


def _resolve_after(tx: Tx, c: Command) -> None:
    for le in flow.pending_after(tx.state):
        if le.source == c.card and le.index == c.effect:
            flow.resolve_after(tx, le)
            return


def _recover(tx: Tx, c: Command) -> None:
    tx.emit(ev.DieMoved, die=str(c.die), zone="pool", reason="recover")


def _gain_item(tx: Tx, c: Command) -> None:
    tx.emit(ev.RewardDecided, card=c.card, kind="item", taken=True)
    tx.emit(ev.CardLeft, card=c.card, to="inventory")
    _held(tx, str(c.card), gained=True)
    tx.check_item_limit()


def _decline_item(tx: Tx, c: Command) -> None:
    tx.emit(ev.RewardDecided, card=c.card, kind="item", taken=False)


def _use(tx: Tx, c: Command) -> None:
    s = tx.state
    source = c.item if c.cmd == "use_item" else s.hero.id
    candidates = [le for le in usable_effects(s) if le.source == source]
    single = c.cmd == "use_item" and hooks.item_effects(s, str(c.item))[0] == "single_use"
    le = candidates[0] if single else next(le for le in candidates if le.index == c.effect)
    if le.effect.once_per_round:
        tx.emit(ev.Marked, used=le.key)
    if c.cmd == "use_item":
        tx.emit(ev.ItemUsed, item=le.source, effect=le.index, single_use=single)
        if single:
            _held(tx, le.source, gained=False)
        tx.count("items_used")
    else:
        tx.count("ability_used")
    hooks.handler(le.effect.kind).use(tx, le, c)
    if single:
        # A single-use item does everything printed on it, in order.
        for i, effect in enumerate(s.deck.card(le.source).reward.effects[1:], start=1):  # type: ignore[union-attr]
            tx.fire(Live(le.source, "item", i, effect), {"command": c})
    flow.check_defeats(tx)


def _discard_item(tx: Tx, c: Command) -> None:
    tx.emit(ev.ItemDiscarded, item=c.item)
    _held(tx, str(c.item), gained=False)


def _held(tx: Tx, item: str, *, gained: bool) -> None:
    """An item entered or left the inventory: effects that apply while it is held start or stop (stat modifiers)."""
    _, effects = hooks.item_effects(tx.state, item)
    for i, effect in enumerate(effects):
        h = hooks.handler(effect.kind)
        if gained:
            h.gained(tx, Live(item, "item", i, effect))
        else:
            h.lost(tx, Live(item, "item", i, effect))


_HANDLERS: dict[str, Callable[[Tx, Command], None]] = {
    "start": _start,
    "choose": _choose,
    "done": _done,
    "commit": _commit,
    "roll": _roll,
    "face": _face,
    "apply": _apply,
    "repeat": _repeat,
    "resolve": _resolve,
    "take_reward": _take_reward,
    "decline_reward": _decline_reward,
    "resolve_after": _resolve_after,
    "recover": _recover,
    "gain_item": _gain_item,
    "decline_item": _decline_item,
    "use_item": _use,
    "use_ability": _use,
    "discard_item": _discard_item,
}
