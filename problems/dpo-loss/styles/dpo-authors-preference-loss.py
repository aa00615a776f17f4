"""Adapted from the DPO authors' reference implementation,
eric-mitchell/direct-preference-optimization, trainers.py `preference_loss` (named
`dpo_loss` in its first commits): pi_logratios and ref_logratios first, their
difference as the logits, -F.logsigmoid(beta * logits), and rewards from the detached
policy/reference differences. Changed: the IPO and label-smoothing branches are cut, and
the losses are averaged here (the repository averages them in get_batch_metrics).
"""

import torch.nn.functional as F


def dpo_loss(
    policy_chosen_logps,
    policy_rejected_logps,
    ref_chosen_logps,
    ref_rejected_logps,
    beta=0.1,
):
    reference_chosen_logps, reference_rejected_logps = ref_chosen_logps, ref_rejected_logps
    pi_logratios = policy_chosen_logps - policy_rejected_logps
    ref_logratios = reference_chosen_logps - reference_rejected_logps

    logits = pi_logratios - ref_logratios  # also known as h_{\pi_\theta}^{y_w,y_l}

    losses = -F.logsigmoid(beta * logits)
    chosen_rewards = beta * (policy_chosen_logps - reference_chosen_logps).detach()
    rejected_rewards = beta * (policy_rejected_logps - reference_rejected_logps).detach()

    return losses.mean(), chosen_rewards, rejected_rewards
