"""Every isolation layer of the sandboxed child, and a probe of which ones this host allows.

Layers, applied in this order in a freshly forked child before any user code runs:

- ``rlimits``  own session; CPU, address space, no core, file size 0, open files;
               a fresh empty cwd and a scrubbed environment (always).
- ``netns``    a new, empty network namespace, entered once by the worker, so every child
               is born in it (needs CAP_SYS_ADMIN).
- ``uid``      a distinct unprivileged uid/gid per worker slot (needs root).
- ``landlock`` read-only view of the stdlib and installed packages only; no writes, no TCP,
               no signals outside the child (Linux 5.13+; signals from 6.12, ABI 6).
- ``seccomp``  allow-list syscall filter with no_new_privs (x86_64 and aarch64).

The probe says which layers work here; the plan it yields is what every child applies,
and a child that fails to apply a planned layer exits instead of running weaker.
"""

from __future__ import annotations

import ctypes
import json
import os
import resource
from dataclasses import asdict, dataclass, field

from app.limits import SandboxLimits
from app.sandbox import landlock, seccomp

LAYERS = ("rlimits", "netns", "uid", "landlock", "seccomp", "cgroup")
# What SHOUSI_SANDBOX_DISABLE may switch off, so that tests can show the other layers hold
# alone: the per-slot uid (as in a container, where the server is not root) and Landlock's
# signal scope (as on a kernel before 6.12).
DISABLEABLE = ("uid", "landlock_signal_scope")
UID_BASE = 61000
CLONE_NEWNET = 0x40000000
_KEPT_ENV = {"PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "HOME": "/nonexistent"}
_THREAD_ENV = ("OMP_NUM_THREADS", "MKL_NUM_THREADS", "OPENBLAS_NUM_THREADS")
_libc = ctypes.CDLL(None, use_errno=True)


@dataclass(frozen=True)
class Plan:
    """Which optional layers every child applies."""

    netns: bool = False
    uid: bool = False
    landlock: bool = False
    landlock_signal_scope: bool = False
    seccomp_arch: str | None = None

    def to_dict(self) -> dict:
        """Plain dict, for the worker's command line."""
        return asdict(self)


@dataclass
class LayerReport:
    """What the probe found: active layers and, for the others, why not."""

    plan: Plan
    details: dict[str, str] = field(default_factory=dict)

    @property
    def active(self) -> list[str]:
        """Names of the layers every child gets."""
        on = {
            "rlimits": True,
            "netns": self.plan.netns,
            "uid": self.plan.uid,
            "landlock": self.plan.landlock,
            "seccomp": self.plan.seccomp_arch is not None,
            "cgroup": False,
        }
        return [name for name in LAYERS if on[name]]

    def to_dict(self) -> dict:
        """For /healthz and the start-up log."""
        return {
            name: {"active": name in self.active, "detail": self.details.get(name, "")}
            for name in LAYERS
        }


def slot_uid(slot: int) -> int:
    """The unprivileged uid (and gid) of a worker slot."""
    return UID_BASE + slot


def enter_empty_network_namespace() -> None:
    """Move the calling process into a new network namespace with no usable interface.

    The warm worker does this once at start-up, so every child it forks is born without
    network (creating a namespace per child would cost ~2 ms of kernel time each).
    """
    _unshare_net()


def _unshare_net() -> None:
    if _libc.unshare(CLONE_NEWNET) != 0:
        raise OSError(ctypes.get_errno(), "unshare(CLONE_NEWNET) failed")


def apply(
    *, plan: Plan, limits: SandboxLimits, workdir: str, slot: int, ruleset_fd: int | None
) -> None:
    """Apply every planned layer to the calling (freshly forked) process."""
    os.setsid()
    os.chdir(workdir)
    cpu = max(1, int(limits.cpu_seconds + 0.999))
    resource.setrlimit(resource.RLIMIT_CPU, (cpu, cpu + 1))
    with open("/proc/self/statm") as statm:  # the warm worker's mappings are already large
        vm_size = int(statm.read().split()[0]) * os.sysconf("SC_PAGE_SIZE")
    address_space = vm_size + limits.memory_bytes
    resource.setrlimit(resource.RLIMIT_AS, (address_space, address_space))
    resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
    resource.setrlimit(resource.RLIMIT_FSIZE, (0, 0))
    resource.setrlimit(resource.RLIMIT_NOFILE, (limits.open_files, limits.open_files))
    os.environ.clear()
    os.environ.update(_KEPT_ENV)
    os.environ.update({name: "1" for name in _THREAD_ENV})
    if plan.uid:
        uid = slot_uid(slot)
        os.setgroups([])
        os.setresgid(uid, uid, uid)
        os.setresuid(uid, uid, uid)
        resource.setrlimit(resource.RLIMIT_NPROC, (1, 1))
    if plan.landlock:
        assert ruleset_fd is not None
        landlock.restrict_self(ruleset_fd)
    if plan.seccomp_arch:
        seccomp.install(plan.seccomp_arch)  # last: it forbids the calls made above


def _probe_child(write_fd: int) -> None:
    results: dict[str, str] = {}
    try:
        _unshare_net()
        results["netns"] = "ok"
    except OSError as exc:
        results["netns"] = f"unavailable: {exc.strerror or exc}"
    if os.geteuid() == 0:
        try:
            os.setgroups([])
            os.setresgid(slot_uid(0), slot_uid(0), slot_uid(0))
            os.setresuid(slot_uid(0), slot_uid(0), slot_uid(0))
            results["uid"] = "ok"
        except OSError as exc:
            results["uid"] = f"unavailable: {exc.strerror or exc}"
    else:
        results["uid"] = "unavailable: the server does not run as root"
    abi = landlock.abi_version()
    results["landlock"] = f"ok (ABI {abi})" if abi else "unavailable: kernel has no Landlock"
    arch = seccomp.machine_arch()
    if arch in seccomp.SYSCALLS:
        try:
            seccomp.install(arch)
            results["seccomp"] = f"ok ({arch})"
        except OSError as exc:
            results["seccomp"] = f"unavailable: {exc.strerror or exc}"
    else:
        results["seccomp"] = f"unavailable: no filter for architecture {arch!r}"
    os.write(write_fd, json.dumps(results).encode())


def probe(
    *, want_netns: bool = True, want_uid: bool = True, want_signal_scope: bool = True
) -> LayerReport:
    """Find out, in a throw-away child, which layers this host allows."""
    read_fd, write_fd = os.pipe()
    pid = os.fork()
    if pid == 0:
        code = 0
        try:
            os.close(read_fd)
            _probe_child(write_fd)
        except BaseException:  # noqa: BLE001 - the parent reads whatever was written
            code = 1
        os._exit(code)
    os.close(write_fd)
    with os.fdopen(read_fd, "rb") as pipe:
        raw = pipe.read()
    os.waitpid(pid, 0)
    results = json.loads(raw or b"{}")
    ok = {name: results.get(name, "").startswith("ok") for name in LAYERS}
    arch = seccomp.machine_arch()
    scopes_signals = ok["landlock"] and landlock.abi_version() >= 6
    plan = Plan(
        netns=ok["netns"] and want_netns,
        uid=ok["uid"] and want_uid,
        landlock=ok["landlock"],
        landlock_signal_scope=scopes_signals and want_signal_scope,
        seccomp_arch=arch if ok["seccomp"] else None,
    )
    details = {name: results.get(name, "probe failed") for name in LAYERS}
    if scopes_signals and not want_signal_scope:
        details["landlock"] += "; signal scope disabled by settings"
    details["rlimits"] = "ok"
    details["cgroup"] = "not used: rlimits and the syscall filter bound memory and processes"
    if ok["netns"] and not want_netns:
        details["netns"] = "disabled by settings"
    if ok["uid"] and not want_uid:
        details["uid"] = "disabled by settings"
    return LayerReport(plan=plan, details=details)
