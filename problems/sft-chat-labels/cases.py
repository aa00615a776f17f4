"""Cases for the SFT labels: one assistant reply after a system prompt, several rounds,
replies of one token, empty turns, other roles trained, other bos/eos ids, a chat that ends
on a user turn, and a chat that opens with the assistant."""

import numpy as np

from graders import Case, Note


def build_cases(seed: int = 0) -> list[Case]:
    """Sample and hidden cases; the token ids are plain Python ints in 3..99 (or 3..150 when
    bos and eos are moved), so they never collide with bos, eos or -100."""
    rng = np.random.default_rng(3901 + seed)

    def tokens(low: int, high: int, top: int = 99) -> list[int]:
        size = int(rng.integers(low, high + 1))
        return [int(t) for t in rng.integers(3, top + 1, size=size)]

    def rounds(n: int, low: int = 1, high: int = 5) -> list[tuple[str, list[int]]]:
        chat = []
        for _ in range(n):
            chat += [("user", tokens(low, high)), ("assistant", tokens(low, high))]
        return chat

    sample = [("system", tokens(2, 3)), ("user", tokens(2, 4)), ("assistant", tokens(2, 3))]
    two_rounds = rounds(2, 1, 3)
    many = [("system", tokens(3, 6)), *rounds(4)]
    both = [("system", tokens(2, 4)), *rounds(3)]
    tool = [
        ("system", tokens(2, 4)),
        ("user", tokens(2, 4)),
        ("assistant", tokens(1, 3)),
        ("tool", tokens(2, 5)),
        ("assistant", tokens(1, 4)),
    ]
    single = [("user", tokens(1, 1)), ("assistant", tokens(1, 1))] * 2 + [
        ("user", tokens(1, 3)),
        ("assistant", tokens(1, 1)),
    ]
    empty = [
        ("system", []),
        ("user", tokens(2, 4)),
        ("assistant", []),
        ("user", []),
        ("assistant", tokens(2, 4)),
    ]
    moved = [("system", tokens(2, 3, 150)), *rounds(2), ("user", tokens(2, 4, 150))]
    opening = [("assistant", tokens(3, 6))]
    long_chat = [("system", tokens(5, 9)), *rounds(6, 2, 8)]
    return [
        Case(
            "system, user, one assistant reply",
            {"turns": sample},
            note=Note(
                "bos, then each turn closed by eos (2); only the assistant's tokens and its eos "
                "are targets",
                "先是 bos，每个 turn 后面跟一个 eos（2）；"
                "只有 assistant 的 token 和它的 eos 是监督目标",
            ),
        ),
        Case(
            "two rounds",
            {"turns": two_rounds},
            note=Note(
                "both assistant replies are trained, each with its own eos",
                "两轮 assistant 回复都要训练，各自带上自己的 eos",
            ),
        ),
        Case("a system prompt and four rounds", {"turns": many}, hidden=True),
        Case(
            "train_roles includes user",
            {"turns": both, "train_roles": ("user", "assistant")},
            hidden=True,
        ),
        Case("a tool turn between two replies", {"turns": tool}, hidden=True),
        Case("replies of one token", {"turns": single}, hidden=True),
        Case("empty turns: only their eos", {"turns": empty}, hidden=True),
        Case(
            "bos 151, eos 152, the chat ends on a user turn",
            {"turns": moved, "bos": 151, "eos": 152},
            hidden=True,
        ),
        Case("the assistant speaks first", {"turns": opening}, hidden=True),
        Case(
            "a long chat, train_roles=('assistant',) given",
            {"turns": long_chat, "train_roles": ("assistant",)},
            hidden=True,
        ),
    ]
