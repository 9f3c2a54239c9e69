"""Hoplomachus Victorum through the headless protocol (hoplomachus.md "What the software offers"): the state's keys,
the commands, the setup choices as prompts in ``legal``, refusals that say why, the command line's options, saves,
undo (R13)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

from arena import DECK, HV_PATH, TRAINING, arranged
from record_helpers import split_setup

from twentystrong.engine.state import SetupOptions
from twentystrong.session import Session
from twentystrong.session.protocol import Protocol


def protocol(deck: Any = None, **setup: Any) -> tuple[Protocol, dict[str, Any]]:
    deck = deck or arranged()
    general, choices = split_setup(setup)
    options = SetupOptions(
        deck.id, general.pop("hero", ""), **{"seed": 3, "deal": "ordered", **general}, choices=choices
    )
    session = Session.new(deck, options)
    p = Protocol(session)
    return p, p.ok(session.history[-1].events)


def send(p: Protocol, command: dict[str, Any], ok: bool = True) -> dict[str, Any]:
    answer = p.handle(json.dumps(command))
    assert answer["ok"] is ok, answer
    return answer


def test_the_state_keys() -> None:
    """``camps`` (id, row, col, size, top, kind, primus …), ``position``, ``scion`` {id, side}, ``tactics``,
    ``influence`` {size, icons}; dice in the zone ``training``; the setup's choices in ``awaiting`` and ``legal``."""
    p, first = protocol()
    state = first["state"]
    assert [c["id"] for c in state["camps"]] == ["1-1", "1-2", "1-3", "1-4", "2-1", "2-2", "2-3", "3-1", "3-2"]
    assert state["camps"][0] == {
        "id": "1-1",
        "row": 1,
        "col": 1,
        "size": 6,
        "top": "b-raider",
        "kind": "bloodshed",
        "influence": True,
        "primus": None,
        "adjacent": ["1-2", "2-1"],
        "enterable": False,
    }
    assert state["camps"][8]["row"] == 3 and state["camps"][8]["col"] == 2
    assert state["position"] is None and state["scion"] == {"id": "sc-lanista", "side": "spectate"}
    assert state["tactics"] == [] and state["influence"] == {"size": 0, "icons": 0}
    assert sorted(d["id"] for d in state["dice"] if d["zone"] == "training") == sorted(TRAINING)
    assert state["awaiting"]["kind"] == "choose_hero" and state["awaiting"]["heroes"] == [
        "vesna",
        "darius",
        "mira",
        "tullo",
    ]
    assert state["drawn"] == {
        "heroes": ["vesna", "darius", "mira", "tullo"],
        "tactics": ["t-drill", "t-forge", "t-leap", "t-salve"],
    }
    drawn = ("vesna", "darius", "mira", "tullo")
    # HV1: or the shipped universal hero (Castor) in place of a drawn one; Vesna, this deck's own, is drawn
    assert state["awaiting"]["universal"] == ["hoplomachus-victorum/castor"]
    assert first["legal"] == [{"cmd": "choose_hero", "hero": h} for h in drawn] + [
        {"cmd": "choose_hero", "hero": "hoplomachus-victorum/castor", "aside": h} for h in drawn
    ]
    assert state["phase"] == "setup" and state["hero"]["id"] == ""


