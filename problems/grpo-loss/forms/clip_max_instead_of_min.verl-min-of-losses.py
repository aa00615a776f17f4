# Wrong: negates the surrogates but keeps the min, so the loss is the optimistic bound.
import torch


def grpo_loss(logp, old_logp, ref_logp, advantages, mask, clip_eps=0.2, beta=0.04):
    ratio = torch.exp(logp - old_logp)
    a = advantages[:, None]
    pg_losses1 = -a * ratio
    pg_losses2 = -a * torch.clamp(ratio, 1 - clip_eps, 1 + clip_eps)
    pg_losses = torch.minimum(pg_losses1, pg_losses2)
    kl = ref_logp - logp
    kld = torch.exp(kl) - kl - 1
    loss = pg_losses + beta * kld
    m = mask.float()
    n = m.sum(1)
    seq = (loss * m).sum(1) / n.clamp(min=1)
    keep = (n > 0).float()
    return (seq * keep).sum() / keep.sum()
