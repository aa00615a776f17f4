# Wrong: loops over every position, real or not, and divides by B * T.
import torch


def ppo_losses(
    logp, old_logp, advantages, values, old_values, returns, mask, clip_eps=0.2, value_clip=0.2
):
    batch, length = logp.shape
    pg = vf = clipped = 0.0
    for b in range(batch):
        for t in range(length):
            r = torch.exp(logp[b, t] - old_logp[b, t])
            a = advantages[b, t]
            pg = pg - torch.min(r * a, r.clamp(1 - clip_eps, 1 + clip_eps) * a)
            vc = old_values[b, t] + (values[b, t] - old_values[b, t]).clamp(-value_clip, value_clip)
            vf = vf + torch.max((values[b, t] - returns[b, t]) ** 2, (vc - returns[b, t]) ** 2)
            clipped += float(abs(r - 1) > clip_eps)
    n = batch * length
    return pg / n, 0.5 * vf / n, torch.tensor(clipped / n)
