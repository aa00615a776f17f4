import torch.nn.functional as F


def dpo_loss(
    policy_chosen_logps,
    policy_rejected_logps,
    ref_chosen_logps,
    ref_rejected_logps,
    beta=0.1,
):
    # How much more (in log space) the policy likes each answer than the reference does.
    chosen_logratios = policy_chosen_logps - ref_chosen_logps  # [B]
    rejected_logratios = policy_rejected_logps - ref_rejected_logps  # [B]
    # beta scales the margin *inside* the sigmoid: it is the temperature of the
    # Bradley-Terry model, not a weight on the loss.
    logits = beta * (chosen_logratios - rejected_logratios)  # [B]
    # -log sigmoid(x) computed stably (softplus(-x)), never log(sigmoid(x)).
    loss = -F.logsigmoid(logits).mean()
    # The implicit rewards are for logging only: no gradient may flow through them.
    chosen_rewards = beta * chosen_logratios.detach()
    rejected_rewards = beta * rejected_logratios.detach()
    return loss, chosen_rewards, rejected_rewards
