import torch


def moe_router(logits, k):
    weights, indices = torch.topk(logits, k, dim=-1)
    return weights, indices
