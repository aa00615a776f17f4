"""Known mistakes in counting the model-state memory of Adam training with ZeRO."""


def _count(n_params, n_gpus, partitioned, sizes, divide=None):
    divide = divide or (lambda nbytes: -(-nbytes // n_gpus))
    memory = {}
    for name, size in zip(("params", "grads", "optimizer"), sizes, strict=True):
        nbytes = size * n_params
        memory[name] = divide(nbytes) if name in partitioned else nbytes
    memory["total"] = memory["params"] + memory["grads"] + memory["optimizer"]
    return memory


_STAGES = {0: (), 1: ("optimizer",), 2: ("optimizer", "grads"), 3: ("optimizer", "grads", "params")}
_ALL = ("optimizer", "grads", "params")


def _sizes(mixed_precision):
    return (2, 2, 12) if mixed_precision else (4, 4, 8)


def floor_division(n_params, n_gpus=1, zero_stage=0, mixed_precision=True):
    # n // n_gpus: the last GPU's shard (the largest) is undercounted.
    return _count(
        n_params,
        n_gpus,
        _STAGES[zero_stage],
        _sizes(mixed_precision),
        divide=lambda nbytes: nbytes // n_gpus,
    )


def stage_partitions(n_params, n_gpus=1, zero_stage=0, mixed_precision=True):
    # Stage k partitions what stage k + 1 does: ZeRO-1 also the gradients, ZeRO-2 also
    # the parameters.
    shifted = {0: (), 1: ("optimizer", "grads"), 2: _ALL, 3: _ALL}
    return _count(n_params, n_gpus, shifted[zero_stage], _sizes(mixed_precision))


def forgets_master_weights(n_params, n_gpus=1, zero_stage=0, mixed_precision=True):
    # Mixed precision counted as 2 + 2 + 8: no fp32 master copy of the weights.
    sizes = (2, 2, 8) if mixed_precision else (4, 4, 8)
    return _count(n_params, n_gpus, _STAGES[zero_stage], sizes)


def fp32_master_without_amp(n_params, n_gpus=1, zero_stage=0, mixed_precision=True):
    # An fp32 master copy counted in fp32 training too: 4 + 4 + 12 = 20 bytes.
    sizes = (2, 2, 12) if mixed_precision else (4, 4, 12)
    return _count(n_params, n_gpus, _STAGES[zero_stage], sizes)


def replicas_divided(n_params, n_gpus=1, zero_stage=0, mixed_precision=True):
    # Everything divided by n_gpus whatever the stage, as if data parallelism split memory.
    return _count(n_params, n_gpus, _ALL, _sizes(mixed_precision))


MISTAKES = {
    "floor_division": floor_division,
    "stage_partitions": stage_partitions,
    "forgets_master_weights": forgets_master_weights,
    "fp32_master_without_amp": fp32_master_without_amp,
    "replicas_divided": replicas_divided,
}

MESSAGES = {
    "floor_division": {
        "en": "You divided the partitioned bytes with floor division (bytes // n_gpus). When "
        "n_gpus does not divide them, some GPU holds one byte more (the shard is rounded up, "
        "and DeepSpeed pads the flat buffer), and the memory per GPU is that largest shard: "
        "use the ceiling, (bytes + n_gpus - 1) // n_gpus.",
        "zh": "你对切分后的字节数用了向下取整（bytes // n_gpus）。n_gpus 不能整除时，总有 GPU "
        "要多放 1 个字节（分片向上取整，DeepSpeed 也会把扁平缓冲区补齐），每卡显存看的是最大"
        "的那一片：要向上取整，(bytes + n_gpus - 1) // n_gpus。",
    },
    "stage_partitions": {
        "en": "Your ZeRO stages partition the wrong quantities: stage 1 partitions only the "
        "optimizer states, stage 2 adds the gradients, and only stage 3 also partitions the "
        "parameters. Stage 1 and 2 still keep a full copy of the fp16 weights on every GPU.",
        "zh": "你的 ZeRO 各阶段切分的东西不对：stage 1 只切优化器状态，stage 2 再加上梯度，"
        "只有 stage 3 才连参数也切。stage 1 和 stage 2 每张卡上仍然有一份完整的 fp16 权重。",
    },
    "forgets_master_weights": {
        "en": "With mixed precision you counted 8 bytes of optimizer state per parameter (Adam's "
        "momentum and variance) and forgot the fp32 master copy of the weights: the optimizer "
        "keeps 4 + 4 + 4 = 12 bytes, so 2 + 2 + 12 = 16 bytes per parameter in all.",
        "zh": "混合精度下你只给优化器算了 8 字节（Adam 的一阶矩和二阶矩），漏了 fp32 的主权重"
        "（master weights）：优化器状态是 4 + 4 + 4 = 12 字节，总共每参数 2 + 2 + 12 = 16 字节。",
    },
    "fp32_master_without_amp": {
        "en": "In fp32 training (mixed_precision=False) you still counted an fp32 master copy: "
        "12 bytes of optimizer state. The weights are already fp32 there, so the optimizer "
        "keeps only momentum and variance, 8 bytes: 4 + 4 + 8 = 16 bytes per parameter.",
        "zh": "纯 fp32 训练（mixed_precision=False）时你还算了一份 fp32 主权重，优化器状态成了 "
        "12 字节。这时权重本来就是 fp32，优化器只存一阶矩和二阶矩，8 字节：每参数 "
        "4 + 4 + 8 = 16 字节。",
    },
    "replicas_divided": {
        "en": "You divided every quantity by n_gpus whatever the stage. Plain data parallelism "
        "(stage 0) replicates the whole model state on every GPU, and each ZeRO stage "
        "partitions only its own set; adding GPUs without ZeRO saves no memory per GPU.",
        "zh": "不管哪个 stage 你都把所有东西除以了 n_gpus。普通数据并行（stage 0）每张卡都有完整的"
        "模型状态副本，ZeRO 每个阶段也只切它自己那部分；不开 ZeRO 的话，加卡并不能降低单卡显存。",
    },
}
