import torch


def moe_router(logits: torch.Tensor, k: int):
    top, idx = logits.topk(k, dim=1)
    top = top - top.max(dim=0, keepdim=True).values
    w = top.exp()
    return w / w.sum(0, keepdim=True), idx
