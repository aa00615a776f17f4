"""Submissions written independently of the bank, for six problems of issue 28.

Each problem gets two correct implementations in different styles (they must be accepted)
and one wrong implementation per listed mistake tag (rejected, and diagnosed with that tag).
The snippets were written from the problems' statements and starters only.
"""

import pytest

from app.bank import Bank
from app.judge.grade import grade_submission
from app.sandbox.pool import SandboxPool
from graders.result import Verdict

# --- bpe-train -----------------------------------------------------------------------------

BPE_TRAIN_ACCEPT = {
    "counter": """
from collections import Counter


def train_bpe(words, counts, num_merges):
    # Counter over tuple-vocab, best = min over (-count, pair), list-walk merge
    vocab = {tuple(w) + ("</w>",): c for w, c in zip(words, counts) if c > 0}
    merges = []
    for _ in range(num_merges):
        stats = Counter()
        for syms, c in vocab.items():
            for pair in zip(syms, syms[1:]):
                stats[pair] += c
        if not stats:
            break
        a, b = min(stats, key=lambda p: (-stats[p], p))
        merges.append((a, b))
        new_vocab = {}
        for syms, c in vocab.items():
            out, i = [], 0
            while i < len(syms):
                if i + 1 < len(syms) and syms[i] == a and syms[i + 1] == b:
                    out.append(a + b)
                    i += 2
                else:
                    out.append(syms[i])
                    i += 1
            new_vocab[tuple(out)] = c
        vocab = new_vocab
    return merges
""",
    "manual-loop": """
def train_bpe(words, counts, num_merges):
    # plain lists and a hand-rolled argmax with an explicit tie rule, merge via index list
    corpus = [[list(word) + ["</w>"], n] for word, n in zip(words, counts)]
    learned = []
    while len(learned) < num_merges:
        freq = {}
        for symbols, n in corpus:
            if n == 0:
                continue
            for k in range(len(symbols) - 1):
                key = (symbols[k], symbols[k + 1])
                freq[key] = freq.get(key, 0) + n
        best, best_n = None, 0
        for key in sorted(freq):
            if freq[key] > best_n:
                best, best_n = key, freq[key]
        if best is None:
            break
        learned.append(best)
        for entry in corpus:
            symbols, merged, k = entry[0], [], 0
            while k < len(symbols):
                if symbols[k : k + 2] == list(best):
                    merged.append(best[0] + best[1])
                    k += 2
                else:
                    merged.append(symbols[k])
                    k += 1
            entry[0] = merged
    return learned
""",
}

BPE_TRAIN_MISTAKES = {
    "pairs_not_weighted": """
from collections import defaultdict


def train_bpe(words, counts, num_merges):
    # mistake: every adjacent pair adds 1, the word counts are never used
    seqs = [list(w) + ["</w>"] for w in words]
    merges = []
    for _ in range(num_merges):
        stats = defaultdict(int)
        for s in seqs:
            for pair in zip(s, s[1:]):
                stats[pair] += 1
        if not stats:
            break
        best = min(stats, key=lambda p: (-stats[p], p))
        merges.append(best)
        for idx, s in enumerate(seqs):
            out, i = [], 0
            while i < len(s):
                if i + 1 < len(s) and (s[i], s[i + 1]) == best:
                    out.append(s[i] + s[i + 1])
                    i += 2
                else:
                    out.append(s[i])
                    i += 1
            seqs[idx] = out
    return merges
""",
    "overlapping_merge": """
from collections import Counter


def train_bpe(words, counts, num_merges):
    # mistake: marks every matching boundary first, then glues them all (a a a -> aaa)
    seqs = [(list(w) + ["</w>"], c) for w, c in zip(words, counts) if c > 0]
    merges = []
    for _ in range(num_merges):
        stats = Counter()
        for s, c in seqs:
            for pair in zip(s, s[1:]):
                stats[pair] += c
        if not stats:
            break
        a, b = min(stats, key=lambda p: (-stats[p], p))
        merges.append((a, b))
        new = []
        for s, c in seqs:
            glue = [s[i] == a and s[i + 1] == b for i in range(len(s) - 1)]
            out = [s[0]]
            for sym, g in zip(s[1:], glue):
                if g:
                    out[-1] += sym
                else:
                    out.append(sym)
            new.append((out, c))
        seqs = new
    return merges
""",
    "tie_break_wrong": """
from collections import Counter


def train_bpe(words, counts, num_merges):
    # mistake: max(stats, key=stats.get) keeps the first pair counted on a tie
    vocab = [(list(w) + ["</w>"], c) for w, c in zip(words, counts)]
    merges = []
    for _ in range(num_merges):
        stats = Counter()
        for syms, c in vocab:
            for pair in zip(syms, syms[1:]):
                if c:
                    stats[pair] += c
        if not stats:
            break
        best = max(stats, key=stats.get)
        merges.append(best)
        merged_vocab = []
        for syms, c in vocab:
            out, i = [], 0
            while i < len(syms):
                if tuple(syms[i : i + 2]) == best:
                    out.append(best[0] + best[1])
                    i += 2
                else:
                    out.append(syms[i])
                    i += 1
            merged_vocab.append((out, c))
        vocab = merged_vocab
    return merges
""",
}