def test_a_round_through_the_protocol() -> None:
    """Setup as prompts; then move, activate (its +N as ``activate`` with a ``camp``), the fight, spectate; every
    illegal move refused with its reason, the game unchanged."""
    p, _ = protocol(arranged({"1-2": ["b-ravager", "o-drill"], "1-3": ["b01"]}), dice="physical")
    send(p, {"cmd": "choose_hero", "hero": "vesna"})
    answer = send(p, {"cmd": "keep_tactic", "tactic": "t-forge"})
    assert answer["state"]["awaiting"] == {
        "kind": "place_primus",
        "text": "Place each Primus under its camp.",
        "primus": ["p-darius", "p-mira", "p-tullo"],
        "camps": ["1-1"],
    }
    send(p, {"cmd": "place_primus", "primus": "p-mira", "camp": "1-1"})
    answer = send(p, {"cmd": "place_primus", "primus": "p-darius", "camp": "2-2"})
    state = answer["state"]
    assert state["primus"]["waiting"] == [
        {"id": "p-mira", "camp": "1-1"},
        {"id": "p-darius", "camp": "2-2"},
        {"id": "p-tullo", "camp": "3-2"},
    ]
    assert state["tactics"] == ["t-drill", "t-leap", "t-salve"] and state["round"] == 1
    assert [c["id"] for c in state["camps"] if c["enterable"]] == ["1-1", "1-2", "1-3", "1-4"]
    before = p.session.state
    refused = send(p, {"cmd": "move", "camp": "3-1"}, ok=False)
    assert refused["code"] == "not_bottom_row" and p.session.state is before
    answer = send(p, {"cmd": "move", "camp": "1-2"})
    assert answer["state"]["position"] == "1-2" and answer["state"]["awaiting"]["choices"] == ["activate", "spectate"]
    answer = send(p, {"cmd": "activate"})
    assert answer["state"]["awaiting"]["kind"] == "reinforce" and answer["state"]["awaiting"]["from"] == "1-2"
    assert {"cmd": "activate", "camp": "1-3"} in answer["legal"]
    refused = send(p, {"cmd": "activate", "camp": "3-2"}, ok=False)
    assert refused["error"] == "camp 3-2 is not adjacent to 1-2, where these enemies come from"
    answer = send(p, {"cmd": "activate", "camp": "1-3"})
    assert [c["id"] for c in answer["state"]["active"]] == ["b-ravager", "b01"]


def test_the_command_line_options(tmp_path: Path) -> None:
    """``twentystrong headless --deck-path … --difficulty X --scion ID --hero ID``: the setup they name; a bad one is
    a clear message and exit status 2."""
    base = [sys.executable, "-m", "twentystrong", "headless", "--deck-path", str(HV_PATH), "--seed", "4"]
    result = subprocess.run(
        [*base, "--difficulty", "2", "--scion", "sc-augur", "--hero", "mira", "--deal", "ordered"],
        input='{"cmd": "keep_tactic", "tactic": "t-leap"}\n',
        capture_output=True,
        text=True,
        timeout=60,
    )
    first, second = (json.loads(line) for line in result.stdout.splitlines())
    assert first["state"]["scion"] == {"id": "sc-augur", "side": "spectate"} and first["state"]["difficulty"] == 2
    assert first["state"]["hero"]["id"] == "mira" and first["state"]["awaiting"]["kind"] == "keep_tactic"
    assert second["ok"] and len(second["state"]["primus"]["to_place"]) == 5
    for bad, words in (
        (["--difficulty", "7"], "invalid choice"),
        (["--scion", "nobody"], "has no Scion 'nobody'"),
        (["--hero", "solar-sentinels:corona"], "not universal"),
        (["--rank", "2", "--missions"], "Solar Sentinels options"),
    ):
        failed = subprocess.run([*base, *bad], input="", capture_output=True, text=True, timeout=60)
        assert failed.returncode == 2 and words in failed.stderr, failed.stderr


def test_saves_undo_and_redo(tmp_path: Path) -> None:
    """A save holds the difficulty and the Scion and replays to the same game; standard undo goes back over a move
    but stops at an activation that turned up the camp's next card (R13)."""
    p, _ = protocol(difficulty=1, scion="sc-augur", dice="physical")
    for command in (
        {"cmd": "choose_hero", "hero": "vesna"},
        {"cmd": "keep_tactic", "tactic": "t-drill"},
        {"cmd": "place_primus", "primus": "p-darius", "camp": "1-1"},
        {"cmd": "place_primus", "primus": "p-mira", "camp": "2-2"},
        {"cmd": "place_primus", "primus": "p-tullo", "camp": "3-2"},
        {"cmd": "place_primus", "primus": "p-kaeso", "camp": "1-3"},
        {"cmd": "feed_influence", "camp": "1-4"},
        {"cmd": "feed_influence", "camp": "2-3"},
        {"cmd": "move", "camp": "1-1"},
    ):
        send(p, command)
    assert p.handle('{"cmd": "undo"}')["ok"] and p.handle('{"cmd": "redo"}')["ok"]
    send(p, {"cmd": "activate"})
    refused = p.handle('{"cmd": "undo"}')
    assert refused["code"] == "undo_refused"
    assert refused["error"].startswith("Undo stops here: activating Raider turned up Juggler (standard play")
    path = tmp_path / "arena.toml"
    assert send(p, {"cmd": "save", "path": str(path)})["saved"] == str(path)
    text = path.read_text()
    assert "difficulty = 1" in text and 'scion = "sc-augur"' in text and 'hero_id = ""' in text
    loaded = Session.load(path, p.session.deck)
    assert loaded.state == p.session.state and loaded.options.chosen("difficulty") == 1


