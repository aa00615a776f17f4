# Wrong: the margin uses the policy's log-probs only; the reference is never subtracted.
import torch.nn.functional as F


def dpo_loss(
    policy_chosen_logps, policy_rejected_logps, ref_chosen_logps, ref_rejected_logps, beta=0.1
):
    logits = beta * (policy_chosen_logps - policy_rejected_logps)
    loss = -F.logsigmoid(logits).mean()
    chosen_rewards = beta * policy_chosen_logps.detach()
    rejected_rewards = beta * policy_rejected_logps.detach()
    return loss, chosen_rewards, rejected_rewards
