# Wrong: the paper's D_KL with the ratio inverted, pi_theta / pi_ref - log(pi_theta / pi_ref) - 1.
import torch


def grpo_loss(logp, old_logp, ref_logp, advantages, mask, clip_eps=0.2, beta=0.04):
    terms = []
    for i in range(logp.shape[0]):
        keep = mask[i]
        if not keep.any():
            continue
        r = torch.exp(logp[i, keep] - old_logp[i, keep])
        a = advantages[i]
        obj = torch.min(r * a, torch.clamp(r, 1 - clip_eps, 1 + clip_eps) * a)
        theta_over_ref = torch.exp(logp[i, keep] - ref_logp[i, keep])
        d_kl = theta_over_ref - torch.log(theta_over_ref) - 1
        terms.append((obj - beta * d_kl).mean())
    return -torch.stack(terms).mean()
