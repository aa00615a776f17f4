"""Written the way one checks a quantiser: quantise each row's groups, unpack the bytes
again and assert the round trip (q - zero) * scale is within half a step of w wherever the
code was not clipped, then return. Uses np.divmod to unpack."""

import numpy as np


def quantize_int4_groups(w, group_size=128):
    n_out, n_in = w.shape
    G = n_in // group_size
    grouped = w.reshape(n_out, G, group_size)
    lo = grouped.min(-1)
    hi = grouped.max(-1)
    scale = np.ones_like(lo)
    np.divide(hi - lo, 15, out=scale, where=hi != lo)
    zero = np.clip(np.round(-lo / scale), 0, 15)
    raw = np.round(grouped / scale[:, :, None]) + zero[:, :, None]
    q = np.clip(raw, 0, 15).astype(np.uint8)
    packed = (q.reshape(n_out, n_in)[:, 0::2]) + (q.reshape(n_out, n_in)[:, 1::2] << 4)
    # round trip: unpack, dequantise, compare where nothing was clipped
    high, low = np.divmod(packed, 16)
    back = np.empty((n_out, n_in))
    back[:, 0::2], back[:, 1::2] = low, high
    deq = (back.reshape(n_out, G, group_size) - zero[:, :, None]) * scale[:, :, None]
    ok = raw == q
    assert np.all(
        np.abs(deq - grouped)[ok] <= scale[:, :, None].repeat(group_size, -1)[ok] / 2 + 1e-12
    )
    return packed.astype(np.uint8), scale, zero.astype(np.uint8)
