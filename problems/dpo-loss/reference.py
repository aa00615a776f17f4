"""Trusted reference for dpo-loss: the sigmoid DPO loss of Rafailov et al. (2023), eq. 7,
with the implicit rewards beta * (log pi - log pi_ref), detached.

Matches TRL's DPOTrainer.dpo_loss (loss_type="sigmoid", label_smoothing=0) followed by
.mean(), and the DPO authors' preference_loss.
"""

import torch
import torch.nn.functional as F


def dpo_loss(
    policy_chosen_logps: torch.Tensor,
    policy_rejected_logps: torch.Tensor,
    ref_chosen_logps: torch.Tensor,
    ref_rejected_logps: torch.Tensor,
    beta: float = 0.1,
) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    """(mean -logsigmoid(beta * margin), chosen_rewards, rejected_rewards)."""
    chosen_logratios = policy_chosen_logps - ref_chosen_logps  # [B]
    rejected_logratios = policy_rejected_logps - ref_rejected_logps  # [B]
    logits = beta * (chosen_logratios - rejected_logratios)  # [B]
    loss = -F.logsigmoid(logits).mean()  # ()
    chosen_rewards = (beta * chosen_logratios).detach()
    rejected_rewards = (beta * rejected_logratios).detach()
    return loss, chosen_rewards, rejected_rewards
