"""What the game waits for (``awaiting``) and every legal atomic command (contract 3).

``decide`` accepts exactly the commands listed here (plus the ``faces`` shorthand for several ``face`` commands),
so the UI, bots and the headless protocol can offer nothing illegal.
"""

from __future__ import annotations

from collections.abc import Callable
from operator import attrgetter, methodcaller
from typing import Any, cast

from twentystrong.content.effects import Face
from twentystrong.engine.commands import Command, Interned
from twentystrong.engine.dice import FACES
from twentystrong.engine.effects import hooks
from twentystrong.engine.effects.base import Handler, Live, commit_reads, use_reads
from twentystrong.engine.effects.items import Targeted
from twentystrong.engine.flow import pending_after, pending_items, rules
from twentystrong.engine.state import CARRIED, DERIVED, DieState, GameState, Prompt, Zone, derived

CHOICE_PROMPTS = frozenset({"choose_die", "choose_card", "choose_stack", "choose_option", "reroll_hit"})
"""An effect's own choices. Items may be used while one waits (R8), unless it is part of resolving a roll
(``hooks.resolving_roll``); the choice's options are then checked again (``decide``)."""


def legal_commands(s: GameState) -> list[Command]:
    """Every legal atomic command now, in a stable order."""
    # _legal, inlined: asked once for every state, most often before anything else was worked out from it.
    d: dict[Any, Any] | None = s.__dict__.get(DERIVED)
    if d is None:
        commands = _compute_legal(s)
        s.__dict__[DERIVED] = {"legal": commands}  # state.derived, with the answer in it
        return list(commands)
    commands_: list[Command] | None = d.get("legal")
    if commands_ is None:
        commands_ = d["legal"] = _compute_legal(s)
    return list(commands_)


def is_legal(s: GameState, command: Command) -> bool:
    """Whether ``command`` is one of :func:`legal_commands` (decide asks it for every command).

    A command taken from the list is found by identity, where ``in`` would call ``Command.__eq__`` on every command
    before it; any other command is compared by equality."""
    d: dict[Any, Any] | None = s.__dict__.get(DERIVED)  # _legal, inlined: the list is most often kept already
    commands: list[Command] | None = None if d is None else d.get("legal")
    if commands is None:
        commands = _legal(s)
    for c in commands:
        if c is command:
            return True
    cmd = command.cmd
    for c in commands:  # Command.__eq__ looks at cmd first: skip the call for the other kinds of command
        if c.cmd == cmd and c == command:
            return True
    return False


def _compute_legal(s: GameState) -> list[Command]:
    if s.result is not None:
        return []
    step = s.step
    prompts = s.prompts
    if step in _SETUP_STEPS:  # neither items nor the hero's ability, nor a mission to forfeit
        if step == "setup":
            return [_START]
        return _prompt_commands(s, prompts[-1]) if prompts else _SETUP_COMMANDS[step](s)
    # hooks.in_force, inlined (an InForce is true): asked for every state, and given to the steps that read it.
    force: hooks.InForce = s.__dict__.get(CARRIED) or hooks.in_force(s)
    if prompts:
        prompt = prompts[-1]
        out = _prompt_commands(s, prompt)
        use_now = step != "faces" and not hooks.resolving_roll(s, prompt)  # not _use_timing(s)
    else:
        out = _STEP_COMMANDS[step](s, force)
        use_now = step != "faces"  # not _use_timing(s)
    uses: _Uses | None = force.uses
    if uses is None:
        uses = force.uses = _uses_of(s, force)
    if use_now and uses.candidates:  # the use_item / use_ability commands
        last = uses.last  # uses.plan(s), its first check inlined: the same plan over most states
        if last is not None and uses.by_used and last[0] is (s.used_this_round if uses.once else None):
            plan = last[2]
        else:
            plan = uses.plan(s)
        for part in plan:
            if part.__class__ is _Use:  # the kept commands while the state holds the values they were read from
                key = part.key_of(s)
                kept = part.kept
                if kept is not None and (key is kept[0] or key == kept[0]):
                    out += kept[1]
                else:
                    out += part.answer(s, key)
            elif part.__class__ is list:
                out += part
            else:
                out += cast(_Asked, part).commands(s)
    if uses.discards:
        out += uses.discards
    if s.missions:
        current = s.current_mission
        if current is not None and s.deck.mission(current.id).forfeitable:
            out.append(_FORFEIT_MISSION[current.id])
    return out


