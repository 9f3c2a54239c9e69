"""Regression tests from the rules audit: each builds the situation that once broke a rule and checks the rule.

Scenario decks are written to tmp_path: the cards under test on top of the stacks, effect-free fillers below,
dealt in file order (``deal="ordered"``) and rolled with typed faces (``dice="physical"``).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import tomli_w
from record_helpers import split_setup

from twentystrong.content.loader import load_deck
from twentystrong.content.model import Deck
from twentystrong.engine import (
    Command,
    GameState,
    Rejected,
    SetupOptions,
    decide_and_apply,
    initial_state,
    legal_commands,
)
from twentystrong.engine import events as ev
from twentystrong.engine.effects import hooks

TESTER: dict[str, Any] = {"id": "tester", "name": "Tester", "health": 6, "strategy": 3, "recovery": 3}
BOSS: dict[str, Any] = {"id": "big-one", "name": "Big One", "health": 9, "damage": 2, "entourage": 0}


def card(card_id: str, *effects: dict[str, Any], **fields: Any) -> dict[str, Any]:
    out: dict[str, Any] = {"id": card_id, "name": card_id.replace("-", " ").title(), "level": 1, "health": 3}
    out["damage"] = 0
    out.update(fields)
    if effects:
        out["effects"] = list(effects)
    return out


def make_deck(
    folder: Path,
    *tops: list[dict[str, Any]],
    heroes: list[dict[str, Any]] | None = None,
    bosses: list[dict[str, Any]] | None = None,
    missions: list[dict[str, Any]] | None = None,
) -> Deck:
    cards: list[dict[str, Any]] = []
    for n in range(3):
        top = tops[n] if n < len(tops) else []
        cards += top + [card(f"filler-{n + 1}-{i:02d}") for i in range(15 - len(top))]
    folder.mkdir()
    (folder / "deck.toml").write_text(
        tomli_w.dumps({"deck": {"id": "audit", "title": "Audit", "ruleset": "solar-sentinels"}})
    )
    (folder / "conflicts.toml").write_text(tomli_w.dumps({"card": cards}))
    (folder / "heroes.toml").write_text(tomli_w.dumps({"hero": heroes or [TESTER]}))
    (folder / "bosses.toml").write_text(tomli_w.dumps({"boss": bosses or [BOSS]}))
    if missions:
        (folder / "missions.toml").write_text(tomli_w.dumps({"mission": missions}))
    return load_deck(folder)


class Game:
    """A game driven command by command; every command must be accepted."""

    def __init__(self, deck: Deck, **options: Any) -> None:
        general, choices = split_setup(options)
        setup = {"seed": 1, "deal": "ordered", "dice": "physical", **general}
        opts = SetupOptions(deck.id, "tester", **setup, choices=choices)
        self.s: GameState = initial_state(deck, opts)
        self.events: list[ev.Event] = []
        self.do("start")

    def do(self, cmd: str, **fields: Any) -> list[ev.Event]:
        result = decide_and_apply(self.s, Command(cmd, **fields))
        assert not isinstance(result, Rejected), f"{cmd} {fields}: {result}"
        self.events += result[0]
        self.s = result[1]
        return result[0]

    def roll(self, **faces: str) -> None:
        self.do("roll")
        if faces:
            self.do("faces", faces=tuple(sorted(faces.items())))

    def commit_roll_apply(self, card_id: str, **faces: str) -> None:
        for die in faces:
            self.do("commit", die=die)
        self.roll(**faces)
        for die, face in faces.items():
            if face != "miss":
                self.do("apply", die=die, card=card_id)

    def finish_round(self) -> None:
        if self.s.step == "apply":
            self.do("resolve")
        while self.s.result is None and not self.s.prompts and self.s.step in ("recover", "gain_items"):
            if self.s.step == "recover":
                self.do("done")
            else:
                self.do("decline_item", card=self.s.defeated_this_round[0])
        if self.s.step == "stack_discard":
            self.do("stack_discard", stack=next(i + 1 for i, st in enumerate(self.s.table.stacks) if st))

    def to_endgame(self) -> None:
        """Quiet rounds on stack 1 (fillers deal nothing) until it is empty, then start the endgame."""
        while self.s.step != "round_start":
            self.do("activate", stack=1)
            self.do("roll")
            self.finish_round()
        self.do("start_endgame")


CROWN = dict(BOSS, id="crown", name="Crown", health=1, damage=0, entourage=1)
CROWN["rules"] = [{"kind": "win_condition", "require": "all_enemies"}]


def test_r11_a_boss_that_needs_every_enemy_stays_until_the_last_falls(tmp_path: Path) -> None:
    """R11 with a boss rule: defeated while its entourage stands, the boss stays at Cleanup, and the game is won
    when the last enemy falls (it once went to the boss discard and the game could never end)."""
    g = Game(make_deck(tmp_path / "d", bosses=[CROWN]))
    g.to_endgame()
    escort = next(c.id for c in g.s.active if not c.boss)
    g.commit_roll_apply("crown", R1="hit")
    assert g.s.result is None and g.s.active_card("crown") is not None
    g.finish_round()
    assert g.s.active_card("crown") is not None and g.s.active_card("crown").defeated  # type: ignore[union-attr]
    g.commit_roll_apply(escort, P1="hit", P2="crit")
    assert g.s.result == "won" and "every enemy" in g.s.result_reason


def test_r11_a_win_earned_when_the_last_enemy_flees_is_declared(tmp_path: Path) -> None:
    """R11: once the boss is defeated and the last other enemy leaves undefeated (it flees), nothing is left to
    defeat: the game is won at once, not never."""
    fleeing = [[card(f"s{n}-{i:02d}", {"kind": "flees_on_roll", "misses": 1}) for i in range(15)] for n in (1, 2, 3)]
    g = Game(make_deck(tmp_path / "d", *fleeing, bosses=[CROWN]))
    g.to_endgame()
    g.commit_roll_apply("crown", R1="hit")
    g.do("repeat")
    g.commit_roll_apply("crown", Y1="miss")  # the miss makes the escort flee
    assert all(c.boss for c in g.s.active)
    assert g.s.result == "won"


def test_r10_extra_recovery_of_a_colour_recovers_only_that_colour(tmp_path: Path) -> None:
    """R10, card text beats rules: "recover 1 more red die" is not "recover 1 more die"."""
    hero = dict(TESTER, recovery=1, ability=[{"kind": "extra_recovery", "count": 1, "colors": ["red"]}])
    g = Game(make_deck(tmp_path / "d", heroes=[hero]))
    g.do("activate", stack=1)
    for die in ("Y1", "Y2", "R1"):
        g.do("commit", die=die)
    g.roll(Y1="miss", Y2="miss", R1="hit")
    g.do("resolve")
    assert hooks.recovery_limit(g.s) == 2
    g.do("recover", die="Y1")
    legal = [c.die for c in legal_commands(g.s) if c.cmd == "recover"]
    assert legal == ["R1"]  # the any-colour slot is used; only the red slot is left
    refused = decide_and_apply(g.s, Command("recover", die="Y2"))
    assert isinstance(refused, Rejected)
    g.do("recover", die="R1")
    assert g.s.recovered == ("Y1", "R1")


def test_r10_colour_slots_fill_first_so_the_any_colour_slot_stays_free(tmp_path: Path) -> None:
    """Recovering the red die first must not use up the any-colour slot: a yellow die can still follow."""
    hero = dict(TESTER, recovery=1, ability=[{"kind": "extra_recovery", "count": 1, "colors": ["red"]}])
    g = Game(make_deck(tmp_path / "d", heroes=[hero]))
    g.do("activate", stack=1)
    for die in ("Y1", "R1"):
        g.do("commit", die=die)
    g.roll(Y1="miss", R1="hit")
    g.do("resolve")
    g.do("recover", die="R1")
    g.do("recover", die="Y1")
    assert g.s.recovered == ("R1", "Y1")


def test_r5_a_bonus_switched_on_by_suffer_damage_defeats_at_once(tmp_path: Path) -> None:
    """R5: a modifier that changes die damage changes dice already applied, and a card is defeated the moment its
    damage reaches its Health — also when Health loss at Resolve step 1 switches the modifier on."""
    item = {
        "kind": "ongoing",
        "effects": [{"kind": "color_bonus", "colors": ["blue"], "amount": 1, "condition": {"health_below": 4}}],
    }
    reward = {"kind": "single_use", "effects": [{"kind": "heal", "amount": 1}]}
    top = [card("lurker", health=1, reward=item), card("target", health=3, damage=1, reward=reward)]
    g = Game(make_deck(tmp_path / "d", top, heroes=[dict(TESTER, health=4)]))
    g.do("activate", stack=1)
    g.commit_roll_apply("lurker", B1="hit")
    g.do("resolve")
    g.do("done")
    g.do("gain_item", card="lurker")
    g.do("stack_discard", stack=2)
    g.do("activate", stack=1)
    g.commit_roll_apply("target", B2="hit", B3="hit")
    assert not g.s.active_card("target").defeated  # type: ignore[union-attr]  # 2 of 3, Health 4: no bonus yet
    events = g.do("resolve")  # suffer 1: Health 3 < 4, blue deals 2 each: 4 of 3
    assert any(isinstance(e, ev.CardDefeated) and e.card == "target" for e in events)


def test_missions_a_mission_made_current_this_command_gets_its_round_end_check(tmp_path: Path) -> None:
    """Only the current mission counts: when the previous one completes at Suffer damage in the command that also
    ends the round, the round's end is checked for the new current mission (it once went to the old one)."""
    missions = [
        {"id": "hold", "name": "Hold", "condition": "damage_taken_rounds", "target": 1},
        {"id": "thread", "name": "Thread", "condition": "end_round_health_exactly", "value": 1, "target": 1},
        {"id": "spare", "name": "Spare", "condition": "items_used", "target": 1},
    ]

    def mandatory(i: int, **fields: Any) -> dict[str, Any]:
        return card(f"m{i}", mandatory=True, **fields)

    tops = [[mandatory(1, damage=1), mandatory(2)], [mandatory(3)], [mandatory(4)]]
    g = Game(make_deck(tmp_path / "d", *tops, heroes=[dict(TESTER, health=2)], missions=missions), missions=True)
    g.do("discard_mission", mission="spare")
    g.do("activate", stack=1)
    g.do("roll")
    g.do("resolve")  # suffer 1 (Health 1): Hold done; every top mandatory, so the round ends in this command
    assert g.s.round == 2
    status = {m.id: m.status for m in g.s.table.missions}
    assert status["hold"] == "done" and status["thread"] == "done"


