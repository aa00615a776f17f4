"""Adapted from Stable-Baselines3, `stable_baselines3/common/buffers.py`
(`RolloutBuffer.compute_returns_and_advantage`, read 2026-12): the buffer keeps
episode_starts, and the method takes last_values and the last step's dones; its loop reads
next_non_terminal = 1 - episode_starts[step + 1] and accumulates last_gae_lam. Changed: the
buffer is built from this contract's arrays (episode_starts[t + 1] = dones[t], the last
step's done passed as `dones`, last_values = values[T]); one environment, no tensors."""

import numpy as np


class RolloutBuffer:
    def __init__(self, rewards, values, episode_starts, gamma, gae_lambda):
        self.buffer_size = len(rewards)
        self.rewards, self.values, self.episode_starts = rewards, values, episode_starts
        self.gamma, self.gae_lambda = gamma, gae_lambda
        self.advantages = np.zeros(self.buffer_size)
        self.returns = np.zeros(self.buffer_size)

    def compute_returns_and_advantage(self, last_values, dones):
        last_gae_lam = 0
        for step in reversed(range(self.buffer_size)):
            if step == self.buffer_size - 1:
                next_non_terminal = 1.0 - dones
                next_values = last_values
            else:
                next_non_terminal = 1.0 - self.episode_starts[step + 1]
                next_values = self.values[step + 1]
            delta = self.rewards[step] + self.gamma * next_values * next_non_terminal
            delta = delta - self.values[step]
            last_gae_lam = delta + self.gamma * self.gae_lambda * next_non_terminal * last_gae_lam
            self.advantages[step] = last_gae_lam
        # TD(lambda) estimator, see "Telescoping in TD(lambda)"
        self.returns = self.advantages + self.values


def compute_gae(rewards, values, dones, gamma=0.99, lam=0.95):
    steps = len(rewards)
    episode_starts = np.concatenate([[0.0], dones[:-1]])  # step t + 1 starts after a done
    buffer = RolloutBuffer(rewards, values[:steps], episode_starts, gamma, lam)
    buffer.compute_returns_and_advantage(last_values=values[steps], dones=dones[-1])
    return buffer.advantages, buffer.returns
