# Wrong: GPTQ's sym=True path: xmax = max(|xmin|, xmax), xmin = -xmax, zero = (maxq + 1) / 2.
import torch


def quantize_int4_groups(w, group_size=128):
    W = torch.from_numpy(w)
    maxq = 15
    scales, zeros, codes = [], [], []
    for c in range(0, W.shape[1], group_size):
        x = W[:, c : c + group_size]
        xmax = torch.maximum(x.min(1)[0].abs(), x.max(1)[0].abs())
        xmin = -xmax
        scale = (xmax - xmin) / maxq
        scale[xmax == 0] = 1.0
        zero = torch.full_like(scale, (maxq + 1) / 2)
        codes.append(torch.clamp(torch.round(x / scale[:, None]) + zero[:, None], 0, maxq))
        scales.append(scale)
        zeros.append(zero)
    q = torch.cat(codes, 1).to(torch.uint8)
    packed = q[:, 0::2] | (q[:, 1::2] << 4)
    return (
        packed.numpy(),
        torch.stack(scales, 1).numpy(),
        torch.stack(zeros, 1).to(torch.uint8).numpy(),
    )
