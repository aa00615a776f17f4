"""Landlock: an unprivileged file-system and network view for the sandboxed child.

The child may read the Python standard library, the installed packages it imports from and
the system's shared libraries, and nothing else: not the app's code, the problem bank, the
reference implementations, the database, /etc or /proc. It may write nowhere, connect or
bind no TCP port, and (ABI 6+) send signals only within its own domain.

The ruleset is built once in the warm worker; each child only calls restrict_self.
"""

from __future__ import annotations

import ctypes
import os
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
_SCOPE_ALL = (1 << 0) | (1 << 1)  # ABSTRACT_UNIX_SOCKET, SIGNAL (ABI 6)
# Our own packages: installed next to numpy and torch, but never readable by the child.
_PRIVATE_NAMES = ("app", "graders", "reference_impl", "problems", "templates", "static")

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


def readable_paths(private: list[Path]) -> list[Path]:
    """Directories and files the child may read: stdlib, site-packages entries, system libs.

    Nothing is granted at or below a `private` path (the app's code and content), even when
    a virtualenv lives inside the project folder.
    """
    paths: set[Path] = set()
    for key in ("stdlib", "platstdlib"):
        paths.add(Path(sysconfig.get_paths()[key]))
    for directory in {*site.getsitepackages(), site.getusersitepackages(), *sys.path}:
        folder = Path(directory)
        if not folder.is_dir() or "site-packages" not in folder.parts:
            continue
        for entry in folder.iterdir():
            name = entry.name.split(".")[0].split("-")[0]
            if name in _PRIVATE_NAMES or entry.name.startswith(("__editable__", "shousi")):
                continue
            paths.add(entry)
    # Shared libraries, plus the CPU description torch's cpuinfo reads lazily.
    for system in (
        "/usr/lib",
        "/usr/lib64",
        "/lib",
        "/lib64",
        "/usr/local/lib",
        "/proc/cpuinfo",
        "/sys/devices/system/cpu",
    ):
        paths.add(Path(system))
    hidden = {p.resolve() for p in private}
    return sorted(
        p
        for p in paths
        if p.exists() and not hidden.intersection({p.resolve(), *p.resolve().parents})
    )


def build_ruleset(private: list[Path]) -> int:
    """Create the ruleset (once, in the warm worker) and return its file descriptor."""
    abi = abi_version()
    if abi < 1:
        raise OSError("Landlock is not available in this kernel")
    attr = _RulesetAttr(
        _handled_fs(abi), _NET_ALL if abi >= 4 else 0, _SCOPE_ALL if abi >= 6 else 0
    )
    size = 24 if abi >= 6 else 16 if abi >= 4 else 8
    fd = _libc.syscall(_CREATE_RULESET, ctypes.byref(attr), ctypes.c_size_t(size), 0)
    if fd < 0:
        raise OSError(ctypes.get_errno(), "landlock_create_ruleset failed")
    for path in readable_paths(private):
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
