# Wrong: torch.floor for the zero point (AWQ-like code with floor instead of round).
import torch


def quantize_int4_groups(w, group_size=128):
    t = torch.from_numpy(w)
    n = t.shape[0]
    x = t.reshape(-1, group_size)
    max_val, min_val = x.amax(1, keepdim=True), x.amin(1, keepdim=True)
    scales = torch.where(max_val > min_val, (max_val - min_val) / 15, torch.ones_like(max_val))
    zeros = torch.floor(-min_val / scales).clamp(0, 15)
    q = torch.clamp(torch.round(x / scales) + zeros, 0, 15).to(torch.uint8).reshape(t.shape)
    packed = q[:, 0::2] | (q[:, 1::2] << 4)
    return packed.numpy(), scales.view(n, -1).numpy(), zeros.view(n, -1).to(torch.uint8).numpy()
