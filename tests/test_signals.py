"""No signal leaves the child through fcntl or ioctl, even with the uid layer and Landlock's
signal scope switched off (a container on a kernel before 6.12).

The filter is checked three ways: its program, evaluated here instruction by instruction
for both architectures; the real kernel refusing the calls in a forked child; and, under
scripts/contained, the attack itself against a bystander and through a real pool.
"""

from __future__ import annotations

import errno
import fcntl
import json
import os
import signal
import struct
import subprocess
import termios
import time
from collections.abc import Callable, Iterator

import pytest

from app.bank import Bank
from app.judge.grade import grade_submission
from app.sandbox import landlock, seccomp
from app.sandbox.build import SandboxUnavailable, build_pool
from app.sandbox.hostile import bystander_process, check_one, corpus
from app.sandbox.pool import SandboxPool
from app.settings import Settings
from tests.conftest import ROOT, TEST_LIMITS, solution

F_SETSIG, F_SETOWN_EX, F_SETLEASE, F_NOTIFY, F_SETPIPE_SZ = 10, 15, 1024, 1026, 1031
FIOSETOWN, SIOCSPGRP, TIOCSIG = 0x8901, 0x8902, 0x40045436
REFUSED_FCNTL = [fcntl.F_SETOWN, F_SETSIG, F_SETOWN_EX, F_SETLEASE, F_NOTIFY, F_SETPIPE_SZ]
REFUSED_IOCTL = [
    termios.TIOCSTI,
    termios.TIOCSCTTY,
    termios.TIOCSPGRP,
    termios.TIOCNOTTY,
    termios.TIOCCONS,
    termios.TIOCLINUX,
    termios.FIOASYNC,
    FIOSETOWN,
    SIOCSPGRP,
    TIOCSIG,
    0x5437,  # TIOCVHANGUP
]
ARCHES = sorted(seccomp.SYSCALLS)


def run_filter(arch: str, name: str, *args: int, pid: int = 1234, caller: str = "") -> int:
    """What the filter for `arch` returns for syscall `name` with `args`, made from the
    `caller` architecture (the same by default), by a classic-BPF interpreter."""
    program = seccomp.build_filter(arch, pid)
    padded = [a & (2**64 - 1) for a in (*args, *[0] * (6 - len(args)))]
    audit = seccomp.AUDIT_ARCH[caller or arch]
    # struct seccomp_data: int nr, u32 arch, u64 instruction_pointer, u64 args[6]
    data = struct.pack("=iIQ6Q", seccomp.SYSCALLS[arch][name], audit, 0, *padded)
    acc, pc = 0, 0
    while True:
        code, jt, jf, k = program[pc]
        if code == 0x20:  # BPF_LD | BPF_W | BPF_ABS
            acc, pc = struct.unpack_from("=I", data, k)[0], pc + 1
        elif code == 0x15:  # BPF_JEQ
            pc += 1 + (jt if acc == k else jf)
        elif code == 0x45:  # BPF_JSET
            pc += 1 + (jt if acc & k else jf)
        elif code == 0x06:  # BPF_RET
            return k
        else:
            raise AssertionError(f"instruction {code:#x} is not interpreted here")


def test_the_filter_uses_the_kernels_numbers() -> None:
    assert seccomp.O_ASYNC == os.O_ASYNC and seccomp.F_SETFL == fcntl.F_SETFL
    for name, number in seccomp.FCNTL_ALLOWED.items():
        assert getattr(fcntl, name, number) == number, name
    for name, number in seccomp.IOCTL_ALLOWED.items():
        assert getattr(termios, name) == number, name
    assert fcntl.F_SETSIG == F_SETSIG


@pytest.mark.parametrize("arch", ARCHES)
def test_fcntl_that_could_signal_is_refused(arch: str) -> None:
    for command in REFUSED_FCNTL:
        assert run_filter(arch, "fcntl", 1, command, 4321) == seccomp.RET_EPERM, command
        # The kernel reads the command as an unsigned int: high bits change nothing.
        assert run_filter(arch, "fcntl", 1, command | 1 << 40, 1) == seccomp.RET_EPERM
    for flags in (os.O_ASYNC, os.O_ASYNC | os.O_NONBLOCK, os.O_ASYNC | os.O_APPEND | 1 << 33):
        assert run_filter(arch, "fcntl", 1, fcntl.F_SETFL, flags) == seccomp.RET_EPERM


@pytest.mark.parametrize("arch", ARCHES)
def test_fcntl_that_python_needs_is_allowed(arch: str) -> None:
    for command in seccomp.FCNTL_ALLOWED.values():
        assert run_filter(arch, "fcntl", 1, command, 0) == seccomp.RET_ALLOW, command
    for flags in (0, os.O_NONBLOCK, os.O_NONBLOCK | os.O_APPEND):
        assert run_filter(arch, "fcntl", 1, fcntl.F_SETFL, flags) == seccomp.RET_ALLOW


