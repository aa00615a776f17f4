# Wrong: transposes the weights with transpose(0, 2, 1) before returning them.
import numpy as np


def scaled_dot_product_attention(q, k, v, mask=None):
    B, Lq, d_k = q.shape
    scores = np.matmul(q, k.transpose(0, 2, 1)) / np.sqrt(d_k)
    if mask is not None:
        scores = scores - 1e9 * mask
    scores = scores - np.max(scores, axis=-1, keepdims=True)
    attn = np.exp(scores)
    attn = attn / np.sum(attn, axis=-1, keepdims=True)
    output = np.matmul(attn, v)
    attention_weights = attn.transpose(0, 2, 1)
    return output, attention_weights
