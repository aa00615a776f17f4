# Wrong: view(G, -1) and reducing over dim 0 groups every N-th reward together.


def grpo_advantages(rewards, group_size, scale=True, eps=1e-4):
    grouped = rewards.view(group_size, -1)  # [G, N]
    advantages = grouped - grouped.mean(dim=0, keepdim=True)
    if scale:
        advantages = advantages / (grouped.std(dim=0, keepdim=True) + eps)
    return advantages.reshape(-1)
