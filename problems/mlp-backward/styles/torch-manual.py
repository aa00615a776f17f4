"""The same formulas on torch tensors, with no autograd (nothing requires grad): the way
one checks a manual backward next to PyTorch, log_softmax for the stable loss and
F.one_hot for the targets."""

import torch
import torch.nn.functional as F


def mlp_backward(x, y, w1, b1, w2, b2):
    X, Y = torch.from_numpy(x), torch.from_numpy(y)
    W1, B1, W2, B2 = (torch.from_numpy(a) for a in (w1, b1, w2, b2))
    n = X.shape[0]
    hpre = X @ W1 + B1
    h = torch.relu(hpre)
    logits = h @ W2 + B2
    logp = F.log_softmax(logits, dim=1)
    loss = -logp.gather(1, Y[:, None]).mean()
    dlogits = (logp.exp() - F.one_hot(Y, logits.shape[1]).to(logits.dtype)) / n
    dW2 = h.T @ dlogits
    dB2 = dlogits.sum(0)
    dhpre = (dlogits @ W2.T).masked_fill(hpre <= 0, 0.0)
    dW1 = X.T @ dhpre
    dB1 = dhpre.sum(0)
    return tuple(t.numpy() for t in (loss, dW1, dB1, dW2, dB2))
