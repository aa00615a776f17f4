"""Known mistakes in inverted dropout."""


def dropout_not_scaled(x, keep_mask, p, training=True):
    if not training:
        return x
    return x * keep_mask


def dropout_scaled_by_p(x, keep_mask, p, training=True):
    if not training:
        return x
    return x * keep_mask / p


def dropout_mask_inverted(x, keep_mask, p, training=True):
    if not training:
        return x
    return x * ~keep_mask / (1 - p)


def dropout_in_eval(x, keep_mask, p, training=True):
    return x * keep_mask / (1 - p)


MISTAKES = {
    "dropout_not_scaled": dropout_not_scaled,
    "dropout_scaled_by_p": dropout_scaled_by_p,
    "dropout_mask_inverted": dropout_mask_inverted,
    "dropout_in_eval": dropout_in_eval,
}

MESSAGES = {
    "dropout_not_scaled": {
        "en": "You zero the dropped entries but do not rescale the kept ones, so in training "
        "the output is on average (1 - p) times the input, and eval (which returns x) sees "
        "a different scale. Divide the kept entries by 1 - p.",
        "zh": "你把丢弃的位置置零了，但保留下来的值没有放大："
        "训练时输出的期望只有输入的 (1 - p) 倍，和推理时（直接返回 x）的尺度对不上。"
        "保留的值要除以 1 - p。",
    },
    "dropout_scaled_by_p": {
        "en": "You divide the kept entries by p, the drop probability. Each entry is kept "
        "with probability 1 - p, so divide by 1 - p (the keep probability) instead.",
        "zh": "你把保留的值除以了 p，也就是丢弃概率。每个元素被保留的概率是 1 - p，"
        "应该除以保留概率 1 - p。",
    },
    "dropout_mask_inverted": {
        "en": "You keep the entries where keep_mask is False and drop those where it is True. "
        "In this problem True means keep: multiply by keep_mask itself, not by its negation.",
        "zh": "你保留了 keep_mask 为 False 的位置、丢掉了为 True 的位置。"
        "本题约定 True 表示保留：应该乘 keep_mask 本身，而不是它的取反。",
    },
    "dropout_in_eval": {
        "en": "In eval mode (training=False) you still drop and rescale. At inference dropout "
        "is switched off: return x unchanged.",
        "zh": "eval 模式（training=False）下你仍然在丢弃并缩放。推理时 dropout 是关闭的："
        "应原样返回 x。",
    },
}