def _prompt_commands(s: GameState, p: Prompt) -> list[Command]:
    if p.kind == "instant_reward":
        return [_TAKE_REWARD[p.card], _DECLINE_REWARD[p.card]]
    if p.kind == "item_limit":
        return []  # answered with use_item / discard_item
    out: list[Command] = []
    if p.kind in ("choose_die", "reroll_hit"):
        out = [_CHOOSE_DIE[d] for d in p.options]
    elif p.kind == "choose_card":
        out = [_CHOOSE_CARD[c] for c in p.options]
    elif p.kind == "choose_stack":
        out = [_CHOOSE_STACK[int(x)] for x in p.options]
    elif p.kind in ("choose_option", "roll_test"):  # roll_test: physical test dice, the number of hits shown
        out = [_CHOOSE_OPTION[c] for c in p.options]
    if p.purpose.startswith("up to"):
        out.append(_DONE)
    return out


def _mission_discard(s: GameState) -> list[Command]:
    return [_DISCARD_MISSION[m.id] for m in s.missions if m.status == "pending"]


def _rank_penalty(s: GameState) -> list[Command]:
    if all(d.zone == "banished" for d in s.dice):
        return [Command("rank_penalty", choice="exhaust")]
    return [Command("rank_penalty", choice="banish"), Command("rank_penalty", choice="exhaust")]


def _round_start(s: GameState, force: hooks.InForce) -> list[Command]:
    return [_START_ENDGAME, _DECLINE_ENDGAME]


def _activate(s: GameState, force: hooks.InForce) -> list[Command]:
    return [_ACTIVATE[i] for i in rules(s).activation_choices(s)]


def _commit(s: GameState, force: hooks.InForce) -> list[Command]:
    by_hook = force.by_hook  # hooks.passive_with for each hook, inlined: asked for every state
    limits = by_hook.get("commit_limit")
    if limits and any(h.commit_limit(s, le) for h, le in limits):  # hooks.commit_block's limits: no die at all
        return [_ROLL]
    pool = s.dice_in("pool")
    blocks = by_hook.get("commit_block")
    if blocks:  # hooks.commit_block for each die, the effects asked once
        by_die: dict[str, Command | None] | None = force.scratch.get("commit_by_die")
        if by_die is None and all(commit_reads(h) == "color" for h, _ in blocks):
            by_die = force.scratch["commit_by_die"] = {}
        if by_die is not None:  # every block reads only the die's colour: the answer per die is kept
            out = []
            for d in pool:
                command = by_die.get(d.id, _ASK)
                if command is _ASK:
                    blocked = any(h.commit_block(s, le, d) for h, le in blocks)
                    command = by_die[d.id] = None if blocked else _COMMIT[d.id]
                if command is not None:
                    out.append(command)
            out.append(_ROLL)
            return out
        out = []
        for d in pool:
            for h, le in blocks:
                if h.commit_block(s, le, d):
                    break
            else:
                out.append(_COMMIT[d.id])
        out.append(_ROLL)
        return out
    out = [_COMMIT[d.id] for d in pool]
    out.append(_ROLL)
    return out


def _faces(s: GameState, force: hooks.InForce) -> list[Command]:
    out = []
    for d in s.dice_in("active"):
        if d.face is None:
            faces: list[Face] = sorted(set(FACES[d.color]), key=("miss", "hit", "crit").index)
            out += [Command("face", die=d.id, face=f) for f in faces]
    return out


