# Wrong: a per-row loop that stops adding tokens before the one that would pass top_p.
import torch


def sample_next_token(logits, temperature, top_k, top_p, generator):
    B, V = logits.shape
    scores = logits / temperature
    keep = torch.ones(B, V, dtype=torch.bool)
    if top_k > 0:
        kth = torch.topk(scores, top_k, dim=1).values[:, -1]
        keep &= scores >= kth[:, None]
    if top_p < 1.0:
        p = torch.softmax(scores.masked_fill(~keep, float("-inf")), dim=1)
        nucleus = torch.zeros(B, V, dtype=torch.bool)
        for b in range(B):
            total = 0.0
            for i in torch.argsort(p[b], descending=True).tolist():
                if nucleus[b].any() and total + p[b, i].item() > top_p:
                    break
                nucleus[b, i] = True
                total += p[b, i].item()
        keep &= nucleus
    probs = torch.softmax(scores.masked_fill(~keep, float("-inf")), dim=1)
    return probs, torch.multinomial(probs, 1, generator=generator).view(B)