@pytest.mark.parametrize("arch", ARCHES)
def test_ioctl_is_allowed_only_for_what_python_needs(arch: str) -> None:
    for request in seccomp.IOCTL_ALLOWED.values():
        assert run_filter(arch, "ioctl", 0, request, 0) == seccomp.RET_ALLOW, hex(request)
    for request in REFUSED_IOCTL:
        assert run_filter(arch, "ioctl", 0, request, 0) == seccomp.RET_EPERM, hex(request)
        assert run_filter(arch, "ioctl", 0, request | 1 << 36, 0) == seccomp.RET_EPERM


@pytest.mark.parametrize("arch", ARCHES)
def test_the_other_rules_are_unchanged(arch: str) -> None:
    assert run_filter(arch, "read", 0, 0, 0) == seccomp.RET_ALLOW
    assert run_filter(arch, "kill", 1234, signal.SIGTERM, pid=1234) == seccomp.RET_ALLOW
    assert run_filter(arch, "kill", 1, signal.SIGKILL, pid=1234) == seccomp.RET_EPERM
    assert run_filter(arch, "openat", 0, 0, os.O_WRONLY) == seccomp.RET_EPERM
    other = "aarch64" if arch == "x86_64" else "x86_64"
    assert run_filter(arch, "read", 0, caller=other) == seccomp.RET_KILL_PROCESS


def _errors_under_the_filter(calls: list[Callable[[int], object]]) -> list[int]:
    """Run each call on a pipe's write end in a forked child under the filter: errnos."""
    arch = seccomp.machine_arch()
    if arch not in seccomp.SYSCALLS:
        pytest.skip(f"no filter for {arch}")
    report_r, report_w = os.pipe()
    pipe_r, pipe_w = os.pipe()
    pid = os.fork()
    if pid == 0:  # pragma: no cover - the child
        try:
            seccomp.install(arch)
            found = []
            for call in calls:
                try:
                    call(pipe_w)
                    found.append(0)
                except OSError as exc:
                    found.append(exc.errno)
            os.write(report_w, json.dumps(found).encode())
        finally:
            os._exit(0)
    os.close(report_w)
    with os.fdopen(report_r, "rb") as report:
        raw = report.read()
    os.waitpid(pid, 0)
    os.close(pipe_r)
    os.close(pipe_w)
    return json.loads(raw)


def test_the_kernel_refuses_what_the_program_refuses() -> None:
    me = os.getpid()  # nothing here could reach another process, even if it were allowed
    refused = [
        lambda fd: fcntl.fcntl(fd, fcntl.F_SETOWN, me),
        lambda fd: fcntl.fcntl(fd, F_SETSIG, signal.SIGUSR1),
        lambda fd: fcntl.fcntl(fd, F_SETOWN_EX, struct.pack("ii", 1, me)),
        lambda fd: fcntl.fcntl(fd, fcntl.F_SETFL, fcntl.fcntl(fd, fcntl.F_GETFL) | os.O_ASYNC),
        lambda fd: fcntl.ioctl(fd, termios.FIOASYNC, struct.pack("i", 1)),
        lambda fd: fcntl.ioctl(fd, FIOSETOWN, struct.pack("i", me)),
        lambda fd: fcntl.ioctl(fd, termios.TIOCSTI, b"x"),
        lambda fd: fcntl.ioctl(fd, termios.TIOCSCTTY, 0),
    ]
    allowed = [
        lambda fd: fcntl.fcntl(fd, fcntl.F_GETFL),
        lambda fd: os.set_blocking(fd, False),
        lambda fd: os.set_inheritable(fd, True),
        lambda fd: os.close(fcntl.fcntl(fd, fcntl.F_DUPFD_CLOEXEC, 0)),
        lambda fd: fcntl.ioctl(fd, termios.FIONREAD, struct.pack("i", 0)),
        lambda fd: os.isatty(fd) and None,
    ]
    got = _errors_under_the_filter(refused + allowed)
    assert got[: len(refused)] == [errno.EPERM] * len(refused)
    assert got[len(refused) :] == [0] * len(allowed)


def test_sandbox_disable_names_only_what_may_be_switched_off() -> None:
    with pytest.raises(SandboxUnavailable, match="SHOUSI_SANDBOX_DISABLE"):
        build_pool(Settings(sandbox_disable=["seccomp"]))
    layers = build_pool(Settings(sandbox_disable=["uid", "landlock_signal_scope"])).layers
    assert "uid" not in layers.active and not layers.plan.landlock_signal_scope
    if layers.details["landlock"].startswith("ok (ABI") and landlock.abi_version() >= 6:
        assert layers.details["landlock"].endswith("; signal scope disabled by settings")
    assert build_pool(Settings()).layers.plan.landlock_signal_scope == (
        "landlock" in layers.active and landlock.abi_version() >= 6
    )
    with pytest.raises(SandboxUnavailable, match="uid"):
        build_pool(Settings(sandbox_disable=["uid"], sandbox_required=["uid"]))


