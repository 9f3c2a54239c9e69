"""The Hoplomachus Victorum deck rules (hoplomachus.md, HV1–HV13), as the ruleset object the general engine calls at
its named points (architecture.md contract 9): its setup steps (:mod:`.setup`), its round up to the engagement
(:mod:`.rounds`), its fights and Cleanup (:mod:`.fights`), its Opportunities (:mod:`.opportunities`), its views
(:mod:`.view`) and words (:mod:`.words`).
"""

from __future__ import annotations

import random
from dataclasses import replace

from twentystrong.engine import dicemoves
from twentystrong.engine import events as ev
from twentystrong.engine.commands import Command, Rejected
from twentystrong.engine.effects.base import Live
from twentystrong.engine.rulesets.base import CommandSpec, Ruleset, StepSpec, redrawn_piles, reordered
from twentystrong.engine.state import ActiveCard, Changes, GameState, Prompt, Table
from twentystrong.engine.tx import Tx
from twentystrong.i18n import N_, _, pgettext
from twentystrong.kits.hoplomachus_victorum.content import is_tactic, primus_by_id, scion_by_id
from twentystrong.kits.hoplomachus_victorum.rules import events as hev
from twentystrong.kits.hoplomachus_victorum.rules import fights, opportunities, rounds, setup, view, words
from twentystrong.kits.hoplomachus_victorum.rules.pyramid import BOTTOM, BY_ID, IDS, PRIMUS_CAMPS, SCION_ID
from twentystrong.kits.hoplomachus_victorum.rules.table import (
    VictorumTable,
    camp_card,
    enterable,
    moved,
    table,
)

RULESET_ID = "hoplomachus-victorum"


# --- the Sport alternative ------------------------------------------------------------------------------------------


def sport_alternatives(s: GameState, card: str) -> list[Command]:
    """Sport: instead of its reward, recruit 1 die (while the training grounds hold one) or gain 1 Tactic from the
    Tactics area (room needed)."""
    found = camp_card(s.deck, card)
    if found is None or found.kind != "sport":
        return []
    out = []
    if dicemoves.recruitable(s) is not None:
        out.append(Command("recruit", card=card))
    if len(s.inventory) < s.hero.strategy:
        out += [Command("gain_tactic", card=card, tactic=t) for t in table(s).tactics]
    return out


def _forgo(tx: Tx, card: str) -> None:
    """The reward is given up for the Sport alternative (an instant reward's prompt closes; an item stays behind)."""
    p = tx.state.prompt
    if p is not None and p.kind == "instant_reward" and p.card == card:
        tx.emit(ev.PromptDone)
        tx.emit(ev.RewardDecided, card=card, kind="instant", taken=False)
    else:
        tx.emit(ev.RewardDecided, card=card, kind="item", taken=False)


def _sport_recruit(tx: Tx, c: Command) -> None:
    _forgo(tx, str(c.card))
    dicemoves.recruit(tx)


def _sport_tactic(tx: Tx, c: Command) -> None:
    _forgo(tx, str(c.card))
    tx.emit(hev.TacticGained, tactic=c.tactic)


# --- items leaving the inventory -------------------------------------------------------------------------------


def item_left(s: GameState, item: str) -> Changes | None:
    """HV2: a used or discarded Tactic returns to the Tactics area; an item with the Influence icon joins the
    Influence deck; anything else goes to the discard pile. A held Opportunity stops counting."""
    t = table(s)
    if item in t.earned or any(c == item for c, _ in t.opportunities):
        held = tuple((c, p) for c, p in t.opportunities if c != item)
        t = replace(t, opportunities=held, earned=tuple(c for c in t.earned if c != item))
    if is_tactic(s.deck, item):
        return {"table": replace(t, tactics=(*t.tactics, item))}
    found = camp_card(s.deck, item)
    if found is not None and found.influence:
        return {"table": replace(t, influence=(*t.influence, item))}
    return {"table": t, "discard": (*s.discard, item)}


# --- refusals in the deck's words ------------------------------------------------------------------------------------


def _camp_of(command: Command) -> tuple[int | None, Rejected | None]:
    name = command.camp
    if name is None:
        return None, Rejected(
            "bad_argument",
            _('{cmd} needs a "camp": {example} (see legal)').format(
                cmd=command.cmd, example=f'{{"cmd": "{command.cmd}", "camp": "1-2"}}'
            ),
        )
    if name == SCION_ID:
        return None, Rejected("scion_closed", _("the Scion's place cannot be entered: it opens for the final fight"))
    if name not in BY_ID:
        return None, Rejected(
            "unknown_camp",
            _("there is no camp {name}: the camps are {camps}").format(name=repr(name), camps=", ".join(IDS)),
        )
    return BY_ID[str(name)], None


