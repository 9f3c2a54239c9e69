"""One advisor (architecture.md contract 12): the odds panel, ``twentystrong odds`` and the headless ``hint`` ask
:func:`twentystrong.odds.advice.hint`. Its commands are legal, one after the other, and played through the engine
they defeat what it says; the headless ``hint`` never changes the game and names nothing hidden (R12)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from twentystrong.bots import make_bot
from twentystrong.content.model import Deck
from twentystrong.engine import SetupOptions
from twentystrong.engine.commands import Command, Rejected
from twentystrong.engine.decide import decide_and_apply
from twentystrong.engine.legal import legal_commands
from twentystrong.engine.state import GameState, initial_state
from twentystrong.engine.view import player_view, state_view
from twentystrong.kits.options import choose
from twentystrong.odds.advice import NOTHING, Hint, hint
from twentystrong.session import Session
from twentystrong.session.decks import load_game_deck
from twentystrong.session.protocol import Protocol

PLAIN = Path(__file__).resolve().parent / "decks" / "plain"


def play_out(s: GameState, advice: Hint) -> GameState:
    """The hint's commands played in order on a copy: each must be legal at its turn."""
    for command in advice.commands:
        assert command in legal_commands(s), (command, advice.words)
        result = decide_and_apply(s, command)
        assert not isinstance(result, Rejected), (command, result)
        s = result[1]
    return s


def fell(before: GameState, after: GameState) -> tuple[str, ...]:
    """The cards defeated between two states (all the undefeated ones when the boss fell: R11)."""
    if after.result == "won":
        return tuple(c.id for c in before.active if not c.defeated)
    was = {c.id for c in before.active if c.defeated}
    return tuple(c.id for c in after.active if c.defeated and c.id not in was)


# --- through the real process -------------------------------------------------------------------------------------


class Headless:
    """``twentystrong headless`` as a bot talks to it: one line out, one answer back."""

    def __init__(self, *args: str) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-m", "twentystrong", "headless", *args],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        self.first = self.read()

    def read(self) -> dict[str, Any]:
        assert self.process.stdout is not None
        line = self.process.stdout.readline()
        assert line, "the process ended"
        answer: dict[str, Any] = json.loads(line)
        return answer

    def send(self, command: dict[str, Any]) -> dict[str, Any]:
        assert self.process.stdin is not None
        self.process.stdin.write(json.dumps(command) + "\n")
        self.process.stdin.flush()
        return self.read()

    def close(self) -> None:
        assert self.process.stdin is not None
        self.process.stdin.close()
        assert self.process.wait(timeout=60) == 0
        assert self.process.stderr is not None
        assert "Traceback" not in self.process.stderr.read()


def test_headless_hint_a_bot_plays_the_advice_through_the_protocol() -> None:
    game = Headless("--deck-path", str(PLAIN), "--seed", "3", "--deal", "ordered")
    try:
        before = game.send({"cmd": "hint"})
        assert before["ok"] and before["hint"]["stage"] == "none" and before["hint"]["words"] == NOTHING
        assert before["hint"]["commands"] == [] and before["state"] == game.first["state"]
        answer = game.send({"cmd": "activate", "stack": 2})
        commits = [c for c in answer["legal"] if c["cmd"] == "commit"]
        asked = game.send({"cmd": "hint"})  # before a roll: the commit plan
        assert asked["ok"] and asked["hint"]["stage"] == "commit" and asked["state"] == answer["state"]
        assert set(asked["hint"]["words"].split()) & {"commit", "roll"}
        for command in asked["hint"]["commands"]:
            assert command in commits and command["cmd"] == "commit"
        for command in commits:
            answer = game.send(command)
            assert answer["ok"]
        answer = game.send({"cmd": "roll"})
        assert answer["state"]["awaiting"]["kind"] == "apply"
        asked = game.send({"cmd": "hint"})
        assert asked["ok"] and asked["state"] == answer["state"] and asked["legal"] == answer["legal"]
        advice = asked["hint"]
        assert set(advice) >= {"words", "commands", "keep", "defeats_now", "chances", "all", "assumes", "stage"}
        active = [c for c in answer["state"]["active"] if not c["defeated"]]
        assert [c["card"] for c in advice["chances"]] == [c["id"] for c in active]
        for chance in advice["chances"]:
            assert 0.0 <= chance["chance"] <= 1.0 and chance["scope"] in ("fight", "round")
        assert advice["words"] and advice["stage"] == "apply"
        # The commands, sent back verbatim one after the other, are accepted and defeat what it says.
        for command in advice["commands"]:
            assert command in answer["legal"]
            answer = game.send(command)
            assert answer["ok"], answer
        defeated = {c["id"] for c in answer["state"]["active"] if c["defeated"]}
        assert set(advice["defeats_now"]) <= defeated
        applied = {d["id"] for d in answer["state"]["dice"] if d["zone"] == "applied"}
        assert not set(advice["keep"]) & applied
    finally:
        game.close()


