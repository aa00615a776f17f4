# Wrong: computes the std with gain = 1 and never reads nonlinearity or a.
import math

import torch


def init_weight(shape, scheme, uniforms, nonlinearity="relu", a=0.0):
    w = torch.empty(shape)
    rf = w[0][0].numel()
    fan_in, fan_out = w.size(1) * rf, w.size(0) * rf
    gain = 1.0
    if scheme == "xavier_uniform":
        std = gain * math.sqrt(2.0 / float(fan_in + fan_out))
    else:
        fan = fan_in if scheme == "kaiming_uniform" else fan_out
        std = gain / math.sqrt(fan)
    bound = math.sqrt(3.0) * std
    with torch.no_grad():
        return w.copy_(uniforms).mul_(2 * bound).sub_(bound)
