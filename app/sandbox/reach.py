"""Let a slot's unprivileged uid reach the libraries its child imports, wherever they live.

A clone in a folder other users cannot enter (`mktemp -d`, `/root`, a 0700 home) holds the
virtualenv, so a child running as a slot uid could not import anything lazily
(`import numpy.testing`). Instead of changing the host's folders, the warm worker (root) gets
its own mount namespace and covers each such folder with a small tmpfs of mode 0755 that
holds only the entries on the way to what the child needs, bind-mounted from the original.
Landlock still decides what the child may read; this only restores the Unix permission to
walk the path.
"""

from __future__ import annotations

import ctypes
import os
import stat
from pathlib import Path

CLONE_NEWNS = 0x00020000
MS_NOSUID, MS_NODEV, MS_BIND, MS_REC, MS_PRIVATE = 2, 4, 4096, 16384, 1 << 18
_libc = ctypes.CDLL(None, use_errno=True)


class UnreachableError(OSError):
    """A path the slot uid needs and cannot read, even after the worker's remedy."""


def _allows(info: os.stat_result, uid: int, bits: int) -> bool:
    """Whether `uid` (whose only group is gid == uid) has `bits` (a mask of rwx as 0o7)."""
    if info.st_uid == uid:
        return info.st_mode & (bits << 6) == bits << 6
    if info.st_gid == uid:
        return info.st_mode & (bits << 3) == bits << 3
    return info.st_mode & bits == bits


def blocked_folders(paths: list[Path], uid: int) -> list[Path]:
    """Folders on the way to `paths` (or among them) that `uid` may not search, top-down."""
    blocked: set[Path] = set()
    for path in paths:
        for folder in [*reversed(path.parents), path]:
            if folder.is_dir() and not _allows(os.stat(folder), uid, 0o1):
                blocked.add(folder)
    return sorted(blocked, key=lambda p: len(p.parts))


def unreadable(paths: list[Path], uid: int) -> list[Path]:
    """Paths `uid` cannot reach or read (a folder also needs search permission)."""
    bad = []
    for path in paths:
        if blocked_folders([path.parent], uid) if path.parent != path else False:
            bad.append(path)
            continue
        info = os.stat(path)
        need = 0o5 if stat.S_ISDIR(info.st_mode) else 0o4
        if not _allows(info, uid, need):
            bad.append(path)
    return bad


def _mount(source: str | None, target: Path, fstype: str | None, flags: int, data: str) -> None:
    encoded = [None if v is None else v.encode() for v in (source, str(target), fstype, data)]
    if _libc.mount(*encoded[:3], ctypes.c_ulong(flags), encoded[3]) != 0:
        errno = ctypes.get_errno()
        raise OSError(errno, f"mount {source or fstype} on {target}: {os.strerror(errno)}")


def grant(paths: list[Path], uid: int) -> list[Path]:
    """Make every path in `paths` walkable for `uid` in this process's mount namespace.

    Returns the folders that were covered (none when nothing was blocked, and then the
    namespace is left alone). Needs root.
    """
    paths = [p.resolve() for p in paths if p.exists()]
    blocked = blocked_folders(paths, uid)
    if not blocked:
        return []
    if _libc.unshare(CLONE_NEWNS) != 0:
        errno = ctypes.get_errno()
        raise OSError(errno, f"unshare(CLONE_NEWNS): {os.strerror(errno)}")
    _mount(None, Path("/"), None, MS_REC | MS_PRIVATE, "")  # nothing leaks to the host
    needed = set(paths)
    for folder in blocked:
        # A needed folder keeps all its entries; an ancestor only those on the way down.
        if folder in needed:
            keep = sorted(entry.name for entry in folder.iterdir())
        else:
            keep = sorted({p.relative_to(folder).parts[0] for p in needed if folder in p.parents})
        handles = {name: os.open(folder / name, os.O_PATH | os.O_CLOEXEC) for name in keep}
        try:
            _mount("tmpfs", folder, "tmpfs", MS_NOSUID | MS_NODEV, "mode=0755,size=64k")
            for name, fd in handles.items():
                target = folder / name
                if stat.S_ISDIR(os.fstat(fd).st_mode):
                    target.mkdir()
                else:
                    target.touch()
                _mount(f"/proc/self/fd/{fd}", target, None, MS_BIND | MS_REC, "")
        finally:
            for fd in handles.values():
                os.close(fd)
    still = unreadable(paths, uid)
    if still:
        raise UnreachableError(
            f"the sandbox's uid {uid} cannot read {still[0]}, even through the worker's own "
            f"mount namespace; make it readable by other users: chmod o+rX {still[0]}"
        )
    return blocked