def test_a_whole_game_through_the_protocol_ends() -> None:
    """A random player through the protocol: every answer accepted, every die in a zone the game knows; the game
    ends."""
    import random

    p, answer = protocol(DECK, deal="shuffled", seed=11)
    rng = random.Random(11)
    zones = {"pool", "active", "applied", "exhausted", "banished", "training"}
    for _ in range(5000):
        if answer["state"]["result"] is not None:
            break
        answer = send(p, rng.choice(answer["legal"]))
        assert {d["zone"] for d in answer["state"]["dice"]} <= zones
    assert answer["state"]["result"] in ("won", "lost")


def test_every_refusal_says_why() -> None:
    """Each refused setup choice, move or item use names the reason and what may be chosen instead (never only
    "not like that: you cannot …", never "there is no camp None")."""
    p, _ = protocol(difficulty=1)

    def why(command: dict[str, Any]) -> tuple[str, str]:
        answer = send(p, command, ok=False)
        assert "not like that" not in answer["error"] and "None" not in answer["error"], answer["error"]
        return answer["code"], answer["error"]

    assert why({"cmd": "choose_hero", "hero": "nobody"}) == (
        "not_drawn",
        "'nobody' was not drawn: choose one of vesna, darius, mira, tullo, kaeso, or a universal hero with a drawn one "
        "set aside (hoplomachus-victorum/castor)",
    )
    assert why({"cmd": "choose_hero", "hero": "vesna", "aside": "mira"})[0] == "bad_argument"
    assert why({"cmd": "choose_hero"}) == (
        "bad_argument",
        'choose_hero needs a "hero": one of vesna, darius, mira, tullo, kaeso, hoplomachus-victorum/castor',
    )
    send(p, {"cmd": "choose_hero", "hero": "vesna"})
    assert why({"cmd": "keep_tactic", "tactic": "t-nothing"}) == (
        "not_drawn",
        "'t-nothing' was not drawn: keep one of t-drill, t-forge, t-leap, t-salve",
    )
    send(p, {"cmd": "keep_tactic", "tactic": "t-leap"})
    code, error = why({"cmd": "place_primus", "primus": "p-darius", "camp": "2-2"})  # 1-1 comes first (HV3)
    assert code == "camp_not_offered" and error.endswith("place it under 1-1")
    assert why({"cmd": "place_primus", "primus": "p-nobody", "camp": "1-1"})[0] == "not_drawn"
    assert why({"cmd": "place_primus", "primus": "p-darius"})[0] == "bad_argument"
    for primus, camp in (("p-darius", "1-1"), ("p-mira", "2-2"), ("p-tullo", "3-2")):
        send(p, {"cmd": "place_primus", "primus": primus, "camp": camp})
    code, error = why({"cmd": "place_primus", "primus": "p-kaeso", "camp": "2-2"})
    assert code == "camp_not_offered" and error.startswith("camp 2-2 already holds a Primus")
    send(p, {"cmd": "place_primus", "primus": "p-kaeso", "camp": "1-3"})
    send(p, {"cmd": "feed_influence", "camp": "1-2"})
    code, error = why({"cmd": "feed_influence", "camp": "1-2"})  # the same camp twice
    assert code == "camp_not_offered" and error.startswith("camp 1-2 has given its top card already")
    assert "1-2," not in error and "1-1, 1-3" in error
    assert why({"cmd": "feed_influence"})[0] == "bad_argument"
    send(p, {"cmd": "feed_influence", "camp": "1-4"})
    assert why({"cmd": "move"}) == ("bad_argument", 'move needs a "camp": {"cmd": "move", "camp": "1-2"} (see legal)')
    # an item with a camp to choose: its camp missing, or not one offered, at the first move
    code, error = why({"cmd": "use_item", "item": "t-leap"})
    assert code == "bad_argument" and error.startswith('Leap needs a "camp": one of 1-1, 1-2')
    code, error = why({"cmd": "use_item", "item": "t-leap", "camp": "9-9"})
    assert error.startswith("Leap: camp 9-9 is not offered now; one of 1-1")
    assert why({"cmd": "use_item", "item": "t-nothing"}) == ("illegal_item", "you hold no item 't-nothing'")
    send(p, {"cmd": "move", "camp": "1-1"})
    code, error = why({"cmd": "use_item", "item": "t-leap", "camp": "2-2"})  # it moves you before your move
    assert code == "item_not_now" and error.startswith("Leap cannot be used now. Before you move this round")


