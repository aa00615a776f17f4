# Wrong: builds a keep mask over the original distribution and multiplies, no renormalising.
import torch


def sample_next_token(logits, temperature, top_k, top_p, generator):
    scores = logits.double() / temperature
    B, V = scores.shape
    order = torch.argsort(scores, dim=-1, descending=True)
    ranked = torch.gather(scores, -1, order)
    keep = torch.ones(B, V, dtype=torch.bool)
    if top_k > 0:
        keep[:, top_k:] = False
    p = torch.softmax(ranked.masked_fill(~keep, float("-inf")), dim=-1)
    if top_p < 1.0:
        keep &= torch.cumsum(p, dim=-1) - p < top_p
    mask = torch.zeros_like(keep).scatter(-1, order, keep)
    probs = (torch.softmax(scores, dim=-1) * mask).float()
    return probs, torch.multinomial(probs, 1, generator=generator).squeeze(-1)
