"""Cases for packing: one document with padding, several short documents, a document cut
by max_len, an exact fit, documents of one token, documents dropped past max_len, lots of
padding with another pad id, and a long pack."""

import torch

from graders import Case, Note


def build_cases(seed: int = 0) -> list[Case]:
    """Sample and hidden cases; tokens are int64 in 1..60, never equal to the pad id."""
    g = torch.Generator().manual_seed(3931 + seed)

    def doc(n: int, pad_id: int = 0) -> torch.Tensor:
        x = torch.randint(1, 60, (n,), generator=g)
        return x + (x >= pad_id).long() * (pad_id > 0)  # skip the pad id

    def docs(lengths: list[int], pad_id: int = 0) -> list[torch.Tensor]:
        return [doc(n, pad_id) for n in lengths]

    def drawn(count: int, low: int, high: int) -> list[int]:
        return [int(n) for n in torch.randint(low, high + 1, (count,), generator=g)]

    many = [1, *drawn(5, 1, 3), 1, 2]  # at least two one-token documents
    exact = drawn(3, 2, 5)
    long_lengths = drawn(7, 2, 9)
    return [
        Case(
            "three documents, one pad",
            {"docs": docs([3, 2, 4]), "max_len": 10},
            note=Note(
                "positions restart at each document; each document's last token and the pad "
                "get label -100; the mask is block-diagonal causal",
                "每篇文档的位置从 0 重新开始；每篇文档的最后一个 token 和 pad 的 label 为 -100；"
                "掩码是块对角的因果掩码",
            ),
        ),
        Case(
            "the second document is cut",
            {"docs": docs([4, 6]), "max_len": 7},
            note=Note(
                "only 3 tokens of the second document fit; the last position has no target",
                "第二篇文档只放得下 3 个 token；最后一个位置没有目标",
            ),
        ),
        Case("one document, lots of padding", {"docs": docs([4]), "max_len": 9}, hidden=True),
        Case(
            "many short documents, some of one token",
            {"docs": docs(many), "max_len": sum(many) + 2},
            hidden=True,
        ),
        Case("an exact fit", {"docs": docs(exact), "max_len": sum(exact)}, hidden=True),
        Case(
            "documents past max_len are dropped",
            {"docs": docs([5, 6, 4, 3]), "max_len": 13},
            hidden=True,
        ),
        Case("one document longer than max_len", {"docs": docs([12]), "max_len": 8}, hidden=True),
        Case(
            "pad id 7, two documents and 11 pads",
            {"docs": docs([2, 3], 7), "max_len": 16, "pad_id": 7},
            hidden=True,
        ),
        Case(
            "a one-token document first",
            {"docs": docs([1, 3, 2]), "max_len": 8},
            hidden=True,
        ),
        Case(
            "a long pack",
            {"docs": docs(long_lengths), "max_len": sum(long_lengths) - 3},
            hidden=True,
        ),
    ]
