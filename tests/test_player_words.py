"""Player words only (issue 27, finding 7): the rules' internal codes (R8, HV4 …) stay in code comments, tests and
the README's rulings list; nothing a player reads names one. Scanned: every refusal, prompt line and log line of
seeded games of both decks played through the headless protocol with fuzzed commands mixed in, the log of bot
games, the primers, the steps' and commands' words, command-line messages, and (a guard for new code) every string
literal of the package that is not a docstring.

The red die is called ``R1``: a bare ``R1`` is a die, so rule R1 counts only as a citation, ``(R1)`` or ``(R1:``.
"""

from __future__ import annotations

import ast
import json
import random
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from record_helpers import split_setup

from twentystrong.bots import make_bot
from twentystrong.cli.main import main
from twentystrong.content.loader import load_shipped
from twentystrong.engine import Command, SetupOptions, decide_and_apply, initial_state
from twentystrong.engine.legal import legal_commands
from twentystrong.engine.rulesets import ruleset_for
from twentystrong.engine.view import player_view
from twentystrong.session import Session
from twentystrong.session.protocol import Protocol
from twentystrong.text.events import describe_events
from twentystrong.text.primer import primer

RULE_CODE = re.compile(r"\bHV\d+\b|\bR(?:[02-9]|1\d)\d*\b|\(R1\b")
"""A rule code: HV1 … HV24, R2 … R16, and rule R1 as cited; a bare ``R1`` is the red die."""

PACKAGE = Path(__file__).resolve().parent.parent / "twentystrong"


def codes(text: str) -> list[str]:
    return RULE_CODE.findall(text)


def test_the_pattern_finds_codes_and_spares_the_red_die() -> None:
    assert codes("camp 3-1 is not adjacent to 1-2 (HV4)") == ["HV4"]
    assert codes("used while a roll is resolved (R8); ranks (R15: …)") == ["R8", "R15"]
    assert codes("you are at 6/6 (R1).") == ["(R1"]
    assert codes("commit R1, then roll R1 and B2") == [] and codes("dice are Y1–Y4, P1–P4, R1") == []


# --- seeded games through the protocol, with fuzzed commands --------------------------------------------------------


def _fuzz(rng: random.Random, legal: list[dict[str, Any]], held: list[str]) -> Iterator[str]:
    """Lines a careless bot might send now: legal commands with an argument dropped or wrong, commands of the other
    deck, items used without their arguments, blank lines and junk."""
    if legal:
        good = dict(rng.choice(legal))
        args = [k for k in good if k != "cmd"]
        if args:
            dropped = dict(good)
            dropped.pop(rng.choice(args))
            yield json.dumps(dropped)
            wrong = dict(good)
            wrong[rng.choice(args)] = rng.choice(["9-9", "scion", "Z9", "nobody", "R1", "3-2", "1-1", 7])
            yield json.dumps(wrong)
    yield rng.choice(
        [
            "",
            "   ",
            "not json",
            '{"cmd": "move"}',
            '{"cmd": "move", "camp": "3-2"}',
            '{"cmd": "activate", "stack": 9}',
            '{"cmd": "activate", "camp": "2-2"}',
            '{"cmd": "spectate"}',
            '{"cmd": "fight_primus"}',
            '{"cmd": "repeat"}',
            '{"cmd": "resolve"}',
            '{"cmd": "feed_influence", "camp": "1-1"}',
            '{"cmd": "place_primus", "primus": "nobody", "camp": "1-1"}',
            '{"cmd": "choose_hero", "hero": "nobody"}',
            '{"cmd": "keep_tactic", "tactic": "nothing"}',
            '{"cmd": "commit", "die": "R1"}',
            '{"cmd": "apply", "die": "R1", "card": "nowhere"}',
            '{"cmd": "gain_item", "card": "nowhere"}',
            '{"cmd": "recover", "die": "Y1"}',
            '{"cmd": "undo"}',
        ]
    )
    if held:
        yield json.dumps({"cmd": "use_item", "item": rng.choice(held)})


GAMES = [
    ("solar-sentinels", {"hero_id": "corona", "seed": 7}),
    ("solar-sentinels", {"hero_id": "umbra", "seed": 8, "missions": True, "rank": 3}),
    ("hoplomachus-victorum", {"hero_id": "", "seed": 3, "difficulty": 1}),
    ("hoplomachus-victorum", {"hero_id": "", "seed": 1234, "difficulty": 2, "dice": "physical"}),
]


