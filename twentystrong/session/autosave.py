"""Autosaves written on a background thread, for front ends that cannot wait on the disk (the TUI).

A save rewrites the whole log and waits for ``fsync``: milliseconds that a keypress should not pay. The session
hands the writer a frozen copy of itself after every change; one thread writes them in order, and a copy that is
superseded before its write began is skipped (the newer one holds everything it held). So the file lags the game
by at most the write in progress — a crash or kill loses at most the command in flight (contract 6) — and
:meth:`AutosaveWriter.flush` waits until the file holds the latest state (on quitting, before reading it back).
"""

from __future__ import annotations

import atexit
import threading
import weakref
from collections.abc import Callable

IDLE_SECONDS = 10.0
"""A writer thread with nothing to write for this long ends (the next save starts another)."""
EXIT_FLUSH_SECONDS = 5.0
"""How long the interpreter waits, on exit, for saves still being written."""

_writers: weakref.WeakSet[AutosaveWriter] = weakref.WeakSet()


class AutosaveWriter:
    """Runs save jobs on one daemon thread, the latest job only when several wait."""

    def __init__(self) -> None:
        self._changed = threading.Condition()
        self._pending: Callable[[], None] | None = None
        self._busy = False
        self._thread: threading.Thread | None = None
        _writers.add(self)

    def submit(self, job: Callable[[], None]) -> None:
        """Run ``job`` soon on the writer thread, instead of any job still waiting (never one already running)."""
        with self._changed:
            self._pending = job
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, name="twentystrong-autosave", daemon=True)
                self._thread.start()
            self._changed.notify_all()

    def flush(self, timeout: float | None = None) -> bool:
        """Wait until every submitted job has run; False if ``timeout`` seconds passed first."""
        with self._changed:
            return self._changed.wait_for(lambda: self._pending is None and not self._busy, timeout)

    def _run(self) -> None:
        while True:
            with self._changed:
                if not self._changed.wait_for(lambda: self._pending is not None, IDLE_SECONDS):
                    self._thread = None  # idle: end; submit() starts a new thread
                    return
                job, self._pending = self._pending, None
                self._busy = True
            try:
                if job is not None:
                    job()
            except Exception:  # noqa: BLE001 - jobs report their own errors; a bug in one must not stop the next
                pass
            finally:
                with self._changed:
                    self._busy = False
                    self._changed.notify_all()


@atexit.register
def _flush_all() -> None:
    """On exit, let the saves still being written finish (the threads are daemons: they would just stop)."""
    for writer in list(_writers):
        writer.flush(EXIT_FLUSH_SECONDS)
