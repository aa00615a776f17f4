# Wrong: masked_fill is not in place, and its result is thrown away.
import torch
import torch.nn.functional as F


def linear_attention(q, k, v, causal=False):
    sim = torch.matmul(F.elu(q) + 1, (F.elu(k) + 1).transpose(-2, -1))
    if causal:
        L = sim.shape[-1]
        future = torch.triu(torch.ones(L, L, dtype=torch.bool), diagonal=1)
        sim.masked_fill(future, 0.0)
    return torch.matmul(sim, v) / sim.sum(dim=-1, keepdim=True)
