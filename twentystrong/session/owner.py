"""One writer of an autosave: the game process that owns it (architecture.md, ``serve``).

Two game processes on one data folder (two browser tabs of ``twentystrong serve``, or ``twentystrong play`` in two
terminals) would each rewrite the whole autosave after every command, so the second writer could undo the first
one's moves on disk. A process therefore claims the autosave before it plays: an exclusive, non-blocking
``flock`` on ``<autosave>.lock`` beside it. The operating system drops the lock when the process ends, however it
ends (a crash or a kill included), so a lock never goes stale as a pid file would. A process that finds the lock
taken plays from a save of its own (``autosave-2.toml``, the next free one) and tells the player so.

Where ``fcntl`` does not exist (Windows), or the lock file cannot be created (a read-only folder), nothing is
locked and the autosave is used as before.
"""

from __future__ import annotations

import contextlib
import os
from pathlib import Path
from typing import NamedTuple

from twentystrong.i18n import _

try:
    import fcntl
except ImportError:  # pragma: no cover - not on POSIX
    fcntl = None  # type: ignore[assignment]

MAX_OWN_SAVES = 99
"""How many parallel games' own saves (``autosave-2.toml`` … ) a data folder offers before giving up locking."""

_held: dict[str, int] = {}
"""The lock files this process holds, by path, with their file descriptors: one process owns an autosave once
(a second claim of the same file by the same process keeps the lock it has; flock would refuse a second descriptor)."""


class Claim(NamedTuple):
    """The autosave this process may write, and what to tell the player when it is not the one asked for."""

    path: Path
    message: str = ""


def lock_path(autosave: Path) -> Path:
    """The lock file of an autosave (``autosave.toml.lock``)."""
    return autosave.with_name(autosave.name + ".lock")


def _lock(path: Path) -> bool | None:
    """Take the lock on ``path`` for this process: True taken (or already held), False held by another process,
    None when locking is not possible here."""
    key = str(path.resolve())
    if key in _held:
        return True
    if fcntl is None:
        return None
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)  # not inherited by child processes (PEP 446)
    except OSError:
        return None
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        os.close(fd)
        return False
    except OSError:
        os.close(fd)
        return None
    _held[key] = fd
    return True


def claim_autosave(autosave: Path) -> Claim:
    """Own ``autosave`` for this process, or, when another game process owns it, the first free
    ``autosave-N.toml`` beside it (N = 2, 3 …), with a sentence that says so."""
    if _lock(lock_path(autosave)) is not False:
        return Claim(autosave)
    for n in range(2, MAX_OWN_SAVES + 1):
        own = autosave.with_name(f"{autosave.stem}-{n}{autosave.suffix}")
        taken = _lock(lock_path(own))
        if taken is None:
            break
        if taken:
            resume = f"twentystrong play --load {own}"
            return Claim(
                own,
                _(
                    "Another game (in another browser tab or terminal) is being played from this data folder and "
                    "saves to {autosave}. So that neither undoes the other's moves, this game saves to {own}: "
                    "{resume} resumes it later."
                ).format(autosave=autosave, own=own, resume=resume),
            )
    raise OwnerError(
        _(
            "another game is being played from this data folder and owns its autosave ({autosave}); "
            "close it first, or play with another data folder (TWENTYSTRONG_DATA_DIR)"
        ).format(autosave=autosave)
    )


def release_autosave(autosave: Path) -> None:
    """Let go of the lock on ``autosave`` (the process keeps no game there any more; its end does the same)."""
    fd = _held.pop(str(lock_path(autosave).resolve()), None)
    if fd is not None:
        with contextlib.suppress(OSError):
            os.close(fd)  # closing the descriptor drops the flock


class OwnerError(Exception):
    """No autosave of this data folder is free for this process (every one is owned by another game)."""
