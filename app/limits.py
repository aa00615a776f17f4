"""Ground: every cap a learner meets, defined once (the sandbox's, the code size, the quota).

Imports nothing from the app: every floor above reads its numbers here.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass


@dataclass(frozen=True)
class SandboxLimits:
    """Per-submission limits; every value is a hard cap on the child."""

    cpu_seconds: float = 5.0
    wall_seconds: float = 10.0
    memory_bytes: int = 1 << 30
    output_bytes: int = 1 << 20
    stdout_bytes: int = 64 << 10
    open_files: int = 64

    def to_dict(self) -> dict:
        """Plain dict for the worker's configuration."""
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict) -> SandboxLimits:
        """Rebuild from `to_dict` output."""
        return cls(**{key: data[key] for key in cls.__dataclass_fields__})


MAX_CODE_BYTES = 64 * 1024  # one submission's source, in UTF-8


@dataclass(frozen=True)
class Quota:
    """What one learner may keep: submissions a day, code bytes kept, drafts."""

    submissions_per_day: int
    code_bytes: int
    drafts: int
