"""Tests for dhproc.report.atomic.write_atomic."""

from __future__ import annotations

import os
import stat
import sys
from pathlib import Path

import pytest

from dhproc.report.atomic import write_atomic

posix_only = pytest.mark.skipif(sys.platform == "win32", reason="POSIX permission bits")


def test_writes_bytes_exactly(tmp_path: Path) -> None:
    data = bytes(range(256)) + b"\r\n\n\x00"
    write_atomic(tmp_path / "out.bin", data)
    assert (tmp_path / "out.bin").read_bytes() == data
    assert os.listdir(tmp_path) == ["out.bin"]


def test_writes_str_as_utf8_without_newline_translation(tmp_path: Path) -> None:
    text = "第1ターン\n山田太郎 → Ｂ３\n\nさくら：気絶\n"
    write_atomic(str(tmp_path / "report.txt"), text)
    raw = (tmp_path / "report.txt").read_bytes()
    assert raw == text.encode("utf-8")
    assert b"\r" not in raw


def test_replaces_existing_file(tmp_path: Path) -> None:
    target = tmp_path / "state.json"
    target.write_bytes(b'{"turn": 1, "padding": "' + b"x" * 1000 + b'"}')
    write_atomic(target, '{"turn": 2}')
    assert target.read_text(encoding="utf-8") == '{"turn": 2}'  # shorter: no leftover tail
    assert os.listdir(tmp_path) == ["state.json"]


@posix_only
def test_keeps_mode_of_existing_file(tmp_path: Path) -> None:
    target = tmp_path / "secret.txt"
    target.write_text("old", encoding="utf-8")
    target.chmod(0o600)
    write_atomic(target, "new")
    assert stat.S_IMODE(target.stat().st_mode) == 0o600
    assert target.read_text(encoding="utf-8") == "new"


@posix_only
def test_new_file_is_0o644_whatever_the_umask(tmp_path: Path) -> None:
    old_umask = os.umask(0o077)
    try:
        write_atomic(tmp_path / "new.txt", "x")
    finally:
        os.umask(old_umask)
    assert stat.S_IMODE((tmp_path / "new.txt").stat().st_mode) == 0o644


@pytest.mark.skipif(not hasattr(os, "symlink"), reason="no symlinks")
def test_writes_through_symlink(tmp_path: Path) -> None:
    real = tmp_path / "real.txt"
    real.write_text("old", encoding="utf-8")
    link = tmp_path / "link.txt"
    try:
        link.symlink_to(real)
    except OSError:
        pytest.skip("cannot create symlinks here")
    write_atomic(link, "new")
    assert link.is_symlink()
    assert real.read_text(encoding="utf-8") == "new"


@pytest.mark.parametrize("failing", ["replace", "fsync", "chmod"])
@pytest.mark.parametrize("error", [OSError("disk full"), KeyboardInterrupt()])
def test_failure_leaves_original_and_no_temp_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, failing: str, error: BaseException
) -> None:
    target = tmp_path / "report.txt"
    target.write_bytes("元の報告\n".encode())
    calls: list[str] = []

    def boom(*args: object, **kwargs: object) -> None:
        calls.append(failing)
        raise error

    monkeypatch.setattr(os, failing, boom)
    with pytest.raises(type(error)):
        write_atomic(target, "新しい報告\n" * 1000)
    monkeypatch.undo()

    assert calls == [failing]  # the failure really happened inside write_atomic
    assert target.read_bytes() == "元の報告\n".encode()
    assert os.listdir(tmp_path) == ["report.txt"]


def test_failure_on_new_target_leaves_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def boom(*args: object) -> None:
        raise OSError("no")

    monkeypatch.setattr(os, "replace", boom)
    with pytest.raises(OSError, match="no"):
        write_atomic(tmp_path / "new.txt", b"data")
    assert os.listdir(tmp_path) == []


def test_rejects_other_types_before_touching_disk(tmp_path: Path) -> None:
    with pytest.raises(TypeError, match="str or bytes"):
        write_atomic(tmp_path / "x.txt", 123)  # type: ignore[arg-type]
    assert os.listdir(tmp_path) == []


def _counted_syncs(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    from dhproc.report import atomic

    synced: list[str] = []
    monkeypatch.setattr(atomic, "_fsync_dir", synced.append)
    return synced


def test_a_batch_syncs_each_folder_once_when_it_ends(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Inside a batch every write is in place, whole, as it returns (a reader sees old or new
    bytes, never a mix); only the folder's sync waits for the end, once per folder."""
    from dhproc.report.atomic import folders_synced_once

    synced = _counted_syncs(monkeypatch)
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    with folders_synced_once():
        for n in range(3):
            write_atomic(tmp_path / "a" / f"{n}.json", f"{n}\n")
            assert (tmp_path / "a" / f"{n}.json").read_text(encoding="utf-8") == f"{n}\n"
        write_atomic(tmp_path / "b" / "x.txt", "x")
        assert synced == []
        assert sorted(os.listdir(tmp_path / "a")) == ["0.json", "1.json", "2.json"]  # no temporary left
    assert synced == [str((tmp_path / "a").resolve()), str((tmp_path / "b").resolve())]
    write_atomic(tmp_path / "a" / "after.txt", "y")  # outside a batch: synced at once, as ever
    assert synced[2:] == [str((tmp_path / "a").resolve())]


def test_a_batch_that_fails_still_syncs_what_it_wrote(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from dhproc.report.atomic import folders_synced_once

    synced = _counted_syncs(monkeypatch)
    with pytest.raises(KeyboardInterrupt):
        with folders_synced_once():
            write_atomic(tmp_path / "done.txt", "whole")
            raise KeyboardInterrupt
    assert synced == [str(tmp_path.resolve())]
    assert (tmp_path / "done.txt").read_text(encoding="utf-8") == "whole"


def test_resolve_of_several_matches_into_one_out_folder_syncs_it_once(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from click.testing import CliRunner

    from dhproc.cli import cli

    root = Path(__file__).resolve().parents[2] / "examples"
    synced = _counted_syncs(monkeypatch)
    out = tmp_path / "out"
    result = CliRunner().invoke(cli, ["resolve", str(root / "dh" / "match.yaml"), str(root / "logos" / "match.yaml"),
                                      str(root / "count" / "match.yaml"), "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert len(list(out.glob("*.json"))) == 3
    assert synced == [str(out.resolve())]
