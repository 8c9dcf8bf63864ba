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
import sys
import tempfile
import time
from contextlib import contextmanager
from typing import Iterator, Sequence

__all__ = ["write_atomic", "write_atomic_all", "folders_synced_once"]

_NEW_FILE_MODE = 0o644
# Folders whose sync waits for the end of the batch that wrote into them (innermost batch last).
_BATCHES: list[set[str]] = []


@contextmanager
def folders_synced_once() -> Iterator[None]:
    """Within the block, each folder written into is synced once, when the block ends (however it
    ends), instead of after every write: a batch of a hundred matches into one ``--out`` folder
    syncs it once. Every file is still written to its temporary, synced and renamed into place as
    each write returns, so a reader sees the old file or the new one at every moment, exactly as
    before; what waits is only making the renames durable against a power cut."""
    _BATCHES.append(set())
    try:
        yield
    finally:
        for directory in sorted(_BATCHES.pop()):
            _fsync_dir(directory)


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
    write_atomic_all([(path, data)])


def write_atomic_all(items: Sequence[tuple[str | os.PathLike[str], str | bytes]]) -> None:
    """Write several files as one: every file goes to its temporary first, and only when all
    are written are they renamed into place. A failed write (a full disk on the second file)
    leaves every target as it was, so a report and its log never disagree.

    Temporaries are named ``.<target>.<pid>.<random>.tmp`` beside their target; ones left by a
    killed run (their process is gone) are removed by the next write to that target."""
    payloads = [_encoded(data) for _, data in items]
    temps: list[tuple[str, str]] = []
    try:
        for (path, _), payload in zip(items, payloads):
            target = os.path.realpath(os.fspath(path))
            directory, name = os.path.split(target)
            _remove_stale(directory, name)
            try:
                mode = stat.S_IMODE(os.stat(target).st_mode)
            except FileNotFoundError:
                mode = _NEW_FILE_MODE
            fd, tmp = tempfile.mkstemp(dir=directory, prefix=f".{name}.{os.getpid()}.", suffix=".tmp")
            temps.append((tmp, target))
            with os.fdopen(fd, "wb") as handle:
                handle.write(payload)
                handle.flush()
                os.fsync(handle.fileno())
            os.chmod(tmp, mode)  # mkstemp creates 0o600
        for tmp, target in temps:
            os.replace(tmp, target)
    except BaseException:
        for tmp, _ in temps:
            try:
                os.unlink(tmp)
            except FileNotFoundError:
                pass
        raise
    folders = {os.path.dirname(target) for _, target in temps}
    if _BATCHES:
        _BATCHES[-1].update(folders)
        return
    for directory in sorted(folders):
        _fsync_dir(directory)


def _encoded(data: str | bytes) -> bytes:
    if isinstance(data, str):
        return data.encode("utf-8")
    if isinstance(data, bytes):
        return data
    raise TypeError(f"data must be str or bytes, not {type(data).__name__}")


_STALE_AGE = 600.0  # seconds; where a process cannot be asked whether it lives


def _remove_stale(directory: str, name: str) -> None:
    """Remove temporaries of ``name`` whose writing process is gone (killed mid-write)."""
    prefix = f".{name}."
    try:
        entries = [e for e in os.listdir(directory) if e.startswith(prefix) and e.endswith(".tmp")]
    except OSError:
        return
    for entry in entries:
        pid_text = entry[len(prefix):].split(".", 1)[0]
        if not pid_text.isdigit() or not _gone(int(pid_text), os.path.join(directory, entry)):
            continue
        try:
            os.unlink(os.path.join(directory, entry))
        except OSError:
            pass


def _gone(pid: int, path: str) -> bool:
    if pid == os.getpid():
        return False
    if sys.platform == "win32":  # no cheap liveness test: old enough means abandoned
        try:
            return os.stat(path).st_mtime < time.time() - _STALE_AGE
        except OSError:
            return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    except OSError:  # alive, owned by someone else
        return False
    return False
