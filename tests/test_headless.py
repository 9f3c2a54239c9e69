"""The headless JSON-lines protocol (architecture.md): through the real process, and fuzzed in-process."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from twentystrong.content.model import Deck
from twentystrong.engine import SetupOptions
from twentystrong.engine.commands import CMDS
from twentystrong.session import Session
from twentystrong.session.protocol import META_COMMANDS, Protocol

PLAIN = Path(__file__).resolve().parent / "decks" / "plain"
STATE_KEYS = {"round", "phase", "awaiting", "result", "hero", "dice", "stacks", "active", "discard", "inventory"}
STATE_KEYS |= {"missions", "boss"}


def run(lines: list[str], *args: str, timeout: float = 60) -> subprocess.CompletedProcess[str]:
    """``twentystrong headless`` on the plain deck, fed ``lines``."""
    return subprocess.run(
        [sys.executable, "-m", "twentystrong", "headless", *args],
        input="".join(line + "\n" for line in lines),
        capture_output=True,
        text=True,
        timeout=timeout,
    )


def answers(result: subprocess.CompletedProcess[str]) -> list[dict[str, Any]]:
    return [json.loads(line) for line in result.stdout.splitlines()]


def check_state(state: dict[str, Any]) -> None:
    """The keys architecture.md promises bot writers."""
    assert STATE_KEYS <= set(state)
    assert state["result"] in (None, "won", "lost") and "kind" in state["awaiting"]
    assert set(state["hero"]) >= {"id", "health", "strategy", "recovery"}
    assert len(state["dice"]) == 17
    for die in state["dice"]:
        assert set(die) >= {"id", "color", "zone", "face", "card"}
        assert die["zone"] in ("pool", "active", "applied", "exhausted", "banished")
    for stack in state["stacks"]:
        assert set(stack) >= {"size", "top", "mandatory"}
    for card in state["active"]:
        assert set(card) >= {"id", "name", "health", "damage", "damage_taken", "defeated", "applied"}


# --- the real process -------------------------------------------------------------------------------------------


def test_a_short_game_through_the_process(tmp_path: Path) -> None:
    save = tmp_path / "g.toml"
    lines = [
        '{"cmd": "state"}',
        '{"cmd": "activate", "stack": 2}',
        "this is not json",
        '{"cmd": "commit", "die": "R1"}',
        '{"cmd": "undo"}',
        '{"cmd": "redo"}',
        '{"cmd": "fly"}',
        "",
        '{"cmd": "roll"}',
        json.dumps({"cmd": "save", "path": str(save)}),
    ]
    result = run(lines, "--deck-path", str(PLAIN), "--seed", "3", "--deal", "ordered")
    assert result.returncode == 0, result.stderr
    out = answers(result)
    assert len(out) == 1 + len(lines)  # the first line is the initial state; then one answer per line, blank too
    first = out[0]
    assert first["ok"] and first["events"][0]["type"] == "game_started"
    assert first["legal"] == [{"cmd": "activate", "stack": 2}]  # R3: c16 tops stack 2 and is mandatory
    for answer in out:
        check_state(answer["state"])
    assert [a["ok"] for a in out] == [True, True, True, False, True, True, True, False, False, True, True]
    assert out[3]["code"] == "bad_json" and out[7]["code"] == "unknown_command" and out[8]["code"] == "empty_line"
    assert out[3]["state"] == out[2]["state"] and out[8]["state"] == out[7]["state"]  # refused: unchanged
    assert out[9]["state"]["awaiting"]["kind"] == "apply"
    assert any(e["type"] == "dice_rolled" for e in out[9]["events"])
    assert Session.load(save).state.seq == out[10]["state"]["seq"]


def test_every_input_line_gets_exactly_one_answer_blank_lines_too() -> None:
    """A bot that sends a blank or whitespace-only line and waits for the answer must get one (never a hang)."""
    lines = ["", "   ", "\t", '{"cmd": "state"}', " \t ", '{"cmd": "quit"}']
    result = run(lines, "--deck-path", str(PLAIN), "--seed", "1")
    assert result.returncode == 0, result.stderr
    out = answers(result)
    assert len(out) == 1 + len(lines)
    assert [a.get("code") for a in out[1:]] == ["empty_line", "empty_line", "empty_line", None, "empty_line", None]
    for answer in (out[1], out[2], out[3], out[5]):
        assert answer["ok"] is False and "empty line" in answer["error"] and answer["state"] == out[0]["state"]


def test_end_of_input_exits_0_and_quit_stops_reading() -> None:
    result = run(['{"cmd": "quit"}', '{"cmd": "state"}'], "--deck-path", str(PLAIN), "--seed", "1")
    assert result.returncode == 0
    assert len(answers(result)) == 2  # the initial state and the answer to quit, nothing after


def test_load_a_saved_game(tmp_path: Path, plain_deck: Deck) -> None:
    session = Session.new(plain_deck, SetupOptions("plain", "weakling", seed=4), deck_path=PLAIN)
    session.save(tmp_path / "g.toml")
    result = run(['{"cmd": "legal"}'], "--load", str(tmp_path / "g.toml"))
    assert result.returncode == 0, result.stderr
    first, legal = answers(result)
    assert first["state"]["hero"]["id"] == "weakling" and first["state"]["seed"] == 4
    assert legal["legal"] == [c.to_dict() for c in session.legal()]


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["--deck", "no-such-deck"], "no shipped deck"),
        (["--deck-path", "/nowhere"], "no such file or folder"),
        (["--deck-path", str(PLAIN), "--hero", "nobody"], "no hero 'nobody'"),
        (["--load", "/nowhere/save.toml"], "no save file at"),
        (["--load", "/nowhere/save.toml", "--seed", "3"], "--seed: a loaded game keeps the setup"),
        (["--rank", "9"], "invalid choice"),
    ],
)
def test_bad_arguments_exit_2_with_a_message(args: list[str], words: str) -> None:
    result = run([], *args)
    assert result.returncode == 2
    assert words in result.stderr
    assert "Traceback" not in result.stderr and result.stdout == ""


# --- in-process: the protocol object ----------------------------------------------------------------------------


@pytest.fixture
def protocol(plain_deck: Deck) -> Protocol:
    return Protocol(Session.new(plain_deck, SetupOptions("plain", "tester", seed=8, deal="ordered")))


def garbage(rng: random.Random, legal: list[dict[str, Any]]) -> str:
    """One hostile input line."""
    names = [*CMDS, *META_COMMANDS, "", "ROLL", "drop table", "faces"]
    values: list[Any] = [None, True, 1.5, -1, 0, 99, 2**70, "", "B9", "c99", "Y1", [], {}, {"B1": "hit"}, "x" * 200]
    kind = rng.randrange(9)
    if kind == 0:
        return rng.choice(["{", "}", "[]", "null", "42", '"roll"', "{'cmd': 'roll'}", "\x00", "{" * 5000, "nan"])
    if kind == 1:
        return json.dumps({"cmd": rng.choice(names)})
    if kind == 2:  # a legal command with one argument changed or added
        command = dict(rng.choice(legal)) if legal else {"cmd": "roll"}
        command[
            rng.choice(["stack", "die", "card", "face", "faces", "choice", "item", "effect", "mission", "bogus"])
        ] = rng.choice(values)
        return json.dumps(command)
    if kind == 3:
        return json.dumps({"cmd": rng.choice(values)})
    if kind == 4:
        return json.dumps({"stack": 1})
    if kind == 5:
        return json.dumps({"cmd": "save", "path": rng.choice([None, "", 3, "/nonexistent-dir/\x00/x.toml"])})
    if kind == 6:
        return json.dumps({"cmd": rng.choice(["undo", "redo", "state"]), "extra": 1})
    if kind == 7:
        return json.dumps({"cmd": rng.choice(list(CMDS)), "die": rng.choice(["Y1", "R1", "Z9"]), "stack": 3})
    return json.dumps([{"cmd": "roll"}])


def test_fuzz_every_bad_line_is_refused_and_changes_nothing(protocol: Protocol) -> None:
    """Thousands of hostile lines, interleaved with real play: never an exception, never a change on refusal."""
    rng = random.Random(2024)
    refused = 0
    for i in range(3000):
        session = protocol.session
        before = (session.state, len(session.events), session.can_redo())
        legal = [c.to_dict() for c in session.legal()]
        if legal and i % 4 == 0:
            line = json.dumps(rng.choice(legal))  # real play keeps the game moving through its steps
        else:
            line = garbage(rng, legal)
        answer = protocol.handle(line)
        json.dumps(answer)  # always serialisable
        if answer["ok"]:
            check_state(answer["state"])
            continue
        refused += 1
        assert answer["code"] and answer["error"], answer
        assert answer["code"] != "internal_error", (line, answer)
        assert (session.state, len(session.events), session.can_redo()) == before, line
        if session.state.result is not None:
            protocol = Protocol(Session.new(session.deck, SetupOptions("plain", "tester", seed=i, deal="ordered")))
    assert refused > 1500


def test_every_legal_entry_is_accepted_verbatim(plain_deck: Deck) -> None:
    """Contract 3 through the protocol: whatever ``legal`` lists, sent back as-is, is accepted."""
    rng = random.Random(5)
    for seed in range(4):
        protocol = Protocol(Session.new(plain_deck, SetupOptions("plain", "tester", seed=seed, dice="physical")))
        answer = protocol.ok()
        while answer["legal"]:
            for entry in answer["legal"][:3]:
                probe = Protocol(Session(plain_deck, protocol.session.options, list(protocol.session.history)))
                assert probe.handle(json.dumps(entry))["ok"], entry
            answer = protocol.handle(json.dumps(rng.choice(answer["legal"])))
            assert answer["ok"], answer
        assert answer["state"]["result"] in ("won", "lost")


def test_meta_commands(protocol: Protocol, tmp_path: Path) -> None:
    assert protocol.handle('{"cmd": "undo"}')["code"] == "nothing_to_undo"
    assert protocol.handle('{"cmd": "redo"}')["code"] == "nothing_to_redo"
    activated = protocol.handle('{"cmd": "activate", "stack": 2}')
    assert activated["ok"]
    refused = protocol.handle('{"cmd": "undo"}')  # R13: the activation turned up the stack's next card
    assert refused["code"] == "undo_refused" and refused["error"].startswith("Undo stops here: activating ")
    commit = next(c for c in activated["legal"] if c["cmd"] == "commit")
    assert protocol.handle(json.dumps(commit))["ok"]
    assert protocol.handle('{"cmd": "undo"}')["ok"]
    redone = protocol.handle('{"cmd": "redo"}')
    assert redone["ok"] and redone["events"] == [] and redone["state"]["step"] == "commit"
    assert any(d["id"] == commit["die"] and d["zone"] == "active" for d in redone["state"]["dice"])
    path = tmp_path / "saved.toml"
    saved = protocol.handle(json.dumps({"cmd": "save", "path": str(path)}))
    assert saved["ok"] and saved["saved"] == str(path) and path.exists()
    failed = protocol.handle(json.dumps({"cmd": "save", "path": str(tmp_path / "saved.toml" / "x.toml")}))
    assert failed["code"] == "save_failed" and "is not a folder" in failed["error"]
    assert not protocol.quit and protocol.handle('{"cmd": "quit"}')["ok"] and protocol.quit


def test_save_to_a_missing_folder_is_refused_with_the_reason(
    protocol: Protocol, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A typo in a save path never creates folders: the save is refused and says which folder is missing; a save
    that works says the full path of the file it wrote."""
    missing = tmp_path / "no" / "such" / "g.toml"
    refused = protocol.handle(json.dumps({"cmd": "save", "path": str(missing)}))
    assert refused["ok"] is False and refused["code"] == "save_failed"
    assert f"the folder {missing.parent} does not exist" in refused["error"]
    assert not (tmp_path / "no").exists()
    monkeypatch.chdir(tmp_path)
    saved = protocol.handle(json.dumps({"cmd": "save", "path": "relative.toml"}))
    assert saved["ok"] and saved["saved"] == str(tmp_path / "relative.toml") and (tmp_path / "relative.toml").exists()


def test_an_engine_crash_is_an_answer_not_a_dead_process(protocol: Protocol, monkeypatch: pytest.MonkeyPatch) -> None:
    def boom(*args: object) -> None:
        raise RuntimeError("engine bug")

    monkeypatch.setattr(protocol.session, "dispatch", boom)
    before = protocol.session.state
    answer = protocol.handle('{"cmd": "activate", "stack": 2}')
    assert answer["ok"] is False and answer["code"] == "internal_error" and "engine bug" in answer["error"]
    assert protocol.session.state == before
