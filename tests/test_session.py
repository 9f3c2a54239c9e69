"""The session: dispatch, undo/redo (contract 5), history, autosave, setup checks."""

from __future__ import annotations

from pathlib import Path

import pytest
from record_helpers import split_setup

from twentystrong.content.model import Deck
from twentystrong.engine import Command, Rejected, SetupOptions
from twentystrong.session import Session, SetupError, default_autosave_path
from twentystrong.session.session import describe


def new(deck: Deck, **options: object) -> Session:
    general, choices = split_setup(options)
    setup = {"deck_id": deck.id, "hero_id": "tester", "seed": 5, "deal": "ordered", **general}
    opts = SetupOptions(**setup, choices=choices)  # type: ignore[arg-type]
    return Session.new(deck, opts)


def to_roll(session: Session) -> None:
    """Activate (stack 2: its top c16 is mandatory, R3) and commit two dice."""
    for command in (Command("activate", stack=2), Command("commit", die="B1"), Command("commit", die="B2")):
        assert not isinstance(session.dispatch(command), Rejected), command


def test_new_runs_start_and_waits_for_the_first_activation(plain_deck: Deck) -> None:
    session = new(plain_deck)
    assert [h.command for h in session.history] == [Command("start")]
    assert session.state.step == "activate" and session.state.round == 1
    assert session.events == list(session.history[0].events)
    assert session.legal() == [Command("activate", stack=2)]  # R3: c16 is mandatory


def test_dispatch_appends_history_and_events(plain_deck: Deck) -> None:
    session = new(plain_deck)
    events = session.dispatch(Command("activate", stack=2))
    assert isinstance(events, list) and events
    assert session.history[-1].command == Command("activate", stack=2)
    assert session.history[-1].events == tuple(events)
    assert session.events[-len(events) :] == events
    assert session.state_at(0) == session.history[0].state_after
    assert session.state_at(-1) == session.state


def test_a_rejected_command_changes_nothing(plain_deck: Deck) -> None:
    session = new(plain_deck, assisted=True)
    to_roll(session)
    assert session.undo() is None
    before = (session.state, list(session.events), len(session.history), session.can_redo())
    refused = session.dispatch(Command("activate", stack=1))
    assert isinstance(refused, Rejected) and refused.code and refused.message
    assert (session.state, list(session.events), len(session.history), session.can_redo()) == before


def test_undo_then_redo_restores_the_state_and_events(plain_deck: Deck) -> None:
    session = new(plain_deck)
    to_roll(session)
    states = [session.state_at(i) for i in range(len(session.history))]
    events = list(session.events)
    assert session.undo() is None and session.undo() is None
    assert session.state == states[-3]
    assert session.can_redo()
    assert session.redo() is None and session.redo() is None
    assert session.state == states[-1] and session.events == events
    assert not session.can_redo()
    assert isinstance(session.redo(), Rejected)


def test_a_new_command_clears_redo(plain_deck: Deck) -> None:
    session = new(plain_deck)
    to_roll(session)
    session.undo()
    assert session.can_redo()
    assert not isinstance(session.dispatch(Command("commit", die="B3")), Rejected)
    assert not session.can_redo()


def test_standard_play_cannot_undo_a_roll_nor_anything_before_it(plain_deck: Deck) -> None:
    """Contract 5: a roll is a random reveal."""
    session = new(plain_deck)
    to_roll(session)
    assert not isinstance(session.dispatch(Command("roll")), Rejected)
    state = session.state
    refused = session.undo()
    assert isinstance(refused, Rejected) and refused.code == "undo_refused"
    # R13: the refusal says what the roll showed and why undo stops there.
    assert refused.message.startswith("Undo stops here: the roll showed B1 ")
    assert "standard play keeps the game honest" in refused.message
    assert session.undo_block() == refused.message
    assert session.state == state


def test_standard_play_undoes_a_mistyped_physical_face(plain_deck: Deck) -> None:
    """R16, contract 5 with companion dice: typed faces reveal nothing the engine drew, so a typo can be undone."""
    session = new(plain_deck, dice="physical")
    to_roll(session)
    assert not isinstance(session.dispatch(Command("roll")), Rejected)
    assert not isinstance(session.dispatch(Command("face", die="B1", face="crit")), Rejected)
    typed = session.state
    assert not isinstance(session.dispatch(Command("face", die="B2", face="miss")), Rejected)  # the last face
    assert session.state.step == "apply"
    assert session.undo_block() is None and session.undo() is None
    assert session.state == typed and session.state.die("B2").face is None


def test_the_start_is_never_undone(plain_deck: Deck) -> None:
    """The deal is random, and before it there is no game."""
    for assisted in (False, True):
        session = new(plain_deck, assisted=assisted)
        refused = session.undo()
        assert isinstance(refused, Rejected) and refused.code == "nothing_to_undo"


