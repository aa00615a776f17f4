"""A small optimiser object holding its state in a dict, as in hand-rolled numpy frameworks
(cs231n's optim.py passes a config dict with 'm', 'v' and 't'): the state is copied in, one
step is taken, and the new state is read back out."""

import numpy as np


class AdamW:
    def __init__(self, lr, betas, eps, weight_decay):
        self.lr, self.betas, self.eps, self.wd = lr, betas, eps, weight_decay
        self.state = {}

    def step(self, w, dw):
        b1, b2 = self.betas
        s = self.state
        s["t"] += 1
        s["m"] = b1 * s["m"] + (1 - b1) * dw
        s["v"] = b2 * s["v"] + (1 - b2) * (dw * dw)
        mt = s["m"] / (1 - b1 ** s["t"])
        vt = s["v"] / (1 - b2 ** s["t"])
        return w - self.lr * self.wd * w - self.lr * mt / (np.sqrt(vt) + self.eps)


def adamw_step(
    param, grad, m, v, step, lr=1e-3, beta1=0.9, beta2=0.999, eps=1e-8, weight_decay=0.01
):
    opt = AdamW(lr, (beta1, beta2), eps, weight_decay)
    opt.state = {"t": step - 1, "m": np.array(m), "v": np.array(v)}
    new_param = opt.step(param, grad)
    return new_param, opt.state["m"], opt.state["v"]
