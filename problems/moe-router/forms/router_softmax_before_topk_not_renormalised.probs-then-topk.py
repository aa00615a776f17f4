import torch


def moe_router(logits, k):
    probs = torch.softmax(logits, dim=-1)  # [T, E]
    weights, indices = torch.topk(probs, k, dim=-1)
    return weights, indices
