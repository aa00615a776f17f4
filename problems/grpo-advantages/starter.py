import torch


def grpo_advantages(rewards, group_size, scale=True, eps=1e-4):
    """Group-relative advantages of GRPO.

    rewards: float32 [N*G], the rewards of N prompts x G completions, the G completions of
             one prompt stored next to each other
    group_size: G (>= 2)
    scale: divide by the group's (unbiased) std + eps; if False only subtract the mean
    eps: added to the std
    Returns: float32 [N*G], in the same order as rewards.
    """
    # TODO: view the rewards as [N, G]
    # TODO: subtract each group's mean; if scale, divide by (group std + eps)
    # TODO: flatten back to [N*G]
    return torch.zeros_like(rewards)
