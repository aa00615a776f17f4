"""An allow-list seccomp filter for the sandboxed child, written as classic BPF.

After the warm imports, numpy and torch need very few system calls: memory management,
reading already-reachable files, writing to inherited pipes, clocks and signals on itself.
Everything else (sockets, fork/clone/exec, ptrace, mounts, uid changes, opening a file for
writing, signals to other processes) fails with EPERM, which user code sees as an ordinary
PermissionError or OSError. A call from a foreign architecture kills the process.

`fcntl` and `ioctl` are allowed only for commands on an allow-list. The others include ways
to send a signal without `kill`: `F_SETOWN` to another pid, `F_SETSIG` SIGKILL and `O_ASYNC`
on a pipe shared with the worker make the kernel kill that pid whenever the worker reads
the pipe, and only a per-slot uid or Landlock's signal scope would stop it otherwise.
"""

from __future__ import annotations

import ctypes
import errno
import os
import platform
import struct

# Numbers from the kernel's syscall tables; tests check them against libseccomp.
SYSCALLS: dict[str, dict[str, int]] = {
    "x86_64": {
        "read": 0,
        "write": 1,
        "open": 2,
        "close": 3,
        "stat": 4,
        "fstat": 5,
        "lstat": 6,
        "poll": 7,
        "lseek": 8,
        "mmap": 9,
        "mprotect": 10,
        "munmap": 11,
        "brk": 12,
        "rt_sigaction": 13,
        "rt_sigprocmask": 14,
        "rt_sigreturn": 15,
        "ioctl": 16,
        "pread64": 17,
        "pwrite64": 18,
        "readv": 19,
        "writev": 20,
        "access": 21,
        "select": 23,
        "sched_yield": 24,
        "mremap": 25,
        "msync": 26,
        "mincore": 27,
        "madvise": 28,
        "dup": 32,
        "dup2": 33,
        "nanosleep": 35,
        "getpid": 39,
        "exit": 60,
        "kill": 62,
        "uname": 63,
        "fcntl": 72,
        "getcwd": 79,
        "readlink": 89,
        "gettimeofday": 96,
        "getrlimit": 97,
        "getrusage": 98,
        "sysinfo": 99,
        "times": 100,
        "getuid": 102,
        "getgid": 104,
        "geteuid": 107,
        "getegid": 108,
        "getppid": 110,
        "getgroups": 115,
        "getresuid": 118,
        "getresgid": 120,
        "sigaltstack": 131,
        "gettid": 186,
        "tkill": 200,
        "time": 201,
        "futex": 202,
        "sched_getaffinity": 204,
        "getdents64": 217,
        "clock_gettime": 228,
        "clock_getres": 229,
        "clock_nanosleep": 230,
        "exit_group": 231,
        "tgkill": 234,
        "openat": 257,
        "newfstatat": 262,
        "readlinkat": 267,
        "faccessat": 269,
        "pselect6": 270,
        "ppoll": 271,
        "set_robust_list": 273,
        "get_robust_list": 274,
        "dup3": 292,
        "prlimit64": 302,
        "getcpu": 309,
        "getrandom": 318,
        "statx": 332,
        "rseq": 334,
        "close_range": 436,
        "faccessat2": 439,
    },
    "aarch64": {
        "getcwd": 17,
        "dup": 23,
        "dup3": 24,
        "fcntl": 25,
        "ioctl": 29,
        "faccessat": 48,
        "openat": 56,
        "close": 57,
        "getdents64": 61,
        "lseek": 62,
        "read": 63,
        "write": 64,
        "readv": 65,
        "writev": 66,
        "pread64": 67,
        "pwrite64": 68,
        "pselect6": 72,
        "ppoll": 73,
        "readlinkat": 78,
        "newfstatat": 79,
        "fstat": 80,
        "exit": 93,
        "exit_group": 94,
        "futex": 98,
        "set_robust_list": 99,
        "get_robust_list": 100,
        "nanosleep": 101,
        "clock_gettime": 113,
        "clock_getres": 114,
        "clock_nanosleep": 115,
        "sched_getaffinity": 123,
        "sched_yield": 124,
        "kill": 129,
        "tkill": 130,
        "tgkill": 131,
        "sigaltstack": 132,
        "rt_sigaction": 134,
        "rt_sigprocmask": 135,
        "rt_sigreturn": 139,
        "getresuid": 148,
        "getresgid": 150,
        "times": 153,
        "getgroups": 158,
        "uname": 160,
        "getrlimit": 163,
        "getrusage": 165,
        "getcpu": 168,
        "gettimeofday": 169,
        "getpid": 172,
        "getppid": 173,
        "getuid": 174,
        "geteuid": 175,
        "getgid": 176,
        "getegid": 177,
        "gettid": 178,
        "sysinfo": 179,
        "brk": 214,
        "munmap": 215,
        "mremap": 216,
        "mmap": 222,
        "mprotect": 226,
        "msync": 227,
        "mincore": 232,
        "madvise": 233,
        "prlimit64": 261,
        "getrandom": 278,
        "statx": 291,
        "rseq": 293,
        "close_range": 436,
        "faccessat2": 439,
    },
}
AUDIT_ARCH = {"x86_64": 0xC000003E, "aarch64": 0xC00000B7}

