# Wrong: unbiased=False divides the variance by G instead of G - 1.


def grpo_advantages(rewards, group_size, scale=True, eps=1e-4):
    grouped = rewards.view(-1, group_size)
    adv = grouped - grouped.mean(dim=1, keepdim=True)
    if scale:
        adv = adv / (grouped.std(dim=1, unbiased=False, keepdim=True) + eps)
    return adv.view(-1)
