# Wrong: per_token_loss[mask].mean() weighs every valid token equally across sequences.
import torch


def grpo_loss(logp, old_logp, ref_logp, advantages, mask, clip_eps=0.2, beta=0.04):
    ratio = torch.exp(logp - old_logp)
    adv = advantages[:, None].expand_as(ratio)
    surr = torch.min(ratio * adv, ratio.clamp(1 - clip_eps, 1 + clip_eps) * adv)
    x = ref_logp - logp
    per_token_loss = -(surr - beta * (x.exp() - x - 1))
    return per_token_loss[mask].mean()
