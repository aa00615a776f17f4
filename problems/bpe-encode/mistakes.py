"""Known mistakes in BPE encoding (each a faithful version of what candidates write)."""

END = "</w>"


def _merge(symbols, a, b):
    out, i = [], 0
    while i < len(symbols):
        if i + 1 < len(symbols) and symbols[i] == a and symbols[i + 1] == b:
            out.append(a + b)
            i += 2
        else:
            out.append(symbols[i])
            i += 1
    return out


def _merge_chained(symbols, a, b):
    """Glues every occurrence, overlapping ones too: x x x with (x, x) becomes xxx."""
    out = [symbols[0]]
    for prev, cur in zip(symbols, symbols[1:], strict=False):
        if (prev, cur) == (a, b):
            out[-1] += cur
        else:
            out.append(cur)
    return out


def _by_rank(symbols, merges, merge=_merge):
    ranks = {}
    for rank, (a, b) in enumerate(merges):
        ranks.setdefault((a, b), rank)
    while len(symbols) > 1:
        present = [ranks[p] for p in zip(symbols, symbols[1:], strict=False) if p in ranks]
        if not present:
            break
        a, b = merges[min(present)]
        symbols = merge(symbols, a, b)
    return symbols


def greedy_longest_match(word, merges):
    """WordPiece-style: the longest vocabulary entry that starts here, left to right."""
    symbols = [*word, END]
    vocab = set(symbols) | {a + b for a, b in merges}
    out, i = [], 0
    while i < len(symbols):
        j = len(symbols)
        while j > i + 1 and "".join(symbols[i:j]) not in vocab:
            j -= 1
        out.append("".join(symbols[i:j]))
        i = j
    return out


def merges_applied_in_one_pass(word, merges):
    """Each merge once, in list order, as the Hugging Face course's `tokenize` does."""
    symbols = [*word, END]
    for a, b in merges:
        symbols = _merge(symbols, a, b)
    return symbols


def end_marker_missing(word, merges):
    return _by_rank(list(word), merges)


def overlapping_merge(word, merges):
    return _by_rank([*word, END], merges, merge=_merge_chained)


MISTAKES = {
    "greedy_longest_match": greedy_longest_match,
    "merges_applied_in_one_pass": merges_applied_in_one_pass,
    "end_marker_missing": end_marker_missing,
    "overlapping_merge": overlapping_merge,
}

MESSAGES = {
    "greedy_longest_match": {
        "en": "You cut the word by greedy longest match against the vocabulary (WordPiece's "
        "way). BPE segments by the merges: repeatedly merge the adjacent pair of lowest rank. "
        "With merges [(b, c), (a, b)], 'abc' is a bc </w>, although ab is a longer first token.",
        "zh": "你用词表做了贪心最长匹配（这是 WordPiece 的切法）。BPE 是按合并规则切的："
        "反复合并当前 rank 最小的相邻对。合并列表为 [(b, c), (a, b)] 时，'abc' 应切成 "
        "a bc </w>，尽管 ab 作为第一个 token 更长。",
    },
    "merges_applied_in_one_pass": {
        "en": "You walk the merge list once, applying each merge in turn. A later merge can "
        "create a pair of an earlier rank ((a, b) makes (ab, c) appear), and one pass never "
        "comes back to it. Loop: find the present pair of lowest rank, merge it, look again.",
        "zh": "你把合并列表从头到尾过了一遍，每条规则只用一次。靠后的合并可能造出 rank 更靠前的"
        "符号对（合并 (a, b) 后出现了 (ab, c)），只过一遍就再也回不去了。应当循环："
        "找出当前 rank 最小的相邻对，合并，再重新找。",
    },
    "overlapping_merge": {
        "en": "Your merge glues overlapping occurrences: in a run x x x the pair (x, x) became "
        "one symbol xxx. Replace occurrences left to right and skip both symbols of each one "
        "you merge, so x x x becomes xx x, as GPT-2's loop does with its i += 2.",
        "zh": "合并时把相互重叠的出现也连在一起了：x x x 遇到 (x, x) 变成了一个 xxx。"
        "应当从左到右替换，合并一处就跳过这两个符号，x x x → xx x，"
        "GPT-2 循环里的 i += 2 就是干这个的。",
    },
    "end_marker_missing": {
        "en": "Your symbols start without the end-of-word symbol: the word is its characters "
        "followed by '</w>', and merges such as (t, </w>) need it to apply.",
        "zh": "你的初始符号序列没有词尾符号：应当是各个字符再加上 '</w>'，"
        "像 (t, </w>) 这样的合并规则要靠它才能用上。",
    },
}
