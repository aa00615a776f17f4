# Wrong: compute_approx_kl with the k1 estimator (log_probs - log_probs_base).
import torch


def compute_approx_kl(log_probs, log_probs_base):
    return log_probs.float() - log_probs_base.float()


def grpo_loss(logp, old_logp, ref_logp, advantages, mask, clip_eps=0.2, beta=0.04):
    action_mask = mask.float()
    ratio = (logp - old_logp).exp()
    surr1 = ratio * advantages[:, None]
    surr2 = ratio.clamp(1 - clip_eps, 1 + clip_eps) * advantages[:, None]
    loss = -torch.min(surr1, surr2) + beta * compute_approx_kl(logp, ref_logp)
    lengths = action_mask.sum(-1)
    per_seq = (loss * action_mask).sum(-1) / lengths.clamp(min=1)
    has = lengths > 0
    return (per_seq * has).sum() / has.sum()
