"""Issue 4, the passive effect kinds: one scenario per kind, each checking the rule at its hook point.

Every scenario deals the stacks in deck-file order (``deal = "ordered"``) and enters physical dice faces, so the
test controls exactly which card is on top and what each die shows. Scenario decks are written to ``tmp_path``
by :func:`make_deck`: the cards under test on top of the stacks, plain filler cards (no effect, no damage) below.
The last tests play random legal games over ``tests/decks/effects_passive``, which uses every passive kind.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
import tomli_w

from twentystrong.content import effects as fx
from twentystrong.content.loader import load_deck, validate
from twentystrong.content.model import Deck
from twentystrong.engine import Command, Rejected, decide_and_apply, fold, initial_state, legal_commands
from twentystrong.engine import events as ev
from twentystrong.engine.dice import FACES
from twentystrong.engine.effects import hooks
from twentystrong.engine.effects.base import HANDLERS, Handler
from twentystrong.engine.effects.words import colors, join
from twentystrong.engine.legal import awaiting
from twentystrong.engine.rng import below
from twentystrong.engine.state import ActiveCard, DiceMode, GameState, SetupOptions
from twentystrong.kits.options import choose

PASSIVE_DECK = Path(__file__).parent / "decks" / "effects_passive"

PASSIVE_KINDS = (
    "cannot_commit_color",
    "commit_limit",
    "commit_all_of_color",
    "misses_not_rerolled",
    "keep_unapplied_hits",
    "invert_results",
    "reroll_hit_per_miss",
    "roll_test",
    "apply_limit",
    "one_die_per_color_per_step",
    "one_color_per_enemy",
    "same_color_pairs",
    "cannot_apply_color",
    "crits_cannot_apply",
    "requires_pair",
    "apply_requires_exhausted_color",
    "no_apply_while_miss",
    "crits_deal_zero",
    "basic_hits_deal_zero",
    "color_bonus",
    "damage_cap_per_round",
    "immune_while_others",
    "requires_colors_to_defeat",
    "enemy_damage_fixed",
    "win_condition",
)
"""The kinds issue 4 implements (``roll_test`` happens at a trigger; the rest are rule changes in force)."""


# --- scenario decks --------------------------------------------------------------------------------------------


def card(card_id: str, *effects: dict[str, Any], **fields: Any) -> dict[str, Any]:
    """A conflict card table: level 1, Health 3, Damage 0 unless ``fields`` say otherwise."""
    out: dict[str, Any] = {"id": card_id, "name": card_id.replace("-", " ").title(), "level": 1, "health": 3}
    out["damage"] = 0
    out.update(fields)
    if effects:
        out["effects"] = list(effects)
    return out


def effect(kind: str, **fields: Any) -> dict[str, Any]:
    """An effect table."""
    return {"kind": kind, **fields}


TESTER = {"id": "tester", "name": "Tester", "health": 6, "strategy": 3, "recovery": 3}
BOSS = {"id": "big-one", "name": "Big One", "health": 9, "damage": 2, "entourage": 0}


def make_deck(
    tmp_path: Path,
    *stacks: list[dict[str, Any]],
    heroes: list[dict[str, Any]] | None = None,
    bosses: list[dict[str, Any]] | None = None,
) -> Deck:
    """A deck folder whose stacks 1, 2, 3 start with the given cards (first on top), filled up to 15 each."""
    cards: list[dict[str, Any]] = []
    for number in range(1, 4):
        top = stacks[number - 1] if number <= len(stacks) else []
        cards += top
        cards += [card(f"filler-{number}-{i:02d}") for i in range(15 - len(top))]
    folder = tmp_path / "deck"
    folder.mkdir()
    info = {"id": "scenario", "title": "Scenario", "ruleset": "solar-sentinels"}
    (folder / "deck.toml").write_text(tomli_w.dumps({"deck": info}))
    (folder / "conflicts.toml").write_text(tomli_w.dumps({"card": cards}))
    (folder / "heroes.toml").write_text(tomli_w.dumps({"hero": heroes or [TESTER]}))
    (folder / "bosses.toml").write_text(tomli_w.dumps({"boss": bosses or [BOSS]}))
    return load_deck(folder)


class Game:
    """A game in progress with physical dice and ordered stacks; every accepted command is checked by replay."""

    def __init__(self, deck: Deck, hero: str = "tester", *, dice: DiceMode = "physical", rank: int = 1, seed: int = 0):
        # R15: ranks exist only with missions (a deck without missions deals none, and the penalties still apply).
        options = SetupOptions(
            deck.id, hero, seed=seed, dice=dice, deal="ordered", choices=choose({"missions": rank > 1, "rank": rank})
        )
        self.start = initial_state(deck, options)
        self.state = self.start
        self.events: list[ev.Event] = []
        self.do("start")

    def do(self, cmd: str, **fields: Any) -> list[ev.Event]:
        """Play a command that must be accepted; contract 2: folding every event so far gives the state."""
        result = decide_and_apply(self.state, Command(cmd, **fields))
        assert not isinstance(result, Rejected), f"{cmd} {fields} rejected: {result}"
        self.events += result[0]
        self.state = result[1]
        assert fold(self.start, self.events) == self.state
        return result[0]

    def reject(self, cmd: str, **fields: Any) -> Rejected:
        """Play a command that must be refused; the state stays as it was."""
        result = decide_and_apply(self.state, Command(cmd, **fields))
        assert isinstance(result, Rejected), f"{cmd} {fields} was accepted"
        return result

    def legal(self, cmd: str | None = None) -> list[Command]:
        """The legal commands now (only those named ``cmd`` when given)."""
        return [c for c in legal_commands(self.state) if cmd is None or c.cmd == cmd]

    def commit(self, *dice: str) -> None:
        for die in dice:
            self.do("commit", die=die)

    def roll(self, **faces: str) -> list[ev.Event]:
        """Roll, then enter the faces of the dice that were rolled (physical dice)."""
        events = self.do("roll")
        if faces:
            events += self.do("faces", faces=tuple(faces.items()))
        return events

    def apply(self, die: str, card_id: str) -> list[ev.Event]:
        return self.do("apply", die=die, card=card_id)

    def active(self, card_id: str) -> ActiveCard:
        found = self.state.active_card(card_id)
        assert found is not None, f"{card_id} is not active"
        return found

    def damage(self, card_id: str) -> int:
        """R5: the damage a card has taken, under the modifiers in force now."""
        return hooks.damage_taken(self.state, self.active(card_id))

    def appliable(self, die: str) -> set[str]:
        """The cards this die may be applied to now (from the legal commands)."""
        return {str(c.card) for c in self.legal("apply") if c.die == die}

    def finish_round(self, discard_stack: int = 3) -> None:
        """Resolve, skip recovery and item gains, discard the top of a stack: the next round starts."""
        if self.state.step == "apply":
            self.do("resolve")
        while self.state.result is None and self.state.step in ("recover", "gain_items", "after"):
            if self.state.step == "recover":
                self.do("done")
            elif self.state.step == "gain_items":
                first = self.legal("decline_item")[0]
                self.do("decline_item", card=first.card)
            else:
                first = self.legal("resolve_after")[0]
                self.do("resolve_after", card=first.card, effect=first.effect)
        if self.state.step == "stack_discard":
            self.do("stack_discard", stack=discard_stack)

    def to_endgame(self) -> None:
        """Play quiet rounds from stack 1 (fillers deal no damage) until it is empty, then start the endgame."""
        while not self.legal("start_endgame"):
            self.do("activate", stack=1)
            self.do("roll")
            self.finish_round(discard_stack=1 if self.state.table.stacks[0] else 2)
        self.do("start_endgame")


def faces_rolled(events: list[ev.Event]) -> list[tuple[tuple[str, str], ...]]:
    return [e.faces for e in events if isinstance(e, ev.DiceRolled)]


# --- the effects' words ----------------------------------------------------------------------------------------


def test_every_passive_kind_has_one_handler_with_its_own_words() -> None:
    """Contract 7: each kind is implemented once; the card browser gets plain words built from the parameters."""
    for kind in PASSIVE_KINDS:
        handler = HANDLERS[kind]
        assert type(handler).describe is not Handler.describe, kind
    deck = load_deck(PASSIVE_DECK)
    used = [e for c in deck.cards for e in c.effects] + [e for b in deck.bosses for e in b.rules]
    used += [e for h in deck.heroes for e in h.ability]
    used += [e for c in deck.cards if c.reward for e in c.reward.effects]
    assert {e.kind for e in used} >= set(PASSIVE_KINDS)  # the playthrough deck uses every kind
    for e in used:
        words = hooks.describe(e)
        assert words[0].isupper() and words.endswith("."), words
        assert "_" not in words, words


@pytest.mark.parametrize(
    ("data", "words"),
    [
        ({"kind": "cannot_commit_color", "colors": ["blue"]}, "Blue dice cannot be committed."),
        (
            {"kind": "cannot_commit_color", "colors": ["yellow", "green", "red"]},
            "Yellow, green or red dice cannot be committed.",
        ),
        ({"kind": "commit_limit", "count": 2, "per": "engagement"}, "At most 2 dice may be committed this engagement."),
        ({"kind": "apply_limit", "count": 2, "scope": "card"}, "At most 2 dice may be applied to this card."),
        ({"kind": "apply_limit", "count": 1}, "At most 1 die may be applied in each Apply step."),
        (
            {"kind": "color_bonus", "colors": ["blue"], "amount": 1, "against_level": 2},
            "Blue dice deal 1 more damage to level 2 enemies.",
        ),
        (
            {"kind": "color_bonus", "colors": ["red"], "amount": -2, "this_round": True},
            "Red dice deal 2 less damage this round.",
        ),
        (
            {"kind": "requires_pair", "color": "purple", "partner": "yellow"},
            "A purple die can be applied to this card only once a yellow die is applied to it.",
        ),
        (
            {
                "kind": "roll_test",
                "trigger": "on_activate",
                "count": 2,
                "color": "blue",
                "need": 2,
                "on_fail": [{"kind": "crits_deal_zero"}],
            },
            "Roll 2 blue dice as a test: with fewer than 2 hits, crits deal no damage to this card.",
        ),
        ({"kind": "win_condition", "require": "boss"}, "Defeat the boss to win."),
        ({"kind": "crits_cannot_apply", "text": "Rust flakes off crits."}, "Rust flakes off crits."),
    ],
)
def test_describe_builds_sentences_from_parameters(data: dict[str, Any], words: str) -> None:
    """The card browser's words: built from the parameters; an effect's own ``text`` wins."""
    parsed: fx.Effect = validate(fx.Effect, data)
    assert hooks.describe(parsed) == words


def test_colour_lists_in_words() -> None:
    assert colors(["yellow"]) == "yellow"
    assert colors(["yellow", "green"]) == "yellow or green"
    assert colors(["yellow", "green", "blue"], "and") == "yellow, green and blue"
    assert colors(None) == "any"
    assert join([]) == ""


# --- commit restrictions ---------------------------------------------------------------------------------------


def test_cannot_commit_color_removes_the_colour_from_the_commits(tmp_path: Path) -> None:
    """Commit restriction "a colour cannot be committed": not offered, and refused with the card's name."""
    g = Game(make_deck(tmp_path, [card("frost-warden", effect("cannot_commit_color", colors=["blue", "red"]))]))
    g.do("activate", stack=1)
    offered = {c.die for c in g.legal("commit")}
    assert offered == {"Y1", "Y2", "Y3", "Y4", "G1", "G2", "G3", "G4", "P1", "P2", "P3", "P4"}
    refused = g.reject("commit", die="B2")
    assert refused.code == "commit_blocked"
    assert refused.message == "Blue dice cannot be committed (Frost Warden)."
    g.commit("P1")
    assert g.state.die("P1").zone == "active"