def _apply(s: GameState, force: hooks.InForce) -> list[Command]:
    blocks = force.by_hook.get("apply_block")  # hooks.passive_with(s, "apply_block")
    out: list[Command] = []
    if blocks:  # hooks.apply_block for each hit and card (its own first check is the face), the effects asked once
        for d in s.dice_in("active"):
            if d.face not in _HITS:
                continue
            for c in s.active:
                for h, le in blocks:
                    if h.apply_block(s, le, d, c):
                        break
                else:
                    out.append(_APPLY[d.id, c.id])
    else:  # nothing restricts where a hit goes: each hit to every active card
        # A die's row (its apply command to each active card, in order) is kept with the effects in force, which
        # follow the active cards: the states that share them have the same active cards.
        rows: dict[str, list[Command]] | None = force.scratch.get("apply_rows")
        if rows is None:
            rows = force.scratch["apply_rows"] = {}
        for d in s.dice_in("active"):
            if d.face in _HITS:
                row = rows.get(d.id)
                if row is None:
                    row = rows[d.id] = [_APPLY[d.id, c.id] for c in s.active]
                out += row
    if s.phases_used < s.hero.strategy:  # R4: the current Strategy bounds the phases
        out.append(_REPEAT)
    out.append(_RESOLVE)
    return out


_HITS = frozenset({"hit", "crit"})
_ASK = Command("commit")
"""Marks a die whose commit is not worked out yet in ``_commit``'s kept answers (never a legal command)."""


def _after(s: GameState, force: hooks.InForce) -> list[Command]:
    return [_RESOLVE_AFTER[le.source, le.index] for le in pending_after(s)]


def _recover(s: GameState, force: hooks.InForce) -> list[Command]:
    out = [_RECOVER[d] for d in hooks.recoverable_dice(s)]
    out.append(_DONE)
    return out


def _gain_items(s: GameState, force: hooks.InForce) -> list[Command]:
    room = len(s.inventory) < s.hero.strategy
    out: list[Command] = []
    for card in pending_items(s):
        if room:
            out.append(_GAIN_ITEM[card])
        out.append(_DECLINE_ITEM[card])
    return out


def _stack_discard(s: GameState, force: hooks.InForce) -> list[Command]:
    return [_STACK_DISCARD[i] for i in rules(s).stack_discard_choices(s)]


def _none(s: GameState, force: hooks.InForce) -> list[Command]:
    return []


_SETUP_STEPS = frozenset({"setup", "mission_discard", "rank_penalty"})
"""Steps before the first round: the only commands are the step's own (or its prompt's)."""
_SETUP_COMMANDS: dict[str, Callable[[GameState], list[Command]]] = {
    "mission_discard": _mission_discard,
    "rank_penalty": _rank_penalty,
}
_STEP_COMMANDS: dict[str, Callable[[GameState, hooks.InForce], list[Command]]] = {
    "round_start": _round_start,
    "activate": _activate,
    "commit": _commit,
    "faces": _faces,
    "apply": _apply,
    "suffer": _none,
    "after": _after,
    "exhaust": _none,
    "recover": _recover,
    "gain_items": _gain_items,
    "cleanup": _none,
    "stack_discard": _stack_discard,
    "over": _none,
}


# --- items and the hero's ability ------------------------------------------------------------------------------


def items_usable(s: GameState) -> str | None:
    """Why no item can be used now (R8), or None."""
    return _use_timing(s) or hooks.items_block(s)


def _use_timing(s: GameState) -> str | None:
    """Why neither items nor the hero's ability can be used at this moment (R8), or None."""
    if s.step == "faces" or (s.prompt is not None and hooks.resolving_roll(s, s.prompt)):
        return "items cannot be used while a roll is being resolved"
    return None


def usable_effects(s: GameState) -> list[Live]:
    """Item and ability effects the player may use now (each with at least one way to use it)."""
    if _use_timing(s) is not None:
        return []
    return [use.live for use in _uses_in_force(s).usable(s)]


def can_use_now(s: GameState) -> bool:
    """Whether some item or ability can be used now, in at least one way (a ``use_item`` / ``use_ability`` command
    is legal)."""
    if _use_timing(s) is not None:
        return False
    return any(use.asked(s) for use in _uses_in_force(s).usable(s))


def _uses_in_force(s: GameState) -> _Uses:
    """The effects a player may use while the effects in force hold, kept with them (``InForce.scratch``)."""
    force: hooks.InForce | None = s.__dict__.get(CARRIED)  # hooks.in_force, inlined: asked for every state
    if force is None:
        force = hooks.in_force(s)
    found: _Uses | None = force.uses
    if found is None:
        found = force.uses = _uses_of(s, force)
    return found


