"""The Solar Sentinels deck rules (rules.md "Solar Sentinels deck rules"): the deal, mandatory enemies (R3), the
stack discard at Cleanup (R14), the boss deck, the endgame (dwindling stacks), missions and difficulty ranks (R15).

What the general engine asks of them is the :class:`SolarSentinels` ruleset object (registered by the package):
its steps, commands and events are defined here and in :mod:`.events`, its views in :mod:`.view`, its words in
:mod:`.words`.
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

from twentystrong.content.effects import WinCondition
from twentystrong.engine import events as ev
from twentystrong.engine import flow
from twentystrong.engine.commands import Command, Rejected
from twentystrong.engine.effects.words import card_gender
from twentystrong.engine.rng import shuffled
from twentystrong.engine.rulesets.base import CommandSpec, Ruleset, StepSpec, redrawn_piles, reordered
from twentystrong.engine.state import ActiveCard, GameState, Prompt, Table
from twentystrong.engine.tx import Tx
from twentystrong.i18n import N_, Gendered, _, lazy_gettext, lazy_pgettext, pgettext
from twentystrong.kits.solar_sentinels.content import mission_by_id, missions_of
from twentystrong.kits.solar_sentinels.options import MISSIONS, RANKS
from twentystrong.kits.solar_sentinels.options import RANK as RANK_OPTION
from twentystrong.kits.solar_sentinels.rules import events as sev
from twentystrong.kits.solar_sentinels.rules import missions, view, words
from twentystrong.kits.solar_sentinels.rules.table import SolarSentinelsTable, table

STACKS = 3

RANK = "rank"
"""``Prompt.source`` of the rank penalty's own prompts."""


# One message per grammatical gender of the card's name (i18n.Gendered).
MANDATORY_FIRST = Gendered(
    lazy_gettext("{card} is mandatory: activate it first"),
    lazy_pgettext("masculine", "{card} is mandatory: activate it first"),
    lazy_pgettext("feminine", "{card} is mandatory: activate it first"),
    lazy_pgettext("neuter", "{card} is mandatory: activate it first"),
)
MANDATORY_KEPT = Gendered(
    lazy_gettext("{card} (stack {stack}) is mandatory: it cannot be discarded"),
    lazy_pgettext("masculine", "{card} (stack {stack}) is mandatory: it cannot be discarded"),
    lazy_pgettext("feminine", "{card} (stack {stack}) is mandatory: it cannot be discarded"),
    lazy_pgettext("neuter", "{card} (stack {stack}) is mandatory: it cannot be discarded"),
)


def mandatory_tops(s: GameState) -> list[int]:
    """Non-empty stacks whose top counts as a mandatory enemy: printed so, or the stack a mission made mandatory."""
    t = table(s)
    forced = missions.mandatory_stack(s) if t.missions else None  # no mission, none made mandatory
    printed = [i for i in t.open_stacks() if s.deck.card(t.stacks[i - 1][0]).mandatory]
    if forced is None or forced in printed or forced not in t.open_stacks():
        return printed
    return sorted((*printed, forced))


def activation_choices(s: GameState) -> list[int]:
    """R3: the stacks whose top may be activated: the mandatory tops if there are any, else every open stack."""
    return mandatory_tops(s) or table(s).open_stacks()


def stack_discard_choices(s: GameState) -> list[int]:
    """Any non-empty stack whose top is not mandatory (none: nothing is discarded)."""
    mandatory = mandatory_tops(s)
    return [i for i in table(s).open_stacks() if i not in mandatory]


def endgame_trigger(s: GameState) -> str:
    """Dwindling stacks: one empty stack lets the endgame start (``may``); all empty force it (``must``)."""
    if s.endgame:
        return "no"
    t = table(s)
    empty = sum(1 for stack in t.stacks if not stack)
    if empty == len(t.stacks):
        return "must"
    return "may" if empty else "no"


# --- setup ----------------------------------------------------------------------------------------------------------