def test_commit_limit_per_phase_resets_each_strategy_phase(tmp_path: Path) -> None:
    """Commit restriction "at most N per Strategy phase": the count starts again in the next phase (R4)."""
    g = Game(make_deck(tmp_path, [card("gatekeeper", effect("commit_limit", count=2), health=9)]))
    g.do("activate", stack=1)
    g.commit("Y1", "G1")
    assert g.legal("commit") == []
    assert g.reject("commit", die="B1").message == "At most 2 dice may be committed each Strategy phase (Gatekeeper)."
    g.roll(Y1="miss", G1="miss")
    g.do("repeat")
    assert len(g.legal("commit")) == 15  # a new phase: two more may be committed
    g.commit("B1", "B2")
    assert g.legal("commit") == []


def test_commit_limit_per_engagement_spans_the_phases(tmp_path: Path) -> None:
    """Commit restriction "at most N per engagement": repeating the Strategy phase gives no new commits."""
    g = Game(make_deck(tmp_path, [card("miser", effect("commit_limit", count=3, per="engagement"), health=9)]))
    g.do("activate", stack=1)
    g.commit("Y1", "G1")
    g.roll(Y1="miss", G1="miss")
    g.do("repeat")
    g.commit("B1")
    assert g.legal("commit") == []
    assert g.reject("commit", die="B2").message == "At most 3 dice may be committed this engagement (Miser)."


