import torch


def masked_mean(x: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
    # One mean over every real token of the batch (not a mean per sequence).
    return (x * mask).sum() / mask.sum()


def ppo_losses(
    logp, old_logp, advantages, values, old_values, returns, mask, clip_eps=0.2, value_clip=0.2
):
    # Importance ratio pi_new / pi_old, computed from log-probs: exp of the difference.
    ratio = torch.exp(logp - old_logp)  # [B, T]

    # Clipped surrogate: take the smaller (pessimistic) of the two objectives, then negate.
    surr1 = ratio * advantages
    surr2 = torch.clamp(ratio, 1 - clip_eps, 1 + clip_eps) * advantages
    policy_loss = masked_mean(-torch.min(surr1, surr2), mask)

    # Clipped value loss: the new value may move at most value_clip from the old one;
    # keep the larger of the two squared errors.
    v_clipped = old_values + torch.clamp(values - old_values, -value_clip, value_clip)
    v_loss = torch.max((values - returns) ** 2, (v_clipped - returns) ** 2)
    value_loss = 0.5 * masked_mean(v_loss, mask)

    # Share of real tokens whose ratio left [1 - eps, 1 + eps] (a diagnostic, no gradient).
    clip_fraction = masked_mean(((ratio - 1).abs() > clip_eps).float(), mask)
    return policy_loss, value_loss, clip_fraction
