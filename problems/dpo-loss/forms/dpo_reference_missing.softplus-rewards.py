# Wrong: rewards are beta * log pi with no reference, and the loss is built from them.
import torch.nn.functional as F


def dpo_loss(
    policy_chosen_logps, policy_rejected_logps, ref_chosen_logps, ref_rejected_logps, beta=0.1
):
    r_chosen = beta * policy_chosen_logps
    r_rejected = beta * policy_rejected_logps
    loss = F.softplus(r_rejected - r_chosen).mean()
    return loss, r_chosen.detach(), r_rejected.detach()
