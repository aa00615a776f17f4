# Wrong: beta * softplus(-margin); beta belongs inside, softplus(-beta * margin).
import torch
import torch.nn.functional as F


def dpo_loss(
    policy_chosen_logps, policy_rejected_logps, ref_chosen_logps, ref_rejected_logps, beta=0.1
):
    log_ratio_w = policy_chosen_logps - ref_chosen_logps
    log_ratio_l = policy_rejected_logps - ref_rejected_logps
    loss = torch.mean(beta * F.softplus(log_ratio_l - log_ratio_w))
    with torch.no_grad():
        rewards = beta * log_ratio_w, beta * log_ratio_l
    return loss, *rewards
