"""CS231n's two-layer net (assignment 1, cs231n/classifiers/neural_net.py, `TwoLayerNet.loss`,
and the "Putting it together" code of the neural-networks case study notes; read 2026-12):
params in a dict, `hidden_layer = np.maximum(0, X.dot(W1) + b1)`, `dscores = probs`,
`dscores[range(N), y] -= 1`, `dscores /= N`, `dhidden[hidden_layer <= 0] = 0`, and a `grads`
dict. Changed: no L2 regularisation (reg = 0), the scores are shifted by their row maximum
before exp (the case study's code exponentiates the raw scores), and the loss and grads are
returned as the contract's tuple."""

import numpy as np


class TwoLayerNet:
    def __init__(self, W1, b1, W2, b2):
        self.params = {"W1": W1, "b1": b1, "W2": W2, "b2": b2}

    def loss(self, X, y):
        W1, b1 = self.params["W1"], self.params["b1"]
        W2, b2 = self.params["W2"], self.params["b2"]
        N, D = X.shape

        hidden_layer = np.maximum(0, X.dot(W1) + b1)
        scores = hidden_layer.dot(W2) + b2

        scores = scores - np.max(scores, axis=1, keepdims=True)
        exp_scores = np.exp(scores)
        probs = exp_scores / np.sum(exp_scores, axis=1, keepdims=True)
        correct_logprobs = -(scores[range(N), y] - np.log(np.sum(exp_scores, axis=1)))
        loss = np.sum(correct_logprobs) / N

        grads = {}
        dscores = probs
        dscores[range(N), y] -= 1
        dscores /= N
        grads["W2"] = hidden_layer.T.dot(dscores)
        grads["b2"] = np.sum(dscores, axis=0)
        dhidden = dscores.dot(W2.T)
        dhidden[hidden_layer <= 0] = 0
        grads["W1"] = X.T.dot(dhidden)
        grads["b1"] = np.sum(dhidden, axis=0)
        return loss, grads


def mlp_backward(x, y, w1, b1, w2, b2):
    loss, grads = TwoLayerNet(w1, b1, w2, b2).loss(x, y)
    return np.array(loss), grads["W1"], grads["b1"], grads["W2"], grads["b2"]