def _uses_of(s: GameState, force: hooks.InForce) -> _Uses:
    """The :class:`_Uses` of a set of effects in force. Without a condition that decides which effects held are
    usable, it follows from the hero's and the items' effects (``force.held``), whether items are blocked (by an
    effect in force that may block them, or else by the round flags) and which held effects ask a hook that an
    effect in force answers: it is kept with the hero's and items' effects for those two answers, and serves every
    set of effects in force that shares them (most come from the active cards changing), its plans with it."""
    held = _held_uses(s, force.held)
    blocked: bool | None = None
    if held.items and "items_block" not in force.by_hook:  # hooks.items_block with no effect that answers
        blocked = hooks.ITEMS_BLOCKED in s.round_flags
    fresh = frozenset(u for u in held.hooked if hooks.passive_with(s, *u.hooks)) if held.hooked else _NO_USES
    if held.conditional:
        return _Uses(s, held, blocked, fresh)
    made: dict[tuple[bool | None, frozenset[_Use]], _Uses] | None = force.held.scratch.get("uses_by")
    if made is None:
        made = force.held.scratch["uses_by"] = {}
    found = made.get((blocked, fresh))
    if found is None:
        found = made[blocked, fresh] = _Uses(s, held, blocked, fresh)
    return found


class _Uses:
    """What the item and ability effects in force allow, worked out once for all the states that share them.

    Everything here follows from the fields the effects in force are worked out from (``hooks.IN_FORCE_FIELDS``),
    which those states hold unchanged: the effects held (:class:`_HeldUses`); their conditions (``condition_holds``
    without a context reads the hero, the active cards, and the dice when a condition names an exhausted colour,
    and then the effects in force depend on the dice too); whether items are blocked, when no effect in force can
    block them (then the round flags alone say); and which effects in force answer the hooks a use asks. Without
    conditions, it is shared by every set of effects in force with the same last three (see :func:`_uses_of`).
    """

    __slots__ = ("blocked", "by_used", "candidates", "discards", "filtered", "fresh", "items", "last", "once")

    def __init__(self, s: GameState, held: _HeldUses, blocked: bool | None, fresh: frozenset[_Use]) -> None:
        self.candidates = held.candidates
        """The effects a player uses (see :func:`_use_of`) whose condition holds, in the order of the effects."""
        self.items = held.items
        self.once = held.once
        if held.conditional:
            self.candidates = [
                u for u in held.candidates if u.live.effect.condition is None or hooks.condition_holds(s, u.live, {})
            ]
            self.items = any(u.item for u in self.candidates)
            self.once = any(u.once is not None for u in self.candidates)
        self.blocked = blocked if self.items else None
        """Whether items are blocked, when that follows from the round flags alone (None: an effect in force may
        block them, ask ``hooks.items_block`` in each state)."""
        self.fresh = fresh
        """The effects whose uses ask a hook that an effect in force answers: asked anew in every state."""
        self.discards = held.discards
        self.filtered = self.once or (self.items and self.blocked is not False)
        """Whether a state may rule some candidates out (see :meth:`usable`): else they are all usable."""
        self.last: tuple[tuple[str, ...] | None, bool, list[_Step]] | None = None
        """The used marks (None: no candidate is used once per round) and the items block the last :meth:`plan`
        was made for, and that plan."""
        self.by_used = not (self.items and self.blocked is None)
        """Whether the plan follows from the used marks alone (the items block is known): then a state that holds
        the very marks of the last plan has that plan (see :func:`_compute_legal`)."""

    def usable(self, s: GameState) -> list[_Use]:
        """The :class:`_Use` of each effect the player may use now, the moment allowing it (a shared list: do not
        change it)."""
        found = self.candidates
        if not self.filtered or not found:
            return found
        blocked, used = self._rules_out(s)
        return self._usable(blocked, used)

    def _rules_out(self, s: GameState) -> tuple[bool, tuple[str, ...]]:
        """Whether items are blocked now, and the once-per-round marks used (what rules a candidate out)."""
        blocked = self.items and (self.blocked if self.blocked is not None else hooks.items_block(s) is not None)
        return blocked, s.used_this_round if self.once else ()

    def _usable(self, blocked: bool, used: tuple[str, ...]) -> list[_Use]:
        found = self.candidates
        if blocked or used:  # "items cannot be used": the hero's ability is not an item
            found = [u for u in found if not (blocked and u.item) and (u.once is None or u.once not in used)]
        return found

    def plan(self, s: GameState) -> list[_Step]:
        """Where the use commands of ``s`` come from, in order (see :func:`_compute_legal`): the commands of effects
        whose uses read nothing, joined (lists, shared: do not change them), and the other effects, asked for
        theirs (:class:`_Use` or :class:`_Asked`). It follows from the usable effects alone (the fixed commands
        never change): kept for the state's used marks and items block, the same objects over most states."""
        blocked = self.items and self.blocked  # _rules_out, inlined: asked in most states
        if blocked is None:
            blocked = hooks.items_block(s) is not None
        used = s.used_this_round if self.once else None
        last = self.last
        if last is not None and last[0] is used and last[1] == blocked:
            return last[2]
        steps: list[_Step] = []
        for use in self._usable(blocked, used or ()):
            if use in self.fresh or use.read is None:
                steps.append(_Asked(use))
                continue
            if use.read is not _nothing:
                steps.append(use)
                continue
            fixed = use.fixed_commands(s)  # reads nothing: the same commands in every state
            if not fixed:
                continue
            last_step = steps[-1] if steps else None
            if isinstance(last_step, list):
                steps[-1] = [*last_step, *fixed]
            else:
                steps.append(fixed)
        self.last = (used, blocked, steps)
        return steps


