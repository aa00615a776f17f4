"""Adapted from Hugging Face TRL, `trl/trainer/ppo_trainer.py` (`PPOTrainer.train`, step
"6. compute advantages and returns", read 2026-12): lastgaelam, an advantages_reversed list
appended backwards and flipped with [::-1], nextvalues read one position ahead, returns =
advantages + values. Changed: TRL's rollout is one response per row that always ends at its
last token (nextvalues = 0.0 there, no dones); this contract has episode ends anywhere and a
bootstrap value, so nextvalues comes from values[t + 1] and both terms are multiplied by
1 - dones[t]. One row instead of a [batch, gen_length] tensor; no advantage whitening."""

import numpy as np


def compute_gae(rewards, values, dones, gamma=0.99, lam=0.95):
    lastgaelam = 0
    advantages_reversed = []
    gen_length = rewards.shape[0]
    for t in reversed(range(gen_length)):
        nextvalues = values[t + 1] * (1.0 - dones[t])
        delta = rewards[t] + gamma * nextvalues - values[t]
        lastgaelam = delta + gamma * lam * (1.0 - dones[t]) * lastgaelam
        advantages_reversed.append(lastgaelam)
    advantages = np.stack(advantages_reversed[::-1])
    returns = advantages + values[:gen_length]
    return advantages, returns
