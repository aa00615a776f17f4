"""Known mistakes in Schulman's KL estimators. Each keeps the rest of the contract right and
makes one mistake."""

import torch


def _global_mean(x, mask):
    m = mask.to(x.dtype)
    return (x * m).sum() / m.sum()


def _estimates(log_ratio, k3, mask, mean=_global_mean):
    return mean(log_ratio, mask), mean(0.5 * log_ratio**2, mask), mean(k3, mask)


def ratio_direction(logp, ref_logp, mask):
    log_ratio = ref_logp - logp  # log(pi_ref / pi): the wrong way round
    return _estimates(log_ratio, torch.exp(-log_ratio) - 1 + log_ratio, mask)


def k3_formula(logp, ref_logp, mask):
    log_ratio = logp - ref_logp
    return _estimates(log_ratio, torch.exp(log_ratio) - 1 - log_ratio, mask)


def padding_in_mean(logp, ref_logp, mask):
    log_ratio = logp - ref_logp

    def over_all_positions(x, m):
        return (x * m.to(x.dtype)).sum() / m.numel()

    k3 = torch.exp(-log_ratio) - 1 + log_ratio
    return _estimates(log_ratio, k3, mask, mean=over_all_positions)


def per_sequence_mean(logp, ref_logp, mask):
    log_ratio = logp - ref_logp

    def mean_of_rows(x, m):
        w = m.to(x.dtype)
        n = w.sum(1)
        rows = (x * w).sum(1) / n.clamp(min=1)
        return rows[n > 0].mean()

    k3 = torch.exp(-log_ratio) - 1 + log_ratio
    return _estimates(log_ratio, k3, mask, mean=mean_of_rows)


def k2_missing_half(logp, ref_logp, mask):
    log_ratio = logp - ref_logp
    k3 = torch.exp(-log_ratio) - 1 + log_ratio
    k1, k2, k3 = _estimates(log_ratio, k3, mask)
    return k1, 2 * k2, k3  # (log r)**2 without the 1/2


MISTAKES = {
    "ratio_direction": ratio_direction,
    "k3_formula": k3_formula,
    "padding_in_mean": padding_in_mean,
    "per_sequence_mean": per_sequence_mean,
    "k2_missing_half": k2_missing_half,
}

MESSAGES = {
    "ratio_direction": {
        "en": "Your log-ratio is ref_logp - logp, the log of pi_ref / pi: k1 comes out with "
        "the wrong sign and your k3 is exp(logp - ref_logp) - 1 - (logp - ref_logp), the k3 "
        "of the reverse KL, which needs samples from pi_ref. The tokens were sampled from pi: "
        "take log_ratio = logp - ref_logp.",
        "zh": "你的对数比率写成了 ref_logp - logp，即 log(pi_ref / pi)：k1 符号反了，k3 变成了 "
        "exp(logp - ref_logp) - 1 - (logp - ref_logp)，那是反向 KL 的 k3，要从 pi_ref 采样才成立。"
        "token 是从 pi 采样的，应取 log_ratio = logp - ref_logp。",
    },
    "k3_formula": {
        "en": "k1 and k2 are right but k3 is exp(log_ratio) - 1 - log_ratio: that is r - 1 - "
        "log r with r = pi / pi_ref, whose mean under pi is not KL(pi || pi_ref). k3 needs "
        "r = pi_ref / pi = exp(-log_ratio): exp(-log_ratio) - 1 + log_ratio.",
        "zh": "k1、k2 都对，但 k3 写成了 exp(log_ratio) - 1 - log_ratio，相当于 r = pi / pi_ref 的 "
        "r - 1 - log r，它在 pi 下的期望不是 KL(pi || pi_ref)。k3 里的 r 必须是 "
        "pi_ref / pi = exp(-log_ratio)：exp(-log_ratio) - 1 + log_ratio。",
    },
    "padding_in_mean": {
        "en": "You zeroed the masked positions but divide by all B * T positions, so padding "
        "and prompt positions shrink every estimate. Divide by the number of True entries of "
        "the mask.",
        "zh": "被掩码的位置清零了，分母却是全部 B * T 个位置，padding 和 prompt 位置把三个估计都"
        "拉小了。分母应是掩码里 True 的个数。",
    },
    "per_sequence_mean": {
        "en": "You average each sequence over its own tokens and then average the sequences, "
        "so a token of a short response weighs more than one of a long response. The contract "
        "is one mean over all valid tokens of the batch: (x * m).sum() / m.sum().",
        "zh": "你先在每条序列内部平均、再对序列平均，短回答里的 token 权重比长回答里的大。"
        "本题要的是对整个 batch 的有效 token 一次性平均：(x * m).sum() / m.sum()。",
    },
    "k2_missing_half": {
        "en": "Your k2 is (log r)**2, twice Schulman's k2 = (log r)**2 / 2. The 1/2 is what "
        "makes k2 match the KL to second order when the policies are close.",
        "zh": "你的 k2 是 (log r)**2，是 Schulman 的 k2 = (log r)**2 / 2 的两倍。正是这个 1/2 "
        "让两个策略接近时 k2 与 KL 在二阶上一致。",
    },
}