def test_commit_all_of_color_commits_the_colour_mates(tmp_path: Path) -> None:
    """Commit restriction "committing one die of a colour commits all of that colour" (listed colours only)."""
    g = Game(make_deck(tmp_path, [card("swarm-caller", effect("commit_all_of_color", colors=["yellow"]))]))
    g.do("activate", stack=1)
    g.commit("Y2")
    assert [d.id for d in g.state.dice_in("active")] == ["Y1", "Y2", "Y3", "Y4"]
    assert g.state.committed_this_phase == 4
    g.commit("G1")  # green is not listed
    assert [d.id for d in g.state.dice_in("active") if d.color == "green"] == ["G1"]


def test_commit_all_of_color_obeys_the_other_commit_rules(tmp_path: Path) -> None:
    """Ruling: the forced commits obey every other restriction; a commit limit stops them."""
    cards = [
        card(
            "swarm-caller",
            effect("commit_all_of_color"),
            effect("commit_limit", count=3),
            additional=0,
        )
    ]
    g = Game(make_deck(tmp_path, cards))
    g.do("activate", stack=1)
    g.commit("G1")
    assert [d.id for d in g.state.dice_in("active")] == ["G1", "G2", "G3"]
    assert g.state.die("G4").zone == "pool"


# --- roll manipulation -----------------------------------------------------------------------------------------


def test_misses_not_rerolled_keeps_misses_for_the_next_phase(tmp_path: Path) -> None:
    """Roll manipulation "misses cannot be rerolled": a repeated phase rolls only the other unapplied dice."""
    g = Game(make_deck(tmp_path, [card("tar-pit", effect("misses_not_rerolled"), health=9)]))
    g.do("activate", stack=1)
    g.commit("B1", "B2")
    g.roll(B1="miss", B2="hit")
    g.do("repeat")
    g.do("roll")
    assert {c.die for c in g.legal("face")} == {"B2"}  # only B2 waits for a new face
    events = g.do("faces", faces=(("B2", "crit"),))
    assert g.state.die("B1").face == "miss"
    assert faces_rolled(events) == [(("B1", "miss"), ("B2", "crit"))]


def test_keep_unapplied_hits_keeps_hits_and_crits(tmp_path: Path) -> None:
    """Ongoing ability "unapplied hits are not rerolled": hits and crits stay, misses are rolled again."""
    hero = dict(TESTER, ability=[effect("keep_unapplied_hits")])
    g = Game(make_deck(tmp_path, [card("target", health=9)], heroes=[hero]))
    g.do("activate", stack=1)
    g.commit("Y1", "B1", "B2")
    g.roll(Y1="miss", B1="hit", B2="crit")
    g.do("repeat")
    g.do("roll")
    assert {c.die for c in g.legal("face")} == {"Y1"}
    g.do("face", die="Y1", face="crit")
    assert [g.state.die(d).face for d in ("Y1", "B1", "B2")] == ["crit", "hit", "crit"]


def test_keep_unapplied_hits_from_an_ongoing_item(tmp_path: Path) -> None:
    """The same rule held as an ongoing item, gained at Resolve step 5 and in force the next round."""
    reward = {"kind": "ongoing", "effects": [effect("keep_unapplied_hits")]}
    g = Game(make_deck(tmp_path, [card("iron-shell", health=1, reward=reward), card("target", health=9)]))
    g.do("activate", stack=1)
    g.commit("R1")
    g.roll(R1="hit")
    g.apply("R1", "iron-shell")
    g.do("resolve")
    g.do("done")  # recover nothing
    g.do("gain_item", card="iron-shell")
    g.do("stack_discard", stack=3)
    g.do("activate", stack=1)
    g.commit("B1")
    g.roll(B1="hit")
    g.do("repeat")
    events = g.do("roll")
    assert faces_rolled(events) == [()]  # nothing to roll: B1 kept its hit
    assert g.state.die("B1").face == "hit" and g.state.step == "apply"


def test_invert_results_swaps_hits_and_misses_of_the_colour(tmp_path: Path) -> None:
    """Roll manipulation "results invert": an entered blue hit counts as a miss and a miss as a hit; crits stay."""
    g = Game(make_deck(tmp_path, [card("mirror-mage", effect("invert_results", colors=["blue"]), health=9)]))
    g.do("activate", stack=1)
    g.commit("B1", "B2", "B3", "Y1")
    g.roll(B1="hit", B2="miss", B3="crit", Y1="hit")
    assert [g.state.die(d).face for d in ("B1", "B2", "B3", "Y1")] == ["miss", "hit", "crit", "hit"]
    assert g.appliable("B1") == set()
    assert g.appliable("B2") == {"mirror-mage"}


