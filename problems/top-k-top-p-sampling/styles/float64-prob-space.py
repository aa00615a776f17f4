"""Filtering in probability space, in float64: softmax once, zero the dropped tokens and
divide by the new row sum (what `torch.distributions.Categorical` style code does when
it builds its own `probs`). The result goes back to the logits' dtype before the draw."""

import torch


def sample_next_token(logits, temperature, top_k, top_p, generator):
    probs = torch.softmax(logits.to(torch.float64) / temperature, dim=-1)
    if top_k > 0:
        kth = torch.topk(probs, top_k, dim=-1).values[:, -1:]
        probs = torch.where(probs >= kth, probs, torch.zeros_like(probs))
        probs = probs / probs.sum(dim=-1, keepdim=True)
    if top_p < 1.0:
        ranked, order = torch.sort(probs, dim=-1, descending=True)
        before = torch.cumsum(ranked, dim=-1) - ranked
        ranked = torch.where(before < top_p, ranked, torch.zeros_like(ranked))
        probs = torch.zeros_like(probs).scatter(-1, order, ranked)
        probs = probs / probs.sum(dim=-1, keepdim=True)
    probs = probs.to(logits.dtype)
    tokens = torch.multinomial(probs, 1, generator=generator)
    return probs, tokens[:, 0]
