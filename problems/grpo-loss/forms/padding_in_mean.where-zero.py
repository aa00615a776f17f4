# Wrong: zeroes the padding with torch.where, then averages over every position.
import torch


def grpo_loss(logp, old_logp, ref_logp, advantages, mask, clip_eps=0.2, beta=0.04):
    r = (logp - old_logp).exp()
    a = advantages[:, None]
    obj = torch.minimum(r * a, r.clamp(1 - clip_eps, 1 + clip_eps) * a)
    x = ref_logp - logp
    loss = beta * (x.exp() - x - 1) - obj
    loss = torch.where(mask, loss, torch.zeros_like(loss))
    return loss.sum() / loss.numel()
