"""Saves (contract 6): the log in TOML, atomic writes, validation, clear errors, and never a destroyed file."""

from __future__ import annotations

import os
import random
import re
import tomllib
from pathlib import Path

import pytest
from players import eager, random_legal
from record_helpers import split_setup

from twentystrong import __version__
from twentystrong.content import loader
from twentystrong.content.model import Deck
from twentystrong.engine import Command, Rejected, SetupOptions, fold, initial_state
from twentystrong.kits.hoplomachus_victorum.content import scions_of
from twentystrong.kits.options import choose
from twentystrong.session import SAVE_FORMAT, SaveError, Session, saves
from twentystrong.session.saves import dump_toml

PLAIN = Path(__file__).resolve().parent / "decks" / "plain"


def played(deck: Deck, steps: int = 60, **options: object) -> Session:
    """A session some way into a game (physical dice by default: its rolls hold ``face = None`` events)."""
    general, choices = split_setup(options)
    setup = {"deck_id": deck.id, "hero_id": "tester", "seed": 9, "dice": "physical", **general}
    opts = SetupOptions(**setup, choices=choices)  # type: ignore[arg-type]
    session = Session.new(deck, opts, deck_path=PLAIN)
    rng = random.Random(3)
    for _ in range(steps):
        if session.state.result is not None:
            break
        session.dispatch(eager(session.state, session.legal(), rng))
    return session


@pytest.fixture
def saved(plain_deck: Deck, tmp_path: Path) -> Path:
    path = tmp_path / "game.toml"
    played(plain_deck).save(path)
    return path


def rewrite(path: Path, old: str, new: str, count: int = 1) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new, count), encoding="utf-8")


def refuse(path: Path, words: str, deck: Deck | None = None) -> SaveError:
    """Loading fails with a message matching ``words``, and the file is left byte for byte as it was."""
    before = path.read_bytes() if path.is_file() else None
    with pytest.raises(SaveError, match=words) as info:
        Session.load(path, deck)
    if before is not None:
        assert path.read_bytes() == before, "a bad save must never be changed"
    return info.value


# --- round trips ----------------------------------------------------------------------------------------------


def test_save_then_load_gives_the_same_game(plain_deck: Deck, tmp_path: Path) -> None:
    session = played(plain_deck, assisted=True, missions=True, rank=2)
    session.undo()
    session.undo()
    path = tmp_path / "g.toml"
    session.save(path)
    loaded = Session.load(path)  # the deck is found from the folder recorded in the save
    assert loaded.state == session.state
    assert loaded.events == session.events
    assert loaded.options == session.options
    assert [h.command for h in loaded.history] == [h.command for h in session.history]
    assert [h.state_after for h in loaded.history] == [h.state_after for h in session.history]
    assert [h.command for h in loaded.redo_entries] == [h.command for h in session.redo_entries]
    assert loaded.redo() is None and session.redo() is None
    assert loaded.state == session.state
    assert loaded.deck_path == PLAIN


def test_the_file_holds_versions_deck_options_commands_and_events(saved: Path, plain_deck: Deck) -> None:
    doc = tomllib.loads(saved.read_text(encoding="utf-8"))
    assert doc["format"] == SAVE_FORMAT and doc["app_version"] == __version__
    game = doc["game"]
    assert game["deck_id"] == "plain" and game["deck_hash"] == plain_deck.content_hash
    assert {"hero_id", "seed", "assisted", "dice", "deal"} <= set(game)
    assert "options" not in game  # the deck's own options, all at their default: none written
    assert doc["log"]["commands"][0] == {"cmd": "start", "events": len(Session.load(saved).history[0].events)}
    assert doc["event_count"] == len(doc["log"]["events"])
    assert doc["log"]["events"][0]["type"] == "game_started"
    assert "None" not in saved.read_text(encoding="utf-8")  # TOML has no null: None fields are left out


def test_the_decks_own_options_are_written_as_data(plain_deck: Deck, tmp_path: Path) -> None:
    """The deck's own options (its kit declares them) are one table of the setup, by name."""
    path = tmp_path / "g.toml"
    played(plain_deck, steps=5, missions=True, rank=2).save(path)
    game = tomllib.loads(path.read_text(encoding="utf-8"))["game"]
    assert game["options"] == {"missions": True, "rank": 2}
    assert not {"missions", "rank", "difficulty", "scion"} & set(game)


