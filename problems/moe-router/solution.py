import torch


def moe_router(logits: torch.Tensor, k: int) -> tuple[torch.Tensor, torch.Tensor]:
    # logits: [T, E], one score per (token, expert).
    # topk sorts each row in descending order; the indices are int64.
    top_logits, indices = logits.topk(k, dim=-1)  # [T, k], [T, k]
    # Softmax over the k chosen logits only, so each token's weights sum to 1.
    # Equal to softmax over all E experts, taken at the chosen ones and renormalised.
    weights = top_logits.softmax(dim=-1)  # [T, k]
    return weights, indices