# Allowed without conditions (where the architecture has the call at all).
ALLOWED = (
    "read",
    "write",
    "readv",
    "writev",
    "pread64",
    "pwrite64",
    "lseek",
    "close",
    "close_range",
    "fstat",
    "stat",
    "lstat",
    "newfstatat",
    "statx",
    "access",
    "faccessat",
    "faccessat2",
    "readlink",
    "readlinkat",
    "getdents64",
    "getcwd",
    "dup",
    "dup2",
    "dup3",
    "mmap",
    "munmap",
    "mprotect",
    "mremap",
    "madvise",
    "msync",
    "mincore",
    "brk",
    "futex",
    "set_robust_list",
    "get_robust_list",
    "rseq",
    "sched_yield",
    "sched_getaffinity",
    "getcpu",
    "getrandom",
    "clock_gettime",
    "clock_getres",
    "clock_nanosleep",
    "nanosleep",
    "gettimeofday",
    "time",
    "getpid",
    "gettid",
    "getppid",
    "getuid",
    "geteuid",
    "getgid",
    "getegid",
    "getgroups",
    "getresuid",
    "getresgid",
    "getrlimit",
    "getrusage",
    "times",
    "sysinfo",
    "uname",
    "rt_sigaction",
    "rt_sigprocmask",
    "rt_sigreturn",
    "sigaltstack",
    "poll",
    "ppoll",
    "select",
    "pselect6",
    "exit",
    "exit_group",
)
# Opening is allowed only read-only: no write access, no creation, no truncation.
_OPEN_WRITE_FLAGS = os.O_WRONLY | os.O_RDWR | os.O_CREAT | os.O_TRUNC | os.O_APPEND

# fcntl commands that neither signal nor notify: duplicating, descriptor and status flags,
# locks and queries; the numbers are the same on x86_64 and aarch64 (asm-generic). Refused
# among others: F_SETOWN (8), F_SETSIG (10), F_SETOWN_EX (15), F_SETLEASE (1024) and
# F_NOTIFY (1026). F_SETFL is allowed only without O_ASYNC. fcntl64 exists only in 32-bit
# ABIs, which the architecture check refuses.
FCNTL_ALLOWED = {
    "F_DUPFD": 0,
    "F_GETFD": 1,
    "F_SETFD": 2,
    "F_GETFL": 3,
    "F_GETLK": 5,
    "F_SETLK": 6,
    "F_SETLKW": 7,
    "F_GETOWN": 9,
    "F_GETSIG": 11,
    "F_GETOWN_EX": 16,
    "F_OFD_GETLK": 36,
    "F_OFD_SETLK": 37,
    "F_OFD_SETLKW": 38,
    "F_GETLEASE": 1025,
    "F_DUPFD_CLOEXEC": 1030,
    "F_GETPIPE_SZ": 1032,
    "F_GET_SEALS": 1034,
}
F_SETFL = 4
O_ASYNC = 0o20000  # FASYNC, the same on x86_64 and aarch64
# ioctl requests Python, numpy and torch make. Refused among others: TIOCSTI (inject input
# into a terminal), TIOCSCTTY, TIOCSPGRP, TIOCSIG, TIOCNOTTY, TIOCVHANGUP, TIOCLINUX,
# TIOCCONS, FIOASYNC, FIOSETOWN and SIOCSPGRP.
IOCTL_ALLOWED = {
    "TCGETS": 0x5401,  # isatty(), which open() asks of every file
    "TIOCGWINSZ": 0x5413,  # os.get_terminal_size()
    "FIONREAD": 0x541B,
    "FIONBIO": 0x5421,  # os.set_blocking()
    "FIONCLEX": 0x5450,
    "FIOCLEX": 0x5451,  # os.set_inheritable()
}

_LD_ABS = 0x20  # BPF_LD | BPF_W | BPF_ABS
_JEQ = 0x15  # BPF_JMP | BPF_JEQ | BPF_K
_JSET = 0x45  # BPF_JMP | BPF_JSET | BPF_K
_RET = 0x06  # BPF_RET | BPF_K
RET_ALLOW = 0x7FFF0000
RET_KILL_PROCESS = 0x80000000
RET_EPERM = 0x00050000 | errno.EPERM
_NR, _ARCH = 0, 4


_LITTLE_ENDIAN = struct.pack("=I", 1)[0] == 1


def _arg_low(index: int) -> int:
    """Offset of the low 32 bits of syscall argument `index` in struct seccomp_data."""
    return 16 + 8 * index + (0 if _LITTLE_ENDIAN else 4)


def _arg_high(index: int) -> int:
    """Offset of the high 32 bits of syscall argument `index`."""
    return 16 + 8 * index + (4 if _LITTLE_ENDIAN else 0)


