import torch


def shape_rewards(rm_score, logp, ref_logp, mask, kl_coef=0.1):
    # Per-token KL penalty, the k1 estimate log(pi / pi_ref), only on response tokens.
    kl = logp - ref_logp  # [B, T]
    rewards = torch.where(mask, -kl_coef * kl, torch.zeros_like(kl))

    # The last response token of each row: the largest position where the mask is True.
    # Padding may follow it, and prompt positions may precede it, so neither T - 1 nor
    # mask.sum(1) - 1 is right in general.
    B, T = mask.shape
    positions = torch.arange(T).expand(B, T)
    last = torch.where(mask, positions, -1).amax(dim=1)  # [B]

    rewards[torch.arange(B), last] += rm_score  # the sequence-level score, once per row
    return rewards
