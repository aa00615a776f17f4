"""Building the sandbox pool from settings, refusing to run weaker than configured."""

from __future__ import annotations

import logging

from app.sandbox.isolation import DISABLEABLE, LAYERS, probe
from app.sandbox.pool import SandboxPool
from app.settings import Settings

log = logging.getLogger("shousi.sandbox")


class SandboxUnavailable(RuntimeError):
    """A layer listed in SHOUSI_SANDBOX_REQUIRED is not available on this host."""


def build_pool(settings: Settings, *, size: int | None = None, first_slot: int = 0) -> SandboxPool:
    """Probe the isolation layers, log them, and return an unstarted pool."""
    unknown = sorted(set(settings.sandbox_required) - set(LAYERS))
    if unknown:
        raise SandboxUnavailable(f"SHOUSI_SANDBOX_REQUIRED names unknown layers: {unknown}")
    unknown = sorted(set(settings.sandbox_disable) - set(DISABLEABLE))
    if unknown:
        raise SandboxUnavailable(f"SHOUSI_SANDBOX_DISABLE names unknown layers: {unknown}")
    off = set(settings.sandbox_disable)
    layers = probe(want_uid="uid" not in off, want_signal_scope="landlock_signal_scope" not in off)
    for name, state in layers.to_dict().items():
        log.info(
            "sandbox layer %-8s %s  %s", name, "on " if state["active"] else "off", state["detail"]
        )
    missing = [name for name in settings.sandbox_required if name not in layers.active]
    if missing:
        reasons = "; ".join(f"{name}: {layers.details.get(name, '')}" for name in missing)
        raise SandboxUnavailable(f"required sandbox layers are not available: {reasons}")
    return SandboxPool(
        size=size or settings.workers,
        limits=settings.sandbox_limits(),
        layers=layers,
        private=settings.private_paths(),
        first_slot=first_slot,
    )
