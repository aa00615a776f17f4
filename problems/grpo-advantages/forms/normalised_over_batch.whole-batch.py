# Wrong: mean and std over all N*G rewards, not per prompt.


def grpo_advantages(rewards, group_size, scale=True, eps=1e-4):
    advantages = rewards - rewards.mean()
    if scale:
        advantages = advantages / (rewards.std() + eps)
    return advantages
