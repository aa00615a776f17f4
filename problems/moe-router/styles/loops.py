"""Plain Python loops, one token at a time: sort the expert ids by logit, keep the first k,
and a max-shifted softmax by hand. Rebuilt as tensors at the end with torch.stack, so the
weights stay connected to the logits for autograd."""

import torch


def moe_router(logits, k):
    all_weights, all_indices = [], []
    for t in range(logits.shape[0]):
        row = logits[t]
        order = sorted(range(row.shape[0]), key=lambda e: -row[e].item())[:k]
        chosen = torch.stack([row[e] for e in order])
        top = max(chosen.tolist())
        exps = torch.exp(chosen - top)
        all_weights.append(exps / exps.sum())
        all_indices.append(torch.tensor(order, dtype=torch.long))
    return torch.stack(all_weights), torch.stack(all_indices)
