"""Known mistakes in BPE training (each a faithful version of what candidates write)."""

END = "</w>"


def _merge(symbols, pair):
    a, b = pair
    out, i = [], 0
    while i < len(symbols):
        if i + 1 < len(symbols) and symbols[i] == a and symbols[i + 1] == b:
            out.append(a + b)
            i += 2
        else:
            out.append(symbols[i])
            i += 1
    return out


def _merge_chained(symbols, pair):
    """Glues every occurrence, overlapping ones too: a a a with (a, a) becomes aaa."""
    out = [symbols[0]]
    for prev, cur in zip(symbols, symbols[1:], strict=False):
        if (prev, cur) == pair:
            out[-1] += cur
        else:
            out.append(cur)
    return out


def _merge_across(symbols, pair):
    """str.replace on the space-joined symbols: matches inside longer symbols too."""
    text = " ".join(symbols).replace(" ".join(pair), "".join(pair))
    return text.split(" ")


def _stats(corpus, weights):
    stats = {}
    for symbols, weight in zip(corpus, weights, strict=False):
        for pair in zip(symbols, symbols[1:], strict=False):
            stats[pair] = stats.get(pair, 0) + weight
    return stats


def _smallest(stats):
    candidates = [(-n, pair) for pair, n in stats.items() if n > 0]
    return min(candidates)[1] if candidates else None


def _first_seen(stats):
    best = None
    for pair, n in stats.items():  # insertion order: words in order, pairs left to right
        if n > 0 and (best is None or n > stats[best]):
            best = pair
    return best


def _largest(stats):
    candidates = [(n, pair) for pair, n in stats.items() if n > 0]
    return max(candidates)[1] if candidates else None


def _train(words, counts, num_merges, *, weighted=True, pick=_smallest, merge=_merge):
    corpus = [[*word, END] for word in words]
    weights = [int(c) if weighted else 1 for c in counts]
    merges = []
    for _ in range(num_merges):
        best = pick(_stats(corpus, weights))
        if best is None:
            break
        merges.append(best)
        corpus = [merge(symbols, best) for symbols in corpus]
    return merges


def pairs_not_weighted(words, counts, num_merges):
    return _train(words, counts, num_merges, weighted=False)


def pairs_once_per_word(words, counts, num_merges):
    """Each distinct pair of a word counted once (a set per word), counts ignored."""
    corpus = [[*word, END] for word in words]
    merges = []
    for _ in range(num_merges):
        stats = {}
        for symbols in corpus:
            for pair in dict.fromkeys(zip(symbols, symbols[1:], strict=False)):
                stats[pair] = stats.get(pair, 0) + 1
        best = _smallest(stats)
        if best is None:
            break
        merges.append(best)
        corpus = [_merge(symbols, best) for symbols in corpus]
    return merges


def overlapping_merge(words, counts, num_merges):
    return _train(words, counts, num_merges, merge=_merge_chained)


def tie_break_wrong(words, counts, num_merges):
    return _train(words, counts, num_merges, pick=_first_seen)


def tie_break_largest(words, counts, num_merges):
    return _train(words, counts, num_merges, pick=_largest)


def merge_across_symbols(words, counts, num_merges):
    return _train(words, counts, num_merges, merge=_merge_across)


MISTAKES = {
    # Counts ignored: every pair counted once per occurrence, or once per word.
    "pairs_not_weighted": [pairs_not_weighted, pairs_once_per_word],
    "overlapping_merge": overlapping_merge,
    "tie_break_wrong": tie_break_wrong,
    "tie_break_largest": tie_break_largest,
    "merge_across_symbols": merge_across_symbols,
}

MESSAGES = {
    "pairs_not_weighted": {
        "en": "Your pair counts ignore `counts`: every occurrence adds 1, as if each word "
        "occurred once. A pair inside a word seen 6 times occurs 6 times in the corpus: add "
        "the word's count for each adjacent pair (a word with count 0 adds nothing).",
        "zh": "统计符号对时没有用 `counts`：每出现一次只加 1，相当于每个词只出现一次。"
        "一个词出现 6 次，它里面的符号对在语料里就出现 6 次：每个相邻对要加上该词的频次"
        "（频次为 0 的词不贡献任何计数）。",
    },
    "overlapping_merge": {
        "en": "Your merge glues overlapping occurrences: in a run a a a the pair (a, a) became "
        "one symbol aaa. Replace occurrences left to right and skip both symbols of each one "
        "you merge, so a a a becomes aa a and a a a a becomes aa aa.",
        "zh": "合并时把相互重叠的出现也连在一起了：a a a 遇到 (a, a) 变成了一个 aaa。"
        "应当从左到右替换，合并一处就跳过这两个符号：a a a → aa a，a a a a → aa aa。",
    },
    "tie_break_wrong": {
        "en": "On a tie you keep the pair you counted first (max(stats, key=stats.get), "
        "most_common, or a strict > in the loop). Here ties go to the smallest pair (a, b) "
        "in Python's tuple order: pick min over (-count, pair).",
        "zh": "计数并列时你取了最先统计到的那一对（max(stats, key=stats.get)、most_common，"
        "或循环里用严格的 >）。本题约定并列时取最小的 (a, b)（按 Python 元组比较）："
        "用 min 取 (-count, pair) 的最小值。",
    },
    "tie_break_largest": {
        "en": "On a tie you take the largest pair: max over (count, pair) also maximises the "
        "pair (subword-nmt's learn_bpe.py does this). Here ties go to the smallest pair: "
        "min over (-count, pair).",
        "zh": "计数并列时你取了最大的符号对：对 (count, pair) 取 max，pair 也一起取了最大"
        "（subword-nmt 的 learn_bpe.py 就是这样）。本题并列时取最小的：对 (-count, pair) 取 min。",
    },
    "merge_across_symbols": {
        "en": "Your merge matches text, not symbols: replacing 'a b' in the space-joined word "
        "also hits 'xa b', the end of a longer symbol. Compare whole symbols (a list walk), "
        "or anchor the regex with (?<!\\S) and (?!\\S) as subword-nmt does.",
        "zh": "合并时匹配的是字符串而不是符号：在空格拼接的词里替换 'a b'，"
        "也会命中 'xa b' 这种长符号的尾部。要按整个符号比较（遍历列表），"
        "或者像 subword-nmt 那样给正则加上 (?<!\\S) 和 (?!\\S)。",
    },
}
