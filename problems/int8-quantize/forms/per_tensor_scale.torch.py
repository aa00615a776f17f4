# Wrong: per-tensor absmax with torch (w.abs().max()), the scale copied to every channel.
import torch


def quantize_per_channel(w, bits=8):
    t = torch.from_numpy(w)
    qmax = 2 ** (bits - 1) - 1
    amax = t.abs().max()
    scale = amax / qmax if amax > 0 else torch.tensor(1.0, dtype=t.dtype)
    q = torch.clamp(torch.round(t / scale), -qmax, qmax).to(torch.int8)
    return q.numpy(), scale.expand(t.shape[0]).clone().numpy()