_NO_USES: frozenset[_Use] = frozenset()


class _Asked:
    """A step of :meth:`_Uses.plan`: an effect whose uses are asked anew in every state (a hook it asks is answered
    by an effect in force, or its handler does not say what it reads)."""

    __slots__ = ("use",)

    def __init__(self, use: _Use) -> None:
        self.use = use

    def commands(self, s: GameState) -> list[Command]:
        return self.use.asked(s)


class _HeldUses:
    """The effects a hero and the items held let a player use, whatever their conditions (see :func:`_held_uses`)."""

    __slots__ = ("candidates", "conditional", "discards", "hooked", "items", "once")

    def __init__(self, s: GameState, held: hooks.HeldEffects) -> None:
        self.candidates: list[_Use] = []
        self.hooked: list[_Use] = []
        """The effects whose uses ask hooks of the effects in force."""
        self.conditional = self.items = self.once = False
        for le in held.live:  # the hero's and the items' effects, in one pass
            use = _use_of(s, le)
            if use is None:
                continue
            self.candidates.append(use)
            if use.hooks:
                self.hooked.append(use)
            if le.effect.condition is not None:
                self.conditional = True
            if use.item:
                self.items = True
            if use.once is not None:
                self.once = True
        self.discards = [_DISCARD_ITEM[i] for i in s.inventory]


def _held_uses(s: GameState, held: hooks.HeldEffects) -> _HeldUses:
    """The :class:`_HeldUses` of a state's hero and inventory. It follows from the deck, the hero's id and the
    inventory alone, as the hero's and the items' effects (``hooks.HeldEffects``) do: it is kept with them (in
    their ``scratch``), which are given again while the hero and the inventory are the same (a new set of effects
    in force mostly comes from a change of the active cards, the hero's Health or the round flags)."""
    found: _HeldUses | None = held.scratch.get("uses")
    if found is None:
        found = held.scratch["uses"] = _HeldUses(s, held)
    return found


def _use_of(s: GameState, le: Live) -> _Use | None:
    """The :class:`_Use` of an effect a player uses rather than simply has in force, else None: a single-use item's
    first effect (used once, for all its effects), and item and ability effects whose kind is neither a passive rule
    change nor triggered. This follows from the printed effect alone: it is worked out once per deck and effect,
    and kept with the deck (in its ``__dict__``, like the :class:`Live` records, see ``hooks._lives``)."""
    if le.origin not in ("item", "hero"):
        return None
    made: dict[tuple[str, str, int], _Use | None] | None = s.deck.__dict__.get("_uses")
    if made is None:
        made = s.deck.__dict__["_uses"] = {}
    key = (le.source, le.origin, le.index)
    if key in made:
        return made[key]
    single = le.origin == "item" and hooks.item_effects(s, le.source)[0] == "single_use"
    if single:
        used = le.index == 0
    else:
        used = not hooks.handler(le.effect.kind).passive and le.effect.trigger is None
    found = made[key] = _Use(le, single=single) if used else None
    return found


