"""AutoGPTQ's asymmetric quantiser and its packing loop, cut to one function.

From AutoGPTQ/AutoGPTQ, auto_gptq/quantization/quantizer.py (`Quantizer.find_params` with
sym=False: `self.scale = (xmax - xmin) / self.maxq; self.zero = torch.round(-xmin /
self.scale)`, and `quantize`: `torch.clamp(torch.round(x / scale) + zero, 0, maxq)`), and
auto_gptq/nn_modules/qlinear/qlinear_cuda_old.py (`QuantLinear.pack`: the `while row <
qweight.shape[0]` loop with `qweight[row] |= intweight[j] << (self.bits * (j - i))`), read
2026-12. Changed for this contract: find_params runs once per group of columns instead of
per row of a GPTQ block; its `torch.minimum(x.min(1)[0], 0)` / `torch.maximum(..., 0)`
(which force the range through 0) and the all-zero fallback to [-1, 1] are dropped for the
group's own min/max and scale 1.0 for a constant group; the zero point is clipped to
[0, maxq]; codes are the Quantizer's round-then-add-zero (pack's round((W + zero * scale) /
scale) rounds ties after the shift); and two codes go into a uint8 per step instead of
eight into an int32, along the same input axis, earliest column in the lowest bits."""

import numpy as np
import torch


def quantize_int4_groups(w, group_size=128):
    W = torch.from_numpy(w)
    maxq = torch.tensor(2**4 - 1)
    rows, columns = W.shape
    scales, zeros, intweight = [], [], []
    for i1 in range(0, columns, group_size):
        x = W[:, i1 : i1 + group_size]  # [rows, group_size]: one group of each row
        xmin = x.min(1)[0]
        xmax = x.max(1)[0]
        tmp = xmin == xmax
        scale = (xmax - xmin) / maxq
        scale[tmp] = 1.0
        zero = torch.clamp(torch.round(-xmin / scale), 0, maxq)
        q = torch.clamp(torch.round(x / scale.unsqueeze(1)) + zero.unsqueeze(1), 0, maxq)
        scales.append(scale)
        zeros.append(zero)
        intweight.append(q.to(torch.int))
    intweight = torch.cat(intweight, dim=1).t().contiguous()  # [in, out], as pack has it
    intweight = intweight.numpy().astype(np.uint8)
    bits = 4
    qweight = np.zeros((intweight.shape[0] // 8 * bits, intweight.shape[1]), dtype=np.uint8)
    i = 0
    row = 0
    while row < qweight.shape[0]:
        for j in range(i, i + (8 // bits)):
            qweight[row] |= intweight[j] << (bits * (j - i))
        i += 8 // bits
        row += 1
    scales = torch.stack(scales, dim=1).numpy()
    zeros = torch.stack(zeros, dim=1).numpy().astype(np.uint8)
    return qweight.T.copy(), scales, zeros
