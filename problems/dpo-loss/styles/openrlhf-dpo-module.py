"""Adapted from OpenRLHF, openrlhf/models/loss.py `DPOLoss`: an nn.Module holding beta,
label_smoothing and an ipo switch, whose forward returns (loss, chosen_rewards,
rejected_rewards) with the rewards detached. Changed: the ipo branch is dropped and a
function builds the module and calls it, as the entry point asks.
"""

import torch
import torch.nn as nn
import torch.nn.functional as F


class DPOLoss(nn.Module):
    def __init__(self, beta: float, label_smoothing: float = 0.0) -> None:
        super().__init__()
        self.beta = beta
        self.label_smoothing = label_smoothing

    def forward(
        self,
        policy_chosen_logps: torch.Tensor,
        policy_rejected_logps: torch.Tensor,
        reference_chosen_logps: torch.Tensor,
        reference_rejected_logps: torch.Tensor,
    ) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
        pi_logratios = policy_chosen_logps - policy_rejected_logps
        ref_logratios = reference_chosen_logps - reference_rejected_logps
        logits = pi_logratios - ref_logratios
        # label_smoothing=0 gives the original DPO loss (Rafailov et al., eq. 7)
        losses = (
            -F.logsigmoid(self.beta * logits) * (1 - self.label_smoothing)
            - F.logsigmoid(-self.beta * logits) * self.label_smoothing
        )
        loss = losses.mean()
        chosen_rewards = self.beta * (policy_chosen_logps - reference_chosen_logps).detach()
        rejected_rewards = self.beta * (policy_rejected_logps - reference_rejected_logps).detach()
        return loss, chosen_rewards, rejected_rewards


def dpo_loss(
    policy_chosen_logps,
    policy_rejected_logps,
    ref_chosen_logps,
    ref_rejected_logps,
    beta=0.1,
):
    return DPOLoss(beta)(
        policy_chosen_logps, policy_rejected_logps, ref_chosen_logps, ref_rejected_logps
    )