class _Use:
    """One item or ability effect a player uses, with the command it is used through and the commands of its last
    answered uses (one per deck and effect, see :func:`_use_of`).

    What ``handler.uses`` answers follows from the effect and the state's fields its handler names in
    ``use_reads`` (``base.use_reads``; the deck is this object's own): the commands are kept with those fields'
    values, and given again to any state that holds the very same objects in them (states are frozen, and so are
    their fields' values). A handler that does not say what it reads is asked in every state.
    """

    __slots__ = (
        "cmd",
        "effect",
        "fixed",
        "handler",
        "hooks",
        "item",
        "kept",
        "key_of",
        "live",
        "made",
        "once",
        "read",
        "source",
        "targets",
    )

    def __init__(self, live: Live, *, single: bool) -> None:
        self.live = live
        self.handler = hooks.handler(live.effect.kind)
        self.item = live.origin == "item"
        self.once = live.key if live.effect.once_per_round else None
        """The ``used_this_round`` mark that rules the effect out, if it is used once per round."""
        self.cmd = "use_item" if self.item else "use_ability"
        self.source: str | None = live.source if self.item else None
        """The command's ``item`` (None for the hero's ability)."""
        self.effect: int | None = None if single else live.index
        """The command's ``effect`` (None for a single-use item: it is used whole)."""
        reads = use_reads(self.handler)
        self.read = None if reads is None else _reader(reads)
        """The values the uses depend on, from a state (None: not known, ask every time)."""
        self.key_of = self.read or _nothing
        """:attr:`read`, for :func:`_compute_legal` (only asked when it is known)."""
        self.fixed: list[Command] | None = None
        """The commands of uses that read nothing (``use_reads`` empty), once asked."""
        self.kept: tuple[Any, list[Command]] | None = None
        """The values last read and the commands they gave (one tuple: a thread sees a matching pair)."""
        self.made: dict[tuple[tuple[str, Any], ...], Command] = {}
        """The commands by their target fields."""
        self.hooks = self.handler.use_hooks
        """The hooks the uses ask of the effects in force (see ``_Uses.fresh``)."""
        self.targets = _Targets(self, self.handler) if _by_targets(self.handler) else None
        """The commands by the values of their target fields, when the handler's uses are its ``targets`` named by
        its ``fields`` (see ``items.Targeted``): then asked that way, without a dict for each use."""

    def asked(self, s: GameState) -> list[Command]:
        """A use_item / use_ability command for each way to use the effect now, asking its handler."""
        targets = self.targets
        if targets is not None:
            found = targets.handler.targets(s, self.live)
            return list(map(targets.__getitem__, found)) if found else _NO_COMMANDS
        return self._commands(self.handler.uses(s, self.live))

    def answer(self, s: GameState, key: Any) -> list[Command]:
        """:meth:`asked`, kept for ``key``, the values ``s`` holds in the fields the uses read (a shared list: do not
        change it). :func:`_compute_legal` gives the kept commands instead while a state holds the same values (most
        often the very same objects: a field the event left alone), for an effect whose uses read known fields (see
        :meth:`_Uses.plan`)."""
        commands = self.asked(s)
        self.kept = (key, commands)
        return commands

    def fixed_commands(self, s: GameState) -> list[Command]:
        """The commands of an effect whose uses read nothing (``use_reads`` empty): the same in every state, asked
        once (a shared list: do not change it)."""
        fixed = self.fixed
        if fixed is None:
            fixed = self.fixed = self.asked(s)
        return fixed

    def _commands(self, variants: list[dict[str, Any]]) -> list[Command]:
        if not variants:  # no way to use it now (e.g. no rolled die shows the face it changes)
            return _NO_COMMANDS
        made = self.made
        out = []
        for extra in variants:
            fields = tuple(extra.items())
            command = made.get(fields)
            if command is None:
                command = made[fields] = self.command(extra)
            out.append(command)
        return out

    def command(self, extra: dict[str, Any]) -> Command:
        """The command that uses the effect with these target fields (each made once, see ``_USES``)."""
        key = (self.cmd, self.source, self.effect, *extra.items())
        command = _USES.get(key)
        if command is None:
            command = _USES[key] = Command(self.cmd, item=self.source, effect=self.effect, **extra)
        return command


