import torch


def moe_router(logits, k):
    vals, idx = torch.topk(logits, k, dim=-1, largest=False)
    return torch.softmax(vals, dim=-1), idx
