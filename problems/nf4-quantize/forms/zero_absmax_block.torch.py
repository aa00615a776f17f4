# Wrong: bitsandbytes-style torch code with no zero check: a zero block's absmax stays 0.
import torch

code = torch.tensor([
    -1.0, -0.6961928009986877, -0.5250730514526367, -0.39491748809814453,
    -0.28444138169288635, -0.18477343022823334, -0.09105003625154495, 0.0,
    0.07958029955625534, 0.16093020141124725, 0.24611230194568634, 0.33791524171829224,
    0.44070982933044434, 0.5626170039176941, 0.7229568362236023, 1.0,
], dtype=torch.float64)  # fmt: skip


def nf4_quantize(w, block_size=64):
    A = torch.from_numpy(w).reshape(-1, block_size)
    absmax = torch.abs(A).max(dim=-1)[0]
    scaled = (A / absmax.view(-1, 1)).reshape(-1)
    q = torch.argmin(torch.abs(scaled.view(-1, 1) - code), dim=-1)
    return q.to(torch.uint8).numpy(), absmax.numpy()