def test_invert_results_with_virtual_dice_records_the_face_that_counts(tmp_path: Path) -> None:
    """Contract 4 with an effect: the event holds the inverted outcome of the recorded draw."""
    g = Game(make_deck(tmp_path, [card("mirror-mage", effect("invert_results", colors=["green"]))]), dice="virtual")
    g.do("activate", stack=1)
    g.commit("G1", "G2", "G3", "G4")
    rng = g.state.rng
    (rolled,) = faces_rolled(g.do("roll"))
    inverted = {"hit": "miss", "miss": "hit", "crit": "crit"}
    expected = [inverted[FACES["green"][below(0, rng + i, 6)]] for i in range(4)]
    assert [face for _, face in rolled] == expected


def test_reroll_hit_per_miss_makes_the_player_reroll_a_hit(tmp_path: Path) -> None:
    """Roll manipulation "for each miss one hit must be rerolled": a prompt lists the hits; physical dice enter
    the new face. Ruling: the reroll does not cascade, so a rerolled miss calls for no further reroll."""
    g = Game(make_deck(tmp_path, [card("hex-weaver", effect("reroll_hit_per_miss"), health=9)]))
    g.do("activate", stack=1)
    g.commit("Y1", "B1", "B2")
    g.roll(Y1="miss", B1="hit", B2="crit")
    assert awaiting(g.state)["kind"] == "reroll_hit"
    assert g.legal() == [Command("choose", die="B1"), Command("choose", die="B2")]  # no apply, no item (R8)
    g.do("choose", die="B2")
    assert g.state.die("B2").face is None
    assert g.legal() == [Command("choose", choice=f) for f in ("miss", "hit", "crit")]
    events = g.do("choose", choice="miss")
    assert [e for e in events if isinstance(e, ev.DiceRolled)] == [
        ev.DiceRolled(seq=events[1].seq, faces=(("B2", "miss"),), draws=0, phase_started=False)
    ]
    assert g.state.prompt is None and g.state.step == "apply"
    assert {c.die for c in g.legal("apply")} == {"B1"}


def test_reroll_hit_per_miss_with_virtual_dice_draws_the_new_face(tmp_path: Path) -> None:
    """The reroll is a recorded random draw (contract 4): ``DiceRolled(draws=1, phase_started=False)``; with as
    many misses as hits there is nothing to choose and every hit is rolled again at once."""
    deck = make_deck(tmp_path, [card("hex-weaver", effect("reroll_hit_per_miss"), health=12)])
    seen: set[str] = set()
    for seed in range(200):
        g = Game(deck, dice="virtual", seed=seed)
        g.do("activate", stack=1)
        g.commit("G1", "G2", "G3")
        events = g.do("roll")
        (phase,) = [e.faces for e in events if isinstance(e, ev.DiceRolled) and e.phase_started]
        misses = sum(1 for _, f in phase if f == "miss")
        hits = [d for d, f in phase if f != "miss"]
        rerolls = [e for e in events if isinstance(e, ev.DiceRolled) and not e.phase_started]
        if misses == 0 or not hits:
            assert rerolls == [] and g.state.prompt is None
            continue
        if misses < len(hits):  # the player chooses which hit
            seen.add("choice")
            assert g.state.prompt is not None and g.state.prompt.options == tuple(hits)
            assert g.state.prompt.count == misses
            rng = g.state.rng
            rerolls = [e for e in g.do("choose", die=hits[-1]) if isinstance(e, ev.DiceRolled)]
            assert [(e.faces[0][0], e.draws) for e in rerolls] == [(hits[-1], 1)]
            assert rerolls[0].faces[0][1] == FACES["green"][below(seed, rng, 6)]
        else:  # nothing to choose
            seen.add("all")
            assert g.state.prompt is None
            assert [(e.faces[0][0], e.draws) for e in rerolls] == [(d, 1) for d in hits]
        if seen == {"choice", "all"}:
            break
    assert seen == {"choice", "all"}


def test_roll_test_after_effect_fails_and_fires_its_consequence(tmp_path: Path) -> None:
    """Roll manipulation "roll N dice as a test": an After effect (Resolve step 2, defeated or not); the physical
    test asks how many hits show; a fail fires ``on_fail``; the outcome is recorded in a ``RollTested`` event."""
    sentry = card(
        "sentry",
        effect("roll_test", timing="after", count=2, color="blue", need=2, on_fail=[effect("lose_health", amount=2)]),
    )
    g = Game(make_deck(tmp_path, [sentry]))
    g.do("activate", stack=1)
    g.do("roll")
    g.do("resolve")
    assert awaiting(g.state)["kind"] == "roll_test"
    assert g.legal("choose") == [Command("choose", choice=c) for c in ("0", "1", "2")]
    assert g.legal("use_item") == []
    events = g.do("choose", choice="1")
    tested = [e for e in events if isinstance(e, ev.RollTested)]
    assert [(t.source, t.hits, t.need, t.passed) for t in tested] == [("sentry", 1, 2, False)]
    assert g.state.hero.health == 4


def test_roll_test_passed_has_no_consequence(tmp_path: Path) -> None:
    """A passed test changes nothing; with virtual dice the faces come from recorded draws (contract 4)."""
    tripwire = card(
        "tripwire",
        effect(
            "roll_test",
            timing="special",
            trigger="on_activate",
            count=3,
            color="red",
            need=3,
            on_fail=[effect("lose_health", amount=5)],
        ),
    )
    g = Game(make_deck(tmp_path, [tripwire]), dice="virtual")
    rng = g.state.rng
    events = g.do("activate", stack=1)
    (tested,) = [e for e in events if isinstance(e, ev.RollTested)]
    assert tested.faces == tuple(FACES["red"][below(0, rng + i, 6)] for i in range(3))
    assert tested.passed and tested.draws == 3  # red dice always hit
    assert g.state.hero.health == 6 and g.state.rng == rng + 3


