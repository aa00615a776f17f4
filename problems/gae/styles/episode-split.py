"""Episode by episode: cut the rollout at every done, run a done-free GAE on each piece
(the last piece, cut off by the rollout, bootstraps from values[T]; finished ones from 0),
and write the pieces back in place."""

import numpy as np


def _gae_one_episode(rewards, values, bootstrap, gamma, lam):
    next_values = np.append(values[1:], bootstrap)
    deltas = rewards + gamma * next_values - values
    adv = np.zeros_like(deltas)
    running = 0.0
    for i in range(len(deltas) - 1, -1, -1):
        running = deltas[i] + gamma * lam * running
        adv[i] = running
    return adv


def compute_gae(rewards, values, dones, gamma=0.99, lam=0.95):
    steps = len(rewards)
    advantages = np.zeros(steps)
    start = 0
    for end in range(steps):
        if dones[end] or end == steps - 1:
            bootstrap = 0.0 if dones[end] else values[steps]
            piece = slice(start, end + 1)
            advantages[piece] = _gae_one_episode(
                rewards[piece], values[piece], bootstrap, gamma, lam
            )
            start = end + 1
    return advantages, advantages + values[:steps]
