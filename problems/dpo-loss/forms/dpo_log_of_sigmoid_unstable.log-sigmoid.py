# Wrong: -log(sigmoid(x)); sigmoid underflows to 0 for very negative margins, giving inf.
import torch


def dpo_loss(
    policy_chosen_logps, policy_rejected_logps, ref_chosen_logps, ref_rejected_logps, beta=0.1
):
    chosen_rewards = beta * (policy_chosen_logps - ref_chosen_logps)
    rejected_rewards = beta * (policy_rejected_logps - ref_rejected_logps)
    prob_chosen_wins = torch.sigmoid(chosen_rewards - rejected_rewards)
    loss = -torch.log(prob_chosen_wins).mean()
    return loss, chosen_rewards.detach(), rejected_rewards.detach()
