"""torch in float64, as one would prepare the weights of a 4-bit linear layer: view as
blocks, amax, divide, torch.argmin over the distances (the first minimal index on ties)."""

import torch

NF4 = torch.tensor([
    -1.0, -0.6961928009986877, -0.5250730514526367, -0.39491748809814453,
    -0.28444138169288635, -0.18477343022823334, -0.09105003625154495, 0.0,
    0.07958029955625534, 0.16093020141124725, 0.24611230194568634, 0.33791524171829224,
    0.44070982933044434, 0.5626170039176941, 0.7229568362236023, 1.0,
], dtype=torch.float64)  # fmt: skip


def nf4_quantize(w, block_size=64):
    t = torch.as_tensor(w, dtype=torch.float64).reshape(-1, block_size)
    amax = t.abs().amax(dim=1, keepdim=True)
    amax = torch.where(amax > 0, amax, torch.ones_like(amax))
    x = t / amax
    codes = (x.unsqueeze(-1) - NF4).abs().argmin(dim=-1)
    return codes.reshape(-1).to(torch.uint8).numpy(), amax.squeeze(1).numpy()