def test_roll_test_passes_prompts_of_its_consequences_on(tmp_path: Path) -> None:
    """A consequence that asks the player (here: recover 1 of several dice) is answered through the test."""
    trap = card(
        "trap",
        effect(
            "roll_test",
            timing="special",
            trigger="on_activate",
            count=1,
            color="yellow",
            need=1,
            on_fail=[effect("recover", count=1)],
        ),
    )
    g = Game(make_deck(tmp_path, [trap]), rank=2)
    g.do("rank_penalty", choice="exhaust")
    for die in ("Y1", "Y2", "Y3"):
        g.do("choose", die=die)
    g.do("activate", stack=1)
    g.do("choose", choice="0")  # the test fails
    assert awaiting(g.state)["kind"] == "choose_die"
    g.do("choose", die="Y2")
    assert g.state.die("Y2").zone == "pool"
    assert g.state.prompt is None and g.state.step == "commit"


# --- apply restrictions ----------------------------------------------------------------------------------------


def test_apply_limit_per_step_counts_every_card(tmp_path: Path) -> None:
    """Apply restriction "at most N dice per Apply step": a new Strategy phase starts a new count."""
    g = Game(make_deck(tmp_path, [card("bottleneck", effect("apply_limit", count=1), health=9)]))
    g.do("activate", stack=1)
    g.commit("B1", "B2")
    g.roll(B1="hit", B2="hit")
    g.apply("B1", "bottleneck")
    assert g.legal("apply") == []
    refused = g.reject("apply", die="B2", card="bottleneck")
    assert refused.code == "apply_blocked"
    assert refused.message == "B2 → Bottleneck: At most 1 die may be applied in each Apply step (Bottleneck)."
    g.do("repeat")
    g.roll(B2="hit")
    g.apply("B2", "bottleneck")


def test_apply_limit_to_this_card_leaves_other_cards_free(tmp_path: Path) -> None:
    """Apply restriction "at most N dice to this card": only the carrier counts and is limited."""
    g = Game(
        make_deck(
            tmp_path,
            [card("stone-hide", effect("apply_limit", count=2, scope="card"), health=9, additional=1)],
            [card("other", health=9)],
        )
    )
    g.do("activate", stack=1)
    g.do("activate", stack=2)
    g.commit("B1", "B2", "B3")
    g.roll(B1="hit", B2="hit", B3="hit")
    g.apply("B1", "stone-hide")
    g.apply("B2", "stone-hide")
    assert g.appliable("B3") == {"other"}
    assert g.reject("apply", die="B3", card="stone-hide").message.endswith(
        "At most 2 dice may be applied to Stone Hide."
    )


def test_one_die_per_color_per_step(tmp_path: Path) -> None:
    """Apply restriction "one die per colour per step": a second blue is refused on every card, yellow is not."""
    g = Game(
        make_deck(
            tmp_path,
            [card("prism-guard", effect("one_die_per_color_per_step"), health=9, additional=1)],
            [card("other", health=9)],
        )
    )
    g.do("activate", stack=1)
    g.do("activate", stack=2)
    g.commit("B1", "B2", "Y1")
    g.roll(B1="hit", B2="hit", Y1="hit")
    g.apply("B1", "prism-guard")
    assert g.appliable("B2") == set()
    assert g.appliable("Y1") == {"prism-guard", "other"}
    assert g.reject("apply", die="B2", card="other").message.endswith(
        "Only one blue die may be applied in each Apply step (Prism Guard)."
    )


def test_one_color_per_enemy(tmp_path: Path) -> None:
    """Apply restriction "one colour per enemy": each enemy's dice share the colour of its first die."""
    g = Game(
        make_deck(
            tmp_path,
            [card("monochrome", effect("one_color_per_enemy"), health=9, additional=1)],
            [card("other", health=9)],
        )
    )
    g.do("activate", stack=1)
    g.do("activate", stack=2)
    g.commit("B1", "B2", "Y1")
    g.roll(B1="hit", B2="hit", Y1="hit")
    g.apply("B1", "monochrome")
    assert g.appliable("Y1") == {"other"}
    assert g.appliable("B2") == {"monochrome", "other"}
    g.apply("Y1", "other")
    assert g.appliable("B2") == {"monochrome"}
    assert g.reject("apply", die="B2", card="other").message == (
        "B2 → Other: Only yellow dice may be applied to Other: the dice on one enemy must share a colour (Monochrome)."
    )


def test_same_color_pairs_and_the_open_die(tmp_path: Path) -> None:
    """Apply restriction "only same-colour pairs". Ruling: the open die of a pair deals no damage until its partner
    joins it, and the next die on the card must match it."""
    g = Game(make_deck(tmp_path, [card("twin-lock", effect("same_color_pairs"), health=9)]))
    g.do("activate", stack=1)
    g.commit("B1", "B2", "Y1")
    g.roll(B1="hit", B2="crit", Y1="hit")
    g.apply("B1", "twin-lock")
    assert g.damage("twin-lock") == 0
    assert g.appliable("Y1") == set()
    assert g.reject("apply", die="Y1", card="twin-lock").message.endswith(
        "Twin Lock takes dice only in same-colour pairs: the next die must be blue."
    )
    g.apply("B2", "twin-lock")
    assert g.damage("twin-lock") == 3
    g.apply("Y1", "twin-lock")  # opens a new pair
    assert g.damage("twin-lock") == 3


