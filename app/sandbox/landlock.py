"""Landlock: an unprivileged file-system and network view for the sandboxed child.

The child may read the Python standard library, the installed packages it imports from and
the system's shared libraries, and nothing else: not the app's code, the problem bank, the
reference implementations, the database, /etc or /proc. It may write nowhere, connect or
bind no TCP port, and (ABI 6+) send signals only within its own domain.

Packages are granted one by one: numpy, torch and what they require, as their installed
metadata lists them. A folder that holds packages (`site-packages`, `dist-packages`) is
never granted whole, wherever it sits (in a virtualenv, in the standard library's folder,
in /usr/lib or /usr/local/lib), so whatever else is installed there stays unreadable: the
app itself when installed without -e, the `__editable__` finder that names the app's
folders when installed with it, their .pth files and their metadata.

The ruleset is built once in the warm worker; each child only calls restrict_self.
"""

from __future__ import annotations

import csv
import ctypes
import importlib.metadata
import io
import os
import re
import site
import sys
import sysconfig
from pathlib import Path

_CREATE_RULESET, _ADD_RULE, _RESTRICT_SELF = 444, 445, 446  # same on x86_64 and aarch64
_CREATE_RULESET_VERSION = 1
_RULE_PATH_BENEATH = 1

ACCESS_FS_READ_FILE = 1 << 2
ACCESS_FS_READ_DIR = 1 << 3
_FS_BITS_BY_ABI = {1: 13, 2: 14, 3: 15, 5: 16}  # number of defined fs access bits
_FILE_ONLY = (1 << 0) | (1 << 1) | (1 << 2) | (1 << 14) | (1 << 15)
_NET_ALL = (1 << 0) | (1 << 1)  # BIND_TCP, CONNECT_TCP (ABI 4)
SCOPE_ABSTRACT_UNIX_SOCKET, SCOPE_SIGNAL = 1 << 0, 1 << 1  # ABI 6
# Our own packages: installed next to numpy and torch, but never readable by the child.
PRIVATE_NAMES = ("app", "graders", "reference_impl", "problems", "templates", "static")
# What a child imports lazily comes from these distributions and their requirements.
NEEDED_DISTRIBUTIONS = ("numpy", "torch")
_PACKAGE_FOLDERS = ("site-packages", "dist-packages")
# Shared libraries, plus the CPU description torch's cpuinfo reads lazily.
_SYSTEM_PATHS = (
    "/usr/lib",
    "/usr/lib64",
    "/lib",
    "/lib64",
    "/usr/local/lib",
    "/proc/cpuinfo",
    "/sys/devices/system/cpu",
)

_libc = ctypes.CDLL(None, use_errno=True)
_libc.syscall.restype = ctypes.c_long


class _RulesetAttr(ctypes.Structure):
    _fields_ = [("fs", ctypes.c_uint64), ("net", ctypes.c_uint64), ("scoped", ctypes.c_uint64)]


class _PathBeneath(ctypes.Structure):
    _pack_ = 1
    _fields_ = [("allowed_access", ctypes.c_uint64), ("parent_fd", ctypes.c_int32)]


def abi_version() -> int:
    """The kernel's Landlock ABI version, or 0 when Landlock is unavailable."""
    version = _libc.syscall(_CREATE_RULESET, None, ctypes.c_size_t(0), _CREATE_RULESET_VERSION)
    return max(0, int(version))


def _handled_fs(abi: int) -> int:
    bits = max(n for a, n in _FS_BITS_BY_ABI.items() if a <= abi)
    return (1 << bits) - 1


def _is_own(name: str) -> bool:
    """Whether a site-packages entry belongs to Shousi itself (code, finder, .pth, metadata)."""
    stem = name.split(".")[0].split("-")[0]
    return stem in PRIVATE_NAMES or name.startswith(("__editable__", "shousi"))


def _distribution_entries(dist: importlib.metadata.Distribution) -> set[Path]:
    """The top-level files and folders a distribution installed next to its metadata."""
    base = Path(str(dist.locate_file("")))
    record = dist.read_text("RECORD")
    if record is not None:
        files = [row[0] for row in csv.reader(io.StringIO(record)) if row]
    else:  # an egg-info install (a Debian package, say) has no RECORD
        files = (dist.read_text("top_level.txt") or "").split()
    # __pycache__ beside top-level modules is shared by every package there (the
    # __editable__ finder's bytecode too): only the files listed are granted.
    names = {f if f.startswith("__pycache__/") else f.split("/", 1)[0] for f in files}
    return {
        base / name
        for name in names
        if name and name != ".." and not name.endswith(".pth") and not _is_own(name)
    }


