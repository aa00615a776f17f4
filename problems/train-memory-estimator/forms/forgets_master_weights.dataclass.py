# Wrong: the optimizer field is 2 * 4 bytes whatever the precision: no master copy with AMP.
from dataclasses import dataclass


@dataclass
class Bytes:
    weight: int
    optim: int = 8


def train_memory(n_params, n_gpus=1, zero_stage=0, mixed_precision=True):
    b = Bytes(weight=2 if mixed_precision else 4)
    split = lambda x, s: -(-x // n_gpus) if zero_stage >= s else x  # noqa: E731
    params = split(b.weight * n_params, 3)
    grads = split(b.weight * n_params, 2)
    optimizer = split(b.optim * n_params, 1)
    return {
        "params": params,
        "grads": grads,
        "optimizer": optimizer,
        "total": params + grads + optimizer,
    }
