"""Written as a layer's reset_parameters(), the place an interview usually asks for it: a
tiny weight holder for a Linear or a Conv, whose reset fills its weight in place under
torch.no_grad() from the given uniforms with mul_/sub_, as nn.init does."""

import math

import torch


class Weight:
    def __init__(self, out_features, in_features, *kernel_size):
        self.weight = torch.empty(out_features, in_features, *kernel_size)

    def fans(self):
        receptive = self.weight[0][0].numel()  # kh * kw, or 1 for a Linear weight
        return self.weight.size(1) * receptive, self.weight.size(0) * receptive

    def reset_parameters(self, scheme, u, nonlinearity, a):
        fan_in, fan_out = self.fans()
        if nonlinearity == "leaky_relu":
            gain = math.sqrt(2.0 / (1 + a * a))
        else:
            gain = {"relu": math.sqrt(2), "tanh": 5 / 3, "selu": 3 / 4}.get(nonlinearity, 1.0)
        fan = {"kaiming_uniform": fan_in, "kaiming_uniform_fan_out": fan_out}.get(
            scheme, (fan_in + fan_out) / 2
        )
        bound = gain * math.sqrt(3.0 / fan)
        with torch.no_grad():
            self.weight.copy_(u).mul_(2 * bound).sub_(bound)


def init_weight(shape, scheme, uniforms, nonlinearity="relu", a=0.0):
    layer = Weight(*shape)
    layer.reset_parameters(scheme, uniforms, nonlinearity, a)
    return layer.weight
