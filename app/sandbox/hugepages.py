"""Collapse the warm worker's anonymous memory into huge pages before it starts forking.

With torch imported the worker maps ~300 MB. Forking copies one page-table entry per 4 KiB
page and exiting tears them down again; on 2 MiB pages both are about five times cheaper
(on a 2-core machine: fork 5 ms -> 1 ms, exit and reap 7 ms -> 2 ms).
"""

from __future__ import annotations

import ctypes

MADV_COLLAPSE = 25  # Linux 6.1+
HUGE = 1 << 21


def collapse_anonymous_memory() -> int:
    """Ask the kernel to back writable anonymous regions with huge pages; bytes collapsed.

    Best effort: an older kernel or a disabled THP setting simply collapses nothing.
    """
    libc = ctypes.CDLL(None, use_errno=True)
    libc.madvise.argtypes = [ctypes.c_void_p, ctypes.c_size_t, ctypes.c_int]
    collapsed = 0
    with open("/proc/self/maps") as maps:
        regions = [line.split() for line in maps]
    for fields in regions:
        perms, path = fields[1], fields[5] if len(fields) > 5 else ""
        if "w" not in perms or (path and path != "[heap]"):
            continue
        low, high = (int(x, 16) for x in fields[0].split("-"))
        start, end = (low + HUGE - 1) & ~(HUGE - 1), high & ~(HUGE - 1)
        if end - start >= HUGE and libc.madvise(start, end - start, MADV_COLLAPSE) == 0:
            collapsed += end - start
    return collapsed
