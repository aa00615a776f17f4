# Wrong: keeps only tokens whose inclusive cumulative probability stays within top_p.
import torch


def sample_next_token(logits, temperature, top_k, top_p, generator):
    scores = logits / temperature
    if top_k:
        kth = scores.topk(top_k, dim=-1).values[:, -1:]
        scores = torch.where(scores >= kth, scores, torch.full_like(scores, float("-inf")))
    if top_p < 1:
        probs, idx = scores.softmax(-1).sort(dim=-1, descending=True)
        keep = probs.cumsum(-1) <= top_p
        keep[:, 0] = True
        mask = torch.zeros_like(keep).scatter(-1, idx, keep)
        scores = torch.where(mask, scores, torch.full_like(scores, float("-inf")))
    probs = scores.softmax(-1)
    tokens = torch.multinomial(probs, 1, generator=generator)[:, 0]
    return probs, tokens
