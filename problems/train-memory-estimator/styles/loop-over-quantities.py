"""A loop over the three quantities, each with its bytes per parameter and the ZeRO stage
from which it is partitioned (optimizer states from 1, gradients from 2, parameters
from 3)."""


def train_memory(n_params, n_gpus=1, zero_stage=0, mixed_precision=True):
    if mixed_precision:
        quantities = [("params", 2, 3), ("grads", 2, 2), ("optimizer", 12, 1)]
    else:
        quantities = [("params", 4, 3), ("grads", 4, 2), ("optimizer", 8, 1)]
    result, total = {}, 0
    for name, bytes_per_param, from_stage in quantities:
        nbytes = bytes_per_param * n_params
        if zero_stage >= from_stage:
            q, r = divmod(nbytes, n_gpus)
            nbytes = q + (r > 0)
        result[name] = nbytes
        total += nbytes
    result["total"] = total
    return result