def test_hint_never_changes_the_game_nor_names_a_hidden_card(plain_deck: Deck) -> None:
    """A game of random moves with a hint asked before each: the state, the legal commands and the undo history are
    unchanged by it, and it names no card below a stack's top (R12)."""
    protocol = Protocol(Session.new(plain_deck, SetupOptions("plain", "tester", seed=5)))
    bot = make_bot("random", 5)
    answer = protocol.ok()
    asked = 0
    while answer["state"]["result"] is None and asked < 120:
        s = protocol.session.state
        stacks: tuple[tuple[str, ...], ...] = s.table.stacks  # type: ignore[attr-defined]
        hidden = {card for stack in stacks for card in stack[1:]} - {stack[0] for stack in stacks if stack}
        got = protocol.handle('{"cmd": "hint"}')
        asked += 1
        assert got["ok"] and got["state"] == state_view(s) and got["legal"] == answer["legal"]
        assert protocol.session.state is s
        text = json.dumps(got["hint"])
        assert not [card for card in hidden if f'"{card}"' in text]
        command = bot.choose(player_view(s), list(protocol.session.legal()))
        answer = protocol.handle(json.dumps(command.to_dict()))
        assert answer["ok"]


def test_hint_in_a_bad_moment_says_nothing_to_advise(plain_deck: Deck) -> None:
    s = initial_state(plain_deck, SetupOptions("plain", "tester", seed=1))
    told = hint(player_view(s))
    assert told.stage == "none" and told.words == NOTHING and told.commands == () and told.chances == ()


# --- the commands are legal and defeat what they say --------------------------------------------------------------

GAMES = [
    ("solar-sentinels", "corona", 7),
    ("solar-sentinels", "flare", 6),
    ("solar-sentinels", "parallax", 11),
    ("hoplomachus-victorum", "castor", 1234),
    ("hoplomachus-victorum", "varro", 5),
]


@pytest.mark.parametrize(("deck_id", "hero", "seed"), GAMES)
def test_every_apply_hint_of_a_bot_game_is_legal_and_defeats_what_it_says(deck_id: str, hero: str, seed: int) -> None:
    """Every Apply-step position of a heuristic bot's game (the first 200 commands): the hint's commands are legal
    one after the other, and played through the engine on a copy they defeat exactly ``defeats_now``."""
    deck, _ = load_game_deck(deck_id, None)
    s = initial_state(deck, SetupOptions(deck.id, hero, seed, choices=choose({"difficulty": 0})))
    s = decide_and_apply(s, Command("start"))[1]  # type: ignore[index]
    bot = make_bot("heuristic", seed)
    checked = 0
    for _ in range(200):
        if s.result is not None:
            break
        if s.step == "apply" and s.prompt is not None:
            assert hint(player_view(s)).stage == "none"  # the prompt's decision comes first
        if s.step == "apply" and s.prompt is None:
            advice = hint(player_view(s))
            undefeated = [c for c in s.active if not c.defeated]
            assert advice.stage == ("apply" if undefeated else "none")
            after = play_out(s, advice)
            assert set(fell(s, after)) == set(advice.defeats_now), advice.words
            if advice.defeats_now:
                assert "defeats it" in advice.words or after.result == "won"
            if len(undefeated) > 1:
                assert "(not enough to defeat it)" not in advice.words
            checked += 1
        command = bot.choose(player_view(s), list(legal_commands(s)))
        result = decide_and_apply(s, command)
        assert not isinstance(result, Rejected)
        s = result[1]
    assert checked >= 5, checked


