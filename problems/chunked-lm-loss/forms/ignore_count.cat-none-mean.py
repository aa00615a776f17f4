# Wrong: reduction="none" gives 0 at ignored rows, and .mean() over all N rows keeps them.
import torch
import torch.nn.functional as F


def chunked_lm_loss(hidden, weight, labels, chunk=1024, ignore_index=-100):
    per_token = []
    for h, y in zip(torch.split(hidden, chunk), torch.split(labels, chunk), strict=True):
        per_token.append(
            F.cross_entropy(h @ weight.T, y, ignore_index=ignore_index, reduction="none")
        )
    return torch.cat(per_token).mean()
