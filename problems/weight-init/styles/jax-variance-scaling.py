"""JAX's `jax.nn.initializers.variance_scaling` (jax-ml/jax, jax/_src/nn/initializers.py,
read 2026-12): `_compute_fans(shape, in_axis, out_axis, batch_axis)` takes in_size and
out_size from the named axes and treats every other axis as the receptive field
(`shape.total / in_size / out_size / batch_size`); the uniform branch returns
`random.uniform(key, shape, dtype, -1) * jnp.sqrt(3 * variance)`, a draw in [-1, 1) times
the limit. Changed: torch instead of jax.numpy, in_axis=1 and out_axis=0 for PyTorch's
(out, in, *kernel) layout (JAX's defaults -2 / -1 are for its own (*kernel, in, out)), and
the draw in [-1, 1) is 2 * u - 1 of the given uniforms."""

import math

import torch


def _compute_fans(shape, in_axis=-2, out_axis=-1, batch_axis=()):
    in_size = shape[in_axis]
    out_size = shape[out_axis]
    batch_size = math.prod(shape[i] for i in batch_axis)
    receptive_field_size = math.prod(shape) / in_size / out_size / batch_size
    fan_in = in_size * receptive_field_size
    fan_out = out_size * receptive_field_size
    return fan_in, fan_out


def variance_scaling(scale, mode, in_axis=1, out_axis=0):
    def init(u, shape, dtype=torch.float32):
        fan_in, fan_out = _compute_fans(shape, in_axis, out_axis)
        if mode == "fan_in":
            denominator = fan_in
        elif mode == "fan_out":
            denominator = fan_out
        elif mode == "fan_avg":
            denominator = (fan_in + fan_out) / 2
        else:
            raise ValueError(f"invalid mode for variance scaling initializer: {mode}")
        variance = torch.tensor(scale / denominator, dtype=dtype)
        return (2 * u.to(dtype) - 1) * torch.sqrt(3 * variance)

    return init


def init_weight(shape, scheme, uniforms, nonlinearity="relu", a=0.0):
    if nonlinearity == "leaky_relu":
        scale = 2.0 / (1 + a**2)
    else:
        scale = {"relu": 2.0, "tanh": (5 / 3) ** 2, "selu": 0.75**2}.get(nonlinearity, 1.0)
    mode = {"xavier_uniform": "fan_avg", "kaiming_uniform": "fan_in"}.get(scheme, "fan_out")
    return variance_scaling(scale, mode)(uniforms, tuple(shape))