# --- words and figures (issue 26, kind 9) --------------------------------------------------------------------------


def physical_game(tmp_path: Path, *cards: dict[str, Any]) -> GameState:
    """A new game on a generated deck: ``cards`` on top of stack 1, hero Tester, physical dice, ordered deal."""
    from test_effects_passive import make_deck

    deck = make_deck(tmp_path, list(cards))
    s = initial_state(deck, SetupOptions(deck.id, "tester", seed=7, deal="ordered", dice="physical"))
    return step(s, Command("start"))


def step(s: GameState, command: Command) -> GameState:
    result = decide_and_apply(s, command)
    assert not isinstance(result, Rejected), result
    return result[1]


def rolled(s: GameState, faces: dict[str, str]) -> GameState:
    """Commit these dice, roll, enter their faces."""
    for die in faces:
        s = step(s, Command("commit", die=die))
    s = step(s, Command("roll"))
    return step(s, Command("faces", faces=tuple(faces.items())))  # type: ignore[arg-type]


def test_with_several_enemies_the_advice_names_the_one_it_plays_for(tmp_path: Path) -> None:
    """Two enemies, one capped below its Health (they cannot all fall): never "(not enough to defeat it)"; the
    figure is the chance of the enemy the dice go to, and that of all apart."""
    from test_effects_passive import card, effect

    first = card("rust-maw", health=5, damage=2, additional=1)
    capped = card("iron-wall", effect("damage_cap_per_round", amount=2), health=4)
    s = physical_game(tmp_path, first, capped)
    s = step(step(s, Command("activate", stack=1)), Command("activate", stack=1))  # Rust Maw calls one more
    s = rolled(s, {"P1": "crit", "P2": "hit", "R1": "hit"})
    told = hint(player_view(s))
    assert [c.card for c in told.chances] == ["rust-maw", "iron-wall"] and told.chances[1].value == 0.0
    assert told.all is not None and told.all.value == 0.0
    assert "not enough to defeat it" not in told.words
    mine = told.chances[0].words()
    assert 0 < told.chances[0].value < 1
    assert told.move.startswith("apply ") and " to Rust Maw" in told.move
    assert told.figure == f" → {mine} to defeat Rust Maw (0% to defeat all 2)", told.words
    assert told.words == told.move + told.figure


@pytest.mark.parametrize(
    ("lang", "apply", "figure"),
    [
        ("de", "{dice} auf Rust Maw zuordnen", " → {mine}, Rust Maw zu besiegen (0\u00a0%, alle 2 zu besiegen)"),
        ("fr", "assigner {dice} à Rust Maw", " → {mine} de vaincre Rust Maw (0\u00a0% de vaincre les 2)"),
    ],
)
def test_the_advice_is_one_sentence_in_the_language_spoken(tmp_path: Path, lang: str, apply: str, figure: str) -> None:
    """The same moment as above in German and French: the same commands, said in the language as whole sentences
    (the dice, the enemy and the chances are their placeholders), not a word of the English left."""
    from test_effects_passive import card, effect

    from twentystrong import i18n

    first = card("rust-maw", health=5, damage=2, additional=1)
    capped = card("iron-wall", effect("damage_cap_per_round", amount=2), health=4)
    s = physical_game(tmp_path, first, capped)
    s = step(step(s, Command("activate", stack=1)), Command("activate", stack=1))
    s = rolled(s, {"P1": "crit", "P2": "hit", "R1": "hit"})
    english = hint(player_view(s))
    i18n.set_language(lang)
    told = hint(player_view(s))
    assert told.commands == english.commands and told.keep == english.keep
    dice = english.move.removeprefix("apply ").split(" to Rust Maw")[0]
    assert told.move.startswith(apply.format(dice=dice)), told.move
    assert told.figure == figure.format(mine=told.chances[0].words()), told.figure
    for word in ("apply", "keep", "to defeat", "rolling"):
        assert word not in told.words, (word, told.words)
    i18n.set_language("en")
    assert hint(player_view(s)).words == english.words