# --- contained: these send SIGKILL for real ---------------------------------------------


def _attack(target: int, *, filtered: bool) -> int:
    """Aim F_SETSIG SIGKILL at `target` through a pipe this process reads; the child's errno."""
    data_r, data_w = os.pipe()
    ready_r, ready_w = os.pipe()
    hold_r, hold_w = os.pipe()
    pid = os.fork()
    if pid == 0:  # pragma: no cover - the child
        for fd in (data_r, ready_r, hold_w):
            os.close(fd)
        code = 0
        try:
            if filtered:
                seccomp.install(seccomp.machine_arch())
            fcntl.fcntl(data_w, fcntl.F_SETOWN, target)
            fcntl.fcntl(data_w, F_SETSIG, signal.SIGKILL)
            fcntl.fcntl(data_w, fcntl.F_SETFL, fcntl.fcntl(data_w, fcntl.F_GETFL) | os.O_ASYNC)
            os.write(data_w, b"x")
        except OSError as exc:
            code = exc.errno
        os.write(ready_w, bytes([code]))
        os.read(hold_r, 1)  # stay alive (and the owner) while the parent reads
        os._exit(0)
    for fd in (data_w, ready_w, hold_r):
        os.close(fd)
    code = os.read(ready_r, 1)[0]
    if code == 0:
        os.read(data_r, 1)  # room in the pipe again: the kernel signals the writer's owner
    os.close(hold_w)
    os.waitpid(pid, 0)
    for fd in (data_r, ready_r):
        os.close(fd)
    return code


@pytest.mark.hostile
def test_the_pipe_signal_kills_a_bystander_without_the_filter_and_not_with_it() -> None:
    for filtered, dies in ((False, True), (True, False)):
        bystander = subprocess.Popen(["sleep", "1000"])
        try:
            code = _attack(bystander.pid, filtered=filtered)
            time.sleep(0.2)
            assert (bystander.poll() == -signal.SIGKILL) is dies, (filtered, code)
            assert code == (errno.EPERM if filtered else 0)
        finally:
            bystander.kill()
            bystander.wait()


@pytest.fixture(scope="module")
def exposed_pool(tmp_path_factory: pytest.TempPathFactory) -> Iterator[SandboxPool]:
    """Two workers without the per-slot uid and Landlock's signal scope: only seccomp left
    between a child and the processes of its own uid (the bystander, the worker, us)."""
    workdir_root = tmp_path_factory.mktemp("exposed")
    saved = os.environ.get("TMPDIR")
    os.environ["TMPDIR"] = str(workdir_root)
    settings = Settings(sandbox_disable=["uid", "landlock_signal_scope"], **TEST_LIMITS)
    pool = build_pool(settings, size=2, first_slot=200)
    pool.start()
    pool.workdir_root = workdir_root
    pool.baseline = {p for p in workdir_root.iterdir() if not p.name.startswith("shousi-")}
    yield pool
    pool.close()
    if saved is None:
        os.environ.pop("TMPDIR", None)
    else:
        os.environ["TMPDIR"] = saved


@pytest.mark.hostile
def test_signal_attacks_are_contained_with_uid_and_signal_scope_off(
    bank: Bank, exposed_pool: SandboxPool
) -> None:
    layers = exposed_pool.layers
    assert "uid" not in layers.active and "seccomp" in layers.active
    assert not layers.plan.landlock_signal_scope
    problem = bank.get("softmax")
    workers = sorted(exposed_pool.worker_pids())
    with bystander_process() as bystander:
        attacks = [
            h
            for h in corpus(root=ROOT, secret="s", port=0, bystander=bystander)
            if h.name.startswith("signal via")
        ]
        assert len(attacks) >= 6
        for hostile in attacks:
            row = check_one(
                hostile,
                grade=lambda code, problem_id="softmax": grade_submission(
                    problem=bank.get(problem_id), code=code, mode="submit", pool=exposed_pool
                ),
                pool=exposed_pool,
                workdir_root=exposed_pool.workdir_root,
                baseline=exposed_pool.baseline,
                wall_limit=TEST_LIMITS["wall_seconds"],
            )
            assert row.ok, (hostile.name, row.got, row.problem)
            assert os.waitpid(bystander, os.WNOHANG) == (0, 0), hostile.name
            assert sorted(exposed_pool.worker_pids()) == workers, hostile.name
    after = grade_submission(
        problem=problem, code=solution("softmax"), mode="run", pool=exposed_pool
    )
    assert after.accepted and sorted(exposed_pool.worker_pids()) == workers