def _blue_ward_game(tmp_path: Path) -> Game:
    """Blue Ward (blue dice cannot be applied to it) and another enemy active, B1 and Y1 rolled hits."""
    g = Game(
        make_deck(
            tmp_path,
            [card("blue-ward", effect("cannot_apply_color", colors=["blue"]), health=9, additional=1)],
            [card("other", health=9)],
        )
    )
    g.do("activate", stack=1)
    g.do("activate", stack=2)
    g.commit("B1", "Y1")
    g.roll(B1="hit", Y1="hit")
    return g


def test_cannot_apply_color_to_this_card(tmp_path: Path) -> None:
    """Apply restriction "a colour cannot be applied" (to this card only)."""
    g = _blue_ward_game(tmp_path)
    assert g.appliable("B1") == {"other"}
    assert g.appliable("Y1") == {"blue-ward", "other"}
    assert g.reject("apply", die="B1", card="blue-ward").message == (
        "B1 → Blue Ward: Blue dice cannot be applied to Blue Ward."
    )


def test_crits_cannot_apply_to_this_card(tmp_path: Path) -> None:
    """Apply restriction "crits cannot be applied": the player is told why, naming the card."""
    g = Game(make_deck(tmp_path, [card("rust-maw", effect("crits_cannot_apply"), health=9)]))
    g.do("activate", stack=1)
    g.commit("B1", "B2")
    g.roll(B1="crit", B2="hit")
    assert g.appliable("B1") == set()
    assert g.appliable("B2") == {"rust-maw"}
    refused = g.reject("apply", die="B1", card="rust-maw")
    assert (refused.code, refused.message) == ("apply_blocked", "B1 → Rust Maw: Crits cannot be applied to Rust Maw.")


def test_requires_pair_needs_the_partner_first(tmp_path: Path) -> None:
    """Apply restriction "a die of colour X needs a paired die of colour Y already on the card"."""
    pair = card("pair-bond", effect("requires_pair", color="purple", partner="yellow"), health=9)
    g = Game(make_deck(tmp_path, [pair]))
    g.do("activate", stack=1)
    g.commit("P1", "Y1", "B1")
    g.roll(P1="hit", Y1="hit", B1="hit")
    assert g.appliable("P1") == set()
    assert g.appliable("B1") == {"pair-bond"}
    assert g.reject("apply", die="P1", card="pair-bond").message.endswith(
        "A purple die can be applied to Pair Bond only once a yellow die is applied to it."
    )
    g.apply("Y1", "pair-bond")
    assert g.appliable("P1") == {"pair-bond"}


def test_apply_requires_exhausted_color(tmp_path: Path) -> None:
    """Apply restriction "a colour can be applied only if a die of that colour is exhausted" (here exhausted by
    the rank penalty at setup)."""
    g = Game(make_deck(tmp_path, [card("ember-seal", effect("apply_requires_exhausted_color"), health=9)]), rank=2)
    g.do("rank_penalty", choice="exhaust")
    for die in ("B1", "Y1", "Y2"):
        g.do("choose", die=die)
    g.do("activate", stack=1)
    g.commit("B2", "G1")
    g.roll(B2="hit", G1="hit")
    assert g.appliable("B2") == {"ember-seal"}
    assert g.appliable("G1") == set()
    assert g.reject("apply", die="G1", card="ember-seal").message.endswith(
        "A green die can be applied to Ember Seal only while a green die is exhausted."
    )


def test_no_apply_while_miss(tmp_path: Path) -> None:
    """Apply restriction "nothing can be applied while any rolled die shows a miss"; a repeat may clear it."""
    g = Game(make_deck(tmp_path, [card("doubt", effect("no_apply_while_miss"), health=9)]))
    g.do("activate", stack=1)
    g.commit("B1", "B2")
    g.roll(B1="miss", B2="hit")
    assert g.legal("apply") == []
    assert g.reject("apply", die="B2", card="doubt").message.endswith(
        "Nothing can be applied while a rolled die shows a miss (Doubt)."
    )
    g.do("repeat")
    g.roll(B1="hit", B2="crit")
    assert g.appliable("B1") == {"doubt"}


# --- damage modifiers and defeat -------------------------------------------------------------------------------


def test_crits_deal_zero_beats_a_hero_bonus(tmp_path: Path) -> None:
    """Damage modifier "crits deal 0" on this card; enemy text beats hero text (the hero's +1 does not help)."""
    hero = dict(TESTER, ability=[effect("color_bonus", colors=["blue"], amount=1)])
    g = Game(
        make_deck(
            tmp_path,
            [card("iron-shell", effect("crits_deal_zero"), health=9, additional=1)],
            [card("other", health=9)],
            heroes=[hero],
        )
    )
    g.do("activate", stack=1)
    g.do("activate", stack=2)
    g.commit("B1", "B2", "B3")
    g.roll(B1="crit", B2="hit", B3="crit")
    g.apply("B1", "iron-shell")
    assert g.damage("iron-shell") == 0
    g.apply("B2", "iron-shell")
    assert g.damage("iron-shell") == 2  # a blue hit: 1 + the hero's 1
    g.apply("B3", "other")
    assert g.damage("other") == 3  # other cards are not concerned


def test_basic_hits_deal_zero_for_the_colour(tmp_path: Path) -> None:
    """Damage modifier "basic hits of colour X deal 0": crits of X and hits of other colours still count."""
    g = Game(make_deck(tmp_path, [card("green-fog", effect("basic_hits_deal_zero", colors=["green"]), health=9)]))
    g.do("activate", stack=1)
    g.commit("G1", "G2", "Y1")
    g.roll(G1="hit", G2="crit", Y1="hit")
    for die in ("G1", "G2", "Y1"):
        g.apply(die, "green-fog")
    assert g.damage("green-fog") == 3


