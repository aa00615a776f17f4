# Wrong: TRL's reference_free path switched on, so the reference log-probs count as 0.
import torch.nn.functional as F


def dpo_loss(
    policy_chosen_logps, policy_rejected_logps, ref_chosen_logps, ref_rejected_logps, beta=0.1
):
    reference_free = True
    chosen_logratios = policy_chosen_logps - (not reference_free) * ref_chosen_logps
    rejected_logratios = policy_rejected_logps - (not reference_free) * ref_rejected_logps
    logits = chosen_logratios - rejected_logratios
    losses = -F.logsigmoid(beta * logits)
    return losses.mean(), beta * chosen_logratios.detach(), beta * rejected_logratios.detach()
