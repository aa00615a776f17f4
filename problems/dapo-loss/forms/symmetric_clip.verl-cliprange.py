# Wrong: verl's compute_policy_loss called with one cliprange for both bounds.
import torch


def compute_policy_loss(old_log_prob, log_prob, advantages, response_mask, cliprange):
    ratio = torch.exp(torch.clamp(log_prob - old_log_prob, min=-20.0, max=20.0))
    pg_losses1 = -advantages * ratio
    pg_losses2 = -advantages * torch.clamp(ratio, 1 - cliprange, 1 + cliprange)
    pg_losses = torch.maximum(pg_losses1, pg_losses2)
    return (pg_losses * response_mask).sum() / response_mask.sum()


def dapo_loss(logp, old_logp, advantages, mask, eps_low=0.2, eps_high=0.28):
    a = advantages.unsqueeze(-1).expand_as(logp)
    return compute_policy_loss(old_logp, logp, a, mask.to(logp.dtype), eps_low)
