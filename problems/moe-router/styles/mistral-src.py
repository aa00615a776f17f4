"""mistral-src's MoeLayer: top-k of the gate logits first, then a softmax over the k chosen
logits computed in float and cast back (the order Mixtral's reference code uses)."""

import torch
import torch.nn.functional as F


def moe_router(gate_logits, num_experts_per_tok):
    weights, selected_experts = torch.topk(gate_logits, num_experts_per_tok)
    weights = F.softmax(weights, dim=1, dtype=torch.float).to(gate_logits.dtype)
    return weights, selected_experts
