import torch


def moe_router(logits, k):
    e = torch.exp(logits - logits.max(dim=-1, keepdim=True).values)
    p = e / e.sum(dim=-1, keepdim=True)
    order = torch.argsort(logits, dim=-1, descending=True)[:, :k]
    return torch.gather(p, -1, order), order
