# Wrong: lengths floored at 1 with torch.maximum, and the batch mean divides by B.
import torch


def grpo_loss(logp, old_logp, ref_logp, advantages, mask, clip_eps=0.2, beta=0.04):
    B = logp.shape[0]
    r = (logp - old_logp).exp()
    a = advantages.view(B, 1)
    obj = torch.min(r * a, r.clamp(1 - clip_eps, 1 + clip_eps) * a)
    lr = ref_logp - logp
    loss = beta * (lr.exp() - lr - 1) - obj
    m = mask.to(loss.dtype)
    lengths = torch.maximum(m.sum(-1), torch.ones(B))
    return ((loss * m).sum(-1) / lengths).sum() / B
