# Wrong: softplus(x) where -logsigmoid(x) = softplus(-x): the sign inside is lost.
import torch.nn.functional as F


def dpo_loss(
    policy_chosen_logps, policy_rejected_logps, ref_chosen_logps, ref_rejected_logps, beta=0.1
):
    chosen = beta * (policy_chosen_logps - ref_chosen_logps)
    rejected = beta * (policy_rejected_logps - ref_rejected_logps)
    loss = F.softplus(chosen - rejected).mean()
    return loss, chosen.detach(), rejected.detach()
