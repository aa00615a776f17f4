"""The GRPO objective as written in DeepSeekMath (Shao et al. 2024, eq. 3 with the KL
estimator of eq. 4), with explicit loops: J = 1/G sum_i 1/|o_i| sum_t {min(r A_i,
clip(r, 1 - eps, 1 + eps) A_i) - beta D_KL}, D_KL = pi_ref/pi_theta - log(pi_ref/pi_theta) - 1,
and the loss is -J. Sequences with no token are not part of the group average."""

import torch


def grpo_loss(logp, old_logp, ref_logp, advantages, mask, clip_eps=0.2, beta=0.04):
    terms = []
    for i in range(logp.shape[0]):
        tokens = mask[i].nonzero().flatten()
        if tokens.numel() == 0:
            continue
        total = logp.new_zeros(())
        for t in tokens.tolist():
            r = torch.exp(logp[i, t] - old_logp[i, t])
            clipped = torch.clamp(r, 1 - clip_eps, 1 + clip_eps)
            surrogate = torch.minimum(r * advantages[i], clipped * advantages[i])
            ref_over_theta = torch.exp(ref_logp[i, t] - logp[i, t])
            d_kl = ref_over_theta - torch.log(ref_over_theta) - 1
            total = total + surrogate - beta * d_kl
        terms.append(total / tokens.numel())
    if not terms:
        return logp.sum() * 0.0
    return -torch.stack(terms).mean()
