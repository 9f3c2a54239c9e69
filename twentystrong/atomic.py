"""Writing a file so that a reader sees the old file or the new one, never a part of either (architecture.md
contract 6): the saves and the profile, and the caches (decks, catalogues, the kits found)."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path


def write_atomically(path: Path, data: bytes, *, durable: bool = False) -> None:
    """Write ``data`` to ``path`` through a temporary file in the same folder, renamed over it (folders made as
    needed). ``durable``: flushed to the disk before the rename (a save, the profile; a cache can be rebuilt).

    Raises ``OSError``; no temporary file is left behind.
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as out:
            out.write(data)
            if durable:
                out.flush()
                os.fsync(out.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
