"""Flatten the batch to one long token list with masked_select (the packed-sequence layout
of verl and OpenRLHF's packing), then plain means; F.relu writes the clamp of the value step
as two one-sided corrections."""

import torch
import torch.nn.functional as F


def ppo_losses(
    logp, old_logp, advantages, values, old_values, returns, mask, clip_eps=0.2, value_clip=0.2
):
    def pick(x):
        return torch.masked_select(x, mask)  # [N]

    lp, olp, adv = pick(logp), pick(old_logp), pick(advantages)
    v, ov, ret = pick(values), pick(old_values), pick(returns)

    ratio = torch.exp(lp - olp)
    bounded = torch.clamp(ratio, 1 - clip_eps, 1 + clip_eps)
    policy_loss = torch.mean(torch.max(-ratio * adv, -bounded * adv))

    step = v - ov
    step = step - F.relu(step - value_clip) + F.relu(-value_clip - step)  # clamp
    value_loss = 0.5 * torch.mean(torch.max((v - ret) ** 2, (ov + step - ret) ** 2))

    clip_fraction = (torch.abs(ratio - 1) > clip_eps).to(ratio.dtype).mean()
    return policy_loss, value_loss, clip_fraction
