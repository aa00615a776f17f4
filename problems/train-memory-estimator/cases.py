"""Cases for the model-state memory of Adam training: 7B- and 70B-sized models and a 1.3B
one, 1, 8, 24, 64 and 1000 GPUs, every ZeRO stage, mixed precision on and off, stage 0 on
several GPUs, stage 3 on one GPU, and one parameter on 1000 GPUs. Drawn parameter counts
are odd and prime to 3, 5 and 7, so that no GPU count here divides the partitioned bytes
and a floor shows."""

import math

import numpy as np

from graders import Case, Note


def build_cases(seed: int = 0) -> list[Case]:
    """Sample and hidden cases; the samples are the same for every seed."""
    rng = np.random.default_rng(3391 + seed)

    def count(low: float, high: float) -> int:
        """A parameter count in [low, high) that no GPU count of these cases divides."""
        n = int(rng.integers(int(low), int(high)))
        while math.gcd(n, 2 * 3 * 5 * 7) != 1:
            n += 1
        return n

    n7, n70, n13 = count(6.5e9, 7.5e9), count(6.5e10, 7.0e10), count(1.2e9, 1.4e9)

    def case(name: str, n: int, gpus: int, stage: int, mp: bool = True) -> Case:
        args = {"n_params": n, "n_gpus": gpus, "zero_stage": stage, "mixed_precision": mp}
        return Case(name, args, hidden=True)

    return [
        Case(
            "7B, one GPU, no ZeRO",
            {"n_params": 7_000_000_000},
            note=Note(
                "defaults: 1 GPU, stage 0, mixed precision. 2 + 2 + 12 = 16 bytes per "
                "parameter: 112 GB before any activation",
                "默认参数：1 张卡、stage 0、混合精度。每参数 2 + 2 + 12 = 16 字节，"
                "还没算激活就要 112 GB",
            ),
        ),
        Case(
            "7B on 8 GPUs, ZeRO-2",
            {"n_params": 7_000_000_000, "n_gpus": 8, "zero_stage": 2},
            note=Note(
                "the fp16 weights stay whole (14 GB); gradients and optimizer states are "
                "split 8 ways",
                "fp16 权重每卡一份完整的（14 GB）；梯度和优化器状态切成 8 份",
            ),
        ),
        Case(
            "1,000,001 parameters on 8 GPUs, ZeRO-3",
            {"n_params": 1_000_001, "n_gpus": 8, "zero_stage": 3},
            note=Note(
                "2,000,002 bytes of weights do not split evenly over 8 GPUs: the largest "
                "shard, ceil(2000002 / 8) = 250001 bytes, is what a GPU must hold",
                "2,000,002 字节的权重不能被 8 整除：每卡要放的是最大的那一片，"
                "ceil(2000002 / 8) = 250001 字节",
            ),
        ),
        case("fp32, one GPU, no ZeRO", n7, 1, 0, mp=False),
        case("no ZeRO on 8 GPUs: nothing is split", n7, 8, 0),
        case("ZeRO-1 on 8 GPUs", n7, 8, 1),
        case("70B, ZeRO-2 on 64 GPUs", n70, 64, 2),
        case("fp32, ZeRO-2 on 1000 GPUs", n7, 1000, 2, mp=False),
        case("ZeRO-3 on 8 GPUs", n7, 8, 3),
        case("70B, ZeRO-3 on 1000 GPUs", n70, 1000, 3),
        case("fp32, 1.3B, ZeRO-3 on 24 GPUs", n13, 24, 3, mp=False),
        case("ZeRO-3 on one GPU", n13, 1, 3),
        case("one parameter on 1000 GPUs, ZeRO-3", 1, 1000, 3),
    ]