def test_r8_an_item_can_be_used_before_a_lethal_after_effect(tmp_path: Path) -> None:
    """R8: items may be used at any time but a roll; between Suffer damage and an After effect the game waits
    when an item is usable, so a heal can save the hero (it once ran Suffer → After → loss in one go)."""
    medkit = {"kind": "single_use", "effects": [{"kind": "heal", "amount": 2}]}
    lethal = card("lethal", {"kind": "lose_health", "amount": 3, "timing": "after"}, damage=3, health=6)
    top = [card("medic", health=1, reward=medkit), lethal]
    g = Game(make_deck(tmp_path / "d", top))
    g.do("activate", stack=1)
    g.commit_roll_apply("medic", B1="hit")
    g.do("resolve")
    g.do("done")
    g.do("gain_item", card="medic")
    g.do("stack_discard", stack=2)
    g.do("activate", stack=1)  # lethal: deals 3, then loses 3 more at After: 6 → 3 → 0 without the heal
    g.do("roll")
    g.do("resolve")
    assert g.s.result is None and g.s.step == "after" and g.s.hero.health == 3
    assert Command("resolve_after", card="lethal", effect=0) in legal_commands(g.s)
    g.do("use_item", item="medic")  # 3 → 5; with nothing left to use, the After effect resolves: 5 → 2
    assert g.s.result is None and g.s.hero.health == 2 and g.s.step != "after"


def test_r7_a_single_after_effect_resolves_alone_without_usable_items(tmp_path: Path) -> None:
    """R7: with one After effect and nothing to use, it resolves on its own."""
    sting = card("sting", {"kind": "lose_health", "amount": 1, "timing": "after"}, health=6)
    g = Game(make_deck(tmp_path / "d", [sting]))
    g.do("activate", stack=1)
    g.do("roll")
    g.do("resolve")
    assert g.s.step == "recover" or g.s.step == "stack_discard"
    assert g.s.hero.health == 5


def test_a_level_condition_never_holds_for_a_boss(tmp_path: Path) -> None:
    """A boss has no level: "on a level-2 defeat" must not fire (nor crash) when a boss is defeated."""
    heal = {"kind": "heal", "amount": 1, "trigger": "on_enemy_defeated", "condition": {"enemy_level": 2}}
    hero = dict(TESTER, health=5, ability=[heal])
    g = Game(make_deck(tmp_path / "d", heroes=[hero], bosses=[CROWN]))
    g.to_endgame()
    g.commit_roll_apply("crown", R1="hit")  # the Crown falls; its escort still stands, so the game goes on
    assert g.s.result is None and g.s.hero.health == 5
