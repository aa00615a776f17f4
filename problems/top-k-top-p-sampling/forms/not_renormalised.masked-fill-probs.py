# Wrong: filters on probabilities with masked_fill(0), forgets to divide by the new sum.
import torch


def sample_next_token(logits, temperature, top_k, top_p, generator):
    scores = logits / temperature
    if top_k > 0:
        kth = scores.topk(top_k, dim=-1).values[:, -1:]
        scores = scores.masked_fill(scores < kth, float("-inf"))
    probs = scores.softmax(dim=-1)
    if top_p < 1.0:
        sorted_probs, order = probs.sort(dim=-1, descending=True)
        drop = sorted_probs.cumsum(-1) - sorted_probs >= top_p
        probs = probs.masked_fill(drop.scatter(-1, order, drop), 0.0)
    full = (logits / temperature).softmax(dim=-1)
    probs = torch.where(probs > 0, full, torch.zeros_like(full))
    return probs, torch.multinomial(probs, 1, generator=generator).squeeze(-1)
