# Wrong: beta * mean(-logsigmoid(margin)), the unscaled margin inside the sigmoid.
import torch.nn.functional as F


def dpo_loss(
    policy_chosen_logps, policy_rejected_logps, ref_chosen_logps, ref_rejected_logps, beta=0.1
):
    chosen_logratios = policy_chosen_logps - ref_chosen_logps
    rejected_logratios = policy_rejected_logps - ref_rejected_logps
    margin = chosen_logratios - rejected_logratios
    loss = beta * (-F.logsigmoid(margin)).mean()
    return loss, beta * chosen_logratios.detach(), beta * rejected_logratios.detach()
