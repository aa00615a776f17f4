# Wrong: np.dot(grad_out.T, attn), written from "dV = dO^T P".
import numpy as np


def attention_backward(q, k, v, grad_out):
    dk_ = q.shape[1]
    scores = np.dot(q, k.T) / np.sqrt(dk_)
    attn = np.exp(scores - scores.max(axis=1, keepdims=True))
    attn = attn / attn.sum(axis=1, keepdims=True)
    d_attn = np.dot(grad_out, v.T)
    d_scores = attn * (d_attn - np.sum(d_attn * attn, axis=1, keepdims=True)) / np.sqrt(dk_)
    return np.dot(d_scores, k), np.dot(d_scores.T, q), np.dot(grad_out.T, attn)