def test_color_bonus_against_a_level(tmp_path: Path) -> None:
    """Hero ability "colour X deals +1 against level-2 enemies": level-1 cards take the plain damage."""
    hero = dict(TESTER, ability=[effect("color_bonus", colors=["blue"], amount=1, against_level=2)])
    g = Game(
        make_deck(
            tmp_path,
            [card("small", health=9, additional=1)],
            [card("large", health=9, level=2)],
            heroes=[hero],
        )
    )
    g.do("activate", stack=1)
    g.do("activate", stack=2)
    g.commit("B1", "B2")
    g.roll(B1="hit", B2="hit")
    g.apply("B1", "small")
    g.apply("B2", "large")
    assert (g.damage("small"), g.damage("large")) == (1, 2)


def test_color_bonus_of_an_enemy_changes_applied_dice_and_defeat_is_sticky(tmp_path: Path) -> None:
    """R5: a modifier changes dice already applied; a card is defeated the moment its damage reaches its Health,
    and stays defeated when the damage drops again (here: the enemy granting +1 is defeated)."""
    g = Game(
        make_deck(
            tmp_path,
            [card("rally-banner", effect("color_bonus", colors=["blue"], amount=1), health=1, additional=1)],
            [card("target", health=2)],
        )
    )
    g.do("activate", stack=1)
    g.do("activate", stack=2)
    g.commit("B1", "Y1")
    g.roll(B1="hit", Y1="hit")
    g.apply("B1", "target")
    assert g.damage("target") == 2 and g.active("target").defeated
    g.apply("Y1", "rally-banner")  # the banner falls: its During effect ends (R6)
    assert g.damage("target") == 1
    assert g.active("target").defeated


def test_a_negative_color_bonus_ending_defeats_at_once(tmp_path: Path) -> None:
    """R5 the other way: when an enemy's −1 ends with its defeat, a card whose damage now reaches its Health is
    defeated in the same check."""
    g = Game(
        make_deck(
            tmp_path,
            [card("dampener", effect("color_bonus", colors=["blue"], amount=-1), health=1, additional=1)],
            [card("target", health=1)],
        )
    )
    g.do("activate", stack=1)
    g.do("activate", stack=2)
    g.commit("B1", "Y1")
    g.roll(B1="hit", Y1="hit")
    g.apply("B1", "target")
    assert g.damage("target") == 0 and not g.active("target").defeated
    events = g.apply("Y1", "dampener")
    assert [e.card for e in events if isinstance(e, ev.CardDefeated)] == ["dampener", "target"]


def test_color_bonus_this_round_from_a_single_use_item(tmp_path: Path) -> None:
    """Single-use item "this round colour X deals +N": using it sets a round flag; the bonus also changes dice
    already applied (R5) and ends with the round."""
    charm_reward = {
        "kind": "single_use",
        "effects": [effect("color_bonus", colors=["blue"], amount=1, this_round=True)],
    }
    g = Game(make_deck(tmp_path, [card("charm", health=1, reward=charm_reward), card("target", health=9)]))
    g.do("activate", stack=1)
    g.commit("R1")
    g.roll(R1="hit")
    g.apply("R1", "charm")
    g.do("resolve")
    g.do("done")
    g.do("gain_item", card="charm")
    g.do("stack_discard", stack=3)
    g.do("activate", stack=1)
    g.commit("B1")
    g.roll(B1="hit")
    g.apply("B1", "target")
    assert g.damage("target") == 1  # held, not used: no bonus
    assert g.legal("use_item") == [Command("use_item", item="charm")]
    g.do("use_item", item="charm")
    assert "charm" in g.state.discard and "effect:charm#0" in g.state.round_flags
    assert g.damage("target") == 2
    g.finish_round()
    assert g.state.round_flags == ()


def test_damage_cap_per_round(tmp_path: Path) -> None:
    """Damage modifier "this card takes at most N damage per round"."""
    g = Game(make_deck(tmp_path, [card("bulwark", effect("damage_cap_per_round", amount=2), health=3)]))
    g.do("activate", stack=1)
    g.commit("B1", "B2", "B3")
    g.roll(B1="crit", B2="hit", B3="crit")
    for die in ("B1", "B2", "B3"):
        g.apply(die, "bulwark")
    assert g.damage("bulwark") == 2
    assert not g.active("bulwark").defeated


def test_immune_while_others_falls_when_the_last_other_falls(tmp_path: Path) -> None:
    """Damage modifier "immune while other enemies remain": enough damage does not defeat it; the moment the
    other enemy falls it is defeated too (R5, checked again after every defeat)."""
    g = Game(
        make_deck(
            tmp_path,
            [card("last-stand", effect("immune_while_others"), health=1, additional=1)],
            [card("guard", health=1)],
        )
    )
    g.do("activate", stack=1)
    g.do("activate", stack=2)
    g.commit("B1", "B2")
    g.roll(B1="hit", B2="hit")
    g.apply("B1", "last-stand")
    assert not g.active("last-stand").defeated
    assert hooks.defeat_block(g.state, g.active("last-stand")) == (
        "Last Stand cannot be defeated while another enemy is undefeated."
    )
    events = g.apply("B2", "guard")
    assert [e.card for e in events if isinstance(e, ev.CardDefeated)] == ["guard", "last-stand"]


def test_requires_colors_to_defeat(tmp_path: Path) -> None:
    """Damage modifier "defeatable only with N colours applied"."""
    g = Game(make_deck(tmp_path, [card("hydra", effect("requires_colors_to_defeat", count=2), health=2)]))
    g.do("activate", stack=1)
    g.commit("B1", "B2", "Y1")
    g.roll(B1="hit", B2="hit", Y1="hit")
    g.apply("B1", "hydra")
    g.apply("B2", "hydra")
    assert g.damage("hydra") == 2 and not g.active("hydra").defeated
    g.apply("Y1", "hydra")
    assert g.active("hydra").defeated


# --- bosses ----------------------------------------------------------------------------------------------------


def boss_game(tmp_path: Path, **boss: Any) -> Game:
    """A game that has reached the endgame against a boss with these fields (entourage drawn from fillers)."""
    g = Game(make_deck(tmp_path, bosses=[dict(BOSS, **boss)]))
    g.to_endgame()
    return g


