"""Adapted from Hugging Face TRL, trl/trainer/grpo_trainer.py, GRPOTrainer._compute_loss
(read 2026-12), loss_type="grpo": per_token_kl = exp(ref - logp) - (ref - logp) - 1,
coef_1 = exp(logp - old), coef_2 = clamp(coef_1, 1 - epsilon_low, 1 + epsilon_high),
per_token_loss = -min(coef_1 * A, coef_2 * A) + beta * per_token_kl, then
((per_token_loss * completion_mask).sum(-1) / completion_mask.sum(-1).clamp(min=1.0)).mean().
Changed: one epsilon for both sides; the last mean runs over the completions that have a
token (TRL's .mean() counts an empty completion as a 0); no sequence-level importance
sampling, entropy mask, vLLM correction or gradient-accumulation scaling."""

import torch


def grpo_loss(logp, old_logp, ref_logp, advantages, mask, clip_eps=0.2, beta=0.04):
    per_token_logps, old_per_token_logps, ref_per_token_logps = logp, old_logp, ref_logp
    completion_mask = mask.float()
    per_token_kl = (
        torch.exp(ref_per_token_logps - per_token_logps)
        - (ref_per_token_logps - per_token_logps)
        - 1
    )
    coef_1 = torch.exp(per_token_logps - old_per_token_logps)
    coef_2 = torch.clamp(coef_1, 1 - clip_eps, 1 + clip_eps)
    per_token_loss1 = coef_1 * advantages.unsqueeze(1)
    per_token_loss2 = coef_2 * advantages.unsqueeze(1)
    per_token_loss = -torch.min(per_token_loss1, per_token_loss2)
    if beta != 0.0:
        per_token_loss = per_token_loss + beta * per_token_kl
    per_completion = (per_token_loss * completion_mask).sum(-1) / completion_mask.sum(-1).clamp(
        min=1.0
    )
    has_tokens = completion_mask.sum(-1) > 0
    if not has_tokens.any():
        return per_completion.sum() * 0.0
    return per_completion[has_tokens].mean()