@pytest.mark.parametrize(("deck_id", "setup"), GAMES, ids=lambda g: str(g))
def test_no_refusal_prompt_or_log_line_names_a_rule_code(deck_id: str, setup: dict[str, Any]) -> None:
    deck = load_shipped(deck_id)
    general, choices = split_setup(setup)
    options = SetupOptions(deck_id=deck.id, **general, choices=choices)
    session = Session.new(deck, options)
    p = Protocol(session)
    rng = random.Random(setup["seed"])
    answer = p.ok(session.history[-1].events)
    read: list[str] = [answer["state"]["awaiting"]["text"]]
    refusals = 0
    for _ in range(600):
        if answer["state"]["result"] is not None:
            break
        held = [i["id"] for i in answer["state"]["inventory"]]
        for line in _fuzz(rng, answer["legal"], held):
            fuzzed = p.handle(line)
            if not fuzzed["ok"]:
                refusals += 1
                read.append(fuzzed["error"])
            else:  # a fuzzed line that happened to be legal (or undo): play on from there
                answer = fuzzed
        if answer["state"]["result"] is not None or not answer["legal"]:
            answer = p.ok()
            if answer["state"]["result"] is not None:
                break
        answer = p.handle(json.dumps(rng.choice(answer["legal"])))
        assert answer["ok"], answer
        read.append(answer["state"]["awaiting"]["text"])
    assert refusals > 50
    read += [line.text for line in describe_events(session.events, initial_state(deck, options))]
    found = {text: codes(text) for text in read if codes(text)}
    assert not found, f"rule codes in words a player reads: {found}"


@pytest.mark.parametrize("deck_id", ["solar-sentinels", "hoplomachus-victorum"])
def test_the_log_of_bot_games_names_no_rule_code(deck_id: str) -> None:
    deck = load_shipped(deck_id)
    for seed, bot in ((101, "heuristic"), (102, "random")):
        hero = deck.heroes[0].id if deck_id == "solar-sentinels" else ""
        options = SetupOptions(deck_id=deck.id, hero_id=hero, seed=seed)
        state = start = initial_state(deck, options)
        player = make_bot(bot, seed)
        events = []
        command = Command("start")
        for _ in range(3000):
            result = decide_and_apply(state, command)
            assert isinstance(result, tuple), result
            events += result[0]
            state = result[1]
            if state.result is not None:
                break
            command = player.choose(player_view(state), legal_commands(state))
        lines = [line.text for line in describe_events(events, start)]
        assert not [t for t in lines if codes(t)]


def test_primers_steps_and_commands_name_no_rule_code() -> None:
    texts: list[str] = []
    for ruleset_id in ("solar-sentinels", "hoplomachus-victorum"):
        for section in primer(ruleset_id):
            texts.append(section.title)
            texts += [f"{term} {text}" for term, text in section.lines]
        ruleset = ruleset_for(ruleset_id)
        texts += [step.text for step in ruleset.steps.values()]
        texts += [spec.description for spec in ruleset.commands.values()]
    assert len(texts) > 40
    assert not [t for t in texts if codes(t)]


@pytest.mark.parametrize("command", ["headless", "simulate", "play"])
def test_command_line_messages_name_no_rule_code(command: str, capsys: pytest.CaptureFixture[str]) -> None:
    """``--rank 3`` without ``--missions``: the message says why in words."""
    status = main([command, "--rank", "3", "--games", "1"] if command == "simulate" else [command, "--rank", "3"])
    err = capsys.readouterr().err
    assert status != 0 and "missions" in err and not codes(err), err


def _strings(path: Path) -> Iterator[tuple[int, str]]:
    """Every string literal of a module but its docstrings (module, class, function and attribute docstrings)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docs: set[int] = set()
    for node in ast.walk(tree):
        for stmt in getattr(node, "body", []) if isinstance(getattr(node, "body", None), list) else []:
            if (
                isinstance(stmt, ast.Expr)
                and isinstance(stmt.value, ast.Constant)
                and isinstance(stmt.value.value, str)
            ):
                docs.add(id(stmt.value))
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docs:
            yield node.lineno, node.value


def test_no_string_of_the_package_names_a_rule_code() -> None:
    """A guard for new code: rule codes belong in comments and docstrings, not in strings that may reach a player."""
    found = [
        f"{path.relative_to(PACKAGE.parent)}:{line}: {text!r}"
        for path in sorted(PACKAGE.rglob("*.py"))
        for line, text in _strings(path)
        if codes(text)
    ]
    assert not found, "\n".join(found)
