# Wrong: adds mask * -1e9, a large negative bias on the allowed (True) positions.
import math


def attention(q, k, v, mask=None):
    scores = q @ k.mT / math.sqrt(q.shape[-1])
    if mask is not None:
        scores = scores + mask.float() * -1e9
    return scores.softmax(dim=-1) @ v
