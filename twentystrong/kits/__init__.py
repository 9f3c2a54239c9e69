"""The deck kits: one package per ruleset, holding everything its deck brings (architecture.md contract 9).

Kits are discovered, not listed: every installed package that registers a :class:`~twentystrong.kits.kit.DeckKit`
under the entry-point group ``twentystrong.rulesets`` (the shipped ones in ``pyproject.toml``) is a ruleset a deck
file may name (the entry points found are kept in the cache folder while the installed packages stay the same:
:func:`_entry_points`). Each shipped kit keeps its engine rules in ``rules/`` (pure Python: contract 1), its board
for the table screen in ``board`` (Textual, imported when a game of the deck is first shown), its bot and its
content (``content``, ``kinds``); the general code asks the kit and never names a deck.
"""

from __future__ import annotations

import hashlib
import os
import sys
from collections.abc import Mapping
from functools import cache
from typing import TYPE_CHECKING

from twentystrong.content.registry import cache_dir
from twentystrong.kits.kit import DeckKit, resolve
from twentystrong.kits.options import DeckOption, choose

if TYPE_CHECKING:
    from twentystrong.engine.state import Choices, OptionValue

GROUP = "twentystrong.rulesets"
"""The entry-point group a ruleset package registers its kit under."""


class KitError(ValueError):
    """A deck names a ruleset no installed kit provides, or an installed kit is broken."""


@cache
def kits() -> dict[str, DeckKit]:
    """Every installed kit, by ruleset id (read once per process: installing a package needs a new process)."""
    found: dict[str, DeckKit] = {}
    for name, value in sorted(_entry_points()):
        try:
            kit = resolve(value)
        except Exception as error:  # a broken third-party package must not stop the game: say which
            raise KitError(f"the ruleset package {value!r} cannot be loaded: {error}") from error
        if not isinstance(kit, DeckKit) or kit.id != name:
            raise KitError(f"the entry point {name!r} of {GROUP!r} does not name a deck kit with that id")
        found[kit.id] = kit
    return found


def _entry_points() -> list[tuple[str, str]]:
    """The ``(name, value)`` of every entry point of :data:`GROUP`, as ``importlib.metadata`` finds them.

    Asking ``importlib.metadata`` reads the metadata of every installed distribution: some 30 ms a start-up pays
    for an answer that changes only when a package is installed or removed. So the answer is kept in the cache
    folder under a key of what it depends on: the folders Python imports from (``sys.path``) and the time each was
    last changed (installing or removing a distribution adds or removes a folder in one of them; ``importlib``'s
    own path cache goes by the same times). A missing, stale or unreadable file is asked again and rewritten.
    """
    key = _paths_key()
    path = cache_dir() / "kits.txt"
    try:
        header, *lines = path.read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError, ValueError):
        header, lines = "", []
    if header == key:
        return [(name, value) for name, _, value in (line.partition("=") for line in lines)]
    from importlib.metadata import entry_points

    points = [(point.name, point.value) for point in entry_points(group=GROUP)]
    _write(path, "\n".join([key, *(f"{name}={value}" for name, value in points)]) + "\n")
    return points


def _paths_key() -> str:
    digest = hashlib.sha256(GROUP.encode())
    for entry in sys.path:
        try:
            changed = os.stat(entry or ".").st_mtime_ns
        except OSError:
            changed = -1
        digest.update(f"{entry}\0{changed}\0".encode())
    return f"twentystrong-kits {digest.hexdigest()}"


def _write(path: os.PathLike[str], text: str) -> None:
    """Write ``text`` atomically (readers see the old file or the new one); a cache that cannot be written is no
    error."""
    from pathlib import Path

    from twentystrong.atomic import write_atomically  # only when the installed packages changed

    try:
        write_atomically(Path(path), text.encode("utf-8"))
    except OSError:
        return


def kit(ruleset_id: str) -> DeckKit:
    """The kit of a ruleset id; :class:`KitError` when no installed package provides it."""
    try:
        return kits()[ruleset_id]
    except KeyError:
        raise KitError(f"the {ruleset_id!r} ruleset is not playable yet") from None


def load_rules() -> None:
    """Load every installed kit's rules (each registers its commands, arguments, events and effect kinds)."""
    for found in kits().values():
        found.ruleset()


def options_for(ruleset_id: str) -> tuple[DeckOption, ...]:
    """The setup options a ruleset's kit declares (none for a ruleset registered without a kit)."""
    found = kits().get(ruleset_id)
    return found.options if found is not None else ()


def all_options() -> list[tuple[DeckKit, DeckOption]]:
    """Every installed kit's options, with their kit, kit by kit."""
    return [(found, option) for found in kits().values() for option in found.options]


def choices_for(ruleset_id: str, values: Mapping[str, OptionValue | None]) -> Choices:
    """``SetupOptions.choices`` of a deck of this ruleset from option values given (the command line's, a save's,
    the setup screen's): its own at their default left out; another deck's option at that deck's default left out
    too (it says nothing); any other value kept, for :func:`~twentystrong.session.session.check_options` to refuse."""
    own = {o.name: o.default for o in options_for(ruleset_id)}
    others = {(o.name, o.default) for _, o in all_options() if o.name not in own}
    kept = {
        name: value
        for name, value in values.items()
        if value is not None and (own[name] != value if name in own else (name, value) not in others)
    }
    return choose(kept)


__all__ = [
    "GROUP",
    "DeckKit",
    "KitError",
    "all_options",
    "choices_for",
    "kit",
    "kits",
    "load_rules",
    "options_for",
    "resolve",
]
