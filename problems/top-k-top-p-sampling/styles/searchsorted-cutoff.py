"""A threshold instead of a scattered mask (the way vLLM-style samplers avoid scatter): after
sorting, `searchsorted` finds how many tokens the nucleus needs, and the score of the last
kept token is the cut-off every row compares against. Top-k is a cut-off too."""

import torch


def sample_next_token(logits, temperature, top_k, top_p, generator):
    z = logits / temperature
    sorted_z, _ = torch.sort(z, dim=-1, descending=True)  # [B, V]
    n_keep = torch.full((z.shape[0], 1), z.shape[-1], dtype=torch.long)
    if top_k > 0:
        n_keep.clamp_(max=top_k)
    if top_p < 1.0:
        allowed = torch.arange(z.shape[-1]) < n_keep  # the top-k survivors, sorted
        p = torch.softmax(sorted_z.masked_fill(~allowed, float("-inf")), dim=-1)
        cum = torch.cumsum(p, dim=-1)
        # the first index whose cumulative sum reaches top_p is the last one kept
        crossing = torch.searchsorted(cum, torch.full_like(cum[:, :1], top_p), right=False)
        n_keep = torch.minimum(n_keep, crossing + 1)
    cutoff = sorted_z.gather(-1, n_keep - 1)  # [B, 1], the smallest kept score
    z = z.masked_fill(z < cutoff, float("-inf"))
    probs = torch.softmax(z, dim=-1)
    return probs, torch.multinomial(probs, 1, generator=generator).squeeze(-1)
