"""The softmax written as exp(x - logsumexp(x)) over the chosen logits, which are the first
k of a descending sort; other parameter names, and `...` indexing."""

import torch


def moe_router(scores, num_selected):
    sorted_scores, order = scores.sort(dim=-1, descending=True)
    chosen, experts = sorted_scores[..., :num_selected], order[..., :num_selected]
    weights = torch.exp(chosen - torch.logsumexp(chosen, dim=-1, keepdim=True))
    return weights, experts
