import torch


def grpo_advantages(
    rewards: torch.Tensor, group_size: int, scale: bool = True, eps: float = 1e-4
) -> torch.Tensor:
    # The G completions of one prompt sit next to each other: row i of the view is prompt i.
    grouped = rewards.view(-1, group_size)  # [N, G]
    mean = grouped.mean(dim=1, keepdim=True)  # [N, 1], the baseline of each prompt
    advantages = grouped - mean
    if scale:
        # Unbiased std (torch's default). eps keeps a group of equal rewards at 0, not 0/0.
        std = grouped.std(dim=1, keepdim=True)  # [N, 1]
        advantages = advantages / (std + eps)
    return advantages.reshape(-1)  # back to [N*G], in the input's order
