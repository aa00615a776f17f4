"""Resource limits and the isolation steps applied in a child before user code runs."""

from __future__ import annotations

import os
import resource
from dataclasses import asdict, dataclass

# Only these variables survive into the child; everything else (secrets, DATABASE_URL,
# settings) is dropped.
_KEPT_ENV = {"PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "HOME": "/nonexistent"}
_THREAD_ENV = ("OMP_NUM_THREADS", "MKL_NUM_THREADS", "OPENBLAS_NUM_THREADS")


@dataclass(frozen=True)
class SandboxLimits:
    """Per-submission limits; every value is a hard cap on the child."""

    cpu_seconds: float = 5.0
    wall_seconds: float = 10.0
    memory_bytes: int = 1 << 30
    output_bytes: int = 1 << 20
    stdout_bytes: int = 64 << 10
    file_bytes: int = 1 << 20
    open_files: int = 256

    def to_dict(self) -> dict:
        """Plain dict for the job message."""
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict) -> SandboxLimits:
        """Rebuild from `to_dict` output."""
        return cls(**{key: data[key] for key in cls.__dataclass_fields__})


def _vm_size() -> int:
    with open("/proc/self/statm") as statm:
        return int(statm.read().split()[0]) * os.sysconf("SC_PAGE_SIZE")


def isolate(limits: SandboxLimits, workdir: str) -> None:
    """Apply every isolation layer to the current (freshly forked) process.

    This is the single place the sandbox is hardened; later layers (namespaces, uid drop,
    syscall filter) are added here.
    """
    os.setsid()
    os.chdir(workdir)
    cpu = max(1, int(limits.cpu_seconds + 0.999))
    resource.setrlimit(resource.RLIMIT_CPU, (cpu, cpu + 1))
    # The warm worker's mappings (torch) are already large; the cap is on growth beyond them.
    address_space = _vm_size() + limits.memory_bytes
    resource.setrlimit(resource.RLIMIT_AS, (address_space, address_space))
    resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
    resource.setrlimit(resource.RLIMIT_FSIZE, (limits.file_bytes, limits.file_bytes))
    resource.setrlimit(resource.RLIMIT_NOFILE, (limits.open_files, limits.open_files))
    os.environ.clear()
    os.environ.update(_KEPT_ENV)
    os.environ.update({name: "1" for name in _THREAD_ENV})