# --- bpe-encode ----------------------------------------------------------------------------

BPE_ENCODE_ACCEPT = {
    "gpt2-ranks": """
def bpe_encode(word, merges):
    # GPT-2 bpe() style: rank dict, min over the present pairs, index() walk with i += 2
    ranks = {tuple(m): r for r, m in enumerate(merges)}
    parts = list(word) + ["</w>"]
    while len(parts) > 1:
        pairs = set(zip(parts, parts[1:]))
        bigram = min(pairs, key=lambda p: ranks.get(p, float("inf")))
        if bigram not in ranks:
            break
        first, second = bigram
        new_parts, i = [], 0
        while i < len(parts):
            try:
                j = parts.index(first, i)
            except ValueError:
                new_parts.extend(parts[i:])
                break
            new_parts.extend(parts[i:j])
            i = j
            if i < len(parts) - 1 and parts[i + 1] == second:
                new_parts.append(first + second)
                i += 2
            else:
                new_parts.append(parts[i])
                i += 1
        parts = new_parts
    return parts
""",
    "recursive": """
def bpe_encode(word, merges):
    # recursive: find the lowest-rank adjacent pair by scanning, merge it, recurse
    rank = {}
    for r, (a, b) in enumerate(merges):
        rank[(a, b)] = r

    def step(symbols):
        best = None
        for left, right in zip(symbols, symbols[1:]):
            r = rank.get((left, right))
            if r is not None and (best is None or r < rank[best]):
                best = (left, right)
        if best is None:
            return symbols
        merged, k = [], 0
        while k < len(symbols):
            if k + 1 < len(symbols) and (symbols[k], symbols[k + 1]) == best:
                merged.append(symbols[k] + symbols[k + 1])
                k += 2
            else:
                merged.append(symbols[k])
                k += 1
        return step(merged)

    return step([*word, "</w>"])
""",
}

