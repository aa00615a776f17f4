"""The maths of PyTorch's per-channel symmetric observer (torch/ao/quantization/observer.py,
`PerChannelMinMaxObserver` with qscheme=torch.per_channel_symmetric; the shared
`_calculate_qparams` / `determine_qparams`, read 2026-12): min_val_neg = min(min, 0),
max_val_pos = max(max, 0), max_val_pos = max(-min_val_neg, max_val_pos),
scale = max_val_pos / ((quant_max - quant_min) / 2), clamped below by eps, zero_point 0;
then round(x / scale), clamp to [quant_min, quant_max].

Changed for this contract: PyTorch's default qint8 range is [-128, 127], which makes the
denominator (127 - (-128)) / 2 = 127.5; here quant_min = -qmax and quant_max = qmax (what
PyTorch computes when built with quant_min=-127, quant_max=127), so the denominator is
exactly qmax. The eps clamp (a zero row would get scale = float32 eps) is replaced by the
contract's 1.0, and the observer's running min/max is one pass over w."""

import numpy as np


def quantize_per_channel(w, bits=8):
    quant_max = 2 ** (bits - 1) - 1
    quant_min = -quant_max
    min_val, max_val = w.min(axis=1), w.max(axis=1)  # aminmax over ch_axis=0's rows
    min_val_neg = np.minimum(min_val, 0.0)
    max_val_pos = np.maximum(max_val, 0.0)
    max_val_pos = np.maximum(-min_val_neg, max_val_pos)
    scale = max_val_pos / (float(quant_max - quant_min) / 2)
    scale = np.where(scale > 0, scale, 1.0)
    zero_point = np.zeros(w.shape[0], dtype=np.int64)
    x_div = w / scale[:, None]
    x_round = np.round(x_div)
    x_zp = x_round + zero_point[:, None]
    quant = np.clip(x_zp, quant_min, quant_max).astype(np.int8)
    return quant, scale
