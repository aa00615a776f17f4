"""Token by token with Python loops and math-style scalar branches, the way the clipped
objective is first written on a whiteboard: skip padded tokens, accumulate, divide by the
count at the end."""

import torch


def ppo_losses(
    logp, old_logp, advantages, values, old_values, returns, mask, clip_eps=0.2, value_clip=0.2
):
    batch, length = logp.shape
    pg_total = logp.new_zeros(())
    vf_total = values.new_zeros(())
    clipped, count = 0, 0
    for b in range(batch):
        for t in range(length):
            if not bool(mask[b, t]):
                continue
            ratio = torch.exp(logp[b, t] - old_logp[b, t])
            adv = advantages[b, t]
            clipped_ratio = ratio.clamp(1 - clip_eps, 1 + clip_eps)
            pg_total = pg_total - torch.min(ratio * adv, clipped_ratio * adv)

            v, v_old, ret = values[b, t], old_values[b, t], returns[b, t]
            v_clip = v_old + (v - v_old).clamp(-value_clip, value_clip)
            vf_total = vf_total + torch.max((v - ret) ** 2, (v_clip - ret) ** 2)

            clipped += int(abs(float(ratio) - 1.0) > clip_eps)
            count += 1
    clip_fraction = torch.tensor(clipped / count, dtype=logp.dtype)
    return pg_total / count, 0.5 * vf_total / count, clip_fraction
