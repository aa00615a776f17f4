"""Known mistakes in linear attention."""

import torch
import torch.nn.functional as F


def _attend(q, k, v, causal, *, normalise=True, exclusive=False):
    """phi(q) and phi(k) given; sums over all j, j <= i or (exclusive) j < i."""
    if causal:
        kv = torch.cumsum(torch.einsum("bld,ble->blde", k, v), dim=1)
        z = torch.cumsum(k, dim=1)
        if exclusive:
            kv = kv - torch.einsum("bld,ble->blde", k, v)
            z = z - k
        numerator = torch.einsum("bld,blde->ble", q, kv)
        denominator = (q * z).sum(dim=-1)
    else:
        numerator = torch.einsum("bld,bde->ble", q, torch.einsum("bld,ble->bde", k, v))
        denominator = torch.einsum("bld,bd->bl", q, k.sum(dim=1))
    return numerator / denominator.unsqueeze(-1) if normalise else numerator


def linear_attention_no_normaliser(q, k, v, causal=False):
    return _attend(F.elu(q) + 1, F.elu(k) + 1, v, causal, normalise=False)


def linear_attention_relu_map(q, k, v, causal=False):
    return _attend(torch.relu(q), torch.relu(k), v, causal)


def linear_attention_causal_off_by_one(q, k, v, causal=False):
    return _attend(F.elu(q) + 1, F.elu(k) + 1, v, causal, exclusive=True)


def linear_attention_not_causal(q, k, v, causal=False):
    return _attend(F.elu(q) + 1, F.elu(k) + 1, v, False)


MISTAKES = {
    "linear_attention_no_normaliser": linear_attention_no_normaliser,
    "linear_attention_relu_map": linear_attention_relu_map,
    "linear_attention_causal_off_by_one": linear_attention_causal_off_by_one,
    "linear_attention_not_causal": linear_attention_not_causal,
}

MESSAGES = {
    "linear_attention_no_normaliser": {
        "en": "You return phi(q_i)^T sum_j phi(k_j) v_j^T without dividing by "
        "phi(q_i)^T sum_j phi(k_j). That denominator plays the part of softmax's sum: without "
        "it the output grows with the sequence length instead of being a weighted average "
        "of the values.",
        "zh": "你返回的是 phi(q_i)^T sum_j phi(k_j) v_j^T，没有除以 phi(q_i)^T sum_j phi(k_j)。"
        "这个分母相当于 softmax 里的求和归一化：少了它，输出会随序列长度变大，"
        "而不是 value 的加权平均。",
    },
    "linear_attention_relu_map": {
        "en": "Your feature map is relu(x); this problem's is elu(x) + 1 (Katharopoulos et al.). "
        "elu(x) + 1 is strictly positive, so every key gets some weight and the denominator "
        "is never 0; relu zeroes whole features and gives other numbers.",
        "zh": "你的特征映射用的是 relu(x)，本题要求 elu(x) + 1（Katharopoulos 等人的做法）。"
        "elu(x) + 1 严格为正，每个 key 都会分到权重，分母也不会为 0；"
        "relu 会把整维特征清零，结果也就不同。",
    },
    "linear_attention_causal_off_by_one": {
        "en": "With causal=True your sums run over j < i, leaving out the current position. "
        "Position i may attend to itself: sum over j <= i (an inclusive cumsum). At i = 0 "
        "your sums are empty and the output is 0/0.",
        "zh": "causal=True 时你的求和范围是 j < i，漏掉了当前位置。位置 i 可以看到自己，"
        "应该对 j <= i 求和（包含当前项的 cumsum）。i = 0 时你的和是空的，输出成了 0/0。",
    },
    "linear_attention_not_causal": {
        "en": "You ignore causal=True: every position sums over all keys, the future included. "
        "For causal=True the sums must run over j <= i only, which cumulative sums along the "
        "sequence give.",
        "zh": "你忽略了 causal=True：每个位置都对所有 key 求和，包括未来的位置。"
        "causal=True 时只能对 j <= i 求和，沿序列做 cumsum 即可。",
    },
}
