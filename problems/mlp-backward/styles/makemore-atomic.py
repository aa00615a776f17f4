"""Karpathy's "Building makemore Part 4: Becoming a Backprop Ninja" (nn-zero-to-hero,
lectures/makemore/makemore_part4_backprop.ipynb, exercise 1; read 2026-12): the forward
pass broken into atomic steps (logit_maxes, norm_logits, counts, counts_sum,
counts_sum_inv, probs, logprobs) and each one backpropagated by hand, in reverse.

Changed: numpy instead of torch; ReLU instead of tanh, and no embedding or batch-norm
layers (the lecture's hpreact = bngain * bnraw + bnbias becomes hpreact = x @ W1 + b1);
the max's gradient is routed with a one-hot of np.argmax instead of F.one_hot."""

import numpy as np


def mlp_backward(x, y, w1, b1, w2, b2):
    Xb, Yb, W1, B1, W2, B2 = x, y, w1, b1, w2, b2
    n = Xb.shape[0]

    # forward, chunked into steps that are easy to backprop one at a time
    hpreact = Xb @ W1 + B1
    h = np.maximum(hpreact, 0.0)
    logits = h @ W2 + B2
    logit_maxes = logits.max(1, keepdims=True)
    norm_logits = logits - logit_maxes  # subtract max for numerical stability
    counts = np.exp(norm_logits)
    counts_sum = counts.sum(1, keepdims=True)
    counts_sum_inv = counts_sum**-1
    probs = counts * counts_sum_inv
    logprobs = np.log(probs)
    loss = -logprobs[range(n), Yb].mean()

    # backward, step by step
    dlogprobs = np.zeros_like(logprobs)
    dlogprobs[range(n), Yb] = -1.0 / n
    dprobs = (1.0 / probs) * dlogprobs
    dcounts_sum_inv = (counts * dprobs).sum(1, keepdims=True)
    dcounts = counts_sum_inv * dprobs
    dcounts_sum = (-(counts_sum**-2)) * dcounts_sum_inv
    dcounts += np.ones_like(counts) * dcounts_sum
    dnorm_logits = counts * dcounts
    dlogits = dnorm_logits.copy()
    dlogit_maxes = (-dnorm_logits).sum(1, keepdims=True)
    dlogits += np.eye(logits.shape[1])[logits.argmax(1)] * dlogit_maxes
    dh = dlogits @ W2.T
    dW2 = h.T @ dlogits
    db2 = dlogits.sum(0)
    dhpreact = (hpreact > 0) * dh
    dW1 = Xb.T @ dhpreact
    db1 = dhpreact.sum(0)
    return np.array(loss), dW1, db1, dW2, db2
