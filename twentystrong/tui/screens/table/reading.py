"""What the view says that the table's prompt and keys ask about: plain functions of the view (and the selected
die), none of them a rule (the engine's legal commands answer every question of what may be played)."""

from __future__ import annotations

from twentystrong.engine.commands import Command
from twentystrong.tui.store import GameView


def asks(view: GameView | None) -> tuple[object, ...]:
    """What the game is asking: the step and the open prompt (its kind, source, card, what it is for)."""
    if view is None:
        return ()
    player = view.player
    prompt = player.prompt
    if prompt is None:
        return (player.step, view.kind)
    return (player.step, view.kind, prompt.kind, prompt.source, prompt.effect, prompt.card, prompt.purpose)


def all_defeated(view: GameView) -> bool:
    """Every active card is defeated (and there is one)."""
    active = view.player.active
    return bool(active) and all(card.defeated for card in active)


def resolve_shortcut(view: GameView) -> bool:
    """The commit step with every enemy defeated and no die to roll: Resolve is offered instead of a roll of
    nothing."""
    return view.kind == "commit" and all_defeated(view) and not view.player.dice_in("active") and view.can("roll")


def empty_roll(view: GameView) -> bool:
    """The commit step with dice in the pool and none committed: a roll now rolls nothing and uses a Strategy
    phase (the rules allow it: any number of dice, zero included); an enemy is still undefeated."""
    player = view.player
    return (
        view.kind == "commit"
        and view.can("roll")
        and not player.dice_in("active")
        and bool(player.dice_in("pool"))
        and not all_defeated(view)
    )


def recovery(view: GameView) -> list[Command]:
    """The commands that recover an exhausted die now: the Recover step's, or an "up to N" choice of dice to
    recover (a reward's); empty when no die can come back."""
    prompt = view.player.prompt
    if prompt is None:
        return view.find("recover")
    if prompt.kind == "choose_die" and "recover" in prompt.purpose and view.can("done"):
        return [c for c in view.find("choose") if c.die]
    return []


def recovery_room(view: GameView) -> int:
    """How many more dice may be recovered now."""
    prompt = view.player.prompt
    if prompt is not None:
        return prompt.count
    limit = view.awaiting.get("limit")
    return int(limit) - int(view.awaiting.get("recovered", 0) or 0) if isinstance(limit, int) else 0


def idle_reward(view: GameView) -> bool:
    """Whether the instant reward offered would do nothing now (recover dice when none is exhausted)."""
    command = view.first("take_reward")
    reward = view.deck.card(command.card).reward if command is not None and command.card else None
    return reward is not None and view.player.recovers_nothing(reward.effects)


def lone_after(view: GameView) -> Command | None:
    """The one After effect waiting, when only one does (the engine waits for it while an item is usable, R8)."""
    after = view.find("resolve_after") if view.kind == "order_after_effects" else []
    return after[0] if len(after) == 1 else None


def only_apply(view: GameView, die: str) -> Command | None:
    """The apply that ``space`` / Enter plays for a die: its only target, or its only undefeated one (dice may go on
    defeated cards too, R5, but that is seldom meant; a number or a click still puts it there)."""
    applies = view.find("apply", die=die)
    if len(applies) == 1:
        return applies[0]
    defeated = {c.id for c in view.player.active if c.defeated}
    standing = [c for c in applies if c.card not in defeated]
    return standing[0] if len(standing) == 1 else None


def face_die(view: GameView, selected: str | None) -> str | None:
    """The physical die whose face the m/h/k keys enter: the selected one, else the first without a face."""
    if not view.can("face"):
        return None
    if selected is not None and view.find("face", die=selected):
        return selected
    first = view.first("face")
    return first.die if first is not None else None
