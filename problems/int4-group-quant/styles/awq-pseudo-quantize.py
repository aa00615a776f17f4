"""AWQ's zero-point quantiser with its scales and zeros kept.

From mit-han-lab/llm-awq, awq/quantize/quantizer.py (`pseudo_quantize_tensor` with
zero_point=True, q_group_size > 0 and get_scale_zp=True), read 2026-12: `w =
w.reshape(-1, q_group_size)`, `max_val = w.amax(dim=1, keepdim=True)`, `scales = (max_val -
min_val).clamp(min=1e-5) / max_int`, `zeros = (-torch.round(min_val / scales)).clamp_(
min_int, max_int)`, then `torch.clamp(torch.round(w / scales) + zeros, min_int, max_int)`.
Changed for this contract: the `clamp(min=1e-5)` on the range becomes scale 1.0 for a
constant group; the integer codes are kept instead of being dequantised back with
`(q - zeros) * scales`; and they are packed two per byte (AWQ's own GEMM layout interleaves
eight codes per int32 in another order)."""

import torch


def quantize_int4_groups(w, group_size=128):
    n_bit = 4
    org_w_shape = w.shape
    w = torch.from_numpy(w).reshape(-1, group_size)  # [out * in / g, g]
    max_val = w.amax(dim=1, keepdim=True)
    min_val = w.amin(dim=1, keepdim=True)
    max_int = 2**n_bit - 1
    min_int = 0
    span = max_val - min_val
    scales = torch.where(span > 0, span / max_int, torch.ones_like(span))
    zeros = (-torch.round(min_val / scales)).clamp_(min_int, max_int)
    q = torch.clamp(torch.round(w / scales) + zeros, min_int, max_int)
    q = q.to(torch.uint8).reshape(org_w_shape)
    packed = q[:, 0::2] | (q[:, 1::2] << 4)
    n_rows = org_w_shape[0]
    return (
        packed.numpy(),
        scales.view(n_rows, -1).numpy(),
        zeros.view(n_rows, -1).to(torch.uint8).numpy(),
    )
