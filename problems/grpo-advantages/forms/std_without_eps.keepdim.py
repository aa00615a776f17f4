# Wrong: forgets eps in the denominator, so an all-correct or all-wrong group is NaN.


def grpo_advantages(rewards, group_size, scale=True, eps=1e-4):
    r = rewards.reshape(-1, group_size)
    r = r - r.mean(-1, keepdim=True)
    if scale:
        r = r / rewards.reshape(-1, group_size).std(-1, keepdim=True)
    return r.reshape(-1)