BPE_ENCODE_MISTAKES = {
    "greedy_longest_match": """
def bpe_encode(word, merges):
    # mistake: WordPiece-style greedy longest match against the merged vocabulary
    vocab = {a + b for a, b in merges} | set(word) | {"</w>"}
    text = word + "</w>"
    tokens, i = [], 0
    while i < len(text):
        for j in range(len(text), i, -1):
            if text[i:j] in vocab:
                tokens.append(text[i:j])
                i = j
                break
        else:
            tokens.append(text[i])
            i += 1
    return tokens
""",
    "merges_applied_in_one_pass": """
def bpe_encode(word, merges):
    # mistake: walks the merge list once in order, never revisiting earlier ranks
    syms = list(word) + ["</w>"]
    for a, b in merges:
        out, i = [], 0
        while i < len(syms):
            if i + 1 < len(syms) and syms[i] == a and syms[i + 1] == b:
                out.append(a + b)
                i += 2
            else:
                out.append(syms[i])
                i += 1
        syms = out
    return syms
""",
    "end_marker_missing": """
def bpe_encode(word, merges):
    # mistake: starts from the bare characters, no "</w>" appended
    ranks = {tuple(p): i for i, p in enumerate(merges)}
    syms = list(word)
    while True:
        cands = [(ranks[p], p) for p in zip(syms, syms[1:]) if p in ranks]
        if not cands:
            return syms
        _, (a, b) = min(cands)
        out, i = [], 0
        while i < len(syms):
            if syms[i : i + 2] == [a, b]:
                out.append(a + b)
                i += 2
            else:
                out.append(syms[i])
                i += 1
        syms = out
""",
}

# --- adamw-step ----------------------------------------------------------------------------

ADAMW_ACCEPT = {
    "textbook": """
import numpy as np


def adamw_step(theta, g, m1, m2, t, lr=1e-3, beta1=0.9, beta2=0.999, eps=1e-8,
               weight_decay=0.01):
    # textbook formulas, positional parameter names differ from the signature
    decayed = theta * (1.0 - lr * weight_decay)
    m_new = beta1 * m1 + (1.0 - beta1) * g
    v_new = beta2 * m2 + (1.0 - beta2) * np.square(g)
    m_hat = m_new / (1.0 - beta1**t)
    v_hat = v_new / (1.0 - beta2**t)
    return decayed - lr * m_hat / (np.sqrt(v_hat) + eps), m_new, v_new
""",
    "torch-inplace": """
import math

import numpy as np


def adamw_step(param, grad, m, v, step, lr=1e-3, beta1=0.9, beta2=0.999, eps=1e-8,
               weight_decay=0.01):
    # the way torch's _single_tensor_adamw does it: in-place ops on copies, step_size, denom
    p, exp_avg, exp_avg_sq = param.copy(), m.copy(), v.copy()
    p *= 1 - lr * weight_decay
    exp_avg *= beta1
    exp_avg += (1 - beta1) * grad
    exp_avg_sq *= beta2
    exp_avg_sq += (1 - beta2) * grad * grad
    bias_correction1 = 1 - beta1**step
    bias_correction2_sqrt = math.sqrt(1 - beta2**step)
    step_size = lr / bias_correction1
    denom = np.sqrt(exp_avg_sq) / bias_correction2_sqrt + eps
    p -= step_size * exp_avg / denom
    return p, exp_avg, exp_avg_sq
""",
}

ADAMW_MISTAKES = {
    "l2_in_gradient": """
import numpy as np


def adamw_step(param, grad, m, v, step, lr=1e-3, beta1=0.9, beta2=0.999, eps=1e-8,
               weight_decay=0.01):
    # mistake: weight decay folded into the gradient (Adam + L2), no decoupled shrink
    g = grad + weight_decay * param
    m = beta1 * m + (1 - beta1) * g
    v = beta2 * v + (1 - beta2) * g * g
    m_hat = m / (1 - beta1**step)
    v_hat = v / (1 - beta2**step)
    return param - lr * m_hat / (np.sqrt(v_hat) + eps), m, v
""",
    "no_bias_correction": """
import numpy as np


def adamw_step(param, grad, m, v, step, lr=1e-3, beta1=0.9, beta2=0.999, eps=1e-8,
               weight_decay=0.01):
    # mistake: the raw moments go straight into the update, no 1 - beta**step
    param = param * (1 - lr * weight_decay)
    m = beta1 * m + (1 - beta1) * grad
    v = beta2 * v + (1 - beta2) * grad**2
    return param - lr * m / (np.sqrt(v) + eps), m, v
""",
    "eps_inside_sqrt": """
import numpy as np


def adamw_step(param, grad, m, v, step, lr=1e-3, beta1=0.9, beta2=0.999, eps=1e-8,
               weight_decay=0.01):
    # mistake: eps added under the square root
    new_m = beta1 * m + (1 - beta1) * grad
    new_v = beta2 * v + (1 - beta2) * grad**2
    m_hat = new_m / (1 - beta1**step)
    v_hat = new_v / (1 - beta2**step)
    new_param = param * (1 - lr * weight_decay) - lr * m_hat / np.sqrt(v_hat + eps)
    return new_param, new_m, new_v
""",
}

