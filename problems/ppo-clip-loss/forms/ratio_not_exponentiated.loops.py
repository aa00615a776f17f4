# Wrong: a token loop where the ratio is written as logp - old_logp, in log space.
import torch


def ppo_losses(
    logp, old_logp, advantages, values, old_values, returns, mask, clip_eps=0.2, value_clip=0.2
):
    pg, vf, clipped, n = 0.0, 0.0, 0.0, 0
    for b in range(logp.shape[0]):
        for t in range(logp.shape[1]):
            if not mask[b, t]:
                continue
            r = logp[b, t] - old_logp[b, t]
            a = advantages[b, t]
            pg = pg - torch.min(r * a, r.clamp(1 - clip_eps, 1 + clip_eps) * a)
            vc = old_values[b, t] + (values[b, t] - old_values[b, t]).clamp(-value_clip, value_clip)
            vf = vf + torch.max((values[b, t] - returns[b, t]) ** 2, (vc - returns[b, t]) ** 2)
            clipped += float(abs(r - 1) > clip_eps)
            n += 1
    return pg / n, 0.5 * vf / n, torch.tensor(clipped / n)
