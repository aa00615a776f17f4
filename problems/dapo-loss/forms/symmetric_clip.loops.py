# Wrong: per token, the ratio is clipped to [1 - eps_low, 1 + eps_low].
import torch


def dapo_loss(logp, old_logp, advantages, mask, eps_low=0.2, eps_high=0.28):
    total, count = 0.0, 0
    for i in range(logp.shape[0]):
        for t in range(logp.shape[1]):
            if mask[i, t]:
                r = torch.exp(logp[i, t] - old_logp[i, t])
                rc = r.clamp(1 - eps_low, 1 + eps_low)
                total = total + torch.minimum(r * advantages[i], rc * advantages[i])
                count += 1
    return -total / count
