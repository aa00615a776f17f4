"""A masked softmax over all E experts: everything but the top k filled with -inf (built
with scatter), softmax along the experts, and the k weights gathered back: the way
GShard-style routers write a sparse gate before dispatching."""

import torch


def moe_router(logits: torch.Tensor, k: int) -> tuple[torch.Tensor, torch.Tensor]:
    _, indices = logits.topk(k, dim=-1)
    keep = torch.zeros_like(logits, dtype=torch.bool).scatter(-1, indices, True)
    gates = logits.masked_fill(~keep, float("-inf")).softmax(dim=-1)  # [T, E], sparse
    return gates.gather(-1, indices), indices
