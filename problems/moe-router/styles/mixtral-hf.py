"""Hugging Face's MixtralSparseMoeBlock: softmax over all experts in float32, top-k of the
probabilities, then divide by their sum (renormalise), cast back to the input's dtype.
Only the routing part is kept."""

import torch
import torch.nn.functional as F


def moe_router(router_logits: torch.Tensor, top_k: int):
    routing_weights = F.softmax(router_logits, dim=1, dtype=torch.float)
    routing_weights, selected_experts = torch.topk(routing_weights, top_k, dim=-1)
    routing_weights /= routing_weights.sum(dim=-1, keepdim=True)
    routing_weights = routing_weights.to(router_logits.dtype)
    return routing_weights, selected_experts