def refuse_move(s: GameState, command: Command) -> Rejected:
    """Why a move to this camp is refused (HV4–HV6)."""
    k, refused = _camp_of(command)
    if refused is not None or k is None:
        return refused or Rejected("illegal_camp", _("that camp cannot be entered"))
    t = table(s)
    if t.empty(k):
        return Rejected(
            "empty_camp", _("camp {camp} is empty (no card, no Primus): it cannot be entered").format(camp=IDS[k])
        )  # HV5
    if t.position is None and k not in BOTTOM:
        bottom = ", ".join(IDS[b] for b in BOTTOM)
        return Rejected(
            "not_bottom_row", _("the first move goes to a camp of the bottom row ({camps})").format(camps=bottom)
        )
    if t.position is not None and k == t.position:
        return Rejected("stay", _("you are at camp {camp}: you must move to another camp").format(camp=IDS[k]))
    if t.position is not None and t.position < len(IDS):
        words = _("camp {camp} is not adjacent to {other}").format(camp=IDS[k], other=IDS[t.position])
    else:
        words = _("camp {camp} is not adjacent to your camp").format(camp=IDS[k])
    return Rejected("not_adjacent", words)  # HV4


def refuse_reinforcement(s: GameState, command: Command) -> Rejected:
    """Why a +N activation from this camp is refused."""
    k, refused = _camp_of(command)
    if refused is not None or k is None:
        return refused or Rejected("illegal_camp", _("no enemy can come from there"))
    t = table(s)
    if not t.camps[k]:
        return Rejected("empty_camp", _("camp {camp} has no card").format(camp=IDS[k]))
    found = camp_card(s.deck, t.camps[k][0])
    if found is not None and not found.enemy:
        return Rejected(
            "not_an_enemy",
            _("{name} (camp {camp}) is an Opportunity: +N adds Bloodshed or Sport cards").format(
                name=found.name, camp=IDS[k]
            ),
        )
    if t.plus:
        words = _("camp {camp} is not adjacent to {other}, where these enemies come from").format(
            camp=IDS[k], other=IDS[t.plus[-1][0]]
        )
    else:
        words = _("camp {camp} is not adjacent to your camp, where these enemies come from").format(camp=IDS[k])
    return Rejected("not_adjacent", words)


