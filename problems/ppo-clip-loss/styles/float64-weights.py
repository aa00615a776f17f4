"""Normalised token weights w = mask / mask.sum() computed once and contracted with einsum,
in float64 with the results cast back to float32; the clipped value written with tensor
bounds, torch.clamp(values, old - c, old + c), the form TRL uses."""

import torch


def ppo_losses(
    logp, old_logp, advantages, values, old_values, returns, mask, clip_eps=0.2, value_clip=0.2
):
    dtype = logp.dtype
    lp, olp, adv = logp.double(), old_logp.double(), advantages.double()
    v, ov, ret = values.double(), old_values.double(), returns.double()
    w = mask.double() / mask.sum()  # [B, T], sums to 1

    ratio = (lp - olp).exp()
    surrogate = torch.min(ratio * adv, ratio.clamp(1 - clip_eps, 1 + clip_eps) * adv)
    policy_loss = -torch.einsum("bt,bt->", w, surrogate)

    vpredclipped = torch.clamp(v, ov - value_clip, ov + value_clip)
    vf = torch.max((v - ret) ** 2, (vpredclipped - ret) ** 2)
    value_loss = 0.5 * torch.einsum("bt,bt->", w, vf)

    clip_fraction = torch.einsum("bt,bt->", w, ((ratio - 1).abs() > clip_eps).double())
    return policy_loss.to(dtype), value_loss.to(dtype), clip_fraction.to(dtype)
