# Wrong: sigmoid written as 1 / (1 + exp(-x)), then its log: 0 and -inf for large -x.
import torch


def dpo_loss(
    policy_chosen_logps, policy_rejected_logps, ref_chosen_logps, ref_rejected_logps, beta=0.1
):
    w = policy_chosen_logps - ref_chosen_logps
    l = policy_rejected_logps - ref_rejected_logps  # noqa: E741
    z = beta * (w - l)
    p = 1.0 / (1.0 + torch.exp(-z))
    return -torch.log(p).mean(), (beta * w).detach(), (beta * l).detach()
