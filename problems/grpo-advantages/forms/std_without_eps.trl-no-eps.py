# Wrong: divides by the group std with no eps: a group of equal rewards gives 0/0 = NaN.


def grpo_advantages(rewards, group_size, scale=True, eps=1e-4):
    mean_grouped = rewards.view(-1, group_size).mean(dim=1).repeat_interleave(group_size)
    std_grouped = rewards.view(-1, group_size).std(dim=1).repeat_interleave(group_size)
    advantages = rewards - mean_grouped
    if scale:
        advantages = advantages / std_grouped
    return advantages
