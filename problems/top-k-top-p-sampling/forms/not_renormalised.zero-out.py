# Wrong: zeroes the dropped tokens of the softmax but never renormalises.
import torch


def sample_next_token(logits, temperature, top_k, top_p, generator):
    probs = torch.softmax(logits / temperature, dim=-1)
    keep = torch.ones_like(probs, dtype=torch.bool)
    if top_k > 0:
        kth = probs.topk(top_k, dim=-1).values[:, -1:]
        keep &= probs >= kth
    if top_p < 1.0:
        p = torch.where(keep, probs, torch.zeros_like(probs))
        p = p / p.sum(-1, keepdim=True)
        sp, idx = p.sort(dim=-1, descending=True)
        nucleus = sp.cumsum(-1) - sp < top_p
        keep &= torch.zeros_like(nucleus).scatter(-1, idx, nucleus)
    probs = probs * keep
    return probs, torch.multinomial(probs, 1, generator=generator).squeeze(-1)
