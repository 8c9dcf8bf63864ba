"""The help's width is asked of the terminal as shutil asks it (COLUMNS, then the terminal of
sys.__stdout__, then 80), without importing shutil."""

from __future__ import annotations

import io
import os
import shutil
import sys

import pytest

from dhproc.cli.click_layout import terminal_columns

COLUMNS = [None, "", "0", "-5", "1", "7", "49", "80", "120", "100000", " 90 ", "+70", "1_000", "wide", "9" * 30]


def _set_columns(monkeypatch: pytest.MonkeyPatch, columns: str | None, lines: str | None) -> None:
    for name, value in (("COLUMNS", columns), ("LINES", lines)):
        if value is None:
            monkeypatch.delenv(name, raising=False)
        else:
            monkeypatch.setenv(name, value)


@pytest.mark.parametrize("lines", [None, "0", "30"])
@pytest.mark.parametrize("columns", COLUMNS)
def test_no_terminal(monkeypatch: pytest.MonkeyPatch, columns: str | None, lines: str | None) -> None:
    _set_columns(monkeypatch, columns, lines)
    for stdout in (None, io.StringIO(), open(os.devnull, "w")):
        monkeypatch.setattr(sys, "__stdout__", stdout)
        assert terminal_columns() == shutil.get_terminal_size().columns
    stdout.close()
    monkeypatch.setattr(sys, "__stdout__", stdout)  # a closed stdout
    assert terminal_columns() == shutil.get_terminal_size().columns


@pytest.mark.skipif(not hasattr(os, "openpty"), reason="no pseudo-terminal here")
@pytest.mark.parametrize("size", [(0, 0), (33, 0), (0, 20), (132, 40), (20, 5), (1000, 1)])
@pytest.mark.parametrize("columns", [None, "0", "61", "junk"])
def test_a_terminal(monkeypatch: pytest.MonkeyPatch, size: tuple[int, int], columns: str | None) -> None:
    import fcntl
    import struct
    import termios

    main, other = os.openpty()
    fcntl.ioctl(other, termios.TIOCSWINSZ, struct.pack("HHHH", size[1], size[0], 0, 0))
    _set_columns(monkeypatch, columns, None)
    with open(other, "w", closefd=True) as tty:
        monkeypatch.setattr(sys, "__stdout__", tty)
        assert terminal_columns() == shutil.get_terminal_size().columns
    os.close(main)