class _Targets(dict[tuple[Any, ...], Command]):
    """A :class:`_Use`'s commands by the values of their target fields (a handler's ``targets``), each made when
    first asked for."""

    __slots__ = ("fields", "handler", "use")

    def __init__(self, use: _Use, handler: Any) -> None:
        super().__init__()
        self.use = use
        self.handler = handler
        self.fields: tuple[str, ...] = handler.fields

    def __missing__(self, values: tuple[Any, ...]) -> Command:
        made = self[values] = self.use.command(dict(zip(self.fields, values, strict=True)))
        return made


def _by_targets(h: Handler) -> bool:
    """Whether a handler's uses are exactly its ``targets`` named by its ``fields``: an ``items.Targeted`` whose
    class keeps ``uses`` and ``variants`` as ``Targeted`` wrote them (one that replaced either is asked for its
    uses)."""
    if not isinstance(h, Targeted):
        return False
    cls = type(h)
    return cls.uses is Targeted.uses and cls.variants is Targeted.variants


def _reader(reads: tuple[str, ...]) -> Callable[[GameState], Any]:
    """What a state holds of the fields ``reads`` names (see ``Handler.use_reads``): a field's value, the dice in a
    zone for ``dice:<zone>``, the active dice that show a face for ``dice:rolled``; one value, or a tuple of
    several."""
    getters = [_dice(r.removeprefix("dice:")) if r.startswith("dice:") else attrgetter(r) for r in reads]
    if not getters:
        return _nothing
    if len(getters) == 1:
        return getters[0]
    if len(getters) == 2:
        first, second = getters
        return lambda s: (first(s), second(s))
    return lambda s: tuple(get(s) for get in getters)


def _dice(which: str) -> Callable[[GameState], tuple[DieState, ...]]:
    if which == "rolled":
        return _rolled
    zone = cast(Zone, which)

    reader: Callable[[GameState], tuple[DieState, ...]] = methodcaller("dice_in", zone)
    return reader


def _rolled(s: GameState) -> tuple[DieState, ...]:
    """The active dice that show a face, in id order: the dice committed in a Strategy phase show none until they
    are rolled, so the uses that look only at rolled dice keep their answer while dice are committed.

    Several uses read them in a state, and states that follow keep the same dice: the last answer is kept with
    the dice tuple it was read from (a frozen value, held here so that no other tuple can take its address)."""
    global _last_rolled
    dice = s.dice
    last = _last_rolled
    if last[0] is dice:
        return last[1]
    active = s.dice_in("active")
    rolled = tuple([d for d in active if d.face is not None]) if active else ()
    _last_rolled = (dice, rolled)  # one assignment: a thread reads a matching pair
    return rolled


_last_rolled: tuple[tuple[DieState, ...] | None, tuple[DieState, ...]] = (None, ())
"""The last dice tuple :func:`_rolled` read, and its answer."""


def _nothing(s: GameState) -> None:
    """The values uses that read nothing depend on: none."""
    return None


# --- awaiting --------------------------------------------------------------------------------------------------


def awaiting(s: GameState) -> dict[str, Any]:
    """What the game waits for: ``kind`` plus details and a sentence for the prompt line."""
    if s.result is not None:
        return {"kind": "over", "text": f"Game over: you {s.result}. {s.result_reason}"}
    p = s.prompt
    if p is not None:
        out: dict[str, Any] = {"kind": p.kind, "text": _prompt_text(s, p)}
        for key in ("card", "source", "count"):
            value = getattr(p, key)
            if value is not None:
                out[key] = value
        if p.options:
            out["options"] = list(p.options)
        return out
    kind = _STEP_AWAITING.get(s.step, s.step)
    text = _STEP_TEXT.get(s.step, "")
    out = {"kind": kind, "text": text}
    if s.step == "activate":
        out["remaining"] = s.pending_activations
        out["stacks"] = rules(s).activation_choices(s)
    elif s.step == "apply":
        out["phase"] = s.phases_used
        out["phases_allowed"] = s.hero.strategy
    elif s.step == "recover":
        out["limit"] = hooks.recovery_limit(s)
        out["recovered"] = s.recovered_this_round
    elif s.step == "gain_items":
        out["cards"] = pending_items(s)
    elif s.step == "rank_penalty":
        out["remaining"] = s.rank_penalties_left
    return out


