# Wrong: replaces the 0/0 of an empty row by 0, then averages over all B rows.
import torch


def grpo_loss(logp, old_logp, ref_logp, advantages, mask, clip_eps=0.2, beta=0.04):
    ratio = torch.exp(logp - old_logp)
    adv = advantages.unsqueeze(1)
    surr = torch.min(ratio * adv, torch.clamp(ratio, 1 - clip_eps, 1 + clip_eps) * adv)
    x = ref_logp - logp
    per_token = -(surr - beta * (torch.exp(x) - x - 1))
    m = mask.float()
    per_row = (per_token * m).sum(1) / m.sum(1)
    per_row = torch.nan_to_num(per_row, nan=0.0)
    return per_row.mean()