def bot_position(deck_id: str, hero: str, seed: int, commands: int) -> GameState:
    """The state after ``commands`` commands of a heuristic bot's game (the first being ``start``)."""
    deck, _ = load_game_deck(deck_id, None)
    s = step(
        initial_state(deck, SetupOptions(deck.id, hero, seed, choices=choose({"difficulty": 0}))), Command("start")
    )
    bot = make_bot("heuristic", seed)
    for _ in range(commands - 1):
        s = step(s, bot.choose(player_view(s), list(legal_commands(s))))
    return s


def test_the_next_roll_is_counted_under_inverted_colours() -> None:
    """Victorum, Castor, seed 5, after 140 commands: B2• P2○ against Ash-Blinder with some colours rolling inverted.
    One roll of the two dice deals 4/3 expected damage under the rules in force (the printed dice: 11/6)."""
    from fractions import Fraction

    from twentystrong.odds import single_roll
    from twentystrong.odds.advice import question_for, rolls_for

    s = bot_position("hoplomachus-victorum", "castor", 5, 140)
    question = question_for(s, legal_commands(s))
    assert question is not None and question.rules is not None and not question.rules.is_plain()
    assert question.stage == "apply" and question.phases > 0 and question.dice == ("B2", "P2")
    (roll,) = rolls_for(question)
    model = question.enemies[0].target.model
    assert roll.expected_damage == single_roll(question.counts, model, question.rules).expected_damage
    assert roll.expected_damage == Fraction(4, 3)
    assert single_roll(question.counts, model).expected_damage != roll.expected_damage


def test_a_reward_opened_by_a_defeat_is_part_of_the_plan() -> None:
    """Victorum, Castor, seed 11, after 66 commands: B2✶ defeats Eruption Dancers, whose reward then waits; R1 then
    defeats Pumice Net-Man. The words say both, and the commands answer the reward between the two applies."""
    s = bot_position("hoplomachus-victorum", "castor", 11, 66)
    told = hint(player_view(s))
    assert told.words == "apply B2✶ to Eruption Dancers (defeats it), R1✶ to Pumice Net-Man (defeats it)"
    assert [c.cmd for c in told.commands] == ["apply", "take_reward", "apply"]
    assert told.commands[0] == Command("apply", die="B2", card="eruption-dancers")
    assert told.commands[2] == Command("apply", die="R1", card="pumice-net-man")
    assert set(told.defeats_now) == {"eruption-dancers", "pumice-net-man"} and told.keep == ()
    after = play_out(s, told)
    assert set(fell(s, after)) == set(told.defeats_now)


def test_a_fight_that_keeps_its_dice_gives_this_rounds_chance() -> None:
    """A Primus fight goes on into the next round with the dice applied: each chance is this round's (``round``);
    an ordinary fight ends with the round: its chance is the fight's (``fight``)."""
    primus = bot_position("hoplomachus-victorum", "castor", 3, 14)
    told = hint(player_view(primus))
    assert told.stage == "apply" and [c.card for c in told.chances] == ["rufus-twice-crowned"]
    assert {c.scope for c in told.chances} == {"round"}
    ordinary = hint(player_view(bot_position("hoplomachus-victorum", "castor", 5, 140)))
    assert ordinary.stage == "apply" and {c.scope for c in ordinary.chances} == {"fight"}