def refuse_setup(s: GameState, command: Command) -> Rejected | None:
    """Why a setup choice is refused (the hero or Tactic not drawn, a Primus or a camp not offered, a camp fed
    twice), naming what may be chosen."""
    t = table(s)
    cmd = command.cmd
    needs = {"choose_hero": "hero", "keep_tactic": "tactic", "place_primus": "primus"}.get(cmd)
    if needs is not None and s.step == cmd and getattr(command, needs) is None:
        listed = {"choose_hero": setup.hero_commands, "keep_tactic": setup.tactic_commands}.get(
            cmd, setup.primus_commands
        )
        names = dict.fromkeys(str(getattr(c, needs)) for c in listed(s))
        return Rejected(
            "bad_argument",
            _('{cmd} needs a "{field}": one of {ids}').format(cmd=cmd, field=needs, ids=", ".join(names)),
        )
    if cmd == "choose_hero" and s.step == "choose_hero":
        offered = setup.hero_commands(s)
        heroes = list(dict.fromkeys(str(c.hero) for c in offered))  # in draw order
        if command.hero not in heroes:
            drawn = [h for h in heroes if h in t.heroes_drawn]
            others = [h for h in heroes if h not in t.heroes_drawn]
            if others:
                words = _(
                    "{hero} was not drawn: choose one of {drawn}, or a universal hero with a drawn one set aside "
                    "({others})"
                )
            else:
                words = _("{hero} was not drawn: choose one of {drawn}")
            hero = repr(command.hero)
            return Rejected("not_drawn", words.format(hero=hero, drawn=", ".join(drawn), others=", ".join(others)))
        asides = [str(c.aside) for c in offered if c.hero == command.hero and c.aside is not None]
        if asides and command.aside is None:
            return Rejected(
                "bad_argument",
                _('a universal hero sets one drawn hero aside: add "aside", one of {ids}').format(
                    ids=", ".join(asides)
                ),
            )
        if asides:
            return Rejected(
                "not_drawn",
                _("{hero} was not drawn: set aside one of {ids}").format(
                    hero=repr(command.aside), ids=", ".join(asides)
                ),
            )
        return Rejected(
            "bad_argument", _("{hero} was drawn: choose it without setting a hero aside").format(hero=command.hero)
        )
    if cmd == "keep_tactic" and s.step == "keep_tactic":
        drawn = list(t.tactics_drawn)
        return Rejected(
            "not_drawn",
            _("{tactic} was not drawn: keep one of {ids}").format(tactic=repr(command.tactic), ids=", ".join(drawn)),
        )
    if cmd == "place_primus" and s.step == "place_primus":
        offered = setup.primus_commands(s)
        if command.primus not in t.to_place:
            return Rejected(
                "not_drawn",
                _("{primus} is not a Primus to place: place one of {ids}").format(
                    primus=repr(command.primus), ids=", ".join(t.to_place)
                ),
            )
        k, refused = _camp_of(command)
        if refused is not None or k is None:
            return refused
        camps = sorted({str(c.camp) for c in offered})
        if t.primus[k] is not None:
            why = _("camp {camp} already holds a Primus (one Primus a camp)").format(camp=IDS[k])
        elif any(t.primus[p] is None for p in PRIMUS_CAMPS):  # HV3
            first = ", ".join(IDS[p] for p in PRIMUS_CAMPS)
            why = _("the first three Primus go under camps {camps}, in turn").format(camps=first)
        else:
            why = _("a Primus cannot go under camp {camp} now").format(camp=IDS[k])
        offered_words = " " + pgettext("list", "or") + " "
        return Rejected(
            "camp_not_offered", _("{why}: place it under {camps}").format(why=why, camps=offered_words.join(camps))
        )
    if cmd == "feed_influence" and s.step == "feed_influence":
        k, refused = _camp_of(command)
        if refused is not None or k is None:
            return refused
        camps = [str(c.camp) for c in setup.feed_commands(s)]
        if k in t.fed:
            why = _(
                "camp {camp} has given its top card already (each Influence card comes from a different camp)"
            ).format(camp=IDS[k])
        elif not t.camps[k]:
            why = _("camp {camp} has no card left").format(camp=IDS[k])
        else:
            why = _("camp {camp} cannot give a card now").format(camp=IDS[k])
        return Rejected("camp_not_offered", _("{why}; choose one of {camps}").format(why=why, camps=", ".join(camps)))
    return None


def _not_now(s: GameState, command: Command) -> str | None:
    """Moments of the deck's own commands, in its words."""
    cmd = command.cmd
    if s.prompt is not None:
        return None
    if cmd == "move" and s.step in ("arrive", "reinforce", "opportunity"):
        return _("you have moved this round: now act at your camp (or answer what it asks)")
    if cmd == "move" and s.step in ("commit", "apply") and table(s).fight:
        return _("a fight is in progress: no one moves until it is won")
    if cmd == "activate" and s.step == "arrive":
        return _("camp {camp} has no card on top to activate").format(camp=IDS[rounds.here(s)])
    if cmd == "spectate" and s.step == "arrive":
        return _("camp {camp} has no card on top to spectate").format(camp=IDS[rounds.here(s)])
    if cmd == "fight_primus" and s.step == "arrive":
        return _("no Primus waits at camp {camp}").format(camp=IDS[rounds.here(s)])
    if cmd in ("activate", "spectate", "fight_primus") and s.step == "move":
        return _("move to a camp first, then act there")
    if cmd == "keep_opportunity" and s.step == "opportunity":
        return _("inventory full ({held}/{most}): discard an item first, or discard the Opportunity").format(
            held=len(s.inventory), most=s.hero.strategy
        )
    return None