def test_assisted_play_undoes_a_roll(plain_deck: Deck) -> None:
    session = new(plain_deck, assisted=True)
    to_roll(session)
    before = session.state
    session.dispatch(Command("roll"))
    assert session.undo_block() is None
    assert session.undo() is None and session.state == before
    assert session.redo() is None and session.state.step == "apply"


def test_assisted_play_undoes_the_command_that_lost(plain_deck: Deck) -> None:
    """Resolving (no random reveal) lost the game; undo brings it back and the game goes on."""
    session = new(plain_deck, hero_id="weakling", assisted=True, dice="physical")
    for command in (
        Command("activate", stack=2),  # c16: Damage 1 (R3: mandatory)
        Command("roll"),  # nothing committed
        Command("resolve"),  # Health 2 → 1
        Command("stack_discard", stack=1),
        Command("activate", stack=2),  # c17: Damage 3
        Command("roll"),
    ):
        assert isinstance(session.dispatch(command), list), command
    before = session.state
    session.dispatch(Command("resolve"))
    assert session.state.result == "lost" and session.legal() == []
    assert session.undo() is None
    assert session.state == before and session.state.result is None


def test_history_labels(plain_deck: Deck) -> None:
    assert describe(Command("apply", die="B3", card="c05")) == "apply B3 → c05"
    assert describe(Command("activate", stack=2)) == "activate stack 2"
    assert describe(Command("faces", faces=(("B1", "hit"), ("B2", "miss")))) == "faces B1=hit B2=miss"
    session = new(plain_deck)
    assert session.history[0].label == "start"


def test_autosave_after_every_dispatch_undo_and_redo(plain_deck: Deck, tmp_path: Path) -> None:
    path = tmp_path / "auto" / "autosave.toml"
    opts = SetupOptions(plain_deck.id, "tester", seed=5, deal="ordered")
    session = Session.new(plain_deck, opts, autosave_path=path)
    assert path.exists()
    sizes = [len(Session.load(path, plain_deck).history)]
    session.dispatch(Command("activate", stack=2))
    sizes.append(len(Session.load(path, plain_deck).history))
    session.dispatch(session.legal()[0])  # a commit: it reveals nothing, so it can be undone (R13)
    sizes.append(len(Session.load(path, plain_deck).history))
    session.undo()
    sizes.append(len(Session.load(path, plain_deck).history))
    session.redo()
    sizes.append(len(Session.load(path, plain_deck).history))
    session.dispatch(Command("nonsense"))  # refused: no save needed, nothing changes
    sizes.append(len(Session.load(path, plain_deck).history))
    assert sizes == [1, 2, 3, 2, 3, 3]
    assert session.autosave_error is None
    assert [p.name for p in path.parent.iterdir()] == ["autosave.toml"]  # no temp files left behind


def test_a_failing_autosave_does_not_stop_the_game(plain_deck: Deck, tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    opts = SetupOptions(plain_deck.id, "tester", seed=5, deal="ordered")
    session = Session.new(plain_deck, opts, autosave_path=blocker / "autosave.toml")
    assert session.autosave_error is not None and "autosave" in session.autosave_error
    assert isinstance(session.dispatch(Command("activate", stack=2)), list)


def test_default_autosave_path_honours_the_data_dir_variable(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TWENTYSTRONG_DATA_DIR", str(tmp_path))
    assert default_autosave_path() == tmp_path / "autosave.toml"
    monkeypatch.delenv("TWENTYSTRONG_DATA_DIR")
    assert default_autosave_path().name == "autosave.toml"
    assert "twentystrong" in str(default_autosave_path())


@pytest.mark.parametrize(
    ("change", "words"),
    [
        ({"hero_id": "nobody"}, "no hero 'nobody'"),
        ({"rank": 7}, "rank must be 1–6"),
        ({"deck_id": "other"}, "the deck is 'plain'"),
        ({"dice": "loaded"}, "dice must be"),
    ],
)
def test_bad_setup_options_are_refused_with_a_message(plain_deck: Deck, change: dict[str, object], words: str) -> None:
    with pytest.raises(SetupError, match=words):
        new(plain_deck, **change)


def test_a_foreign_hero_must_be_universal(plain_deck: Deck) -> None:
    """Universal heroes: another deck's hero is accepted only if it is universal (and named <deck>/<hero>)."""
    with pytest.raises(SetupError, match="not universal"):
        new(plain_deck, hero_id="solar-sentinels/corona")
    with pytest.raises(SetupError, match="no deck 'nowhere'"):
        new(plain_deck, hero_id="nowhere/corona")
