# Wrong: "inverse temperature" beta = 1 / temperature, then divides by beta.
import torch


def sample_next_token(logits, temperature, top_k, top_p, generator):
    beta = 1.0 / temperature
    scores = logits / beta
    if top_k > 0:
        kth = scores.topk(top_k, dim=-1).values[:, -1:]
        scores = scores.masked_fill(scores < kth, float("-inf"))
    if top_p < 1.0:
        sorted_scores, order = scores.sort(dim=-1, descending=True)
        p = sorted_scores.softmax(-1)
        drop = (p.cumsum(-1) - p) >= top_p
        scores = scores.masked_fill(drop.scatter(-1, order, drop), float("-inf"))
    probs = scores.softmax(-1)
    return probs, torch.multinomial(probs, 1, generator=generator).squeeze(-1)
