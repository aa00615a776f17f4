import torch


def ppo_losses(
    logp, old_logp, advantages, values, old_values, returns, mask, clip_eps=0.2, value_clip=0.2
):
    """PPO's clipped policy loss, clipped value loss and clip fraction.

    logp, old_logp: log-probs of the sampled tokens under the new / old policy, [B, T]
    advantages: [B, T]; values, old_values: new / old value predictions, [B, T]
    returns: value targets, [B, T]; mask: bool [B, T], True at real response tokens
    clip_eps: the ratio's clip range; value_clip: how far a value may move from old_values
    Returns: (policy_loss, value_loss, clip_fraction), three 0-d float tensors.
    """
    # TODO: ratio = exp(logp - old_logp)
    # TODO: policy loss = masked mean of -min(ratio * A, clamp(ratio, 1 - eps, 1 + eps) * A)
    # TODO: value loss = 0.5 * masked mean of max((V - R)^2, (V_clipped - R)^2)
    # TODO: clip fraction = masked mean of (|ratio - 1| > eps)
    zero = (logp * 0).sum()
    return zero, (values * 0).sum(), torch.zeros(())