class HoplomachusVictorum(Ruleset):
    """Mount Vesuvius: camps on a pyramid, the training grounds, Primus fights, Tactics, Opportunities, the Influence
    deck and the Scion."""

    id = RULESET_ID
    name = "Hoplomachus Victorum"
    dice_zones = (hev.TRAINING,)
    card_zones = {  # (marked for the catalogues: the card browser's zone filter says them)
        "camps": N_("Camps"),
        "tactics": N_("Tactics area"),
        "influence": N_("Influence deck"),
        "primus": N_("Primus"),
    }
    steps = {
        "choose_hero": StepSpec(
            "setup",
            "choose_hero",
            N_(
                "Choose your hero among the Victorum heroes drawn (a universal hero, when one is offered, is a card "
                "too)."
            ),
            commands=setup.hero_commands,
            details=setup._hero_details,
            setup=True,
        ),
        "keep_tactic": StepSpec(
            "setup",
            "keep_tactic",
            N_("Keep one of the Tactics drawn; the others go to the Tactics area."),
            commands=setup.tactic_commands,
            details=lambda s: {"tactics": list(table(s).tactics_drawn)},
            setup=True,
        ),
        "place_primus": StepSpec(
            "setup",
            "place_primus",
            N_("Place each Primus under its camp."),
            advance=setup._primus_step,
            commands=setup.primus_commands,
            details=setup._primus_details,
            setup=True,
        ),
        "feed_influence": StepSpec(
            "setup",
            "feed_influence",
            N_("Difficulty: choose a camp whose top card goes to the Influence deck."),
            advance=setup._feed_step,
            commands=setup.feed_commands,
            details=setup._feed_details,
            setup=True,
        ),
        "round_start": StepSpec("activation", "round_start", advance=rounds.round_start),
        "move": StepSpec(
            "activation",
            "move",
            N_(
                "Move to a camp: the first time one of the bottom row, then one next to yours (any camp that can be "
                "entered when none next to yours can)."
            ),
            advance=rounds.move_step,
            commands=rounds.move_commands,
            details=rounds._move_details,
        ),
        "arrive": StepSpec(
            "activation",
            "arrive",
            N_("Activate your camp's top card, spectate it, or fight the Primus waiting there."),
            advance=rounds.arrive_step,
            commands=rounds.arrive_commands,
            details=rounds._arrive_details,
        ),
        "reinforce": StepSpec(
            "activation",
            "reinforce",
            N_("Additional enemies: activate a Bloodshed or Sport card from a camp next to theirs."),
            advance=rounds.reinforce_step,
            commands=rounds.reinforce_commands,
            details=rounds._reinforce_details,
        ),
        "opportunity": StepSpec(
            "activation",
            "opportunity",
            N_("An Opportunity: keep it (an item) or discard it."),
            commands=rounds.opportunity_commands,
            details=rounds._opportunity_details,
        ),
        "spectating": StepSpec("activation", "spectating", advance=rounds.spectating_step),
        "spectate_reward": StepSpec(
            "activation",
            "spectate_reward",
            N_("Spectating: recover one exhausted die, or gain 1 Health."),
            commands=rounds.spectate_reward_commands,
        ),
        "suffer": StepSpec("resolve", "suffer", advance=fights.suffer_step),
        "bloodshed": StepSpec(
            "resolve",
            "bloodshed",
            N_("Bloodshed: dismiss a die to the training grounds for each Bloodshed enemy that dealt you damage."),
            advance=fights.bloodshed_step,
            commands=fights.bloodshed_commands,
            details=lambda s: {"remaining": table(s).bloodshed},
        ),
        "bane": StepSpec("resolve", "bane", advance=fights.bane_step),
    }
    commands = {
        "choose_hero": CommandSpec(N_("choose your hero"), setup._choose_hero, {"hero": str, "aside": str}),
        "keep_tactic": CommandSpec(N_("keep one of the Tactics drawn"), setup._keep_tactic, {"tactic": str}),
        "place_primus": CommandSpec(N_("place a Primus under a camp"), setup.place, {"primus": str, "camp": str}),
        "feed_influence": CommandSpec(N_("move a camp's top card to the Influence deck"), setup._feed, {"camp": str}),
        "move": CommandSpec(N_("move to a camp"), rounds._move, {"camp": str}),
        "activate": CommandSpec(N_("activate a camp's top card"), rounds._activate, {"camp": str}),
        "spectate": CommandSpec(N_("spectate your camp"), rounds._spectate),
        "fight_primus": CommandSpec(N_("fight the Primus at your camp"), rounds._fight_primus),
        "keep_opportunity": CommandSpec(N_("keep the Opportunity as an item"), rounds._decide_opportunity),
        "discard_opportunity": CommandSpec(N_("discard the Opportunity"), rounds._decide_opportunity),
        "spectate_reward": CommandSpec(N_("recover a die or gain 1 Health"), rounds._spectate_reward),
        "dismiss": CommandSpec(N_("dismiss a die to the training grounds"), fights._dismiss),
        "recruit": CommandSpec(N_("recruit a die instead of a Sport card's reward"), _sport_recruit),
        "gain_tactic": CommandSpec(
            N_("gain a Tactic instead of a Sport card's reward"), _sport_tactic, {"tactic": str}
        ),
    }
    events = hev.EVENTS
    charges = hev.CHARGES
    prompt_fields = {"choose_camp": "camp"}
    choice_prompts = frozenset({"choose_camp"})

    views = view.VIEWS
    words = words.WORDS

    def initial_table(self) -> Table:
        return VictorumTable()

    def setup(self, tx: Tx) -> None:
        setup.deal(tx)

    def card_activated(self, t: Table, event: ev.CardActivated) -> Table:
        assert isinstance(t, VictorumTable)
        return hev.card_activated(t, event)

    def card_placed(self, t: Table, event: ev.CardLeft) -> Table:
        assert isinstance(t, VictorumTable)
        return hev.card_placed(t, event)

    def activation_commands(self, s: GameState) -> list[Command]:
        """Activation is its own steps here (move, arrive, reinforce): nothing for the general step."""
        return []

    def not_now(self, s: GameState, command: Command) -> str | None:
        return _not_now(s, command)

    def refuse(self, s: GameState, command: Command) -> Rejected | None:
        """HV4–HV6 for a move; the neighbours for a +N activation."""
        if s.prompt is not None:
            return None
        refused = refuse_setup(s, command)
        if refused is not None:
            return refused
        if command.cmd == "move" and s.step == "move" and not moved(s):
            return refuse_move(s, command)
        if command.cmd == "activate" and s.step == "reinforce":
            return refuse_reinforcement(s, command)
        return None

    def return_to_origin(self, tx: Tx, card: ActiveCard) -> None:
        """Back on top of its camp (an added enemy, too); a card from nowhere (the final fight's) is discarded."""
        if card.pile is not None and not card.boss and not card.entourage:
            tx.emit(ev.CardLeft, card=card.id, to="camp", stack=card.pile)
        else:
            tx.emit(ev.CardLeft, card=card.id, to="discard")

    def keeps_applied_dice(self, s: GameState, card: ActiveCard) -> bool:
        return fights.keeps_applied_dice(s, card)

    def stays_at_cleanup(self, s: GameState, card: ActiveCard) -> bool:
        return fights.stays_at_cleanup(s, card)

    def cleanup_destination(self, s: GameState, card: ActiveCard) -> str:
        return fights.cleanup_destination(s, card)

    def after_cleanup(self, tx: Tx) -> bool:
        return fights.after_cleanup(tx)

    def after_command(self, tx: Tx, before: GameState, command: Command) -> None:
        opportunities.track(tx, before, command)

    def redraw(self, s: GameState, rng: random.Random) -> GameState | None:
        """R12, HV11: the cards under the camp tops drawn again from all of them (each camp keeps its size and its
        top; the Primus stay where they wait, face up), and the Influence deck in a new order (its cards and icons
        are known, its order is not)."""
        t = table(s)
        redrawn = replace(t, camps=redrawn_piles(t.camps, rng), influence=reordered(t.influence, rng))
        return s.changed({"table": redrawn})

    def won(self, s: GameState) -> str | None:
        return fights.won(s)

    def reward_alternatives(self, s: GameState, card: str) -> list[Command]:
        return sport_alternatives(s, card)

    def item_left(self, s: GameState, item: str) -> Changes | None:
        return item_left(s, item)

    def dormant_items(self, s: GameState) -> frozenset[str]:
        t = s.table
        return t.dormant(s.deck) if isinstance(t, VictorumTable) and t.opportunities else frozenset()

    def effect_of_prompt(self, s: GameState, prompt: Prompt) -> Live | None:
        """A Bane's prompt (its Primus resolving its Bane), a spectate penalty's (the Scion on its Spectate side)."""
        t = s.table
        index = prompt.effect
        if not isinstance(t, VictorumTable) or index is None:
            return None
        if prompt.source is not None and prompt.source == t.bane:
            bane = primus_by_id(s.deck, t.bane).bane
            return fights.bane_live(t.bane, index, bane[index]) if 0 <= index < len(bane) else None
        if prompt.source == t.scion and t.scion_side == "spectate":
            penalty = scion_by_id(s.deck, t.scion).spectate
            return Live(t.scion, "boss", index, penalty[index]) if 0 <= index < len(penalty) else None
        return None


__all__ = ["RULESET_ID", "HoplomachusVictorum", "enterable"]
