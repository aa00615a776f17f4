"""Known mistakes in a top-k router."""


def softmax_before_topk(logits, k):
    # Softmax over all E experts, then the top k, never renormalised.
    weights, indices = logits.softmax(dim=-1).topk(k, dim=-1)
    return weights, indices


def wrong_axis(logits, k):
    # Each expert slot normalised over the tokens instead of each token over its k experts.
    top, indices = logits.topk(k, dim=-1)
    return top.softmax(dim=0), indices


def ascending(logits, k):
    # The k smallest logits, smallest first.
    top, indices = logits.topk(k, dim=-1, largest=False)
    return top.softmax(dim=-1), indices


def softmax_missing(logits, k):
    # The chosen logits returned as the weights.
    top, indices = logits.topk(k, dim=-1)
    return top, indices


MISTAKES = {
    "router_softmax_before_topk_not_renormalised": softmax_before_topk,
    "router_wrong_axis": wrong_axis,
    "router_ascending": ascending,
    "router_softmax_missing": softmax_missing,
}

MESSAGES = {
    "router_softmax_before_topk_not_renormalised": {
        "en": "Your weights are the softmax over all E experts, taken at the top k and not "
        "renormalised, so each token's weights sum to less than 1. Softmax over the k chosen "
        "logits only (or divide the k probabilities by their sum), as Mixtral does.",
        "zh": "你的权重是对全部 E 个专家做 softmax 后取出的 top-k，没有重新归一化，"
        "每个 token 的权重之和小于 1。应只对选中的 k 个 logit 做 softmax"
        "（或者把这 k 个概率除以它们的和），和 Mixtral 一致。",
    },
    "router_wrong_axis": {
        "en": "Your softmax runs over the tokens (dim 0), so each column of the weights sums "
        "to 1. Normalise each token over its k experts: softmax along the last axis.",
        "zh": "你的 softmax 是沿 token 维（dim 0）做的，结果是权重的每一列和为 1。"
        "应该对每个 token 的 k 个专家归一化：沿最后一维做 softmax。",
    },
    "router_ascending": {
        "en": "You picked the k smallest logits (an ascending sort, or largest=False). The "
        "router sends each token to the experts with the largest logits, largest first.",
        "zh": "你选的是最小的 k 个 logit（升序排序，或 largest=False）。"
        "路由要把每个 token 发给 logit 最大的专家，按从大到小排列。",
    },
    "router_softmax_missing": {
        "en": "Your weights are the raw top-k logits. Turn them into mixing weights with a "
        "softmax over the k chosen logits: each row must be positive and sum to 1.",
        "zh": "你的权重直接用了 top-k 的原始 logit。要对选中的 k 个 logit 做 softmax，"
        "把它们变成混合权重：每行都为正，且和为 1。",
    },
}
