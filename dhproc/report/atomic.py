"""Atomic file writes.

A report or game state file is read by other tools (a wiki sync, the next turn's run) and may
be written while the GK hits Ctrl-C or the machine loses power.  Writing in place could leave a
half-written file; here the data goes to a temporary file in the same directory (so the final
rename stays on one file system and is atomic), is flushed to disk, and only then replaces the
target, so readers see either the old file or the new one, never a mix.
"""

from __future__ import annotations

import os
import stat
import tempfile

__all__ = ["write_atomic"]

_NEW_FILE_MODE = 0o644


def _fsync_dir(directory: str) -> None:
    """Make the rename itself durable; best effort, as not every platform can open a directory."""
    if not hasattr(os, "O_DIRECTORY"):
        return
    try:
        fd = os.open(directory, os.O_RDONLY | os.O_DIRECTORY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def write_atomic(path: str | os.PathLike[str], data: str | bytes) -> None:
    """Write ``data`` to ``path`` so that ``path`` is never seen half-written.

    ``str`` is encoded as UTF-8 with its newlines exactly as given (no ``\\r\\n`` translation,
    so a file written on Windows is byte-identical); ``bytes`` are written as they are.
    An existing target keeps its permission bits; a new file gets 0o644 whatever the umask.
    A symbolic link at ``path`` is followed, so the link stays and the file it names is replaced.
    On any failure, including KeyboardInterrupt, the temporary file is removed, the target is
    left untouched, and the exception propagates.
    """
    if isinstance(data, str):
        payload = data.encode("utf-8")
    elif isinstance(data, bytes):
        payload = data
    else:
        raise TypeError(f"data must be str or bytes, not {type(data).__name__}")

    target = os.path.realpath(os.fspath(path))
    directory, name = os.path.split(target)
    try:
        mode = stat.S_IMODE(os.stat(target).st_mode)
    except FileNotFoundError:
        mode = _NEW_FILE_MODE

    fd, tmp = tempfile.mkstemp(dir=directory, prefix=f".{name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(payload)
            handle.flush()
            os.fsync(handle.fileno())
        os.chmod(tmp, mode)  # mkstemp creates 0o600
        os.replace(tmp, target)
    except BaseException:
        try:
            os.unlink(tmp)
        except FileNotFoundError:
            pass
        raise
    _fsync_dir(directory)