# --- mlp-backward --------------------------------------------------------------------------

MLP_ACCEPT = {
    "vectorised": """
import numpy as np


def mlp_backward(x, y, w1, b1, w2, b2):
    # vectorised: log-sum-exp, fancy-index one-hot subtraction, einsum for the weights
    n = x.shape[0]
    pre = x @ w1 + b1
    h = np.maximum(pre, 0.0)
    s = h @ w2 + b2
    shifted = s - s.max(axis=1, keepdims=True)
    lse = np.log(np.exp(shifted).sum(axis=1))
    loss = np.mean(lse - shifted[np.arange(n), y])
    d = np.exp(shifted - lse[:, None])
    d[np.arange(n), y] -= 1.0
    d /= n
    dw2 = np.einsum("nh,nc->hc", h, d)
    db2 = d.sum(axis=0)
    dpre = (d @ w2.T) * (pre > 0)
    dw1 = np.einsum("nd,nh->dh", x, dpre)
    db1 = dpre.sum(axis=0)
    return np.asarray(loss), dw1, db1, dw2, db2
""",
    "per-example-loop": """
import numpy as np


def mlp_backward(x, y, w1, b1, w2, b2):
    # one example at a time with outer products, accumulate, then average
    N = len(x)
    dW1, dB1 = np.zeros_like(w1), np.zeros_like(b1)
    dW2, dB2 = np.zeros_like(w2), np.zeros_like(b2)
    total = 0.0
    for xi, yi in zip(x, y):
        z = xi @ w1 + b1
        a = np.where(z > 0, z, 0.0)
        logits = a @ w2 + b2
        top = logits.max()
        p = np.exp(logits - top)
        p /= p.sum()
        total += -(logits[yi] - top - np.log(np.exp(logits - top).sum()))
        g = p.copy()
        g[yi] -= 1.0
        dW2 += np.outer(a, g)
        dB2 += g
        gz = (w2 @ g) * (z > 0)
        dW1 += np.outer(xi, gz)
        dB1 += gz
    return total / N, dW1 / N, dB1 / N, dW2 / N, dB2 / N
""",
}