def _as_older_save(path: Path) -> None:
    """Rewrite a save the way saves were written before the options were data: each deck option beside the general
    ones, missions and rank always (at their default when not chosen), difficulty and the Scion when chosen."""
    text = path.read_text(encoding="utf-8")
    game = tomllib.loads(text)["game"]
    options = {"missions": False, "rank": 1, **game.get("options", {})}
    lines = [line for line in text.splitlines() if not line.startswith("options = ")]
    at = lines.index("[game]") + 1
    lines[at:at] = [f"{k} = {dump_toml({k: v}).split(' = ', 1)[1].strip()}" for k, v in options.items()]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


def test_an_older_save_with_the_options_beside_the_general_ones_still_loads(plain_deck: Deck, tmp_path: Path) -> None:
    """Saves written before the options were data (``missions = true`` and ``rank = 2`` in ``[game]``) load with
    the same setup and the same game."""
    session = played(plain_deck, missions=True, rank=2)
    path = tmp_path / "old.toml"
    session.save(path)
    _as_older_save(path)
    text = path.read_text(encoding="utf-8")
    assert "missions = true" in text and "rank = 2" in text and "\noptions = " not in text
    loaded = Session.load(path, plain_deck)
    assert loaded.options == session.options and loaded.state == session.state
    assert loaded.options.choices == (("missions", True), ("rank", 2))


def test_an_older_victorum_save_still_loads(tmp_path: Path) -> None:
    """A Hoplomachus Victorum save of the older layout held Solar Sentinels' missions and rank at their defaults
    beside its difficulty and Scion: it loads with the difficulty and the Scion alone."""
    deck = loader.load_shipped("hoplomachus-victorum")
    options = SetupOptions(deck.id, "", 3, choices=choose({"difficulty": 2, "scion": scions_of(deck)[0].id}))
    session = Session.new(deck, options)
    path = tmp_path / "old.toml"
    session.save(path)
    _as_older_save(path)
    text = path.read_text(encoding="utf-8")
    assert "missions = false" in text and "difficulty = 2" in text and "\noptions = " not in text
    loaded = Session.load(path, deck)
    assert loaded.options == session.options and loaded.state == session.state


def test_a_save_naming_an_option_its_deck_does_not_have_is_refused(saved: Path, plain_deck: Deck) -> None:
    rewrite(saved, 'deal = "shuffled"', 'deal = "shuffled"\noptions = {difficulty = 3}')
    refuse(saved, "has no setup option 'difficulty'", plain_deck)


def test_loading_replays_with_fold_alone(saved: Path, plain_deck: Deck) -> None:
    """Replay never consults a generator: the events alone give the state."""
    loaded = Session.load(saved, plain_deck)
    assert fold(initial_state(plain_deck, loaded.options), loaded.events) == loaded.state


def test_a_seed_too_big_for_toml_survives(plain_deck: Deck, tmp_path: Path) -> None:
    session = Session.new(plain_deck, SetupOptions("plain", "tester", seed=2**70 + 3))
    session.save(tmp_path / "big.toml")
    assert Session.load(tmp_path / "big.toml", plain_deck).state == session.state


def test_toml_strings_are_escaped() -> None:
    """Every string survives: quotes, backslashes, control characters, DEL, non-ASCII, odd keys."""
    nasty = 'a "quoted" \\ back\tslash\nnew\x00nul\x7fdel\x1b ümlaut ✶ 🎲'
    doc = {"format": 1, "t": {"s": nasty, "list": [{"k": nasty, "odd key": 1, "b": False}], "n": [[1, 2], []]}}
    assert tomllib.loads(dump_toml(doc)) == doc


# --- atomic writes --------------------------------------------------------------------------------------------


def test_a_failed_write_leaves_the_old_save_and_no_temp_file(
    saved: Path, plain_deck: Deck, monkeypatch: pytest.MonkeyPatch
) -> None:
    before = saved.read_bytes()
    session = played(plain_deck, steps=80)

    def broken_replace(src: str, dst: str) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr("twentystrong.atomic.os.replace", broken_replace)
    with pytest.raises(OSError):
        session.save(saved)
    assert saved.read_bytes() == before
    assert sorted(p.name for p in saved.parent.iterdir()) == ["game.toml"]


