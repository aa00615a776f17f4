# Wrong: the loss is divided by N, but dscores is not, so every gradient is N times too large.
import numpy as np


def mlp_backward(x, y, w1, b1, w2, b2):
    N = x.shape[0]
    hidden_layer = np.maximum(0, x.dot(w1) + b1)
    scores = hidden_layer.dot(w2) + b2
    scores -= scores.max(axis=1, keepdims=True)
    exp_scores = np.exp(scores)
    probs = exp_scores / exp_scores.sum(axis=1, keepdims=True)
    loss = -np.log(probs[range(N), y]).sum() / N
    dscores = probs
    dscores[range(N), y] -= 1
    dW2 = hidden_layer.T.dot(dscores)
    db2 = dscores.sum(axis=0)
    dhidden = dscores.dot(w2.T)
    dhidden[hidden_layer <= 0] = 0
    return np.array(loss), x.T.dot(dhidden), dhidden.sum(axis=0), dW2, db2
