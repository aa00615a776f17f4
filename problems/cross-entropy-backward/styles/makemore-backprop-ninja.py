"""Karpathy, "Building makemore Part 4: Becoming a Backprop Ninja" (nn-zero-to-hero,
lectures/makemore/makemore_part4_backprop.ipynb, exercise 2; read 2026-12): the forward
pass in atomic steps (logit_maxes, norm_logits, counts, counts_sum, counts_sum_inv, probs,
logprobs, loss = -logprobs[range(n), Yb].mean()) and the fused backward
`dlogits = F.softmax(logits, 1); dlogits[range(n), Yb] -= 1; dlogits /= n`.

Changed: numpy instead of torch (the softmax is probs from the forward pass); the batch is
first cut to the rows whose target is not ignore_index; label smoothing subtracts eps / C
everywhere and 1 - eps at Yb; dlogits is scattered back into a zero [N, C] array."""

import numpy as np


def softmax_ce_loss_grad(logits, targets, ignore_index=-100, label_smoothing=0.0):
    keep = np.flatnonzero(targets != ignore_index)
    lg, Yb = logits[keep], targets[keep]
    n, vocab = lg.shape
    eps = label_smoothing

    logit_maxes = lg.max(1, keepdims=True)
    norm_logits = lg - logit_maxes  # subtract max for numerical stability
    counts = np.exp(norm_logits)
    counts_sum = counts.sum(1, keepdims=True)
    counts_sum_inv = counts_sum**-1
    probs = counts * counts_sum_inv
    logprobs = norm_logits - np.log(counts_sum)  # log(probs), without log(0) when tiny
    nll = -logprobs[range(n), Yb].mean()
    uniform = -logprobs.mean(1).mean()  # cross-entropy against the uniform target
    loss = (1 - eps) * nll + eps * uniform

    dlogits = probs.copy()
    dlogits[range(n), Yb] -= 1 - eps
    dlogits -= eps / vocab
    dlogits /= n

    out = np.zeros_like(logits)
    out[keep] = dlogits
    return np.array(loss), out
