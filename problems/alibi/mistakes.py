"""Known mistakes in the ALiBi bias."""

import math

import torch


def _power_of_two_slopes(n):
    return [2.0 ** (-8.0 * (h + 1) / n) for h in range(n)]


def _slopes(num_heads, recipe="paper"):
    if recipe == "base_two":
        return torch.tensor([2.0 ** -(h + 1) for h in range(num_heads)], dtype=torch.float64)
    if recipe == "naive" or math.log2(num_heads).is_integer():
        return torch.tensor(_power_of_two_slopes(num_heads), dtype=torch.float64)
    closest = 2 ** math.floor(math.log2(num_heads))
    extra = _power_of_two_slopes(2 * closest)[0::2][: num_heads - closest]
    return torch.tensor(_power_of_two_slopes(closest) + extra, dtype=torch.float64)


def _bias(num_heads, seq_len, *, recipe="paper", distance="signed"):
    pos = torch.arange(seq_len, dtype=torch.float64)
    if distance == "signed":
        d = pos[None, :] - pos[:, None]  # j - i
    elif distance == "flipped":
        d = pos[:, None] - pos[None, :]  # i - j
    elif distance == "abs":
        d = -(pos[None, :] - pos[:, None]).abs()
    else:  # the key position alone
        d = pos[None, :].expand(seq_len, seq_len)
    return (_slopes(num_heads, recipe)[:, None, None] * d).to(torch.float32)


def alibi_slopes_wrong_base(num_heads, seq_len):
    return _bias(num_heads, seq_len, recipe="base_two")


def alibi_not_power_of_two_recipe(num_heads, seq_len):
    return _bias(num_heads, seq_len, recipe="naive")


def alibi_sign_flipped(num_heads, seq_len):
    return _bias(num_heads, seq_len, distance="flipped")


def alibi_abs_distance(num_heads, seq_len):
    return _bias(num_heads, seq_len, distance="abs")


def alibi_key_position_only(num_heads, seq_len):
    return _bias(num_heads, seq_len, distance="key")


MISTAKES = {
    "alibi_slopes_wrong_base": alibi_slopes_wrong_base,
    "alibi_not_power_of_two_recipe": alibi_not_power_of_two_recipe,
    "alibi_sign_flipped": alibi_sign_flipped,
    "alibi_abs_distance": alibi_abs_distance,
    "alibi_key_position_only": alibi_key_position_only,
}

MESSAGES = {
    "alibi_slopes_wrong_base": {
        "en": "Your slopes are 2^-(h+1) whatever the number of heads. The ratio depends on "
        "it: m_h = 2^(-8(h+1)/n) for n heads, so the last head always gets 2^-8 (with 8 "
        "heads the two agree, with 1, 2 or 16 they do not).",
        "zh": "你的斜率不管有几个头都是 2^-(h+1)。公比取决于头数：n 个头时 m_h = 2^(-8(h+1)/n)，"
        "最后一个头总是 2^-8（8 个头时两者恰好相同，1、2、16 个头时就不一样了）。",
    },
    "alibi_not_power_of_two_recipe": {
        "en": "For a head count that is not a power of two you used 2^(-8(h+1)/n) directly. "
        "ALiBi takes the slopes of the closest power of two below n, then every other slope "
        "(the 1st, 3rd, 5th, ...) of twice that many heads, until there are n slopes.",
        "zh": "头数不是 2 的幂时，你直接用了 2^(-8(h+1)/n)。"
        "ALiBi 的做法是：先取小于 n 的最大 2 的幂对应的那组斜率，"
        "再从两倍头数的斜率序列里隔一个取（第 1、3、5…个），补足 n 个。",
    },
    "alibi_sign_flipped": {
        "en": "Your bias has the wrong sign: it is m_h * (j - i), so a key k positions before "
        "the query (j < i) gets -m_h * k, a penalty that grows with distance. You computed "
        "m_h * (i - j), the transpose, which rewards distant past keys.",
        "zh": "偏置的符号反了：应为 m_h * (j - i)，"
        "query 之前 k 个位置的 key（j < i）得到 -m_h * k，距离越远惩罚越大。"
        "你算成了 m_h * (i - j)（也就是转置），反而奖励了远处的历史 key。",
    },
    "alibi_abs_distance": {
        "en": "You used -m_h * |i - j|, a symmetric penalty. The contract's bias is the signed "
        "m_h * (j - i): the same below the diagonal, but positive above it (the causal mask, "
        "applied separately, removes those entries).",
        "zh": "你用了 -m_h * |i - j|，两边对称的惩罚。本题要的是带符号的 m_h * (j - i)："
        "对角线以下相同，对角线以上为正（那部分会被另外加上的因果掩码去掉）。",
    },
    "alibi_key_position_only": {
        "en": "Your bias is m_h * j, the key position alone (BLOOM's shortcut). Inside a softmax "
        "it gives the same attention, since each row differs from m_h * (j - i) by the "
        "constant m_h * i, but this problem asks for the bias itself: m_h * (j - i).",
        "zh": "你的偏置是 m_h * j，只用了 key 的位置（BLOOM 的简化写法）。"
        "放进 softmax 里注意力是一样的，因为每一行和 m_h * (j - i) 只差常数 m_h * i；"
        "但本题要的是偏置本身：m_h * (j - i)。",
    },
}
