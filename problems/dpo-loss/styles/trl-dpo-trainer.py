"""Adapted from Hugging Face TRL, trl/trainer/dpo_trainer.py `DPOTrainer.dpo_loss` with
loss_type="sigmoid": log-ratios written as `chosen_logps - (not self.reference_free) *
ref_chosen_logps`, logits = logratios - ref_logratios, the conservative-DPO label
smoothing term, and rewards from the detached log-ratios. Changed: a function instead of a
method (reference_free=False, label_smoothing=0.0 as the defaults), no device moves, and
the per-pair losses are averaged here (the trainer does `.mean()` afterwards).
"""

import torch.nn.functional as F


def dpo_loss(
    policy_chosen_logps,
    policy_rejected_logps,
    ref_chosen_logps,
    ref_rejected_logps,
    beta=0.1,
    label_smoothing=0.0,
    reference_free=False,
):
    chosen_logps, rejected_logps = policy_chosen_logps, policy_rejected_logps
    # Get the log ratios for the chosen and rejected responses
    chosen_logratios = chosen_logps - (not reference_free) * ref_chosen_logps
    rejected_logratios = rejected_logps - (not reference_free) * ref_rejected_logps

    logratios = chosen_logps - rejected_logps
    ref_logratios = 0.0 if reference_free else ref_chosen_logps - ref_rejected_logps
    logits = logratios - ref_logratios

    losses = (
        -F.logsigmoid(beta * logits) * (1 - label_smoothing)
        - F.logsigmoid(-beta * logits) * label_smoothing
    )
    chosen_rewards = beta * chosen_logratios.detach()
    rejected_rewards = beta * rejected_logratios.detach()
    return losses.mean(), chosen_rewards, rejected_rewards
