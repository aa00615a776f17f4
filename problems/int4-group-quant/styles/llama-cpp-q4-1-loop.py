"""The block loop of llama.cpp's Q4_1 quantiser, turned into this contract.

From ggml-org/llama.cpp, ggml/src/ggml-quants.c (`quantize_row_q4_1_ref`), read 2026-12:
per block of qk values, a running `min`/`max` from FLT_MAX/-FLT_MAX, `d = (max - min) /
((1 << 4) - 1)`, `id = d ? 1.0f/d : 0.0f`, codes `MIN(15, (int8_t)(x0 + 0.5f))`, and
`y[i].qs[j] = xi0; y[i].qs[j] |= xi1 << 4`. Changed for this contract: a block is a group
of group_size columns of one row instead of 32 values of a flat array; Q4_1 stores the
min and codes (x - min) * id, here the zero point is the integer round(-min / d) and the
code is round(x / d) + zero with round half to even (not + 0.5 and a cast); a constant
block gets d = 1.0 instead of 0; and the byte pairs adjacent columns 2j, 2j + 1, where
Q4_1 pairs j with j + qk/2."""

import numpy as np


def _round_half_even(v):
    return float(np.rint(v))


def quantize_int4_groups(w, group_size=128):
    out_features, in_features = w.shape
    nb = in_features // group_size
    qs = np.zeros((out_features, in_features // 2), dtype=np.uint8)
    d_all = np.zeros((out_features, nb))
    z_all = np.zeros((out_features, nb), dtype=np.uint8)
    for r in range(out_features):
        x = w[r]
        for i in range(nb):
            vmin, vmax = float("inf"), -float("inf")
            for j in range(group_size):
                v = float(x[i * group_size + j])
                if v < vmin:
                    vmin = v
                if v > vmax:
                    vmax = v
            d = (vmax - vmin) / ((1 << 4) - 1) if vmax > vmin else 1.0
            zero = int(min(15, max(0, _round_half_even(-vmin / d))))
            d_all[r, i], z_all[r, i] = d, zero
            for j in range(group_size // 2):
                k = i * group_size + 2 * j
                xi0 = min(15, max(0, int(_round_half_even(x[k] / d)) + zero))
                xi1 = min(15, max(0, int(_round_half_even(x[k + 1] / d)) + zero))
                qs[r, k // 2] = xi0 | (xi1 << 4)
    return qs, d_all, z_all
