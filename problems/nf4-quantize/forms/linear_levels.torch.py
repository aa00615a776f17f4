# Wrong: torch.linspace(-1, 1, 16) as the code book: an evenly spaced int4 grid, not NF4.
import torch


def nf4_quantize(w, block_size=64):
    code = torch.linspace(-1, 1, 16, dtype=torch.float64)
    t = torch.from_numpy(w).reshape(-1, block_size)
    amax = t.abs().amax(1, keepdim=True)
    amax = torch.where(amax > 0, amax, torch.ones_like(amax))
    q = ((t / amax).unsqueeze(-1) - code).abs().argmin(-1)
    return q.reshape(-1).to(torch.uint8).numpy(), amax[:, 0].numpy()