def test_save_creates_missing_folders(plain_deck: Deck, tmp_path: Path) -> None:
    path = tmp_path / "a" / "b" / "game.toml"
    played(plain_deck, steps=3).save(path)
    assert Session.load(path, plain_deck).state.seq > 0


# --- clear errors, file untouched -------------------------------------------------------------------------------


def test_missing_file(tmp_path: Path) -> None:
    refuse(tmp_path / "nope.toml", "no save file at")


def test_a_folder_is_not_a_save(tmp_path: Path) -> None:
    refuse(tmp_path, "is a folder")


def test_empty_file(tmp_path: Path) -> None:
    path = tmp_path / "empty.toml"
    path.write_text("")
    refuse(path, "is empty")


def test_not_utf8(tmp_path: Path) -> None:
    path = tmp_path / "bin.toml"
    path.write_bytes(b"\xff\xfe\x00garbage")
    refuse(path, "not UTF-8")


def test_not_toml(tmp_path: Path) -> None:
    path = tmp_path / "text.toml"
    path.write_text("this is [ not toml\n")
    refuse(path, "not valid TOML")


def test_not_a_save(tmp_path: Path) -> None:
    path = tmp_path / "other.toml"
    path.write_text('title = "some other program"\n')
    refuse(path, "no format version")