def _insn(code: int, jt: int, jf: int, k: int) -> tuple[int, int, int, int]:
    return (code, jt, jf, k)


def _command_rule(
    nr: int, allowed: list[int], *, masked: tuple[int, int] | None = None
) -> list[tuple[int, int, int, int]]:
    """Allow syscall `nr` when its second argument (the command) is in `allowed`, or equals
    masked[0] with none of the bits masked[1] in the third argument; refuse it otherwise.

    Only the low 32 bits are compared: the kernel reads both as unsigned int.
    """
    body = [_insn(_LD_ABS, 0, 0, _arg_low(1))]
    for command in allowed:
        body += [_insn(_JEQ, 0, 1, command), _insn(_RET, 0, 0, RET_ALLOW)]
    if masked is not None:
        command, bits = masked
        body += [
            _insn(_JEQ, 0, 4, command),
            _insn(_LD_ABS, 0, 0, _arg_low(2)),
            _insn(_JSET, 0, 1, bits),
            _insn(_RET, 0, 0, RET_EPERM),
            _insn(_RET, 0, 0, RET_ALLOW),
        ]
    body.append(_insn(_RET, 0, 0, RET_EPERM))
    assert len(body) < 256, "a BPF jump reaches at most 255 instructions"
    return [_insn(_JEQ, 0, len(body), nr), *body]


def build_filter(arch: str, pid: int) -> list[tuple[int, int, int, int]]:
    """The filter program for `arch`, for a process whose pid is `pid`."""
    table = SYSCALLS[arch]
    prog = [
        _insn(_LD_ABS, 0, 0, _ARCH),
        _insn(_JEQ, 1, 0, AUDIT_ARCH[arch]),
        _insn(_RET, 0, 0, RET_KILL_PROCESS),
        _insn(_LD_ABS, 0, 0, _NR),
    ]
    for name in ALLOWED:
        if name in table:
            prog += [_insn(_JEQ, 0, 1, table[name]), _insn(_RET, 0, 0, RET_ALLOW)]
    # Signals only to itself: kill(-1), kill(0) or the parent's pid are refused.
    for name in ("kill", "tkill", "tgkill"):
        prog += [
            _insn(_JEQ, 0, 4, table[name]),
            _insn(_LD_ABS, 0, 0, _arg_low(0)),
            _insn(_JEQ, 0, 1, pid),
            _insn(_RET, 0, 0, RET_ALLOW),
            _insn(_RET, 0, 0, RET_EPERM),
        ]
    prog += _command_rule(table["fcntl"], list(FCNTL_ALLOWED.values()), masked=(F_SETFL, O_ASYNC))
    prog += _command_rule(table["ioctl"], list(IOCTL_ALLOWED.values()))
    for name, flags_arg in (("openat", 2), ("open", 1)):
        if name in table:
            prog += [
                _insn(_JEQ, 0, 4, table[name]),
                _insn(_LD_ABS, 0, 0, _arg_low(flags_arg)),
                _insn(_JSET, 1, 0, _OPEN_WRITE_FLAGS),
                _insn(_RET, 0, 0, RET_ALLOW),
                _insn(_RET, 0, 0, RET_EPERM),
            ]
    # prlimit64 may read limits (new_limit == NULL) but never change them.
    prog += [
        _insn(_JEQ, 0, 6, table["prlimit64"]),
        _insn(_LD_ABS, 0, 0, _arg_low(2)),
        _insn(_JEQ, 0, 3, 0),
        _insn(_LD_ABS, 0, 0, _arg_high(2)),
        _insn(_JEQ, 0, 1, 0),
        _insn(_RET, 0, 0, RET_ALLOW),
        _insn(_RET, 0, 0, RET_EPERM),
    ]
    prog.append(_insn(_RET, 0, 0, RET_EPERM))
    return prog


def machine_arch() -> str | None:
    """'x86_64' or 'aarch64' when the filter supports this machine, else None."""
    arch = platform.machine()
    return {"amd64": "x86_64", "arm64": "aarch64"}.get(arch, arch) if arch else None


class _SockFprog(ctypes.Structure):
    _fields_ = [("len", ctypes.c_ushort), ("filter", ctypes.c_void_p)]


PR_SET_NO_NEW_PRIVS = 38
PR_SET_SECCOMP = 22
SECCOMP_MODE_FILTER = 2


def install(arch: str) -> None:
    """Set no_new_privs and load the filter into the calling process (irreversible)."""
    prog = build_filter(arch, os.getpid())
    raw = b"".join(struct.pack("HBBI", *insn) for insn in prog)
    buffer = ctypes.create_string_buffer(raw, len(raw))
    fprog = _SockFprog(len(prog), ctypes.addressof(buffer))
    libc = ctypes.CDLL(None, use_errno=True)
    if libc.prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0:
        raise OSError(ctypes.get_errno(), "prctl(PR_SET_NO_NEW_PRIVS) failed")
    if libc.prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, ctypes.byref(fprog), 0, 0) != 0:
        raise OSError(ctypes.get_errno(), "prctl(PR_SET_SECCOMP) failed")
