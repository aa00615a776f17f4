# Wrong: math.floor of the per-GPU share instead of math.ceil.
import math


def train_memory(n_params, n_gpus=1, zero_stage=0, mixed_precision=True):
    bpp = [2, 2, 12] if mixed_precision else [4, 4, 8]
    splits = [[], [2], [1, 2], [0, 1, 2]][zero_stage]
    vals = [b * n_params for b in bpp]
    vals = [math.floor(v / n_gpus) if i in splits else v for i, v in enumerate(vals)]
    return {"params": vals[0], "grads": vals[1], "optimizer": vals[2], "total": sum(vals)}
