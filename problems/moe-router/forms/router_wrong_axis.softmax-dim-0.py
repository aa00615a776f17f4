import torch


def moe_router(logits, k):
    vals, idx = torch.topk(logits, k)
    weights = torch.softmax(vals, dim=0)
    return weights, idx
