# Wrong: makemore's atomic forward with the logit_maxes step left out.
import numpy as np


def softmax_ce_loss_grad(logits, targets, ignore_index=-100, label_smoothing=0.0):
    keep = targets != ignore_index
    lg, Yb = logits[keep], targets[keep]
    n, vocab = lg.shape
    counts = np.exp(lg)
    counts_sum = counts.sum(1, keepdims=True)
    counts_sum_inv = counts_sum**-1
    probs = counts * counts_sum_inv
    logprobs = np.log(probs)
    eps = label_smoothing
    loss = -(1 - eps) * logprobs[range(n), Yb].mean() - eps * logprobs.mean()
    dlogits = probs - eps / vocab
    dlogits[range(n), Yb] -= 1 - eps
    dlogits /= n
    out = np.zeros_like(logits)
    out[keep] = dlogits
    return np.array(loss), out
