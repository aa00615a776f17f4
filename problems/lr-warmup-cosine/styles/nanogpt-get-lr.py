"""Adapted from nanoGPT's train.py, `get_lr(it)` (karpathy/nanoGPT): 1) linear warm-up for
warmup_iters steps, 2) min_lr after lr_decay_iters, 3) in between, cosine decay with
decay_ratio = (it - warmup_iters) / (lr_decay_iters - warmup_iters) and
coeff = 0.5 * (1.0 + math.cos(math.pi * decay_ratio)), lr = min_lr + coeff * (lr - min_lr).
Changed: the warm-up line of the versions from 2022-12 to 2024-12,
learning_rate * it / warmup_iters; since commit dc81cb3 (2024-12-09, "ensure non-zero
learning rate during warmup at iteration 0") nanoGPT uses (it + 1) / (warmup_iters + 1),
which is not this contract. The decay denominator gets max(1, .) so that
total == warmup does not divide by zero, and the scalar function is mapped over the array."""

import math

import numpy as np


def lr_at(step, peak_lr, warmup_steps, total_steps, min_lr=0.0):
    learning_rate, warmup_iters, lr_decay_iters = peak_lr, warmup_steps, total_steps

    def get_lr(it):
        # 1) linear warmup for warmup_iters steps
        if it < warmup_iters:
            return learning_rate * it / warmup_iters
        # 2) if it > lr_decay_iters, return min learning rate
        if it > lr_decay_iters:
            return min_lr
        # 3) in between, use cosine decay down to min learning rate
        decay_ratio = (it - warmup_iters) / max(1, lr_decay_iters - warmup_iters)
        assert 0 <= decay_ratio <= 1
        coeff = 0.5 * (1.0 + math.cos(math.pi * decay_ratio))  # coeff ranges 0..1
        return min_lr + coeff * (learning_rate - min_lr)

    flat = np.fromiter((get_lr(int(it)) for it in step.ravel()), dtype=np.float64)
    return flat.reshape(step.shape)
