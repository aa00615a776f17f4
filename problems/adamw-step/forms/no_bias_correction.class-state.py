# Wrong: the optimiser object keeps the step count but never uses it to debias m and v.
import numpy as np


class AdamW:
    def __init__(self, lr, betas, eps, wd):
        self.lr, self.betas, self.eps, self.wd = lr, betas, eps, wd

    def update(self, w, dw, state):
        b1, b2 = self.betas
        state["t"] += 1
        state["m"] = b1 * state["m"] + (1 - b1) * dw
        state["v"] = b2 * state["v"] + (1 - b2) * dw * dw
        w = w * (1 - self.lr * self.wd)
        return w - self.lr * state["m"] / (np.sqrt(state["v"]) + self.eps)


def adamw_step(
    param, grad, m, v, step, lr=1e-3, beta1=0.9, beta2=0.999, eps=1e-8, weight_decay=0.01
):
    state = {"t": step - 1, "m": m, "v": v}
    new = AdamW(lr, (beta1, beta2), eps, weight_decay).update(param, grad, state)
    return new, state["m"], state["v"]
