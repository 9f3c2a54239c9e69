"""The store (architecture.md contract 8): the one place the TUI touches the game.

The App owns one :class:`Store`, which holds the :class:`~twentystrong.session.Session`. Widgets read a
:class:`GameView` (attributes down) and post :mod:`twentystrong.tui.messages` (messages up). The store dispatches
each command to the session (which autosaves), then replaces its view wholesale and publishes it; the App keeps the
published view in its reactive ``game`` attribute, which screens watch. A refused command changes nothing: the
store shows the engine's reason as a notification.

No rule lives here either: the view lists ``legal_commands`` and ``awaiting`` as the engine computed them, once per
change, and the queries below only *look things up* in that list.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal, NamedTuple

from twentystrong.content.model import Deck
from twentystrong.engine.commands import Command, Rejected
from twentystrong.engine.decide import decide_and_apply
from twentystrong.engine.effects.words import card_name
from twentystrong.engine.events import Event
from twentystrong.engine.legal import awaiting, legal_commands
from twentystrong.engine.state import Choices, GameState, SetupOptions
from twentystrong.engine.view import PlayerView, player_view
from twentystrong.i18n import N_, _
from twentystrong.kits import choices_for
from twentystrong.session import SaveError, Session, SetupError, default_autosave_path
from twentystrong.tui.tables import not_drawn

if TYPE_CHECKING:
    from twentystrong.text.history import HistoryGroup

Severity = Literal["information", "warning", "error"]
KEY_HINTS: dict[str, str] = {"inventory_full": "i", "strategy_limit": "Enter"}
"""The key that does what an engine refusal asks for (the engine's words never name keys; the TUI adds them)."""
Notify = Callable[[str, str, Severity], None]
"""``notify(message, title, severity)``: how the store tells the player something (the App's toast)."""


@dataclass(frozen=True, eq=False)
class GameView:
    """Everything the widgets read, computed once per change and never mutated.

    A new view is a new object (compared by identity), so setting it always notifies the watchers.
    """

    player: PlayerView
    """The table as the player sees it (R12): what every widget and screen reads (contract 11: no game state here;
    the store keeps the one it showed)."""
    legal: tuple[Command, ...]
    """Every legal atomic command now (``legal_commands``): widgets offer only these."""
    awaiting: dict[str, Any]
    """What the game waits for (``awaiting(state)``): ``kind``, ``text`` and details."""
    undo_block: str | None = None
    """Why undo is refused now, or None when it is allowed."""
    can_redo: bool = False
    """Whether an undone command can be re-applied."""
    events: tuple[Event, ...] = ()
    """The events of the change that produced this view (empty after undo/redo)."""
    revision: int = 0
    """Counts the views the store published (a new game starts again at 0)."""
    last: Command | None = field(default=None)
    """The command that produced this view, if any."""
    notes: tuple[str, ...] = ()
    """What changed that the player did not do directly (``text.announce``): the table announces it."""

    @property
    def deck(self) -> Deck:
        """The deck being played."""
        return self.player.deck

    @property
    def kind(self) -> str:
        """``awaiting["kind"]``: what the game waits for."""
        return str(self.awaiting.get("kind", ""))

    @property
    def text(self) -> str:
        """``awaiting["text"]``: the sentence for the prompt line."""
        return str(self.awaiting.get("text", ""))

    def find(self, cmd: str | None = None, **fields: Any) -> list[Command]:
        """The legal commands matching ``cmd`` and every given field (``die="B3"``, ``card=…``), in order."""
        return [
            c
            for c in self.legal
            if (cmd is None or c.cmd == cmd) and all(getattr(c, name) == value for name, value in fields.items())
        ]

    def first(self, cmd: str, **fields: Any) -> Command | None:
        """The first legal command matching, or None."""
        found = self.find(cmd, **fields)
        return found[0] if found else None

    def can(self, cmd: str) -> bool:
        """Whether any ``cmd`` command is legal now."""
        return any(c.cmd == cmd for c in self.legal)

    def is_legal(self, command: Command) -> bool:
        """Whether this exact command is legal now."""
        return command in self.legal

    def card_name(self, card_id: str) -> str:
        """A conflict card's or boss's name (the id itself if the deck has neither)."""
        return card_name(self.deck, card_id)


def make_view(
    session: Session,
    *,
    events: tuple[Event, ...] = (),
    revision: int = 0,
    last: Command | None = None,
    before: GameState | None = None,
) -> GameView:
    """The view of a session now (``before``: the state the events were applied to, for the announcements)."""
    state = session.state
    notes: tuple[str, ...] = ()
    if before is not None and events:
        from twentystrong.text.announce import announcements

        notes = tuple(announcements(before, events, last))
    return GameView(
        player=player_view(state),
        legal=tuple(session.legal()),
        awaiting=awaiting(state),
        undo_block=session.undo_block(),
        can_redo=session.can_redo(),
        events=events,
        revision=revision,
        last=last,
        notes=notes,
    )


def past_view(state: GameState) -> GameView:
    """A view of a past state (history, replays) that offers nothing to do (so no widget marks anything playable)."""
    return GameView(player=player_view(state), legal=(), awaiting=awaiting(state))


def at_rest(view: GameView) -> GameView:
    """The same moment offering nothing to do (a read-only table, e.g. the history's board built for it)."""
    return replace(view, legal=(), undo_block=None, can_redo=False, events=(), last=None, notes=())


def _ignore(view: GameView) -> None:
    return None


def _silent(message: str, title: str, severity: Severity) -> None:
    return None


class Store:
    """One game for the TUI: dispatches commands to the session and publishes a new :class:`GameView`.

    ``on_change`` receives every new view (the App stores it in its reactive ``game``); ``notify`` shows a
    message to the player (refusals, failed autosaves).
    """

    def __init__(self, session: Session, *, on_change: Callable[[GameView], None] = _ignore, notify: Notify = _silent):
        self.session = session
        session.autosave_in_background = True  # no keypress waits on the disk; close() waits for the file
        self._on_change = on_change
        self._notify = notify
        self._revision = 0
        self._autosave_warned: str | None = None
        self.view: GameView = make_view(session)
        self._shown: GameState = session.state
        """The game state :attr:`view` shows (the announcements read what changed since)."""
        """The current view (also published to ``on_change``)."""
        self.rejections: list[Rejected] = []
        """Every refusal, oldest first (tests and the log read it)."""
        self.recorder: Any = None
        """Adds the game to the player's record when it ends (:class:`twentystrong.record.games.Recorder`, made
        then: nothing of the record is imported while a game starts). Its ``recorded`` says what that did."""
        self.level_words = ""
        """What this game did to the player's rank, once it ended and was added to the record."""

    # --- reading ------------------------------------------------------------------------------------------------

    @property
    def state(self) -> GameState:
        """The current game state."""
        return self._shown

    @property
    def deck(self) -> Deck:
        """The deck being played."""
        return self.session.deck

    def past(self, index: int) -> GameView:
        """The view of the table right after history entry ``index`` (read-only: nothing to do)."""
        return past_view(self.session.state_at(index))

    def history_groups(self) -> list[HistoryGroup]:
        """The log by player command, oldest first (:func:`twentystrong.text.history.history_groups`)."""
        from twentystrong.engine.state import initial_state
        from twentystrong.text.history import history_groups

        session = self.session
        return history_groups(session.history, initial_state(session.deck, session.options))

    def publish(self) -> None:
        """Publish the current view again (a screen that just mounted asks for it)."""
        self._on_change(self.view)

    def close(self) -> None:
        """Wait until the autosave holds the game (before quitting, or before the file is read back)."""
        self.session.flush_autosave()
        self._check_autosave()

    def foresee(self, command: Command) -> GameView | None:
        """The view a command would lead to, without playing it (None: the engine refuses it); nothing changes.

        For a command that rolls and reveals nothing (a die committed): the odds panel asks about the moment after
        it while the player is about to play it. The view is the player's (R12), and it is never shown.
        """
        result = decide_and_apply(self.session.state, command)
        if isinstance(result, Rejected):
            return None
        _events, state = result
        return GameView(player=player_view(state), legal=tuple(legal_commands(state)), awaiting=awaiting(state))

    # --- changing ------------------------------------------------------------------------------------------------

    def dispatch(self, command: Command) -> list[Event] | Rejected:
        """Play a command: on success publish the new view and return its events; else show why and return it."""
        result = self.session.dispatch(command)
        if isinstance(result, Rejected):
            self._refused(result)
            return result
        self._changed(events=tuple(result), last=command)
        return result

    def ask_expert(self) -> str | Callable[[], str]:
        """The player asks the expert for a hint: why there is none (a daily challenge, the same game for
        everyone; a finished game), else the work that answers it (its words; it takes a second or more: for a
        worker thread), and the game is marked assisted (:meth:`Session.mark_assisted`)."""
        from twentystrong.record.daily import daily_date

        if daily_date(self.session.deck, self.session.options) is not None:
            return _("No hints in the daily challenge: it is the same game for everyone.")
        state = self.session.state
        if state.result is not None:
            return _("The game is over.")
        self.session.mark_assisted()

        def answer() -> str:
            from twentystrong.text.expert_hint import expert_hint  # the expert's search: loaded when first asked

            try:
                found = expert_hint(state)
            except ValueError as exc:  # a deck whose rules do not say what they hide: no expert for it
                return str(exc)
            words = found.words if found is not None else _("There is nothing to decide now.")
            return words + "\n" + _("This game is now marked assisted.")

        return answer

    def undo(self) -> Rejected | None:
        """Step back one command, or say why not (contract 5)."""
        result = self.session.undo()
        if result is not None:
            self._refused(result, title=N_("Cannot undo"))
            return result
        self._changed()
        return None

    def redo(self) -> Rejected | None:
        """Re-apply the last undone command, or say why not."""
        result = self.session.redo()
        if result is not None:
            self._refused(result, title=N_("Cannot redo"))
            return result
        self._changed()
        return None

    def _changed(self, *, events: tuple[Event, ...] = (), last: Command | None = None) -> None:
        self._revision += 1
        before = self._shown
        self.view = make_view(self.session, events=events, revision=self._revision, last=last, before=before)
        self._shown = self.session.state
        self._check_autosave()
        if self._shown.result is not None:
            self._record()
        self._on_change(self.view)

    def _record(self) -> None:
        """The game has ended: add it to the player's record (once), and say what happened."""
        if self.recorder is None:
            from twentystrong.record.games import Recorder

            self.recorder = Recorder("tui")
        try:
            done = self.recorder.check(self.session)
        except Exception as exc:  # noqa: BLE001 - the game goes on whatever befalls the record
            self._notify(
                _("This game could not be added to your record: {problem}").format(problem=exc), _("Record"), "error"
            )
            return
        if done is not None:
            self._notify(
                done.message, _("Record"), "information" if done.id is not None and not done.warning else "warning"
            )

    def share_line(self) -> str | None:
        """The daily challenge's one-line result to share, when this game is one (None otherwise)."""
        from twentystrong.record.daily import share_line_of

        recorded = self.recorder.recorded if self.recorder is not None else None
        return share_line_of(self.session, attempt=recorded.daily_attempt if recorded is not None else 1)

    def _refused(self, rejected: Rejected, *, title: str = N_("Not allowed")) -> None:
        self.rejections.append(rejected)
        message = rejected.message
        text = message[0].upper() + message[1:] if message else rejected.code
        keys = KEY_HINTS.get(rejected.code)
        if keys:
            text = f"{text.rstrip('.')} ({keys})"
        self._notify(text if text.endswith((".", "!", "?")) else text + ".", _(title), "warning")

    def _check_autosave(self) -> None:
        error = self.session.autosave_error
        if error and error != self._autosave_warned:
            self._notify(error, _("Autosave failed"), "error")
        self._autosave_warned = error


# --- opening a game: what the store starts with -------------------------------------------------------------------
# Decided before the UI runs, without Textual, so the command line can refuse bad arguments (exit 2) cheaply.

DEFAULT_DECK = "solar-sentinels"


class LaunchError(Exception):
    """The inputs do not describe a game that can start (unknown deck or hero, unreadable save …)."""


# NamedTuples, not frozen dataclasses: as immutable and hashable, and each costs ~0.3 ms less to define at start-up.
class DeckSource(NamedTuple):
    """A deck the setup screen can offer: shipped (by id) or a folder given on the command line."""

    id: str
    path: Path
    shipped: bool = True

    def load(self) -> Deck:
        """Load and validate it (raises ``DeckError``)."""
        from twentystrong.content.loader import load_deck, load_shipped

        return load_shipped(self.id) if self.shipped else load_deck(self.path)


class Launch:
    """How the App starts: with ``session`` set it opens the table, otherwise the setup screen.

    (A plain class, not a dataclass: ~0.3 ms less to define at start-up.)
    """

    def __init__(
        self,
        session: Session | None = None,
        decks: list[DeckSource] | None = None,
        defaults: dict[str, object] | None = None,
        resume_path: Path | None = None,
        message: str = "",
        keep_aside: Path | None = None,
        autosave: Path | None = None,
    ) -> None:
        self.session = session
        self.decks: list[DeckSource] = decks if decks is not None else []
        """Decks to offer on the setup screen (shipped ones, then any ``--deck-path`` folder)."""
        self.defaults: dict[str, object] = defaults if defaults is not None else {}
        """Setup screen defaults from the command line (``deck``, ``hero``, ``seed`` …, and ``options``: the deck's own
        options by name)."""
        self.resume_path = resume_path
        """An autosave the setup screen may offer to resume."""
        self.message = message
        """Something to tell the player on the first screen (an autosave that could not be resumed …)."""
        self.keep_aside = keep_aside
        """An autosave to keep aside (:func:`keep_autosave`) before this game first writes its own: done once the
        first frame is out (reading the old save is no part of start-up), before the held first autosave."""
        self.autosave = autosave
        """The autosave this process owns (:func:`~twentystrong.session.owner.claim_autosave`): where every game it
        starts is saved (None: the default one, unclaimed)."""


def available_decks(deck_path: Path | None = None) -> list[DeckSource]:
    """The shipped decks, then the deck folder given on the command line (if any)."""
    from twentystrong.content.registry import shipped_deck_dirs

    decks = [DeckSource(deck_id, path) for deck_id, path in shipped_deck_dirs().items()]
    if deck_path is not None:
        decks.append(DeckSource(_deck_id_of(deck_path), deck_path, shipped=False))
    return decks


def _deck_id_of(path: Path) -> str:
    import tomllib

    deck_toml = path / "deck.toml" if path.is_dir() else path
    try:
        data = tomllib.loads(deck_toml.read_text(encoding="utf-8"))
        deck_id = data.get("deck", {}).get("id")
        if isinstance(deck_id, str):
            return deck_id
    except (OSError, ValueError):
        pass
    return path.name


def random_seed() -> int:
    """A fresh seed for a new game (shown and editable on the setup screen)."""
    return random.SystemRandom().randrange(1, 1_000_000)


def resumable(path: Path) -> Session | None:
    """The autosaved game at ``path`` if there is one that is not over (raises ``SaveError`` if unreadable)."""
    if not path.is_file():
        return None
    session = Session.load(path)
    if session.state.result is not None:
        return None
    session.autosave_path = path
    return session


class Wanted(NamedTuple):
    """What the command line (or a test) asks the App to start with: one value for :func:`prepare`."""

    deck_id: str | None = None
    deck_path: Path | None = None
    hero: str | None = None
    """Start at once with this hero (skips the setup screen)."""
    seed: int | None = None
    assisted: bool = False
    dice: str = "virtual"
    deal: str = "shuffled"
    options: Choices = ()
    """The deck's own options given (name and value pairs; its kit declares them)."""
    load: Path | None = None
    resume: bool = False


def prepare(wanted: Wanted | None = None, *, autosave: Path | None = None) -> Launch:
    """Decide how the App starts. Raises :class:`LaunchError` with a player-readable message.

    The autosave is claimed first: when another game process owns it, this one plays from a save of its own and
    ``message`` says so (one writer of an autosave, :mod:`twentystrong.session.owner`)."""
    from twentystrong.session.owner import OwnerError, claim_autosave

    try:
        claim = claim_autosave(autosave or default_autosave_path())
    except OwnerError as exc:
        raise LaunchError(str(exc)) from None
    autosave_path = claim.path
    wanted = wanted if wanted is not None else Wanted()
    deck_id, deck_path, hero, seed = wanted.deck_id, wanted.deck_path, wanted.hero, wanted.seed
    if deck_path is not None and not deck_path.exists():
        raise LaunchError(f"no deck at {deck_path}: give a deck folder (with deck.toml) or a deck file")
    decks = available_decks(deck_path)
    defaults: dict[str, object] = {
        "deck": deck_id or (decks[-1].id if deck_path is not None and decks else None),
        "hero": hero,
        "seed": seed,
        "options": dict(wanted.options),
        "assisted": wanted.assisted,
        "dice": wanted.dice,
        "deal": wanted.deal,
    }
    load = wanted.load
    if load is not None:
        try:
            session = Session.load(load)
        except SaveError as exc:
            raise LaunchError(f"cannot load {load}: {exc}") from None
        refused = not_drawn(session.deck.info.ruleset, session.deck.id, str(session.deck_path or "") or None)
        if refused is not None:
            raise LaunchError(refused)
        aside = None if load.resolve() == autosave_path.resolve() else autosave_path
        session.autosave_path = autosave_path
        return Launch(
            session=session,
            decks=decks,
            defaults=defaults,
            keep_aside=aside,
            autosave=autosave_path,
            message=claim.message,
        )
    if hero is not None:
        source = pick_deck(decks, deck_id, deck_path)
        deck = _load(source)
        refused = not_drawn(deck.info.ruleset, deck.id, None if source.shipped else str(source.path))
        if refused is not None:
            raise LaunchError(refused)
        options = SetupOptions(
            deck_id=deck.id,
            hero_id=hero,
            seed=random_seed() if seed is None else seed,
            assisted=wanted.assisted,
            dice=wanted.dice,  # type: ignore[arg-type]  # checked by Session.new
            deal=wanted.deal,  # type: ignore[arg-type]
            choices=choices_for(deck.info.ruleset, dict(wanted.options)),
        )
        try:
            session = Session.new(
                deck,
                options,
                deck_path=None if source.shipped else source.path,
                autosave_path=autosave_path,
                autosave_in_background=True,  # the Store does the same: start-up does not wait on the disk
                hold_autosave=True,  # written once the first frame is out (TwentyStrongApp.on_ready)
            )
        except SetupError as exc:
            raise LaunchError(str(exc)) from None
        return Launch(
            session=session,
            decks=decks,
            defaults=defaults,
            keep_aside=autosave_path,
            autosave=autosave_path,
            message=claim.message,
        )
    if deck_id is not None:
        pick_deck(decks, deck_id, deck_path)  # an unknown --deck is an error even without --hero
    message = claim.message
    session_found: Session | None = None
    try:
        session_found = resumable(autosave_path)
    except SaveError as exc:
        unreadable = f"The autosaved game could not be resumed ({exc}). It was left untouched at {autosave_path}."
        message = f"{message} {unreadable}".strip()
    if wanted.resume and session_found is not None:
        return Launch(session=session_found, decks=decks, defaults=defaults, autosave=autosave_path, message=message)
    return Launch(
        decks=decks,
        defaults=defaults,
        resume_path=autosave_path if session_found is not None else None,
        message=message,
        autosave=autosave_path,
    )


def keep_autosave(path: Path) -> str:
    """Before a new game replaces the autosave: a game still in progress there is kept as a named save beside it
    (``saves/corona-seed42-round5.toml``), and the sentence that tells the player where ("" when there was none).

    The file is read, not replayed (start-up stays quick): its log says whether the game ended and how many rounds
    began. A file that cannot be read is kept too (it is never destroyed)."""
    from twentystrong.session.saves import parse_save

    if not path.is_file():
        return ""
    try:
        save = parse_save(path)
    except SaveError:
        name, readable = "unreadable-autosave", False
    else:
        types = [str(e.get("type", "")) for e in save.log.events]
        if "game_over" in types:
            return ""  # a finished game: nothing is lost
        rounds = types.count("round_started")
        # A deck whose hero is chosen at the table has none in its setup: the hero chosen (else the deck) names it.
        chosen = next((str(e.get("hero")) for e in save.log.events if e.get("type") == "hero_chosen"), "")
        who = save.game.hero_id or chosen or save.game.deck_id
        name, readable = f"{who}-seed{save.game.seed}-round{rounds}", True
    folder = path.parent / "saves"
    folder.mkdir(parents=True, exist_ok=True)
    target = folder / f"{name}.toml"
    n = 2
    while target.exists():
        target = folder / f"{name}-{n}.toml"
        n += 1
    path.replace(target)
    if readable:
        return _(
            "The autosaved game in progress was kept as {path}: twentystrong play --load {path} resumes it."
        ).format(path=target)
    return _(
        "The autosave (which could not be read) was kept as {path}: twentystrong play --load {path} resumes it."
    ).format(path=target)


def pick_deck(decks: list[DeckSource], deck_id: str | None, deck_path: Path | None) -> DeckSource:
    """The deck to play: ``--deck-path`` wins, then ``--deck``, then the default (or only) shipped deck."""
    if deck_path is not None:
        return decks[-1]
    if not decks:
        raise LaunchError("no decks are installed: give one with --deck-path DIR")
    wanted = deck_id or DEFAULT_DECK
    for source in decks:
        if source.id == wanted:
            return source
    if deck_id is None and len(decks) == 1:
        return decks[0]
    known = ", ".join(d.id for d in decks)
    raise LaunchError(f"unknown deck {wanted!r}; installed decks: {known}")


def _load(source: DeckSource) -> Deck:
    try:
        return source.load()
    except Exception as exc:
        # Only a deck with problems needs DeckError's module (a deck from the cache reads no file).
        from twentystrong.content.source import DeckError

        if not isinstance(exc, DeckError):
            raise
        raise LaunchError(f"the deck {source.id!r} has problems:\n{exc}") from None
