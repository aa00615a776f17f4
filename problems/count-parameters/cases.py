"""Cases for counting the Transformer's parameters: the paper's models, tiny and random ones.

The counts of the base and big models were checked by building the modules with torch and
summing `p.numel()` (problems/count-parameters/styles/torch-meta-modules.py is graded on these
cases); nothing is built at grading time.
"""

import numpy as np

from graders import Case, Note

BASE = {"d_model": 512, "num_heads": 8, "d_ff": 2048, "num_layers": 6}
BIG = {"d_model": 1024, "num_heads": 16, "d_ff": 4096, "num_layers": 6}


def build_cases(seed: int = 0) -> list[Case]:
    """Samples, and hidden configurations drawn afresh for each submission.

    Every draw keeps its point: at least two heads wherever the head count could show,
    shared and separate embeddings, d_ff other than 4·d_model, and a model whose total
    does not fit in int32.
    """
    rng = np.random.default_rng(101 + seed)

    def pick(low: int, high: int) -> int:
        """A random int in [low, high]."""
        return int(rng.integers(low, high + 1))

    def vocab(paper: int, low: int, high: int) -> int:
        """The paper's value in the fixed draw, a fresh one in the others."""
        return paper if seed == 0 else pick(low, high)

    def config(share: bool) -> dict:
        heads = int(rng.choice([2, 4, 8, 12, 16]))
        d_model = heads * pick(4, 96)
        return {
            "vocab_size": pick(1000, 60000),
            "d_model": d_model,
            "num_heads": heads,
            "d_ff": pick(d_model // 2, 8 * d_model),
            "num_layers": pick(1, 12),
            "share_embeddings": share,
        }

    heads_first = config(share=True)
    tiny_heads = int(rng.choice([2, 3, 4]))
    tiny_d = tiny_heads * pick(1, 4)
    return [
        Case(
            "tiny model",
            {"vocab_size": 10, "d_model": 4, "num_heads": 2, "d_ff": 8, "num_layers": 1},
            note=Note(
                "small enough to count by hand; embeddings shared (the default)",
                "小到可以手算；默认共享嵌入",
            ),
        ),
        Case(
            "tiny model, separate embeddings",
            {
                "vocab_size": 10,
                "d_model": 4,
                "num_heads": 2,
                "d_ff": 8,
                "num_layers": 1,
                "share_embeddings": False,
            },
            note=Note(
                "two embedding tables and an output Linear(4, 10) with bias",
                "两张嵌入表，再加一个带偏置的输出层 Linear(4, 10)",
            ),
        ),
        Case(
            "the paper's base model",
            {"vocab_size": 37000, **BASE},
            note=Note(
                "V=37000, d=512, h=8, d_ff=2048, N=6, shared embeddings: about 63M",
                "V=37000，d=512，h=8，d_ff=2048，N=6，共享嵌入：约 6300 万",
            ),
        ),
        Case(
            "the paper's big model",
            {"vocab_size": vocab(37000, 30000, 50000), **BIG},
            hidden=True,
        ),
        Case(
            "base model, separate embeddings",
            {"vocab_size": vocab(37000, 30000, 50000), **BASE, "share_embeddings": False},
            hidden=True,
        ),
        Case("random model, shared embeddings", heads_first, hidden=True),
        Case(
            "same model, one head per dimension",
            {**heads_first, "num_heads": heads_first["d_model"]},
            hidden=True,
        ),
        Case("random model, separate embeddings", config(share=False), hidden=True),
        Case(
            "tiny random model",
            {
                "vocab_size": pick(5, 30),
                "d_model": tiny_d,
                "num_heads": tiny_heads,
                "d_ff": pick(1, 4 * tiny_d),
                "num_layers": pick(1, 3),
                "share_embeddings": bool(rng.integers(2)),
            },
            hidden=True,
        ),
        Case(
            "wide and deep, separate embeddings",
            {
                "vocab_size": vocab(50000, 30000, 64000),
                "d_model": 4096,
                "num_heads": 32,
                "d_ff": 16384,
                "num_layers": 24,
                "share_embeddings": False,
            },
            hidden=True,
        ),
    ]
