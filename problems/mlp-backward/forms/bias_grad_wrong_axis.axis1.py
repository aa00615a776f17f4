# Wrong: the bias gradients are summed over axis=1 (features) instead of axis=0 (batch).
import numpy as np


def mlp_backward(x, y, w1, b1, w2, b2):
    N = x.shape[0]
    hidden = np.maximum(0, x.dot(w1) + b1)
    scores = hidden.dot(w2) + b2
    scores -= np.max(scores, axis=1, keepdims=True)
    probs = np.exp(scores) / np.sum(np.exp(scores), axis=1, keepdims=True)
    loss = np.sum(-np.log(probs[range(N), y])) / N
    dscores = probs
    dscores[range(N), y] -= 1
    dscores /= N
    dW2 = hidden.T.dot(dscores)
    db2 = np.sum(dscores, axis=1)
    dhidden = dscores.dot(w2.T)
    dhidden[hidden <= 0] = 0
    return np.array(loss), x.T.dot(dhidden), np.sum(dhidden, axis=1), dW2, db2
