"""Vector-wise absmax quantisation as in LLM.int8() (Dettmers et al. 2022) and bitsandbytes'
`int8_vectorwise_quant` (bitsandbytes/functional.py and its default torch backend, read
2026-12): `row_stats = A.abs().amax(dim=1)`, then `torch.round(A * 127 / row_stats)` cast
to int8. Changed for this contract: qmax comes from `bits` instead of the fixed 127, a zero
row gets row_stats 1 * qmax (scale 1.0) instead of a division by zero, there is no outlier
threshold, and the scale returned is row_stats / qmax (bitsandbytes returns the absmax
itself and dequantises with A * stats / 127)."""

import torch


def quantize_per_channel(w, bits=8):
    A = torch.from_numpy(w)
    qmax = float(2 ** (bits - 1) - 1)
    row_stats = A.abs().amax(dim=1)  # [out]
    row_stats = torch.where(row_stats == 0, torch.full_like(row_stats, qmax), row_stats)
    out_row = torch.round(A * qmax / row_stats.unsqueeze(-1))  # torch.round: half to even
    out_row = out_row.clamp(-qmax, qmax).to(torch.int8)
    return out_row.numpy(), (row_stats / qmax).numpy()