CAMP_EVENTS = {"primus_placed", "influence_fed", "moved", "spectated", "camp_top_discarded", "opportunity_drawn"}
CAMP_EVENTS |= {"plus_added", "primus_fight"}


def test_events_name_camps_by_the_state_s_ids_and_old_saves_still_load(tmp_path: Path) -> None:
    """``moved``, ``influence_fed``, ``primus_placed`` … carry ``camp`` as the state names it ("1-2"), not an index;
    a save written before (``camp = 1``, the index from 0) loads to the same game."""
    p, _ = protocol(difficulty=1)
    seen: list[dict[str, Any]] = []
    for command in (
        {"cmd": "choose_hero", "hero": "vesna"},
        {"cmd": "keep_tactic", "tactic": "t-leap"},
        {"cmd": "place_primus", "primus": "p-darius", "camp": "1-1"},
        {"cmd": "place_primus", "primus": "p-mira", "camp": "2-2"},
        {"cmd": "place_primus", "primus": "p-tullo", "camp": "3-2"},
        {"cmd": "place_primus", "primus": "p-kaeso", "camp": "1-3"},
        {"cmd": "feed_influence", "camp": "1-2"},
        {"cmd": "feed_influence", "camp": "1-4"},
        {"cmd": "move", "camp": "1-2"},
        {"cmd": "spectate"},
    ):
        seen += send(p, command)["events"]
    camps = [(e["type"], e["camp"]) for e in seen if "camp" in e]
    assert camps[:7] == [
        ("primus_placed", "1-1"),
        ("primus_placed", "2-2"),
        ("primus_placed", "3-2"),
        ("primus_placed", "1-3"),
        ("influence_fed", "1-2"),
        ("influence_fed", "1-4"),
        ("moved", "1-2"),
    ]
    assert ("spectated", "1-2") in camps
    state_ids = {c["id"] for c in p.ok()["state"]["camps"]}
    assert {camp for _, camp in camps} <= state_ids
    # the same game as a save of the first build wrote it: each camp as its index (0 = "1-1" … 8 = "3-2")
    path = tmp_path / "new.toml"
    p.session.save(path)
    index = {camp: k for k, camp in enumerate(sorted(state_ids))}
    old = tmp_path / "old.toml"
    lines = []
    for line in path.read_text().splitlines():
        kind = line.split('type = "', 1)[-1].split('"', 1)[0] if 'type = "' in line else None
        if kind in CAMP_EVENTS:
            camp = line.split('camp = "', 1)[1].split('"', 1)[0]
            line = line.replace(f'camp = "{camp}"', f"camp = {index[camp]}")
        lines.append(line)
    old.write_text("\n".join(lines) + "\n")
    assert "camp = 0" in old.read_text() and 'type = "moved", seq' in old.read_text()
    loaded = Session.load(old, p.session.deck)
    assert loaded.state == p.session.state
    assert [e for e in loaded.events] == list(p.session.events)


