"""The odds panel's worker process: the slow odds questions are answered in a separate Python process, so a key's
repaint never waits for the odds' arithmetic.

A worker thread shares the interpreter's lock with the UI thread: while it works through the odds' pure Python (the
best-play tables, numpy's object arrays) a keypress waits for it, up to hundreds of milliseconds per key. A process
has its own interpreter, and the UI thread only pickles the question and unpickles the answer.

- One process per odds panel: a fresh interpreter (``python -c``, started by :mod:`subprocess`: never a ``fork`` of
  the UI process, whose Textual threads would be copied mid-flight; nor ``multiprocessing``, whose ``spawn`` adds a
  resource-tracker process and re-imports the UI's ``__main__``), started right after the table's first frame
  (the odds off: when the panel is first shown). It imports the odds package (numpy with it) while the player reads
  the table. Questions and
  answers are pickled over its stdin and stdout (a length before each); its stderr goes nowhere (the terminal is
  the table's).
- What it is sent is an :class:`~twentystrong.odds.advice.OddsQuestion`: frozen values read from the player's view
  (the dice, the enemies' damage models and needs, the rules in force), never the game's state (R12: nothing
  hidden reaches it).
- One question at a time: while one is being answered, only the newest of those asked since waits (the others are
  superseded, never sent). Every answer is handed to ``on_answer`` (the panel caches it, and shows it only if it
  is still the question on the table).
- Answers arrive on the event loop (``loop.add_reader`` on the pipe): no thread in the UI process.
- :meth:`OddsProcess.close` ends the process (the panel's unmount: a new game, or the app's exit) and reaps it;
  the process also ends by itself when the pipe to the UI closes (the UI process gone).
- Where a process cannot start (no pipes, no event-loop reader) or dies, :attr:`OddsProcess.failed`
  says why and the panel answers in a thread as before.

The child's side is :func:`serve`; this module imports neither Textual nor the odds package (the child imports
the odds when it starts).
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import pickle
import select
import signal
import struct
import subprocess
import sys
import time
from collections.abc import Callable
from typing import IO, TYPE_CHECKING, Any

if TYPE_CHECKING:
    from twentystrong.odds.advice import OddsChances, OddsQuestion

CHILD = "from twentystrong.tui.widgets.odds_process import serve; serve()"
"""What the worker process runs (``python -c``)."""
CLOSE_SECONDS = 2.0
"""How long :meth:`OddsProcess.close` waits for the process to end after asking it to (then it is killed)."""
_LENGTH = struct.Struct("!I")

Answer = Callable[["OddsQuestion", "OddsChances", float], None]


def _frame(message: object) -> bytes:
    data = pickle.dumps(message, protocol=pickle.HIGHEST_PROTOCOL)
    return _LENGTH.pack(len(data)) + data


def _read_exactly(stream: IO[bytes], n: int) -> bytes | None:
    data = b""
    while len(data) < n:
        more = stream.read(n - len(data))
        if not more:
            return None
        data += more
    return data


def serve(stdin: IO[bytes] | None = None, stdout: IO[bytes] | None = None) -> None:
    """The worker process: answer each question read with ``(seq, chances, seconds, error)`` until its stdin closes
    or ``None`` arrives."""
    # The child shares the terminal's process group: ctrl+c at a shell must not print a traceback over the table.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    stdin = stdin or sys.stdin.buffer
    stdout = stdout or sys.stdout.buffer
    # The odds and their tables' numpy, while the player reads the table (the first question does not wait on them),
    # and the advisor, which the odds import only when first asked (some 30 ms more of the first commit step's wait).
    from twentystrong.odds import advisor, tables  # noqa: F401
    from twentystrong.odds.advice import chances_for

    while True:
        head = _read_exactly(stdin, _LENGTH.size)
        body = _read_exactly(stdin, _LENGTH.unpack(head)[0]) if head is not None else None
        if body is None:
            return
        message = pickle.loads(body)
        if message is None:
            return
        seq, question = message
        started = time.perf_counter()
        try:
            chances, error = chances_for(question), None
        except Exception as failure:  # said to the UI, which answers in a thread instead
            chances, error = None, f"{type(failure).__name__}: {failure}"
        try:
            stdout.write(_frame((seq, chances, time.perf_counter() - started, error)))
            stdout.flush()
        except (OSError, ValueError):
            return


class OddsProcess:
    """A worker process answering :class:`~twentystrong.odds.advice.OddsQuestion` (see the module's docstring).

    Used on the event loop's thread only: :meth:`start`, :meth:`ask` and :meth:`close` are called there, and the
    answers are read there.
    """

    def __init__(self, on_answer: Answer) -> None:
        self._on_answer = on_answer
        self._process: subprocess.Popen[bytes] | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._received = b""
        self._seq = 0
        self._busy: tuple[int, OddsQuestion, asyncio.Future[bool]] | None = None  # sent, being answered
        self._next: tuple[int, OddsQuestion, asyncio.Future[bool]] | None = None  # the newest, waiting its turn
        self.failed: str | None = None
        """Why no process answers (the panel computes in a thread), None while one may."""

    @property
    def running(self) -> bool:
        """Whether the process was started and has not failed or been closed."""
        return self._process is not None and self.failed is None

    @property
    def idle(self) -> bool:
        """Whether the process runs and is answering nothing now."""
        return self.running and self._busy is None

    @property
    def pid(self) -> int | None:
        """The process's id once started (for tests)."""
        return self._process.pid if self._process is not None else None

    def start(self) -> bool:
        """Start the process if it is not yet running; whether one answers (False: :attr:`failed` says why)."""
        if self.failed is not None:
            return False
        if self._process is not None:
            return True
        try:
            loop = asyncio.get_running_loop()
            process = subprocess.Popen(
                [sys.executable, "-c", CHILD],
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.DEVNULL,
                close_fds=True,
            )
            self._process, self._loop = process, loop
            assert process.stdout is not None
            os.set_blocking(process.stdout.fileno(), False)
            loop.add_reader(process.stdout.fileno(), self._readable)
        except (OSError, ValueError, RuntimeError, NotImplementedError) as error:
            self._fail(f"the odds process could not start ({type(error).__name__}: {error})")
            return False
        return True

    def ask(self, question: OddsQuestion) -> asyncio.Future[bool]:
        """Ask ``question``; the future says True once its answer was handed to ``on_answer``, False when a newer
        question superseded it or the process failed (see :attr:`failed`)."""
        assert self._loop is not None and self.running
        self._seq += 1
        future: asyncio.Future[bool] = self._loop.create_future()
        if self._busy is None:
            self._send(self._seq, question, future)
        else:
            if self._next is not None:
                _settle(self._next[2], False)  # superseded before it was sent
            self._next = (self._seq, question, future)
        return future

    def wait(self, asked: asyncio.Future[bool], seconds: float) -> bool:
        """Wait here, at most ``seconds``, for the answer to a question just asked; whether it came (and was handed
        to ``on_answer``). The UI thread blocks meanwhile: only for a question answered quickly before."""
        deadline = time.perf_counter() + seconds
        while not asked.done() and self._process is not None and self._process.stdout is not None:
            left = deadline - time.perf_counter()
            if left <= 0:
                break
            ready, _, _ = select.select([self._process.stdout.fileno()], [], [], left)
            if ready:
                self._readable()
        return asked.done() and asked.result()

    def _send(self, seq: int, question: OddsQuestion, future: asyncio.Future[bool]) -> None:
        assert self._process is not None and self._process.stdin is not None
        self._busy = (seq, question, future)
        try:
            self._process.stdin.write(_frame((seq, question)))
            self._process.stdin.flush()
        except (OSError, ValueError, pickle.PicklingError) as error:
            self._fail(f"the odds process stopped answering ({type(error).__name__}: {error})")

    def _readable(self) -> None:
        """The pipe has something: (part of) the answer to the question being answered, or the process ended."""
        process = self._process
        if process is None or process.stdout is None:
            return
        try:
            data = os.read(process.stdout.fileno(), 1 << 16)
        except BlockingIOError:
            return
        except OSError as error:
            self._fail(f"the odds process ended ({type(error).__name__}: {error})")
            return
        if not data:
            self._fail(f"the odds process ended (exit {process.poll()})")
            return
        self._received += data
        while len(self._received) >= _LENGTH.size:
            size = _LENGTH.unpack_from(self._received)[0]
            if len(self._received) < _LENGTH.size + size:
                return
            body = self._received[_LENGTH.size : _LENGTH.size + size]
            self._received = self._received[_LENGTH.size + size :]
            self._answered(*pickle.loads(body))

    def _answered(self, seq: int, chances: Any, seconds: float, error: str | None) -> None:
        busy, self._busy = self._busy, None
        if error is not None:
            if busy is not None:
                _settle(busy[2], False)
            self._fail(f"the odds process could not answer ({error})")
            return
        if busy is not None and busy[0] == seq:
            self._on_answer(busy[1], chances, seconds)
            _settle(busy[2], True)
        waiting, self._next = self._next, None
        if waiting is not None:
            self._send(*waiting)

    def _fail(self, reason: str) -> None:
        """Stop using the process (the panel computes in a thread from now on) and say why."""
        if self.failed is None:
            self.failed = reason
        self._stop()

    def close(self) -> None:
        """End the process and reap it (no zombie); questions still waiting are settled False."""
        if self.failed is None:
            self.failed = "the odds process was closed"
        self._stop()

    def _stop(self) -> None:
        for waiting in (self._busy, self._next):
            if waiting is not None:
                _settle(waiting[2], False)
        self._busy = self._next = None
        process, loop = self._process, self._loop
        if process is None or process.returncode is not None:
            return
        if process.stdout is not None:
            if loop is not None and not loop.is_closed():
                with contextlib.suppress(Exception):
                    loop.remove_reader(process.stdout.fileno())
            process.stdout.close()
        if process.stdin is not None:
            with contextlib.suppress(OSError, ValueError):
                process.stdin.close()  # an idle process ends on its own (its stdin closed)
        try:
            process.wait(0.05)
        except subprocess.TimeoutExpired:  # busy with a long question: it need not finish it
            process.terminate()
            try:
                process.wait(CLOSE_SECONDS)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()


def _settle(future: asyncio.Future[bool], value: bool) -> None:
    if not future.done():
        future.set_result(value)