def test_enemy_damage_fixed_boss_aura(tmp_path: Path) -> None:
    """Penalty "every enemy deals exactly N damage (boss aura)": the boss and its entourage (printed 0) each
    deal 1 at Resolve step 1."""
    g = boss_game(tmp_path, damage=4, entourage=2, rules=[effect("enemy_damage_fixed", amount=1)])
    assert len(g.state.active) == 3
    health = g.state.hero.health
    g.do("roll")
    g.do("resolve")
    assert g.state.hero.health == health - 3


def test_enemy_damage_fixed_ends_with_the_boss(tmp_path: Path) -> None:
    """The aura is the boss's During rule: a defeated enemy deals nothing, and the aura fixes only the others."""
    g = Game(
        make_deck(
            tmp_path,
            [card("tollkeeper", effect("enemy_damage_fixed", amount=2), health=9, damage=5, additional=1)],
            [card("imp", health=1, damage=1)],
        )
    )
    g.do("activate", stack=1)
    g.do("activate", stack=2)
    assert [hooks.enemy_damage(g.state, c) for c in g.state.active] == [2, 2]
    g.commit("R1")
    g.roll(R1="hit")
    g.apply("R1", "imp")
    g.do("resolve")
    assert g.state.hero.health == 4


def test_boss_rule_scoped_to_the_boss(tmp_path: Path) -> None:
    """A boss rule that says "this card" concerns the boss only: its crits ban does not reach the entourage."""
    g = boss_game(tmp_path, entourage=1, rules=[effect("crits_cannot_apply")])
    escort = next(c.id for c in g.state.active if not c.boss)
    g.commit("B1")
    g.roll(B1="crit")
    assert g.appliable("B1") == {escort}
    assert g.reject("apply", die="B1", card="big-one").message == "B1 → Big One: Crits cannot be applied to Big One."


def test_win_condition_all_enemies(tmp_path: Path) -> None:
    """Boss rule "win when the boss and every enemy are defeated" (R11 changed by the boss card)."""
    g = boss_game(tmp_path, health=1, entourage=1, rules=[effect("win_condition", require="all_enemies")])
    escort = next(c.id for c in g.state.active if not c.boss)
    assert hooks.describe(g.state.deck.boss("big-one").rules[0]) == "To win, defeat the boss and every enemy with it."
    g.commit("R1", "P1", "P2", "P3")
    g.roll(R1="crit", P1="crit", P2="hit", P3="hit")
    g.apply("R1", "big-one")
    assert g.active("big-one").defeated and g.state.result is None
    g.apply("P1", escort)
    g.apply("P2", escort)
    assert g.state.result == "won"


def test_win_condition_boss_alone(tmp_path: Path) -> None:
    """Boss rule "win when the boss is defeated" (R11's default, said on the card)."""
    g = boss_game(tmp_path, health=1, entourage=1, rules=[effect("win_condition", require="boss")])
    g.commit("R1")
    g.roll(R1="hit")
    g.apply("R1", "big-one")
    assert g.state.result == "won"


# --- random playthroughs ---------------------------------------------------------------------------------------


def _pick(rng: random.Random, s: GameState, legal: list[Command]) -> Command:
    """A random legal command from a player who wants to live long enough to meet the boss: mostly commits about
    half the pool, applies to undefeated cards, recovers and keeps items; otherwise any legal command."""
    if rng.random() < 0.15:
        return rng.choice(legal)
    wanted = [c for c in legal if c.cmd in ("gain_item", "recover", "take_reward", "start_endgame")]
    wanted += [c for c in legal if c.cmd == "use_item" and rng.random() < 0.3]
    undefeated = {c.id for c in s.active if not c.defeated}
    wanted += [c for c in legal if c.cmd == "apply" and c.card in undefeated]
    if len(s.dice_in("active")) < len(s.dice_in("pool")):
        wanted += [c for c in legal if c.cmd == "commit"]
    return rng.choice(wanted or legal)


@pytest.mark.parametrize("seed", range(50))
def test_random_playthrough_over_every_passive_kind(seed: int) -> None:
    """Contract 2 and 3 under every passive kind: random legal commands never get refused, the game reaches its
    end, and folding the events gives the state after every command."""
    deck = load_deck(PASSIVE_DECK)
    hero = ("tester", "steady", "blue-blade")[seed % 3]
    dice: DiceMode = "virtual" if seed % 2 == 0 else "physical"
    options = SetupOptions(deck.id, hero, seed=seed, dice=dice, choices=choose({"missions": seed % 5 == 0}))
    start = initial_state(deck, options)
    state: GameState = start
    replayed = start
    rng = random.Random(seed)
    events: list[ev.Event] = []
    for _ in range(20_000):
        legal = legal_commands(state)
        if not legal:
            break
        result = decide_and_apply(state, _pick(rng, state, legal))
        assert not isinstance(result, Rejected), result
        events += result[0]
        state = result[1]
        replayed = fold(replayed, result[0])
        assert replayed == state
    assert state.result in ("won", "lost")
    assert fold(start, events) == state


def test_a_refusal_by_a_rule_in_force_is_said_in_the_language_spoken(tmp_path: Path) -> None:
    """The reasons the effects in force give for refusing a die are whole sentences in the catalogues: in German the
    colour, the card's name and the rule read in German (a German play-test saw "Only green dice may be applied …")."""
    from twentystrong.i18n import speaking

    g = _blue_ward_game(tmp_path)
    with speaking("de"):
        german = g.reject("apply", die="B1", card="blue-ward").message
    with speaking("fr"):
        french = g.reject("apply", die="B1", card="blue-ward").message
    assert german == "B1 → Blue Ward: Würfel in Blau können Blue Ward nicht zugeordnet werden."
    assert french == "B1 → Blue Ward\xa0: Les dés bleus ne peuvent pas être assignés à Blue Ward."
