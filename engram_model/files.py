"""File helpers every writer in the engine shares: hashing, atomic file writes, swapping a
fully written directory into place, clearing what a killed writer left, and the toolkit's
cache folder. A reader sees the old file or directory or the new one, never half of either."""

from __future__ import annotations

import errno
import hashlib
import os
import re
import shutil
import tempfile
from collections.abc import Callable
from pathlib import Path


def cache_dir(name: str) -> Path:
    """`~/.cache/engram-probe/NAME` (under $XDG_CACHE_HOME when set): what the toolkit keeps
    outside any checkout, such as the built corpus and staged runs."""
    return Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "engram-probe" / name


def sha256_of(path: Path) -> str:
    digest = hashlib.sha256()
    with open(path, "rb") as f:
        for chunk in iter(lambda: f.read(1 << 22), b""):
            digest.update(chunk)
    return digest.hexdigest()


class LinkedPathError(ValueError):
    """A path inside a folder we own (a run, a checkpoint) passes through a symbolic link."""


def refuse_links(root: Path, path: Path) -> None:
    """Refuse `path` if it, or any folder between `root` and it, is a symbolic link.

    A run or checkpoint folder is ours to write; a link inside it would carry a write out of
    it (onto any file its owner can write). `root` itself may be a link: the user chose it."""
    root, path = Path(root), Path(path)
    current = root
    for part in path.relative_to(root).parts:
        current = current / part
        if current.is_symlink():
            raise LinkedPathError(
                f"{current} is a symbolic link inside {root}, which is never followed when writing there; "
                "remove the link (and put the real file or folder in its place)"
            )


def open_inside(root: Path, path: Path, flags: int, mode: int = 0o644) -> int:
    """`os.open(path, flags)` for a file inside `root`, never through a symbolic link."""
    refuse_links(root, Path(path).parent)
    try:
        return os.open(path, flags | os.O_NOFOLLOW, mode)
    except OSError as err:
        if err.errno == errno.ELOOP:
            refuse_links(root, path)  # raises, naming the link
        raise


def write_atomically(
    path: Path, data: bytes | Callable[[Path], None], temp_prefix: str = ".", inside: Path | None = None
) -> None:
    """Write `data` (bytes, or a function that writes the file it is given) to a temporary
    sibling named `{temp_prefix}{name}.PID.*.partial`, then rename it to `path`. With `inside` (the
    run or checkpoint folder `path` belongs to), no folder or file on the way may be a link."""
    path = Path(path)
    if inside is not None:
        refuse_links(inside, path)
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, name = tempfile.mkstemp(dir=path.parent, prefix=f"{temp_prefix}{path.name}.{os.getpid()}.", suffix=".partial")
    os.close(handle)
    staged = Path(name)
    try:
        os.chmod(staged, 0o644)  # mkstemp's 0600 would otherwise survive the rename
        if isinstance(data, bytes):
            staged.write_bytes(data)
        else:
            data(staged)
        os.replace(staged, path)
    finally:
        staged.unlink(missing_ok=True)


# what a staged sibling is for; `remove_leftovers` touches no other name (a user's own file may look alike)
STAGING_PURPOSES = ("saving", "copying", "staged", "replaced")


def staging_directory(target: Path, purpose: str) -> Path:
    """An empty sibling `.NAME.PURPOSE-PID` of `target` to write a replacement into (hidden,
    named after the pid, so that `remove_leftovers` knows whether its writer still runs)."""
    assert purpose in STAGING_PURPOSES, purpose
    staging = target.with_name(f".{target.name}.{purpose}-{os.getpid()}")
    shutil.rmtree(staging, ignore_errors=True)  # this process's own leftover from a failed attempt
    staging.mkdir(parents=True)
    return staging


def replace_directory(staging: Path, target: Path) -> Path:
    """Move the complete directory `staging` to `target`, then delete what `target` held.

    The caller decides whether `target` may be replaced. Between the two renames the old
    directory sits at `.NAME.replaced-PID` beside it, so a kill there loses nothing."""
    if target.exists():
        retired = target.with_name(f".{target.name}.replaced-{os.getpid()}")
        shutil.rmtree(retired, ignore_errors=True)
        target.rename(retired)
        staging.rename(target)
        shutil.rmtree(retired)
    else:
        staging.rename(target)
    return target


def remove_leftovers(target: Path, temp_prefix: str = ".") -> list[str]:
    """Clear what writers of `target` that no longer run left beside it: a killed
    `staging_directory` (`.NAME.PURPOSE-PID`) or `write_atomically` (`{temp_prefix}NAME.PID.*.partial`).
    A kill between `replace_directory`'s two renames leaves the old complete copy at
    `.NAME.replaced-PID` and no `target`: that copy is put back, not deleted. What a running
    process (by its pid) is writing is left alone. Returns what was put back, one line each."""
    target = Path(target)
    name = re.escape(target.name)
    staged = re.compile(rf"\.{name}\.({'|'.join(STAGING_PURPOSES)})-([0-9]+)")
    partial = re.compile(rf"{re.escape(temp_prefix)}{name}\.([0-9]+)\..*\.partial")
    try:
        entries = sorted(target.parent.iterdir())
    except FileNotFoundError:
        return []
    restored = []
    for entry in entries:
        if match := staged.fullmatch(entry.name):
            purpose, pid = match[1], int(match[2])
        elif match := partial.fullmatch(entry.name):
            purpose, pid = "partial", int(match[1])
        else:
            continue
        if process_running(pid):
            continue
        real_directory = entry.is_dir() and not entry.is_symlink()
        if purpose == "replaced" and real_directory and not os.path.lexists(target):
            entry.rename(target)
            restored.append(f"{target} was missing after a killed save; put back its previous copy from {entry.name}")
        elif real_directory:
            shutil.rmtree(entry, ignore_errors=True)  # ignoring, too, what another process clearing it removed first
        else:
            entry.unlink(missing_ok=True)
    return restored


def process_running(pid: int) -> bool:
    """Whether a process with this id runs on this machine. A pid reused by another process
    reads as running: its leftovers then wait for a later run, which is the safe side."""
    if pid <= 0:  # 0 and negatives name process groups, never one writer
        return False
    try:
        os.kill(pid, 0)
    except (ProcessLookupError, OverflowError):
        return False
    except PermissionError:  # another user's process
        return True
    return True
