# Wrong: reshapes to [N, G] but reduces over both dims, so the baseline is the batch mean.


def grpo_advantages(rewards, group_size, scale=True, eps=1e-4):
    grouped = rewards.view(-1, group_size)
    centred = grouped - grouped.mean()
    if scale:
        centred = centred / (grouped.std() + eps)
    return centred.flatten()
