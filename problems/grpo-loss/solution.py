import torch


def grpo_loss(logp, old_logp, ref_logp, advantages, mask, clip_eps=0.2, beta=0.04):
    # Importance ratio pi_theta / pi_old per token, from log-probabilities.
    ratio = torch.exp(logp - old_logp)  # [B, T]
    adv = advantages[:, None]  # [B, 1]: one advantage per sequence, shared by its tokens
    # PPO's pessimistic bound: the min of the unclipped and the clipped objective.
    clipped = torch.clamp(ratio, 1 - clip_eps, 1 + clip_eps)
    surrogate = torch.min(ratio * adv, clipped * adv)
    # k3 estimator of KL(pi_theta || pi_ref): x = log(pi_ref / pi_theta), e^x - x - 1 >= 0.
    x = ref_logp - logp
    kl = torch.exp(x) - x - 1
    per_token_loss = -(surrogate - beta * kl)  # [B, T]

    m = mask.float()
    lengths = m.sum(dim=1)  # [B] valid tokens per sequence
    # Mean over each sequence's own tokens; clamp keeps empty rows at 0/1 = 0, not 0/0.
    per_seq = (per_token_loss * m).sum(dim=1) / lengths.clamp(min=1)
    keep = lengths > 0  # sequences with at least one valid token
    if not keep.any():
        return per_seq.sum() * 0.0  # nothing to learn from: 0, still connected to the graph
    return per_seq[keep].mean()
