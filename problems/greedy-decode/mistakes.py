"""Known mistakes in batched greedy decoding."""

import torch


def _start(src, sos_id):
    """The tokens so far: the start token in every row, [B, 1] int64."""
    return torch.full((src.shape[0], 1), sos_id, dtype=torch.long)


def no_per_sequence_stop(model, src, max_len, sos_id=1, eos_id=2, pad_id=0):
    ys, done = _start(src, sos_id), torch.zeros(src.shape[0], dtype=torch.bool)
    for _ in range(max_len):
        token = model(src, ys)[:, -1].argmax(-1)  # finished rows keep their own token
        ys = torch.cat([ys, token[:, None]], dim=1)
        done |= token == eos_id
        if done.all():
            break
    return ys


def stop_at_first_eos(model, src, max_len, sos_id=1, eos_id=2, pad_id=0):
    ys = _start(src, sos_id)
    for _ in range(max_len):
        token = model(src, ys)[:, -1].argmax(-1)
        ys = torch.cat([ys, token[:, None]], dim=1)
        if (token == eos_id).any():  # one row's end stops the whole batch
            break
    return ys


def _greedy(model, src, steps, sos_id, eos_id, pad_id, *, position=-1, early_stop=True):
    """Greedy decoding as the contract says, with the knobs the mistakes below turn."""
    ys, done = _start(src, sos_id), torch.zeros(src.shape[0], dtype=torch.bool)
    for _ in range(steps):
        token = model(src, ys)[:, position].argmax(-1).masked_fill(done, pad_id)
        ys = torch.cat([ys, token[:, None]], dim=1)
        done |= token == eos_id
        if early_stop and done.all():
            break
    return ys


def logits_first_position(model, src, max_len, sos_id=1, eos_id=2, pad_id=0):
    return _greedy(model, src, max_len, sos_id, eos_id, pad_id, position=0)


def sos_not_returned(model, src, max_len, sos_id=1, eos_id=2, pad_id=0):
    return _greedy(model, src, max_len, sos_id, eos_id, pad_id)[:, 1:]


def max_len_off_by_one(model, src, max_len, sos_id=1, eos_id=2, pad_id=0):
    return _greedy(model, src, max_len - 1, sos_id, eos_id, pad_id)  # ys capped at max_len


def no_early_stop(model, src, max_len, sos_id=1, eos_id=2, pad_id=0):
    return _greedy(model, src, max_len, sos_id, eos_id, pad_id, early_stop=False)


def eos_ignored(model, src, max_len, sos_id=1, eos_id=2, pad_id=0):
    ys = _start(src, sos_id)
    for _ in range(max_len):  # the Annotated Transformer's loop: always max_len tokens
        token = model(src, ys)[:, -1].argmax(-1)
        ys = torch.cat([ys, token[:, None]], dim=1)
    return ys


MISTAKES = {
    "no_per_sequence_stop": no_per_sequence_stop,
    "stop_at_first_eos": stop_at_first_eos,
    "logits_first_position": logits_first_position,
    "sos_not_returned": sos_not_returned,
    "max_len_off_by_one": max_len_off_by_one,
    "no_early_stop": no_early_stop,
    "eos_ignored": eos_ignored,
}

MESSAGES = {
    "no_per_sequence_stop": {
        "en": "A row that has produced eos keeps generating: after its eos you appended the "
        "model's next guesses instead of pad_id. Remember which rows are finished (a boolean "
        "[B] updated with next == eos_id) and put pad_id in those rows from the next step on.",
        "zh": "某一行生成 eos 之后还在继续生成：eos 之后你接上的是模型后续的预测，而不是 pad_id。"
        "要记录哪些行已经结束（一个 [B] 的布尔张量，每步用 next == eos_id 更新），"
        "从下一步起这些行一律填 pad_id。",
    },
    "stop_at_first_eos": {
        "en": "Decoding stopped as soon as one row produced eos, so the other rows were cut "
        "short. Each row ends on its own; stop the loop only when every row has finished "
        "(or after max_len steps).",
        "zh": "只要有一行生成了 eos 你就停止了解码，其余的行被截断了。每一行各自结束；"
        "只有当所有行都结束（或已走满 max_len 步）时才能退出循环。",
    },
    "logits_first_position": {
        "en": "You took the next token from logits[:, 0], the prediction made at the first "
        "position (after sos only), so every step repeats the same guess. The next token is "
        "predicted at the last position: logits[:, -1].",
        "zh": "你用 logits[:, 0] 取下一个 token，那是第一个位置（只看到 sos）的预测，"
        "所以每一步都在重复同一个结果。下一个 token 由最后一个位置预测：logits[:, -1]。",
    },
    "sos_not_returned": {
        "en": "Your tokens are right but the leading start token is missing: return ys with "
        "sos as column 0, shape [B, 1 + T].",
        "zh": "生成的 token 是对的，但开头的起始符 sos 不见了：返回的 ys 第 0 列应是 sos，"
        "形状为 [B, 1 + T]。",
    },
    "max_len_off_by_one": {
        "en": "You generate at most max_len - 1 tokens (counting sos in max_len). max_len "
        "counts new tokens only: at most max_len steps, so ys can have 1 + max_len columns.",
        "zh": "你最多只生成了 max_len - 1 个 token（把 sos 也算进了 max_len）。"
        "max_len 只计新生成的 token：最多走 max_len 步，ys 最多有 1 + max_len 列。",
    },
    "no_early_stop": {
        "en": "Finished rows are padded correctly, but the loop always runs max_len steps. "
        "Stop as soon as every row has produced eos: the result then has fewer than max_len "
        "new columns.",
        "zh": "已结束的行补 pad 是对的，但循环总是跑满 max_len 步。"
        "所有行都生成 eos 后就应立即停止，此时新生成的列数少于 max_len。",
    },
    "eos_ignored": {
        "en": "Your loop never looks at eos_id: it always appends max_len tokens, and rows go on "
        "after their eos. Track which rows are finished, pad them, and stop when all are.",
        "zh": "你的循环完全没有理会 eos_id：总是生成 max_len 个 token，各行在 eos 之后还在继续。"
        "要记录哪些行已结束、给它们补 pad，并在所有行都结束时停止。",
    },
}
