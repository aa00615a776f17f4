# Wrong: q is pre-scaled for the forward (q_s = q / sqrt(d)), and the gradients are taken
# with respect to q_s and k as if that were the whole story.
import numpy as np


def attention_backward(q, k, v, grad_out):
    q_s = q / np.sqrt(q.shape[-1])
    scores = q_s @ k.T
    probs = np.exp(scores - np.max(scores, axis=-1, keepdims=True))
    probs /= np.sum(probs, axis=-1, keepdims=True)
    grad_v = probs.T @ grad_out
    grad_probs = grad_out @ v.T
    inner = np.sum(grad_probs * probs, axis=-1, keepdims=True)
    grad_scores = probs * (grad_probs - inner)
    grad_q = grad_scores @ k
    grad_k = grad_scores.T @ (q_s * np.sqrt(q.shape[-1]))
    return grad_q, grad_k, grad_v
