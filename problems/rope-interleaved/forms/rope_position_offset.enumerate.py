# Wrong: positions counted with enumerate(..., start=1).
import torch


def apply_rope_interleaved(x, base=10000.0):
    d = x.shape[-1]
    inv = base ** (-2 * torch.arange(d // 2, dtype=torch.float64) / d)
    rows = []
    for pos, row in enumerate(x.unbind(dim=-2), start=1):
        c, s = torch.cos(pos * inv).to(x.dtype), torch.sin(pos * inv).to(x.dtype)
        ev, od = row[..., 0::2], row[..., 1::2]
        rows.append(torch.stack([ev * c - od * s, ev * s + od * c], dim=-1).flatten(-2))
    return torch.stack(rows, dim=-2)
