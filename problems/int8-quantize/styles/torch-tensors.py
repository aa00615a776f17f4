"""The same maths on torch tensors (as a weight-only int8 linear layer would prepare its
weights): amax per output channel with dim=1, torch.round (half to even), clamp, int8."""

import torch


def quantize_per_channel(w, bits=8):
    weight = torch.as_tensor(w, dtype=torch.float64)
    qmax = 2 ** (bits - 1) - 1
    amax = weight.abs().amax(dim=1, keepdim=True)  # [out, 1]
    scales = torch.where(amax > 0, amax / qmax, torch.ones_like(amax))
    weight_int8 = torch.clamp(torch.round(weight / scales), -qmax, qmax).to(torch.int8)
    return weight_int8.numpy(), scales.squeeze(1).numpy()
