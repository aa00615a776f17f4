"""Adapted from Hugging Face TRL, trl/trainer/grpo_trainer.py (read 2026-12): the k3 line of
GRPOTrainer._compute_loss, per_token_kl = torch.exp(ref_per_token_logps - per_token_logps) -
(ref_per_token_logps - per_token_logps) - 1, and its token-level reduction (loss_type
"bnpo"), (x * completion_mask).sum() / completion_mask.sum().clamp(min=1.0). Changed: k1 and
k2 are written the same way from the same difference, and all three are reduced."""

import torch


def kl_estimators(logp, ref_logp, mask):
    per_token_logps, ref_per_token_logps = logp, ref_logp
    completion_mask = mask.float()
    delta = ref_per_token_logps - per_token_logps  # log(pi_ref / pi)
    per_token_k1 = -delta
    per_token_k2 = 0.5 * delta**2
    per_token_kl = torch.exp(delta) - delta - 1

    def token_mean(x):
        return (x * completion_mask).sum() / completion_mask.sum().clamp(min=1.0)

    return token_mean(per_token_k1), token_mean(per_token_k2), token_mean(per_token_kl)
