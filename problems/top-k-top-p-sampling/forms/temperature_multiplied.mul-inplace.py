# Wrong: temperature applied with mul_ on a copy of the logits.
import torch


def sample_next_token(logits, temperature, top_k, top_p, generator):
    s = logits.clone().mul_(temperature)
    neg = torch.finfo(s.dtype).min
    if top_k > 0:
        top = torch.topk(s, top_k, dim=-1)
        s = torch.full_like(s, neg).scatter(-1, top.indices, top.values)
    if top_p < 1.0:
        vals, idx = torch.sort(s, dim=-1, descending=True)
        p = torch.softmax(vals, dim=-1)
        keep = torch.cumsum(p, dim=-1) - p < top_p
        s = torch.where(torch.zeros_like(keep).scatter(-1, idx, keep), s, torch.full_like(s, neg))
    probs = torch.softmax(s, dim=-1)
    probs = probs.masked_fill(s == neg, 0.0)
    return probs, torch.multinomial(probs, 1, generator=generator).squeeze(-1)
