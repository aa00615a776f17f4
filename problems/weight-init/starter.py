import torch


def init_weight(shape, scheme, uniforms, nonlinearity="relu", a=0.0):
    """Xavier / Kaiming uniform initialisation with the randomness given.

    shape: a tuple of ints, (out, in) for a Linear weight or (out, in, *kernel) for a conv.
    scheme: "xavier_uniform", "kaiming_uniform" (fan_in) or "kaiming_uniform_fan_out".
    uniforms: float32 tensor of `shape`, values in [0, 1).
    nonlinearity: "linear", "sigmoid", "tanh", "relu", "leaky_relu" or "selu".
    a: the negative slope of leaky_relu (ignored otherwise).
    Returns: float32 tensor of `shape`, (2 * uniforms - 1) * bound.
    """
    # TODO: fan_in and fan_out from the shape (mind the kernel dims)
    # TODO: the gain of the nonlinearity
    # TODO: the std of the scheme, then the uniform bound
    return torch.zeros_like(uniforms)