MLP_MISTAKES = {
    "missing_mean_over_batch": """
import numpy as np


def mlp_backward(x, y, w1, b1, w2, b2):
    # mistake: loss is a mean, but dlogits = probs - onehot is never divided by N
    z1 = x @ w1 + b1
    h = np.maximum(z1, 0)
    logits = h @ w2 + b2
    logits = logits - logits.max(axis=1, keepdims=True)
    probs = np.exp(logits) / np.exp(logits).sum(axis=1, keepdims=True)
    n = len(y)
    loss = -np.log(probs[np.arange(n), y]).mean()
    dlogits = probs.copy()
    dlogits[np.arange(n), y] -= 1
    dw2 = h.T @ dlogits
    db2 = dlogits.sum(axis=0)
    dz1 = dlogits @ w2.T * (z1 > 0)
    return loss, x.T @ dz1, dz1.sum(axis=0), dw2, db2
""",
    "relu_grad_wrong": """
import numpy as np


def mlp_backward(x, y, w1, b1, w2, b2):
    # mistake: the gradient goes straight through the ReLU, no (z1 > 0) mask
    n = x.shape[0]
    z1 = x @ w1 + b1
    h = np.maximum(z1, 0)
    logits = h @ w2 + b2
    logits -= logits.max(axis=1, keepdims=True)
    probs = np.exp(logits)
    probs /= probs.sum(axis=1, keepdims=True)
    loss = -np.mean(np.log(probs[np.arange(n), y]))
    onehot = np.eye(w2.shape[1])[y]
    dlogits = (probs - onehot) / n
    dw2 = h.T @ dlogits
    db2 = dlogits.sum(axis=0)
    dz1 = dlogits @ w2.T
    return loss, x.T @ dz1, dz1.sum(axis=0), dw2, db2
""",
    "bias_grad_wrong_axis": """
import numpy as np


def mlp_backward(x, y, w1, b1, w2, b2):
    # mistake: both bias gradients summed over axis=1 instead of over the batch
    n = x.shape[0]
    z1 = x @ w1 + b1
    h = np.maximum(z1, 0)
    logits = h @ w2 + b2
    logits -= logits.max(axis=1, keepdims=True)
    probs = np.exp(logits)
    probs /= probs.sum(axis=1, keepdims=True)
    loss = -np.mean(np.log(probs[np.arange(n), y]))
    onehot = np.eye(w2.shape[1])[y]
    dlogits = (probs - onehot) / n
    dw2 = h.T @ dlogits
    db2 = dlogits.sum(axis=1)
    dz1 = (dlogits @ w2.T) * (z1 > 0)
    return loss, x.T @ dz1, dz1.sum(axis=1), dw2, db2
""",
}

# --- int8-quantize -------------------------------------------------------------------------

INT8_ACCEPT = {
    "vectorised-rint": """
import numpy as np


def quantize_per_channel(w, bits=8):
    # keepdims absmax, np.where for zero rows, np.rint + clip
    qmax = (1 << (bits - 1)) - 1
    amax = np.abs(w).max(axis=1, keepdims=True)
    scale = np.where(amax > 0, amax / qmax, 1.0)
    q = np.clip(np.rint(w / scale), -qmax, qmax).astype(np.int8)
    return q, scale[:, 0]
""",
    "row-loop": """
import numpy as np


def quantize_per_channel(w, bits=8):
    # row by row, like a per-channel observer loop
    qmax = 2 ** (bits - 1) - 1
    q = np.empty(w.shape, dtype=np.int8)
    scales = np.empty(w.shape[0], dtype=np.float64)
    for r, row in enumerate(w):
        peak = float(np.max(np.abs(row)))
        s = peak / qmax if peak != 0.0 else 1.0
        scales[r] = s
        q[r] = np.clip(np.round(row / s), -qmax, qmax)
    return q, scales
""",
}

INT8_MISTAKES = {
    "qmax_off_by_one": """
import numpy as np


def quantize_per_channel(w, bits=8):
    # mistake: takes the two's-complement range, scale = absmax / 2**(bits-1)
    lo, hi = -(2 ** (bits - 1)), 2 ** (bits - 1) - 1
    absmax = np.abs(w).max(axis=1)
    scale = absmax / 2 ** (bits - 1)
    scale[absmax == 0] = 1.0
    q = np.clip(np.round(w / scale[:, None]), lo, hi).astype(np.int8)
    return q, scale
""",
    "per_tensor_scale": """
import numpy as np


def quantize_per_channel(w, bits=8):
    # mistake: one absmax for the whole matrix, broadcast to every row
    qmax = 2 ** (bits - 1) - 1
    amax = np.abs(w).max()
    s = amax / qmax if amax > 0 else 1.0
    q = np.clip(np.round(w / s), -qmax, qmax).astype(np.int8)
    return q, np.full(w.shape[0], s)
""",
    "round_toward_zero": """
import numpy as np


def quantize_per_channel(w, bits=8):
    # mistake: astype truncates toward zero instead of rounding
    qmax = 2 ** (bits - 1) - 1
    absmax = np.max(np.abs(w), axis=1)
    scale = np.where(absmax == 0, 1.0, absmax / qmax)
    q = np.clip(w / scale[:, None], -qmax, qmax).astype(np.int8)
    return q, scale
""",
}

