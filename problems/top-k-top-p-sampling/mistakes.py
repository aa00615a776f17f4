"""Known mistakes in temperature / top-k / top-p sampling."""

import torch

NEG = float("-inf")


def _top_k(scores, top_k):
    if top_k > 0:
        kth = scores.topk(min(top_k, scores.shape[-1]), dim=-1).values[..., -1:]
        scores = scores.masked_fill(scores < kth, NEG)
    return scores


def _top_p(scores, top_p, *, keep_crossing=True):
    if top_p >= 1.0:
        return scores
    sorted_scores, order = scores.sort(dim=-1, descending=True)
    probs = sorted_scores.softmax(-1)
    cum = probs.cumsum(-1)
    if keep_crossing:
        drop = cum - probs >= top_p
    else:
        drop = cum > top_p  # the token that crosses top_p is dropped too
        drop[..., 0] = False  # (at least one token is kept)
    return scores.masked_fill(drop.scatter(-1, order, drop), NEG)


def _sample(probs, generator):
    return probs, torch.multinomial(probs, 1, generator=generator).squeeze(-1)


def top_p_excludes_crossing_token(logits, temperature, top_k, top_p, generator):
    scores = _top_k(logits / temperature, top_k)
    return _sample(_top_p(scores, top_p, keep_crossing=False).softmax(-1), generator)


def top_p_on_unsorted(logits, temperature, top_k, top_p, generator):
    scores = _top_k(logits / temperature, top_k)
    if top_p < 1.0:
        probs = scores.softmax(-1)
        cum = probs.cumsum(-1)  # cumulated in vocabulary order, not by probability
        scores = scores.masked_fill(cum - probs >= top_p, NEG)
    return _sample(scores.softmax(-1), generator)


def temperature_multiplied(logits, temperature, top_k, top_p, generator):
    scores = _top_k(logits * temperature, top_k)
    return _sample(_top_p(scores, top_p).softmax(-1), generator)


def not_renormalised(logits, temperature, top_k, top_p, generator):
    scores = logits / temperature
    full = scores.softmax(-1)  # probabilities before filtering
    kept = torch.isfinite(_top_p(_top_k(scores, top_k), top_p))
    return _sample(full * kept, generator)  # multinomial rescales, the probs stay unnormalised


MISTAKES = {
    "top_p_excludes_crossing_token": top_p_excludes_crossing_token,
    "top_p_on_unsorted": top_p_on_unsorted,
    "temperature_multiplied": temperature_multiplied,
    "not_renormalised": not_renormalised,
}

MESSAGES = {
    "top_p_excludes_crossing_token": {
        "en": "Your top-p set stops one token short: you drop the token whose cumulative "
        "probability crosses top_p, so the kept mass is below top_p. Keep every token whose "
        "cumulative probability *before* it is still below top_p (shift the removal mask one "
        "place right, as Hugging Face's TopPLogitsWarper does).",
        "zh": "你的 top-p 集合少了一个 token：累计概率越过 top_p 的那个 token 被你丢掉了，"
        "保留下来的概率质量不到 top_p。应保留“排在它之前的累计概率仍小于 top_p”的每个 token"
        "（把删除掩码右移一位，和 Hugging Face 的 TopPLogitsWarper 一样）。",
    },
    "top_p_on_unsorted": {
        "en": "Your top-p cut accumulates probabilities in vocabulary order. The nucleus is "
        "the most likely tokens first: sort the probabilities in descending order, take the "
        "cumulative sum there, and map the mask back with the sort indices (scatter).",
        "zh": "你的 top-p 是按词表顺序累加概率的。核（nucleus）要从概率最大的 token 开始："
        "先把概率降序排序，在排序后的序列上求累计和，再用排序索引（scatter）把掩码映射回原位置。",
    },
    "temperature_multiplied": {
        "en": "You multiplied the logits by the temperature. Temperature divides them: "
        "logits / T, so T < 1 sharpens the distribution and T > 1 flattens it.",
        "zh": "你把 logits 乘以了温度。温度是用来除的：logits / T，T < 1 让分布更尖锐，"
        "T > 1 让分布更平坦。",
    },
    "not_renormalised": {
        "en": "The kept tokens are right, but your probs are the probabilities before "
        "filtering, zeroed outside the kept set: they no longer sum to 1. Renormalise over "
        "the kept tokens (softmax of the filtered logits, or divide by their sum). "
        "torch.multinomial hides this, since it rescales its input.",
        "zh": "保留的 token 是对的，但你返回的 probs 是过滤前的概率、只是把集合外的置零了，"
        "它们的和不再是 1。要在保留的 token 上重新归一化（对过滤后的 logits 做 softmax，"
        "或除以它们的和）。torch.multinomial 会自己缩放输入，所以抽到的 token 看不出这个错误。",
    },
}