def test_a_pending_opportunity_stays_in_the_state_while_an_item_s_prompt_is_open() -> None:
    """The Opportunity activated and waiting to be kept or discarded is in the state (``drawn_opportunity``) also
    while an item's camp prompt is open over that decision (the shipped deck, seed 3, Nkiru, Sway the Crowd)."""
    from twentystrong.content.loader import load_shipped

    deck = load_shipped("hoplomachus-victorum")
    p, answer = protocol(deck, deal="shuffled", seed=3)
    answer = send(p, {"cmd": "choose_hero", "hero": "nkiru"})
    answer = send(p, {"cmd": "keep_tactic", "tactic": "sway-the-crowd"})
    while answer["state"]["step"] == "place_primus":
        answer = send(p, answer["legal"][0])
    send(p, {"cmd": "move", "camp": "1-1"})
    answer = send(p, {"cmd": "activate"})
    card = answer["state"]["awaiting"]["card"]
    assert answer["state"]["awaiting"]["kind"] == "opportunity" and answer["state"]["drawn_opportunity"] == card
    answer = send(p, {"cmd": "use_item", "item": "sway-the-crowd"})
    assert answer["state"]["awaiting"]["kind"] == "choose_camp"
    assert answer["state"]["drawn_opportunity"] == card  # still waiting for the player's decision, still in view
    answer = send(p, {"cmd": "choose", "camp": "1-2"})
    assert answer["state"]["awaiting"]["kind"] == "opportunity" and answer["state"]["drawn_opportunity"] == card
    answer = send(p, {"cmd": "discard_opportunity"})
    assert answer["state"]["drawn_opportunity"] is None and card in answer["state"]["discard"]


def test_r16_typed_faces_may_be_undone_in_standard_play_but_not_what_the_engine_drew() -> None:
    """R16: in companion mode the faces typed in draw and reveal nothing: standard undo steps back over them to
    correct a typo (back to the roll); the activation that turned up the camp's next card still stops undo (R13)."""
    p, _ = protocol(dice="physical")
    for command in (
        {"cmd": "choose_hero", "hero": "vesna"},
        {"cmd": "keep_tactic", "tactic": "t-drill"},
        {"cmd": "place_primus", "primus": "p-darius", "camp": "1-1"},
        {"cmd": "place_primus", "primus": "p-mira", "camp": "2-2"},
        {"cmd": "move", "camp": "1-3"},
        {"cmd": "activate"},
        {"cmd": "commit", "die": "B1"},
        {"cmd": "roll"},
    ):
        send(p, command)
    rolled = p.ok()["state"]
    typed = send(p, {"cmd": "face", "die": "B1", "face": "miss"})
    assert typed["state"]["step"] == "apply"
    undone = send(p, {"cmd": "undo"})  # the typo is taken back
    assert undone["state"] == rolled and undone["state"]["awaiting"]["kind"] == "faces"
    retyped = send(p, {"cmd": "face", "die": "B1", "face": "crit"})["state"]
    assert next(d["face"] for d in retyped["dice"] if d["id"] == "B1") == "crit"
    for _ in range(3):  # the face, then the roll and the commit (nothing drawn by the engine)
        send(p, {"cmd": "undo"})
    refused = send(p, {"cmd": "undo"}, ok=False)  # the activation turned up the next card of camp 1-3
    assert refused["code"] == "undo_refused"


def test_a_card_activated_from_a_camp_names_the_camp_by_its_id_too() -> None:
    """The general ``card_activated`` event numbers its pile (``stack``: 3); in this deck its view also gives the
    camp's id (``camp``: "1-3"), as the state names it."""
    p, _ = protocol()
    for command in (
        {"cmd": "choose_hero", "hero": "vesna"},
        {"cmd": "keep_tactic", "tactic": "t-drill"},
        {"cmd": "place_primus", "primus": "p-darius", "camp": "1-1"},
        {"cmd": "place_primus", "primus": "p-mira", "camp": "2-2"},
        {"cmd": "move", "camp": "1-3"},
    ):
        send(p, command)
    activated = next(e for e in send(p, {"cmd": "activate"})["events"] if e["type"] == "card_activated")
    assert (activated["stack"], activated["camp"]) == (3, "1-3")
