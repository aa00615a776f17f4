import torch.nn.functional as F


def moe_router(logits, k):
    values, experts = logits.sort(dim=1)
    top_values, top_experts = values[:, :k], experts[:, :k]
    return F.softmax(top_values, dim=-1), top_experts
