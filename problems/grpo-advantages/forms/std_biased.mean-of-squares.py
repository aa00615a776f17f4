# Wrong: the std as sqrt(mean((r - mean)^2)), the population std.


def grpo_advantages(rewards, group_size, scale=True, eps=1e-4):
    g = rewards.view(-1, group_size)
    d = g - g.mean(dim=-1, keepdim=True)
    if scale:
        std = (d**2).mean(dim=-1, keepdim=True).sqrt()
        d = d / (std + eps)
    return d.flatten()
