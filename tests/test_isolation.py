"""Every planned isolation layer is really in force on the armed children."""

import os
import time
from pathlib import Path

import pytest

from app.sandbox import seccomp
from app.sandbox.isolation import UID_BASE, probe
from app.sandbox.pool import SandboxPool
from tests.conftest import ROOT


def _armed_children(pool: SandboxPool) -> list[int]:
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        children = [
            int(child)
            for worker in pool.worker_pids()
            for child in Path(f"/proc/{worker}/task/{worker}/children").read_text().split()
        ]
        if len(children) == pool.size:
            return children
        time.sleep(0.05)
    raise AssertionError("the workers did not arm their children")


def _status(pid: int) -> dict[str, str]:
    lines = Path(f"/proc/{pid}/status").read_text().splitlines()
    return dict(line.split(":\t", 1) for line in lines if ":\t" in line)


def test_probe_reports_every_layer_with_a_reason() -> None:
    report = probe().to_dict()
    assert set(report) == {"rlimits", "netns", "uid", "landlock", "seccomp", "cgroup"}
    assert report["rlimits"]["active"]
    assert all(state["detail"] for state in report.values())


def test_armed_children_carry_the_planned_layers(pool: SandboxPool) -> None:
    active = pool.layers.active
    for pid in _armed_children(pool):
        status = _status(pid)
        if "seccomp" in active:
            assert status["Seccomp"].strip() == "2" and status["NoNewPrivs"].strip() == "1"
        if "uid" in active:
            uid = int(status["Uid"].split()[0])
            assert UID_BASE <= uid < UID_BASE + pool.size
        if "netns" in active:
            assert os.readlink(f"/proc/{pid}/ns/net") != os.readlink("/proc/self/ns/net")
        limits = Path(f"/proc/{pid}/limits").read_text()
        assert "Max core file size        0" in limits
        assert os.getsid(pid) == pid  # its own session: killing its group kills only it


def test_seccomp_tables_match_libseccomp() -> None:
    import ctypes

    try:
        libseccomp = ctypes.CDLL("libseccomp.so.2")
    except OSError:
        pytest.fail("libseccomp.so.2 (Debian's libseccomp2) is needed to check the tables")
    resolve = libseccomp.seccomp_syscall_resolve_name_arch
    resolve.argtypes = [ctypes.c_uint32, ctypes.c_char_p]
    for arch, table in seccomp.SYSCALLS.items():
        for name, number in table.items():
            assert resolve(seccomp.AUDIT_ARCH[arch], name.encode()) == number, (arch, name)


def test_filter_program_is_a_valid_length() -> None:
    for arch in seccomp.SYSCALLS:
        program = seccomp.build_filter(arch, pid=1234)
        assert 0 < len(program) < 4096  # the kernel's BPF_MAXINSNS
        assert program[-1] == (0x06, 0, 0, seccomp.RET_EPERM)


def _contained_cgroups() -> set[Path]:
    return {
        path
        for root in (Path("/sys/fs/cgroup"),)
        if root.is_dir()
        for path in root.rglob("shousi-contained-*")
        if path.is_dir()
    }


def test_scripts_contained_runs_the_command_and_removes_its_cgroups() -> None:
    import subprocess

    before = _contained_cgroups()
    run = subprocess.run(
        ["bash", str(ROOT / "scripts" / "contained"), "sh", "-c", "echo inside; exit 3"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert run.returncode == 3 and run.stdout.strip() == "inside"
    assert "contained:" in run.stderr
    # A cgroup left behind per run used to pile up (the shell was still inside it).
    assert _contained_cgroups() <= before