def setup(tx: Tx) -> None:
    """Deal three face-up stacks, the face-down boss deck and the missions; set the hero's stats."""
    s = tx.state
    opts = s.options
    deck = s.deck
    hero = deck.hero(opts.hero_id)
    cards = [c.id for c in deck.cards]
    bosses = [b.id for b in deck.bosses]
    dealt_missions = [m.id for m in missions_of(deck)]
    used = 0
    if opts.deal == "shuffled":
        cards_t, n = shuffled(opts.seed, s.rng + used, cards)
        used += n
        bosses_t, n = shuffled(opts.seed, s.rng + used, bosses)
        used += n
        missions_t, n = shuffled(opts.seed, s.rng + used, dealt_missions)
        used += n
        cards, bosses, dealt_missions = list(cards_t), list(bosses_t), list(missions_t)
    # "ordered": the first third of the file is stack 1 with the first card on top, and so on.
    size = -(-len(cards) // STACKS)
    stacks = tuple(tuple(cards[i * size : (i + 1) * size]) for i in range(STACKS))
    dealt: tuple[str, ...] = ()
    if MISSIONS.on(opts):
        dealt = tuple(dealt_missions[: RANKS[RANK_OPTION.number(opts)][1]])
    tx.emit(
        sev.GameStarted,
        hero=hero.id,
        health=hero.health,
        strategy=hero.strategy,
        recovery=hero.recovery,
        stacks=stacks,
        boss_deck=tuple(bosses),
        missions=dealt,
        rank_penalties=RANK_OPTION.number(opts) - 1 if MISSIONS.on(opts) else 0,  # R15: ranks exist only with missions
        draws=used,
    )
    tx.emit(ev.StepChanged, step="mission_discard" if table(tx.state).missions else "rank_penalty")


def _mission_discard_step(tx: Tx) -> bool:
    t = table(tx.state)
    if sum(1 for m in t.missions if m.status == "pending") > 1 and not any(m.status == "discarded" for m in t.missions):
        return False
    tx.emit(ev.StepChanged, step="rank_penalty")
    return True


def _mission_discard_commands(s: GameState) -> list[Command]:
    return [Command("discard_mission", mission=m.id) for m in table(s).missions if m.status == "pending"]


def _discard_mission(tx: Tx, c: Command) -> None:
    tx.emit(sev.MissionDiscarded, mission=c.mission)


def _rank_penalty_step(tx: Tx) -> bool:
    if table(tx.state).rank_penalties_left > 0:
        return False
    flow.start_round(tx)
    return True


def _rank_penalty_commands(s: GameState) -> list[Command]:
    if all(d.zone == "banished" for d in s.dice):
        return [Command("rank_penalty", choice="exhaust")]
    return [Command("rank_penalty", choice="banish"), Command("rank_penalty", choice="exhaust")]


def _rank_penalty(tx: Tx, c: Command) -> None:
    pool = tuple(d.id for d in tx.state.dice_in("pool"))
    if c.choice == "banish":
        # Banishing takes a die from any zone (rules.md "Dice zones"): an already exhausted die is a fair choice.
        dice = tuple(d.id for d in tx.state.dice if d.zone != "banished")
        tx.push(Prompt("choose_die", source=RANK, count=1, options=dice, purpose="rank: choose a die to banish"))
    elif len(pool) <= 3:
        for die in pool:
            tx.emit(ev.DieMoved, die=die, zone="exhausted", reason="rank penalty")
        _rank_penalty_paid(tx)
    else:
        tx.push(Prompt("choose_die", source=RANK, count=3, options=pool, purpose="rank: choose dice to exhaust"))


def _rank_penalty_paid(tx: Tx) -> None:
    tx.emit(ev.Marked, field="rank_penalties_left", value=table(tx.state).rank_penalties_left - 1)


# --- the start of a round: the endgame may or must start --------------------------------------------------------------


def _round_start_step(tx: Tx) -> bool:
    trigger = endgame_trigger(tx.state)
    if trigger == "may":
        return False  # the player chooses: start_endgame or decline_endgame
    if trigger == "must":
        start_endgame(tx)
        return True
    return flow.round_start(tx)


def start_endgame(tx: Tx) -> None:
    """Endgame setup: the revealed boss (or the boss deck's top), one shuffled stack, and a random entourage; then
    the first endgame engagement."""
    s = tx.state
    t = table(s)
    if t.revealed_boss is not None:
        boss = t.revealed_boss
    else:
        boss = (t.boss_deck or t.boss_discard)[0]
    pool = [*s.discard, *(c for stack in t.stacks for c in stack)]
    stack, used = shuffled(s.options.seed, s.rng, pool)
    unfinished = sum(1 for m in t.missions if m.status in ("pending", "forfeited"))
    count = min(len(stack), s.deck.boss(boss).entourage + unfinished)
    entourage, rest = stack[:count], stack[count:]
    tx.emit(sev.EndgameStarted, boss=boss, stack=rest, entourage=entourage, draws=used)
    tx.emit(ev.CardActivated, card=boss, boss=True)
    for card_id in entourage:
        tx.emit(ev.CardActivated, card=card_id, entourage=True)  # +N on entourage cards is ignored
    for card in tx.state.active:
        flow.on_activated(tx, card.id)
    if not tx.over:
        flow.begin_engagement(tx)


def _start_endgame(tx: Tx, c: Command) -> None:
    start_endgame(tx)


def _decline_endgame(tx: Tx, c: Command) -> None:
    tx.emit(ev.StepChanged, step="activate")


# --- activation and the stack discard ---------------------------------------------------------------------------------


def _activate(tx: Tx, c: Command) -> None:
    """Activation: the top card of a stack enters the active area (the next card turns up at once)."""
    stack = int(c.stack or 0)
    t = table(tx.state)
    flow.activate_card(tx, t.stacks[stack - 1][0], pile=stack, revealed=t.under_top(stack))


def _stack_discard_step(tx: Tx) -> bool:
    if stack_discard_choices(tx.state):
        return False
    flow.end_round(tx)
    return True


def _stack_discard_commands(s: GameState) -> list[Command]:
    return [Command("stack_discard", stack=i) for i in stack_discard_choices(s)]


def _stack_discard(tx: Tx, c: Command) -> None:
    t = table(tx.state)
    stack = int(c.stack or 0)
    tx.emit(
        sev.StackTopDiscarded, stack=stack, card=t.stacks[stack - 1][0], reason="cleanup", revealed=t.under_top(stack)
    )
    flow.end_round(tx)


def _refuse_stack_discard(s: GameState, stack: int | None) -> Rejected | None:
    t = table(s)
    if stack is None or not 0 < stack <= len(t.stacks):
        return None
    if not t.stacks[stack - 1]:
        return Rejected("illegal_argument", _("stack {stack} is empty").format(stack=stack))
    top = s.deck.card(t.stacks[stack - 1][0])
    if top.mandatory or stack in mandatory_tops(s):  # printed so, or made so by a mission
        return Rejected(
            "illegal_argument",
            MANDATORY_KEPT(card_gender(s.deck, top.id)).format(card=top.name, stack=stack),
        )
    return None


def _forfeit(tx: Tx, c: Command) -> None:
    missions.forfeit(tx)


def _activate_details(s: GameState) -> dict[str, Any]:
    return {"remaining": s.pending_activations, "stacks": activation_choices(s)}


def _rank_details(s: GameState) -> dict[str, Any]:
    return {"remaining": table(s).rank_penalties_left}


class SolarSentinels(Ruleset):
    """Three face-up stacks of 15, mandatory enemies, a stack discard each round, a boss deck and missions."""

    id = "solar-sentinels"
    name = "Solar Sentinels"
    card_zones = {"stacks": N_("Stacks"), "boss_deck": N_("Boss deck"), "missions": N_("Missions")}
    steps = {
        "mission_discard": StepSpec(
            "setup",
            "discard_mission",
            N_("Discard one of the dealt missions."),
            advance=_mission_discard_step,
            commands=_mission_discard_commands,
            setup=True,
        ),
        "rank_penalty": StepSpec(
            "setup",
            "rank_penalty",
            N_("Rank penalty: banish one die, or exhaust three."),
            advance=_rank_penalty_step,
            commands=_rank_penalty_commands,
            details=_rank_details,
            setup=True,
        ),
        "round_start": StepSpec(
            "activation",
            "endgame_choice",
            N_("A stack is empty: start the endgame now, or keep playing the stacks."),
            advance=_round_start_step,
            commands=lambda s: [Command("start_endgame"), Command("decline_endgame")],
        ),
        "activate": StepSpec(
            "activation",
            "activate",
            N_("Choose a stack: its top card becomes active."),
            advance=flow.activation,
            commands=lambda s: [Command("activate", stack=i) for i in activation_choices(s)],
            details=_activate_details,
        ),
        "stack_discard": StepSpec(
            "resolve",
            "stack_discard",
            N_("Discard the top card of one stack."),
            advance=_stack_discard_step,
            commands=_stack_discard_commands,
        ),
    }
    commands = {
        "discard_mission": CommandSpec(N_("discard one of the dealt missions"), _discard_mission, {"mission": str}),
        "rank_penalty": CommandSpec(N_("choose a rank penalty: banish one die or exhaust three"), _rank_penalty),
        "start_endgame": CommandSpec(N_("start the endgame now"), _start_endgame),
        "decline_endgame": CommandSpec(N_("keep playing the stacks"), _decline_endgame),
        "activate": CommandSpec(N_("activate the top card of a stack"), _activate, {"stack": int}),
        "stack_discard": CommandSpec(N_("discard the top card of a stack"), _stack_discard, {"stack": int}),
        "forfeit_mission": CommandSpec(N_("forfeit the current mission"), _forfeit, {"mission": str}),
    }
    events = sev.EVENTS
    charges = sev.CHARGES
    prompt_fields = {"choose_stack": "stack"}
    choice_prompts = frozenset({"choose_stack"})
    prompt_sources = frozenset({RANK, missions.PROMPT_SOURCE})

    views = view.VIEWS
    words = words.WORDS

    def initial_table(self) -> Table:
        return SolarSentinelsTable()

    def setup(self, tx: Tx) -> None:
        setup(tx)

    def card_activated(self, t: Table, event: ev.CardActivated) -> Table:
        assert isinstance(t, SolarSentinelsTable)
        return sev.card_activated(t, event)

    def card_placed(self, t: Table, event: ev.CardLeft) -> Table:
        assert isinstance(t, SolarSentinelsTable)
        return sev.card_placed(t, event)

    def activation_commands(self, s: GameState) -> list[Command]:
        return [Command("activate", stack=i) for i in activation_choices(s)]

    def not_now(self, s: GameState, command: Command) -> str | None:
        """The endgame starts only when it opens (a stack is empty), at the start of a round."""
        if command.cmd != "start_endgame" or s.prompt is not None:
            return None
        if s.endgame:
            return _("the endgame has already begun")
        if endgame_trigger(s) == "no":
            return _("the endgame opens once a stack is empty, at the start of a round")
        return _("the endgame can start only at the start of a round, before Activation")

    def refuse(self, s: GameState, command: Command) -> Rejected | None:
        """R3: a top that is not mandatory while another is (the refusal names the mandatory ones); the stack
        discard: an empty stack, a mandatory top."""
        if command.cmd == "stack_discard":
            return _refuse_stack_discard(s, command.stack)
        if command.cmd != "activate" or s.step != "activate" or s.prompt is not None:
            return None
        t = table(s)
        stack = command.stack
        mandatory = mandatory_tops(s)
        if not mandatory or stack not in t.open_stacks():
            if stack is None or not 1 <= stack <= len(t.stacks):
                return Rejected(
                    "illegal_stack",
                    _("there is no stack {stack}: the stacks are 1–{n}").format(stack=stack, n=len(t.stacks)),
                )
            if not t.stacks[stack - 1]:
                return Rejected("empty_stack", _("stack {stack} is empty").format(stack=stack))
            return Rejected("illegal_stack", _("stack {stack} cannot be activated now").format(stack=stack))
        named = [
            _("{card} (stack {stack})").format(card=s.deck.card(t.stacks[i - 1][0]).name, stack=i) for i in mandatory
        ]
        if len(named) == 1:
            gender = card_gender(s.deck, t.stacks[mandatory[0] - 1][0])
            return Rejected("mandatory_first", MANDATORY_FIRST(gender).format(card=named[0]))
        return Rejected(
            "mandatory_first",
            _("{cards} are mandatory: activate one of them first").format(
                cards=(" " + pgettext("list", "and") + " ").join(named)
            ),
        )

    def return_to_origin(self, tx: Tx, card: ActiveCard) -> None:
        """Back on top of its stack; a card with no stack to go back to (an empty stack, an entourage card) is
        discarded (stack management: a card that would return to an empty stack is discarded instead)."""
        t = table(tx.state)
        stack = card.pile
        if stack is not None and 1 <= stack <= len(t.stacks) and t.stacks[stack - 1]:
            tx.emit(ev.CardLeft, card=card.id, to="stack", stack=stack)
        else:
            tx.emit(ev.CardLeft, card=card.id, to="discard")

    def cleanup_destination(self, s: GameState, card: ActiveCard) -> str:
        """The boss goes to the boss discard; conflict cards to the discard pile."""
        return "boss_discard" if card.boss else "discard"

    def after_cleanup(self, tx: Tx) -> bool:
        """The stack discard (R14: in the endgame too)."""
        tx.emit(ev.StepChanged, step="stack_discard")
        return True

    def anytime_commands(self, s: GameState) -> list[Command]:
        """The current mission may be forfeited at any time (if it allows it)."""
        current = table(s).current_mission
        if current is not None and mission_by_id(s.deck, current.id).forfeitable:
            return [Command("forfeit_mission", mission=current.id)]
        return []

    def answer(self, tx: Tx, prompt: Prompt, command: Command) -> None:
        if prompt.source == RANK:
            banish = "banish" in prompt.purpose
            tx.emit(
                ev.DieMoved, die=str(command.die), zone="banished" if banish else "exhausted", reason="rank penalty"
            )
            if not tx.narrow_prompt(prompt, tuple(o for o in prompt.options if o != command.die)):
                _rank_penalty_paid(tx)
        else:
            missions.choose(tx, prompt, command)

    def reask(self, tx: Tx, prompt: Prompt) -> None:
        if prompt.source == missions.PROMPT_SOURCE:
            missions.reask(tx, prompt)

    def after_command(self, tx: Tx, before: GameState, command: Command) -> None:
        if table(tx.state).missions:
            missions.track(tx, before, command)  # only the current mission counts what this command caused

    def redraw(self, s: GameState, rng: random.Random) -> GameState | None:
        """R12: the cards under the stack tops drawn again from all of them (each stack keeps its size and its
        top), and the boss deck in a new order. (A player may remember more, such as a card returned to a stack;
        the world forgets it: it never knows more than the player.)"""
        t = table(s)
        redrawn = replace(t, stacks=redrawn_piles(t.stacks, rng), boss_deck=reordered(t.boss_deck, rng))
        return s.changed({"table": redrawn})

    def won(self, s: GameState) -> str | None:
        """R11: the boss's defeat wins, unless its rules also require every enemy."""
        for card in s.active:
            if not card.boss or not card.defeated:
                continue
            rules = s.deck.boss(card.id).rules
            if any(isinstance(r, WinCondition) and r.require == "all_enemies" for r in rules):
                if any(not c.defeated for c in s.active):
                    return None
                return f"{s.deck.boss(card.id).name} and every enemy with it are defeated"
            return f"{s.deck.boss(card.id).name} is defeated"
        return None
