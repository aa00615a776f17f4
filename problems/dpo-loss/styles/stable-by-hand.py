"""The stable log-sigmoid written out, as in a from-scratch implementation without
F.logsigmoid: -log sigmoid(x) = max(-x, 0) + log1p(exp(-|x|)), which never exponentiates a
positive number. max(-x, 0) is written (|x| - x) / 2 so that autograd's derivative at x = 0
is the true -1/2: with clamp or relu it is -1 there, and x = 0 is exactly where DPO starts
(policy = reference)."""

import torch


def _neg_logsigmoid(x):
    return (x.abs() - x) / 2 + torch.log1p(torch.exp(-x.abs()))


def dpo_loss(
    policy_chosen_logps,
    policy_rejected_logps,
    ref_chosen_logps,
    ref_rejected_logps,
    beta=0.1,
):
    log_ratio_w = policy_chosen_logps - ref_chosen_logps
    log_ratio_l = policy_rejected_logps - ref_rejected_logps
    z = beta * (log_ratio_w - log_ratio_l)
    loss = _neg_logsigmoid(z).sum() / z.numel()
    return loss, (beta * log_ratio_w).detach().clone(), (beta * log_ratio_l).detach().clone()