_STEP_AWAITING = {
    "mission_discard": "discard_mission",
    "rank_penalty": "rank_penalty",
    "round_start": "endgame_choice",
    "activate": "activate",
    "commit": "commit",
    "faces": "faces",
    "apply": "apply",
    "after": "order_after_effects",
    "recover": "recover",
    "gain_items": "gain_items",
    "stack_discard": "stack_discard",
}

_STEP_TEXT = {
    "mission_discard": "Discard one of the dealt missions.",
    "rank_penalty": "Rank penalty: banish one die, or exhaust three.",
    "round_start": "A stack is empty: start the endgame now, or keep playing the stacks.",
    "activate": "Choose a stack: its top card becomes active.",
    "commit": "Commit dice from the pool, then roll.",
    "faces": "Roll your physical dice and enter each face.",
    "apply": "Apply rolled hits to cards, then repeat the Strategy phase or resolve.",
    "after": "After effects: choose which resolves next (items can be used first).",
    "recover": "Recover exhausted dice to the pool, then finish.",
    "gain_items": "Gain item rewards into the inventory, or decline them.",
    "stack_discard": "Discard the top card of one stack.",
}


def _prompt_text(s: GameState, p: Prompt) -> str:
    if p.kind == "instant_reward" and p.card:
        return f"{s.deck.card(p.card).name} is defeated: take or decline its instant reward."
    if p.kind == "item_limit":
        return f"You hold {len(s.inventory)} items but Strategy is {s.hero.strategy}: use or discard items."
    purpose = p.purpose or "make a choice"
    return purpose[0].upper() + purpose[1:] + (f" ({p.count} left)" if p.count > 1 else "") + "."


# Callers (UI, bots, headless) list the legal commands and then decide one of them, which checks the same list:
# states are frozen, so the answer is kept with the state.
def _legal(s: GameState) -> list[Command]:
    """The legal commands of ``s``, kept with it (a shared list: do not change it)."""
    d: dict[Any, Any] | None = s.__dict__.get(DERIVED)  # state.derived, inlined: asked twice for every state
    if d is None:
        d = derived(s)
    commands: list[Command] | None = d.get("legal")
    if commands is None:
        commands = d["legal"] = _compute_legal(s)
    return commands


# The commands the lists are made of, each made once (see ``Interned``).
_START = Command("start")
_START_ENDGAME = Command("start_endgame")
_DECLINE_ENDGAME = Command("decline_endgame")
_ROLL = Command("roll")
_REPEAT = Command("repeat")
_RESOLVE = Command("resolve")
_DONE = Command("done")
_COMMIT = Interned("commit", "die")
_APPLY = Interned("apply", "die", "card")
_RECOVER = Interned("recover", "die")
_ACTIVATE = Interned("activate", "stack")
_DISCARD_ITEM = Interned("discard_item", "item")
_GAIN_ITEM = Interned("gain_item", "card")
_DECLINE_ITEM = Interned("decline_item", "card")
_TAKE_REWARD = Interned("take_reward", "card")
_DECLINE_REWARD = Interned("decline_reward", "card")
_RESOLVE_AFTER = Interned("resolve_after", "card", "effect")
_FORFEIT_MISSION = Interned("forfeit_mission", "mission")
_DISCARD_MISSION = Interned("discard_mission", "mission")
_STACK_DISCARD = Interned("stack_discard", "stack")
_CHOOSE_DIE = Interned("choose", "die")
_CHOOSE_CARD = Interned("choose", "card")
_CHOOSE_STACK = Interned("choose", "stack")
_CHOOSE_OPTION = Interned("choose", "choice")
_NO_COMMANDS: list[Command] = []
"""No command (shared: never changed)."""
_Step = list[Command] | _Use | _Asked
"""A step of :meth:`_Uses.plan`."""
_USES: dict[tuple[Any, ...], Command] = {}
"""use_item / use_ability commands by (cmd, item, effect, *their target fields)."""