def test_every_truncation_is_refused(saved: Path, tmp_path: Path) -> None:
    """A file cut anywhere (a crash mid-write without the atomic rename) never loads as a shorter game."""
    data = saved.read_bytes()
    cut = tmp_path / "cut.toml"
    points = sorted({*range(1, len(data), max(1, len(data) // 60)), *(m.end() for m in re.finditer(b"\n", data))})
    for n in points:
        if data[:n].strip() == data.strip():
            continue  # only trailing whitespace removed: still the whole save
        cut.write_bytes(data[:n])
        refuse(cut, "truncated|damaged|not a twentystrong save|is empty")


@pytest.mark.parametrize(("version", "words"), [(2, "newer than this twentystrong"), (0, "cannot read")])
def test_wrong_format_version(saved: Path, version: int, words: str) -> None:
    rewrite(saved, f"format = {SAVE_FORMAT}", f"format = {version}")
    refuse(saved, words)


def test_invalid_field(saved: Path) -> None:
    rewrite(saved, 'dice = "physical"', 'dice = "loaded"')
    refuse(saved, r"game\.dice")


def test_unknown_deck(saved: Path) -> None:
    rewrite(saved, 'deck_id = "plain"', 'deck_id = "no-such-deck"')
    text = saved.read_text().splitlines()
    saved.write_text("\n".join(line for line in text if not line.startswith("deck_path")) + "\n")
    refuse(saved, "deck 'no-such-deck', which is not installed")


def test_deck_folder_gone(saved: Path) -> None:
    rewrite(saved, f'deck_path = "{PLAIN}"', 'deck_path = "/nowhere/deck"')
    refuse(saved, "folder /nowhere/deck no longer exists")


def test_a_save_for_another_deck(saved: Path, plain_deck: Deck) -> None:
    rewrite(saved, 'deck_id = "plain"', 'deck_id = "other"')
    refuse(saved, "played with deck 'other', not 'plain'", deck=plain_deck)


def test_hash_mismatch_is_refused_unless_allowed(saved: Path, plain_deck: Deck) -> None:
    rewrite(saved, plain_deck.content_hash, "0" * 64)
    error = refuse(saved, "has changed since this game was saved")
    assert "000000000000" in error.message
    assert Session.load(saved, allow_mismatch=True).state.seq > 0


def test_a_seq_gap_does_not_replay(saved: Path) -> None:
    rewrite(saved, "seq = 7,", "seq = 70,")
    refuse(saved, r"event #7 \(\w+\) does not replay: .*seq 70, expected 7")


def test_an_unknown_event_type_does_not_replay(saved: Path) -> None:
    rewrite(saved, '{type = "step_changed"', '{type = "teleported"')
    refuse(saved, "does not replay: unknown event type 'teleported'")


def test_an_event_with_a_bad_field_does_not_replay(saved: Path) -> None:
    rewrite(saved, '{type = "step_changed"', '{type = "step_changed", colour = "red"')
    refuse(saved, "does not replay: .*unknown field 'colour'")


def test_event_counts_that_do_not_add_up(saved: Path) -> None:
    rewrite(saved, '{cmd = "start", events = ', '{cmd = "start", events = 1')
    refuse(saved, "truncated or damaged")


def test_a_bad_command(saved: Path) -> None:
    rewrite(saved, '{cmd = "start"', '{cmd = "teleport"')
    refuse(saved, "command #1 is not valid")


def test_a_redo_command_the_engine_no_longer_accepts_is_dropped(plain_deck: Deck, tmp_path: Path) -> None:
    session = played(plain_deck, steps=20, assisted=True)
    session.undo()
    path = tmp_path / "g.toml"
    session.save(path)
    text = path.read_text()
    start = text.index("redo = [")
    end = text.index("]", text.index("\n", start)) + 1
    path.write_text(text[:start] + 'redo = [\n  {cmd = "activate", stack = 99},\n]' + text[end:])
    loaded = Session.load(path, plain_deck)
    assert not loaded.can_redo() and loaded.state == session.state


def test_a_shipped_deck_is_found_by_id(plain_deck: Deck, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Without a recorded folder, the save's deck id names a shipped deck."""
    monkeypatch.setattr(loader, "shipped_deck_dirs", lambda: {"plain": PLAIN})
    monkeypatch.setattr(saves, "shipped_deck_dirs", lambda: {"plain": PLAIN})
    loader.load_shipped.cache_clear()
    try:
        session = Session.new(plain_deck, SetupOptions("plain", "tester", seed=2))
        session.save(tmp_path / "g.toml")
        assert "deck_path" not in (tmp_path / "g.toml").read_text()
        assert Session.load(tmp_path / "g.toml").state == session.state
    finally:
        loader.load_shipped.cache_clear()


def test_loading_never_writes(saved: Path) -> None:
    """Loading (good or bad) never touches the file's bytes or its modification time."""
    stat = saved.stat()
    Session.load(saved)
    assert saved.stat().st_mtime_ns == stat.st_mtime_ns
    assert [p.name for p in saved.parent.iterdir()] == [saved.name]
    os.chmod(saved, 0o444)  # a read-only save still loads
    try:
        assert isinstance(Session.load(saved).legal(), list)
    finally:
        os.chmod(saved, 0o644)


def test_random_games_round_trip(plain_deck: Deck, tmp_path: Path) -> None:
    """A few whole games, every setup option varied, saved at the end and loaded back."""
    for seed in range(6):
        opts = SetupOptions(
            "plain", "weakling" if seed % 2 else "tester", seed, seed % 3 == 0, choices=choose({"missions": seed > 2})
        )
        session = Session.new(plain_deck, opts)
        rng = random.Random(seed)
        while session.state.result is None:
            result = session.dispatch(random_legal(session.state, session.legal(), rng))
            assert not isinstance(result, Rejected)
        session.save(tmp_path / f"{seed}.toml")
        assert Session.load(tmp_path / f"{seed}.toml", plain_deck).state == session.state
    assert Command("start") == Session.load(tmp_path / "0.toml", plain_deck).history[0].command


def test_the_faces_shorthand_survives_a_save(plain_deck: Deck, tmp_path: Path) -> None:
    """A ``faces`` command (several physical dice at once) is one history entry, saved and loaded as such."""
    opts = SetupOptions("plain", "tester", seed=1, dice="physical", deal="ordered")
    session = Session.new(plain_deck, opts)
    for command in (Command("activate", stack=2), Command("commit", die="B1"), Command("commit", die="Y1")):
        session.dispatch(command)
    session.dispatch(Command("roll"))
    faces = Command("faces", faces=(("B1", "crit"), ("Y1", "miss")))
    assert isinstance(session.dispatch(faces), list)
    session.save(tmp_path / "g.toml")
    loaded = Session.load(tmp_path / "g.toml", plain_deck)
    assert loaded.history[-1].command == faces and loaded.state == session.state