# --- lr-warmup-cosine ----------------------------------------------------------------------

LR_ACCEPT = {
    "np-where": """
import numpy as np


def lr_at(step, peak_lr, warmup_steps, total_steps, min_lr=0.0):
    # both branches computed on the whole array, picked with np.where
    s = step.astype(np.float64)
    warm = peak_lr * s / max(warmup_steps, 1)
    prog = np.clip((s - warmup_steps) / max(1, total_steps - warmup_steps), 0.0, 1.0)
    cos = min_lr + (peak_lr - min_lr) * 0.5 * (1.0 + np.cos(np.pi * prog))
    return np.where(s < warmup_steps, warm, cos)
""",
    "scalar-math-loop": """
import math

import numpy as np


def lr_at(step, peak_lr, warmup_steps, total_steps, min_lr=0.0):
    # nanoGPT get_lr per element with math, mapped over the flattened array
    def get_lr(it):
        if it < warmup_steps:
            return peak_lr * it / warmup_steps
        if it > total_steps:
            return min_lr
        ratio = (it - warmup_steps) / max(1, total_steps - warmup_steps)
        coeff = 0.5 * (1.0 + math.cos(math.pi * min(ratio, 1.0)))
        return min_lr + coeff * (peak_lr - min_lr)

    flat = [get_lr(int(it)) for it in np.ravel(step)]
    return np.array(flat, dtype=np.float64).reshape(np.shape(step))
""",
}

LR_MISTAKES = {
    "warmup_off_by_one": """
import numpy as np


def lr_at(step, peak_lr, warmup_steps, total_steps, min_lr=0.0):
    # mistake: warm-up uses (step + 1) / warmup_steps
    step = np.asarray(step, dtype=np.float64)
    warm = peak_lr * (step + 1) / max(warmup_steps, 1)
    p = np.minimum(1.0, (step - warmup_steps) / max(1, total_steps - warmup_steps))
    decay = min_lr + (peak_lr - min_lr) * 0.5 * (1 + np.cos(np.pi * p))
    return np.where(step < warmup_steps, warm, decay)
""",
    "cosine_full_period": """
import numpy as np


def lr_at(step, peak_lr, warmup_steps, total_steps, min_lr=0.0):
    # mistake: cos(2 * pi * progress), a full period instead of half
    out = np.empty(step.shape)
    warm = step < warmup_steps
    out[warm] = peak_lr * step[warm] / warmup_steps if warmup_steps else 0.0
    p = np.minimum((step[~warm] - warmup_steps) / max(1, total_steps - warmup_steps), 1.0)
    out[~warm] = min_lr + (peak_lr - min_lr) * 0.5 * (1 + np.cos(2 * np.pi * p))
    return out
""",
    "not_clamped_after_total": """
import numpy as np


def lr_at(step, peak_lr, warmup_steps, total_steps, min_lr=0.0):
    # mistake: progress is never clamped at 1, so the cosine climbs again past total_steps
    step = step.astype(float)
    progress = (step - warmup_steps) / max(1, total_steps - warmup_steps)
    cosine = min_lr + (peak_lr - min_lr) * 0.5 * (1 + np.cos(np.pi * progress))
    warm = peak_lr * step / max(1, warmup_steps)
    return np.where(step < warmup_steps, warm, cosine)
""",
}

SNIPPETS = {
    "bpe-train": (BPE_TRAIN_ACCEPT, BPE_TRAIN_MISTAKES),
    "bpe-encode": (BPE_ENCODE_ACCEPT, BPE_ENCODE_MISTAKES),
    "adamw-step": (ADAMW_ACCEPT, ADAMW_MISTAKES),
    "mlp-backward": (MLP_ACCEPT, MLP_MISTAKES),
    "int8-quantize": (INT8_ACCEPT, INT8_MISTAKES),
    "lr-warmup-cosine": (LR_ACCEPT, LR_MISTAKES),
}

