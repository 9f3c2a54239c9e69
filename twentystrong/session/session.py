"""A game in progress: the history of player commands, the state after each, undo/redo and autosave.

Undo and redo never replay: the session keeps the (immutable, structure-sharing) state after every accepted
command, so stepping back or forth costs the same at move 10 and at move 5,000 (contract 5).
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING

from twentystrong.content.model import Deck
from twentystrong.engine.commands import Command, Rejected
from twentystrong.engine.decide import decide_and_apply
from twentystrong.engine.events import Event
from twentystrong.engine.legal import legal_commands
from twentystrong.engine.rulesets import ruleset_for
from twentystrong.engine.state import GameState, SetupOptions, initial_state
from twentystrong.i18n import N_, _
from twentystrong.session.autosave import AutosaveWriter
from twentystrong.session.history import HistoryEntry, describe
from twentystrong.session.saves import LoadedGame, game_from_save, read_game, write_save

if TYPE_CHECKING:
    from twentystrong.session.savefile import SaveFile

HONEST = N_("standard play keeps the game honest; an assisted game can undo anything")
"""Why standard undo stops at a reveal (rules.md R13), said after what was revealed."""


class SetupError(ValueError):
    """The setup options do not describe a game this deck can play (unknown hero, rank out of range …)."""


class Session:
    """One game: deck, setup options, history (state after every command), redo stack and autosave.

    ``history[0]`` is the ``start`` command; :attr:`state` is the state after the last entry. ``events`` is the
    whole log in order (what a save holds).
    """

    def __init__(
        self,
        deck: Deck,
        options: SetupOptions,
        history: list[HistoryEntry],
        *,
        redo: list[HistoryEntry] | None = None,
        deck_path: Path | None = None,
        autosave_path: Path | None = None,
    ) -> None:
        if not history:
            raise ValueError("a session starts with the start command")
        self.deck = deck
        self.options = options
        self.history = history
        self.events: list[Event] = [event for entry in history for event in entry.events]
        self._redo: list[HistoryEntry] = list(redo or [])  # the most recently undone entry last
        self.deck_path = deck_path
        """The deck folder, for decks that are not shipped (recorded in saves so they can find it again)."""
        self.autosave_path = autosave_path
        """When set, the game is saved there after every dispatch, undo and redo."""
        self.autosave_error: str | None = None
        """Why the last autosave failed (the game goes on; the UI may warn), or None."""
        self.autosave_in_background = False
        """When True, autosaves are written on a background thread (:mod:`twentystrong.session.autosave`): the
        file then lags by at most the write in progress, :attr:`autosave_error` by one change, and
        :meth:`flush_autosave` waits for it. The TUI turns it on so that no keypress waits on the disk."""
        self._writer: AutosaveWriter | None = None
        self._autosave_held = False  # a new game's first autosave, held back until release_autosave()

    # --- construction -----------------------------------------------------------------------------------------

    @classmethod
    def new(
        cls,
        deck: Deck,
        options: SetupOptions,
        *,
        deck_path: Path | None = None,
        autosave_path: Path | None = None,
        autosave_in_background: bool = False,
        hold_autosave: bool = False,
    ) -> Session:
        """A new game: the setup options checked against the deck, then the ``start`` command (and its autosave,
        on the writer thread with ``autosave_in_background``).

        ``hold_autosave``: that first autosave waits for :meth:`release_autosave` (or the first change, or
        :meth:`flush_autosave`): the TUI starting up writes it once its first screen is out, not while it builds it.
        """
        check_options(deck, options)
        start = Command("start")
        result = decide_and_apply(initial_state(deck, options), start)
        if isinstance(result, Rejected):  # pragma: no cover - "start" is the only legal command of a new game
            raise SetupError(result.message)
        events, state = result
        session = cls(
            deck,
            options,
            [HistoryEntry(start, tuple(events), state)],
            deck_path=deck_path,
            autosave_path=autosave_path,
        )
        session.autosave_in_background = autosave_in_background
        if hold_autosave:
            session._autosave_held = True
        else:
            session._autosave()
        return session

    @classmethod
    def load(cls, path: Path, deck: Deck | None = None, *, allow_mismatch: bool = False) -> Session:
        """Load a save (raises :class:`~twentystrong.session.saves.SaveError`; the file is never changed)."""
        return read_save(path, deck, allow_mismatch=allow_mismatch)

    # --- the game -----------------------------------------------------------------------------------------------

    @property
    def state(self) -> GameState:
        """The current state."""
        return self.history[-1].state_after

    def legal(self) -> list[Command]:
        """Every legal atomic command now (contract 3)."""
        return legal_commands(self.state)

    def dispatch(self, command: Command) -> list[Event] | Rejected:
        """Play a command: its events, or why it is refused (a refusal changes nothing, redo included)."""
        result = decide_and_apply(self.state, command)
        if isinstance(result, Rejected):
            return result
        events, state = result
        self._push(HistoryEntry(command, tuple(events), state))
        self._redo.clear()
        self._autosave()
        return events

    def _push(self, entry: HistoryEntry) -> None:
        self.history.append(entry)
        self.events.extend(entry.events)

    def mark_assisted(self) -> None:
        """Mark the game assisted from now on (the player asked the expert for a hint): like a game set up for
        assisted play (contract 5), the record and the statistics count it as assisted, and undo may cross a
        reveal."""
        if not self.options.assisted:
            self.options = replace(self.options, assisted=True)
            self._autosave()

    # --- undo / redo --------------------------------------------------------------------------------------------

    def undo_block(self) -> str | None:
        """Why undo is refused now (None: it is allowed)."""
        if len(self.history) <= 1:
            return _("nothing to undo")
        revealing = self.history[-1].revealing
        if not self.options.assisted and revealing is not None:
            # R13, contract 5: standard play never undoes across a reveal of hidden information.
            from twentystrong.text.events import describe_reveal  # only when undo is refused

            return _("Undo stops here: {reveal} ({honest}).").format(
                reveal=describe_reveal(revealing, self.deck), honest=_(HONEST)
            )
        return None

    def undo(self) -> Rejected | None:
        """Step back one player command (None when done)."""
        reason = self.undo_block()
        if reason is not None:
            code = "nothing_to_undo" if len(self.history) <= 1 else "undo_refused"
            return Rejected(code, reason)
        entry = self.history.pop()
        del self.events[len(self.events) - len(entry.events) :]
        self._redo.append(entry)
        self._autosave()
        return None

    def can_redo(self) -> bool:
        """Whether an undone command can be re-applied."""
        return bool(self._redo)

    def redo(self) -> Rejected | None:
        """Re-apply the last undone command (None when done)."""
        if not self._redo:
            return Rejected("nothing_to_redo", "nothing to redo")
        self._push(self._redo.pop())
        self._autosave()
        return None

    @property
    def redo_entries(self) -> tuple[HistoryEntry, ...]:
        """Undone entries, the next to redo last (saves keep their commands)."""
        return tuple(self._redo)

    # --- history ------------------------------------------------------------------------------------------------

    def state_at(self, index: int) -> GameState:
        """The state after ``history[index]`` (negative indices count from the end)."""
        return self.history[index].state_after

    # --- saves --------------------------------------------------------------------------------------------------

    def save(self, path: Path) -> None:
        """Write the game to ``path`` atomically (temp file + rename; raises ``OSError``)."""
        write_save(self, path)

    def release_autosave(self) -> None:
        """Write the first autosave that ``Session.new(hold_autosave=True)`` held back, if nothing wrote it since."""
        if self._autosave_held:
            self._autosave()

    def flush_autosave(self, timeout: float | None = 10.0) -> bool:
        """Wait until the autosave file holds the current game (background autosaves); False on a timeout."""
        self.release_autosave()
        return self._writer.flush(timeout) if self._writer is not None else True

    def _autosave(self) -> None:
        self._autosave_held = False
        path = self.autosave_path
        if path is None:
            return
        if not self.autosave_in_background:
            self._write_autosave(self, path)
            return
        # A frozen copy (the history is shared, never mutated: entries only come and go at the end of lists).
        copy = Session(self.deck, self.options, list(self.history), redo=self._redo, deck_path=self.deck_path)
        if self._writer is None:
            self._writer = AutosaveWriter()
        self._writer.submit(lambda: self._write_autosave(copy, path))

    def _write_autosave(self, game: Session, path: Path) -> None:
        try:
            game.save(path)
            self.autosave_error = None
        except (OSError, ValueError) as exc:  # the game goes on; the UI shows autosave_error
            reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
            self.autosave_error = f"autosave to {path} failed: {reason}"
        except Exception as exc:  # noqa: BLE001 - on the writer thread nobody else would hear of it
            if not self.autosave_in_background:
                raise
            self.autosave_error = f"autosave to {path} failed: {type(exc).__name__}: {exc}"


def check_options(deck: Deck, options: SetupOptions) -> None:
    """Raise :class:`SetupError` with a readable message if ``options`` cannot start a game with ``deck``."""
    heroes = [h.id for h in deck.heroes]
    ruleset = deck.info.ruleset
    if options.hero_id not in heroes:  # (a deck's own hero ids are slugs: never a foreign reference)
        from twentystrong.content.heroes import CHOSEN_IN_GAME, SEPARATOR, with_hero  # a hero not the deck's

        if not options.hero_id and ruleset in CHOSEN_IN_GAME:
            pass  # HV1: the hero is chosen in the game, from the heroes its setup draws
        elif SEPARATOR not in options.hero_id:
            raise SetupError(f"deck {deck.id!r} has no hero {options.hero_id!r}; its heroes: {', '.join(heroes)}")
        else:
            try:  # a universal hero from another deck
                with_hero(deck, options.hero_id)
            except ValueError as exc:
                raise SetupError(str(exc)) from None
    if options.deck_id != deck.id:
        raise SetupError(f"the options name deck {options.deck_id!r} but the deck is {deck.id!r}")
    if options.dice not in ("virtual", "physical"):
        raise SetupError(f'dice must be "virtual" or "physical", got {options.dice!r}')
    if options.deal not in ("shuffled", "ordered"):
        raise SetupError(f'deal must be "shuffled" or "ordered", got {options.deal!r}')
    problem = deck_options_problem(deck, options)
    if problem is not None:
        raise SetupError(problem)
    try:
        ruleset_for(deck.info.ruleset)
    except ValueError as exc:
        raise SetupError(str(exc)) from None


def deck_options_problem(deck: Deck, options: SetupOptions) -> str | None:
    """What is wrong with the deck's own options (its kit declares them and may check more), or None."""
    from twentystrong.kits import kits
    from twentystrong.kits.options import foreign

    kit = kits().get(deck.info.ruleset)
    declared = kit.options if kit is not None else ()
    strays = foreign(declared, options)
    if strays:
        owners = [k for k in kits().values() if any(o.name in strays for o in k.options)]
        whose = f"the {owners[0].name} options" if len(owners) == 1 else "options"
        own = " and ".join(o.name for o in declared) or "no options of its own"
        plays = f"{kit.name} plays {own}" if kit is not None else f"this deck plays {own}"
        return f"{whose} ({' and '.join(strays)}) are not played with deck {deck.id!r}; {plays}"
    by_name = {o.name: o for o in declared}
    for option in declared:
        value = option.read(options)
        if value is None or value == option.default:
            continue
        problem = option.problem(value, deck)
        if problem is not None:
            return problem
        needed = by_name.get(option.needs)
        if needed is not None and not needed.on(options):
            return (
                f"{option.name} {value} is played with {needed.name} ({option.needs_reason}); turn {needed.name} on, "
                f"or play {option.name} {option.default}"
            )
    return kit.check_setup(deck, options) if kit is not None else None


def read_save(path: Path, deck: Deck | None = None, *, allow_mismatch: bool = False) -> Session:
    """Load a save into a :class:`Session` (its file untouched); raise ``saves.SaveError``."""
    return _session(read_game(path, deck, allow_mismatch=allow_mismatch))


def session_from_save(
    save: SaveFile, path: Path | str, deck: Deck | None = None, *, allow_mismatch: bool = False
) -> Session:
    """Replay a validated save into a :class:`Session` (``path`` names it in messages); raise ``saves.SaveError``."""
    return _session(game_from_save(save, path, deck, allow_mismatch=allow_mismatch))


def _session(game: LoadedGame) -> Session:
    return Session(game.deck, game.options, game.history, redo=game.redo, deck_path=game.folder)


__all__ = [
    "HistoryEntry",
    "Session",
    "SetupError",
    "check_options",
    "deck_options_problem",
    "describe",
    "read_save",
    "session_from_save",
]
