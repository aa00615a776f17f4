import torch


def dapo_loss(logp, old_logp, advantages, mask, eps_low=0.2, eps_high=0.28):
    # Importance ratio pi_theta / pi_old of each sampled token.
    ratio = torch.exp(logp - old_logp)  # [B, T]
    adv = advantages[:, None]  # [B, 1]: one advantage per response, shared by its tokens
    # Clip-higher: the upper bound 1 + eps_high is decoupled from the lower 1 - eps_low.
    clipped = torch.clamp(ratio, 1 - eps_low, 1 + eps_high)
    # PPO's pessimistic bound: the min of the unclipped and the clipped objective.
    surrogate = torch.min(ratio * adv, clipped * adv)  # [B, T]

    # Token-level mean: every valid token of the batch weighs the same, so a long
    # response counts in proportion to its length (GRPO would average each row first).
    m = mask.float()
    return -(surrogate * m).sum() / m.sum()
