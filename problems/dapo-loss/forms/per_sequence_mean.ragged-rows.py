# Wrong: each response averaged over its own tokens, then the responses averaged.
import torch


def dapo_loss(logp, old_logp, advantages, mask, eps_low=0.2, eps_high=0.28):
    rows = []
    for row_logp, row_old, row_mask, adv in zip(logp, old_logp, mask, advantages, strict=True):
        if not row_mask.any():
            continue
        ratio = torch.exp(row_logp[row_mask] - row_old[row_mask])
        clipped = ratio.clamp(1 - eps_low, 1 + eps_high)
        rows.append(torch.minimum(ratio * adv, clipped * adv).mean())
    return -torch.stack(rows).mean()