def package_entries(roots: tuple[str, ...] = NEEDED_DISTRIBUTIONS) -> set[Path]:
    """Top-level entries of `roots` and of every installed distribution they require.

    Requirements that only an extra asks for are left out; other markers are not
    evaluated, so a requirement of another platform is granted if it happens to be there.
    """
    seen: set[str] = set()
    todo = list(roots)
    entries: set[Path] = set()
    while todo:
        name = re.sub(r"[-_.]+", "-", todo.pop()).lower()
        if name in seen:
            continue
        seen.add(name)
        try:
            dist = importlib.metadata.distribution(name)
        except importlib.metadata.PackageNotFoundError:
            continue
        entries |= _distribution_entries(dist)
        for requirement in dist.requires or []:
            spec, _, marker = requirement.partition(";")
            found = re.match(r"\s*([A-Za-z0-9][A-Za-z0-9._-]*)", spec)
            if found and "extra" not in marker:
                todo.append(found.group(1))
    return entries


def _package_folders(granted: list[Path]) -> set[Path]:
    """Every folder that holds installed packages, for this interpreter and the system's."""
    named = {*site.getsitepackages(), site.getusersitepackages(), *sys.path}
    folders = {Path(d) for d in named if set(Path(d).parts) & set(_PACKAGE_FOLDERS)}
    for root in granted:  # <stdlib>/site-packages, /usr/lib/python3/dist-packages, ...
        for pattern in ("", "python*/"):
            folders |= {p for name in _PACKAGE_FOLDERS for p in root.glob(pattern + name)}
    return {folder.resolve() for folder in folders if folder.exists()}


def _carve(path: Path, hidden: set[Path]) -> list[Path]:
    """`path` as whole files and folders, leaving out everything at or below a hidden path."""
    try:
        path = path.resolve()
    except (OSError, RuntimeError):  # a symlink loop
        return []
    if not path.exists() or hidden.intersection({path, *path.parents}):
        return []
    if not any(path in h.parents for h in hidden):
        return [path]
    # A symlink among the entries is skipped: what it points to is granted where it lives,
    # or not at all, exactly as when the folder is granted whole.
    entries = sorted(entry for entry in path.iterdir() if not entry.is_symlink())
    return [part for entry in entries for part in _carve(entry, hidden)]


def readable_paths(private: list[Path]) -> list[Path]:
    """Files and folders the child may read: the standard library, the packages it needs
    and the system's libraries, each granted on its own.

    Nothing is granted at or below a `private` path (the app's code and content), even when
    a virtualenv lives inside the project folder, nor in a package folder beyond the
    needed packages' own entries.
    """
    stdlib = {Path(sysconfig.get_paths()[key]) for key in ("stdlib", "platstdlib")}
    roots = sorted({*stdlib, *map(Path, _SYSTEM_PATHS)})
    private_resolved = {p.resolve() for p in private}
    hidden = private_resolved | _package_folders([p for p in roots if p.is_dir()])
    paths = {part for root in roots for part in _carve(root, hidden)}
    paths |= {part for entry in package_entries() for part in _carve(entry, private_resolved)}
    return sorted(paths)


def build_ruleset(
    private: list[Path], *, signal_scope: bool = True, readable: list[Path] | None = None
) -> int:
    """Create the ruleset (once, in the warm worker) and return its file descriptor.

    `signal_scope=False` leaves signals unscoped, as on kernels before 6.12; only tests of
    the other layers want that. `readable` replaces `readable_paths(private)` (the problem
    host grants a problem's own folder too).
    """
    abi = abi_version()
    if abi < 1:
        raise OSError("Landlock is not available in this kernel")
    scoped = SCOPE_ABSTRACT_UNIX_SOCKET | (SCOPE_SIGNAL if signal_scope else 0)
    attr = _RulesetAttr(_handled_fs(abi), _NET_ALL if abi >= 4 else 0, scoped if abi >= 6 else 0)
    size = 24 if abi >= 6 else 16 if abi >= 4 else 8
    fd = _libc.syscall(_CREATE_RULESET, ctypes.byref(attr), ctypes.c_size_t(size), 0)
    if fd < 0:
        raise OSError(ctypes.get_errno(), "landlock_create_ruleset failed")
    for path in readable if readable is not None else readable_paths(private):
        access = ACCESS_FS_READ_FILE | ACCESS_FS_READ_DIR
        if not path.is_dir():
            access &= _FILE_ONLY
        path_fd = os.open(path, os.O_PATH | os.O_CLOEXEC)
        try:
            rule = _PathBeneath(access, path_fd)
            if _libc.syscall(_ADD_RULE, fd, _RULE_PATH_BENEATH, ctypes.byref(rule), 0) != 0:
                raise OSError(ctypes.get_errno(), f"landlock_add_rule failed for {path}")
        finally:
            os.close(path_fd)
    return fd


def restrict_self(ruleset_fd: int) -> None:
    """Enforce the ruleset on the calling process (needs no_new_privs); irreversible."""
    if _libc.prctl(38, 1, 0, 0, 0) != 0:  # PR_SET_NO_NEW_PRIVS
        raise OSError(ctypes.get_errno(), "prctl(PR_SET_NO_NEW_PRIVS) failed")
    if _libc.syscall(_RESTRICT_SELF, ruleset_fd, 0) != 0:
        raise OSError(ctypes.get_errno(), "landlock_restrict_self failed")
