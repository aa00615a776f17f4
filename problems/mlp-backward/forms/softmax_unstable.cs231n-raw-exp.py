# Wrong: np.exp of the raw scores, as in the cs231n case study; exp(1000) overflows to inf.
import numpy as np


def mlp_backward(x, y, w1, b1, w2, b2):
    N = x.shape[0]
    hidden_layer = np.maximum(0, np.dot(x, w1) + b1)
    scores = np.dot(hidden_layer, w2) + b2
    exp_scores = np.exp(scores)
    probs = exp_scores / np.sum(exp_scores, axis=1, keepdims=True)
    loss = np.sum(-np.log(probs[range(N), y])) / N
    dscores = probs
    dscores[range(N), y] -= 1
    dscores /= N
    dhidden = np.dot(dscores, w2.T)
    dhidden[hidden_layer <= 0] = 0
    return (
        np.array(loss),
        np.dot(x.T, dhidden),
        np.sum(dhidden, axis=0),
        np.dot(hidden_layer.T, dscores),
        np.sum(dscores, axis=0),
    )
