"""Adapted from Hugging Face TRL, trl/trainer/grpo_trainer.py, GRPOTrainer's advantage
step (read 2026-12): mean_grouped_rewards = rewards.view(-1, self.num_generations).mean(dim=1),
the same for .std(dim=1), both .repeat_interleave(num_generations, dim=0), then
advantages = rewards - mean, divided by (std + 1e-4) when scale_rewards. Changed: the
trainer's attributes (num_generations, scale_rewards) are the arguments, eps is a parameter
instead of the literal 1e-4, and the gathering across processes and the logging are cut."""


def grpo_advantages(rewards, group_size, scale=True, eps=1e-4):
    num_generations = group_size
    mean_grouped_rewards = rewards.view(-1, num_generations).mean(dim=1)
    std_grouped_rewards = rewards.view(-1, num_generations).std(dim=1)

    # Normalize the rewards to compute the advantages
    mean_grouped_rewards = mean_grouped_rewards.repeat_interleave(num_generations, dim=0)
    std_grouped_rewards = std_grouped_rewards.repeat_interleave(num_generations, dim=0)
    advantages = rewards - mean_grouped_rewards
    if scale:
        advantages = advantages / (std_grouped_rewards + eps)
    return advantages
