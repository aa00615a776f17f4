"""Adapted from OpenRLHF, openrlhf/trainer/ppo_utils/experience_maker.py, the "group_norm"
advantage estimator (read 2026-12): rewards.reshape(-1, n_samples_per_prompt), then
(rewards - rewards.mean(-1, keepdim=True)) / (rewards.std(-1, keepdim=True) + 1e-9), then
reshape(-1). Changed: eps is the argument instead of 1e-9, the "dr_grpo" / reinforce_baseline
branch (mean only) stands for scale=False, and the moves between devices and the chunking
into experiences are cut."""


def grpo_advantages(rewards, group_size, scale=True, eps=1e-4):
    n_samples_per_prompt = group_size
    rewards = rewards.reshape(-1, n_samples_per_prompt)
    if scale:
        rewards = (rewards - rewards.mean(-1, keepdim=True)) / (rewards.std(-1, keepdim=True) + eps)
    else:
        rewards = rewards - rewards.mean(-1, keepdim=True)
    return rewards.reshape(-1)
