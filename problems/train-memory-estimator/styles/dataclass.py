"""A dataclass for the per-parameter byte counts, with a method that shards them: the shape
a memory planner in a training framework would take."""

from dataclasses import dataclass


@dataclass(frozen=True)
class ModelStateBytes:
    params: int
    grads: int
    optimizer: int

    @classmethod
    def adam(cls, mixed_precision: bool) -> "ModelStateBytes":
        if mixed_precision:
            return cls(params=2, grads=2, optimizer=4 + 4 + 4)  # fp32 master, m, v
        return cls(params=4, grads=4, optimizer=4 + 4)  # m, v

    def per_gpu(self, n_params: int, n_gpus: int, zero_stage: int) -> dict:
        def part(size: int, first_stage: int) -> int:
            nbytes = size * n_params
            return -(-nbytes // n_gpus) if zero_stage >= first_stage else nbytes

        params = part(self.params, 3)
        grads = part(self.grads, 2)
        optimizer = part(self.optimizer, 1)
        return {
            "params": params,
            "grads": grads,
            "optimizer": optimizer,
            "total": params + grads + optimizer,
        }


def train_memory(n_params, n_gpus=1, zero_stage=0, mixed_precision=True):
    return ModelStateBytes.adam(mixed_precision).per_gpu(n_params, n_gpus, zero_stage)
