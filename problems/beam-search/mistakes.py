"""Known mistakes in beam search (same signature as the reference)."""

import torch


def _beam(model, src, beam_size, max_len, sos_id, eos_id, *, logprobs=True, finish=True):
    """The final pool [(tokens [1 + T], total score)] of a search with the knobs turned."""
    alive = torch.full((1, 1), sos_id, dtype=torch.long)
    scores = torch.zeros(1, dtype=torch.float64)
    pool = []
    for _ in range(max_len):
        logits = model(src, alive)[:, -1].double()
        step = torch.log_softmax(logits, dim=-1) if logprobs else logits
        vocab = step.shape[-1]
        best, flat = (scores[:, None] + step).flatten().topk(beam_size)
        seqs = torch.cat([alive[flat // vocab], (flat % vocab)[:, None]], dim=1)
        ended = seqs[:, -1] == eos_id if finish else torch.zeros(len(seqs), dtype=torch.bool)
        pool += list(zip(seqs[ended], best[ended].tolist(), strict=True))
        alive, scores = seqs[~ended], best[~ended]
        if len(pool) >= beam_size:
            return pool
    return pool + list(zip(alive, scores.tolist(), strict=True))


def _best(pool, length_penalty):
    return max(pool, key=lambda h: h[1] / (h[0].numel() - 1) ** length_penalty)[0]


def beam_no_length_penalty(model, src, beam_size, max_len, sos_id=1, eos_id=2, length_penalty=1.0):
    pool = _beam(model, src, beam_size, max_len, sos_id, eos_id)
    return max(pool, key=lambda h: h[1])[0]  # raw sum of log-probs: short ones win


def beam_greedy(model, src, beam_size, max_len, sos_id=1, eos_id=2, length_penalty=1.0):
    return _best(_beam(model, src, 1, max_len, sos_id, eos_id), length_penalty)


def beam_sum_logits_not_logprobs(
    model, src, beam_size, max_len, sos_id=1, eos_id=2, length_penalty=1.0
):
    pool = _beam(model, src, beam_size, max_len, sos_id, eos_id, logprobs=False)
    return _best(pool, length_penalty)


def beam_keeps_finished_expanding(
    model, src, beam_size, max_len, sos_id=1, eos_id=2, length_penalty=1.0
):
    pool = _beam(model, src, beam_size, max_len, sos_id, eos_id, finish=False)
    return _best(pool, length_penalty)


MISTAKES = {
    "beam_no_length_penalty": beam_no_length_penalty,
    "beam_greedy": beam_greedy,
    "beam_sum_logits_not_logprobs": beam_sum_logits_not_logprobs,
    "beam_keeps_finished_expanding": beam_keeps_finished_expanding,
}

MESSAGES = {
    "beam_no_length_penalty": {
        "en": "Your search is right but the winner is chosen by the raw sum of log-probs, "
        "which favours short hypotheses (every extra token adds a negative term). Divide "
        "each candidate's score by T ** length_penalty, T = generated tokens including eos, "
        "before picking the best.",
        "zh": "搜索过程是对的，但最终按对数概率之和直接选了最优，这会偏向短的候选"
        "（每多一个 token 就多加一个负数）。选最优之前，先把每个候选的得分除以 "
        "T ** length_penalty，T 为生成的 token 数（含 eos）。",
    },
    "beam_greedy": {
        "en": "Your answer is the greedy decode: only one hypothesis survives each step. "
        "Keep the beam_size best continuations over all live hypotheses and all tokens "
        "(a top-k over the flattened [n * V] scores), not just the best one.",
        "zh": "你的结果就是贪心解码：每一步只留下了一个候选。应在所有存活候选 × 所有 token "
        "上取最好的 beam_size 个延续（对展平成 [n * V] 的得分做 top-k），而不是只留最好的一个。",
    },
    "beam_sum_logits_not_logprobs": {
        "en": "You add up raw logits, not log-probabilities. Logits are only defined up to "
        "a per-step constant, so sums of them from different prefixes cannot be compared. "
        "Apply log_softmax over the vocabulary at every step before adding to the score.",
        "zh": "你累加的是原始 logits，而不是对数概率。logits 每一步都差一个常数（配分函数），"
        "不同前缀的 logits 之和没法直接比较。每一步先在词表维上做 log_softmax，再加到得分上。",
    },
    "beam_keeps_finished_expanding": {
        "en": "Hypotheses that produced eos stay in the beam and keep being extended, so "
        "your answer goes on after its eos (or an ended hypothesis crowds out live ones). "
        "Move a hypothesis that ends in eos to the finished pool, stop extending it, and "
        "stop the search once beam_size hypotheses have finished.",
        "zh": "生成了 eos 的候选还留在 beam 里被继续扩展，所以你的结果在 eos 之后还有 token"
        "（或者已结束的候选挤掉了还在生成的候选）。以 eos 结尾的候选要移进已完成的集合、"
        "不再扩展；已完成的候选达到 beam_size 个时停止搜索。",
    },
}
