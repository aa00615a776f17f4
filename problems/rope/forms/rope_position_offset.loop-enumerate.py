# Wrong: the token loop counts positions from 1 (enumerate(..., start=1)).
import torch


def apply_rope(x, base=10000.0):
    d = x.shape[-1]
    half = d // 2
    theta = base ** (-2 * torch.arange(half, dtype=torch.float64) / d)
    rows = []
    for pos, row in enumerate(x.unbind(-2), start=1):
        ang = pos * theta
        c = torch.cat([ang.cos(), ang.cos()]).to(x.dtype)
        s = torch.cat([ang.sin(), ang.sin()]).to(x.dtype)
        rot = torch.cat([-row[..., half:], row[..., :half]], dim=-1)
        rows.append(row * c + rot * s)
    return torch.stack(rows, dim=-2)
