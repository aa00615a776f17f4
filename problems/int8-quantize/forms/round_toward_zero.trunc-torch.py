# Wrong: .to(torch.int8) on the scaled weights, with no torch.round before it.
import torch


def quantize_per_channel(w, bits=8):
    weight = torch.from_numpy(w)
    qmax = 2 ** (bits - 1) - 1
    amax = weight.abs().amax(dim=1, keepdim=True)
    scales = torch.where(amax > 0, amax / qmax, torch.ones_like(amax))
    q = (weight / scales).clamp(-qmax, qmax).to(torch.int8)
    return q.numpy(), scales.squeeze(1).numpy()