# A second way of writing a listed mistake, named with the same tag.
MORE_MISTAKES = [
    (
        "bpe-train",
        "pairs_not_weighted",
        "set-per-word",
        """
def train_bpe(words, counts, num_merges):
    # mistake: each distinct pair counted once per word, the counts never used
    vocab = [tuple(w) + ("</w>",) for w in words]
    merges = []
    for _ in range(num_merges):
        seen = {}
        for sym in vocab:
            for pair in set(zip(sym, sym[1:])):
                seen[pair] = seen.get(pair, 0) + 1
        if not seen:
            break
        best = min(seen, key=lambda p: (-seen[p], p))
        merges.append(best)
        a, b = best
        new_vocab = []
        for sym in vocab:
            out, i = [], 0
            while i < len(sym):
                if i + 1 < len(sym) and sym[i] == a and sym[i + 1] == b:
                    out.append(a + b)
                    i += 2
                else:
                    out.append(sym[i])
                    i += 1
            new_vocab.append(tuple(out))
        vocab = new_vocab
    return merges
""",
    ),
    (
        "mlp-backward",
        "bias_grad_wrong_axis",
        "only-db2",
        """
import numpy as np


def mlp_backward(x, y, w1, b1, w2, b2):
    # mistake: the output bias gradient summed over the classes; db1 is right
    n = x.shape[0]
    a = x @ w1 + b1
    h = np.where(a > 0, a, 0.0)
    z = h @ w2 + b2
    z = z - z.max(axis=1, keepdims=True)
    p = np.exp(z)
    p /= p.sum(axis=1, keepdims=True)
    loss = -np.log(p[np.arange(n), y]).mean()
    g = p.copy()
    g[np.arange(n), y] -= 1
    g /= n
    dw2, db2 = h.T @ g, g.sum(axis=1)
    da = (g @ w2.T) * (a > 0)
    return loss, x.T @ da, da.sum(axis=0), dw2, db2
""",
    ),
]

ACCEPTED = [
    pytest.param(pid, code, id=f"{pid}-accept-{style}")
    for pid, (correct, _) in SNIPPETS.items()
    for style, code in correct.items()
]
MISTAKES = [
    pytest.param(pid, tag, code, id=f"{pid}-{tag}")
    for pid, (_, wrong) in SNIPPETS.items()
    for tag, code in wrong.items()
] + [pytest.param(pid, tag, code, id=f"{pid}-{tag}-{how}") for pid, tag, how, code in MORE_MISTAKES]


@pytest.mark.parametrize(("problem_id", "code"), ACCEPTED)
def test_an_independent_correct_submission_is_accepted(
    bank: Bank, pool: SandboxPool, problem_id: str, code: str
) -> None:
    result = grade_submission(problem=bank.get(problem_id), code=code, mode="submit", pool=pool)
    failed = [(c.name, c.to_dict()["message"]) for c in result.cases if not c.passed]
    assert result.verdict is Verdict.ACCEPTED, (result.verdict, failed, result.to_dict())
    assert result.diagnosis == []


@pytest.mark.parametrize(("problem_id", "tag", "code"), MISTAKES)
def test_an_independent_mistake_is_rejected_and_named(
    bank: Bank, pool: SandboxPool, problem_id: str, tag: str, code: str
) -> None:
    assert tag in bank.get(problem_id).mistakes, (problem_id, tag)
    result = grade_submission(problem=bank.get(problem_id), code=code, mode="submit", pool=pool)
    failed = [(c.name, c.to_dict()["message"]) for c in result.cases if not c.passed]
    assert result.verdict is Verdict.WRONG_ANSWER, (result.verdict, failed)
    assert result.diagnosis == [tag], (result.diagnosis, failed)
    assert result.to_dict()["diagnosis_details"][0]["tag"] == tag
