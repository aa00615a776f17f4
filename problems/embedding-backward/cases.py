"""Cases for the embedding backward pass: 1-D, 2-D and 3-D ids, every case with repeated
ids, all ids the same, most rows never used, padding_idx None, 0 and vocab_size - 1 (the
padding id always present), d = 1. Gradients are float64."""

import numpy as np

from graders import Case, Note


def build_cases(seed: int = 0) -> list[Case]:
    """Sample and hidden cases."""
    rng = np.random.default_rng(3711 + seed)

    def lookup(shape, vocab, d, pad=None, choices=None, n_pad=2) -> dict:
        """ids of `shape` (never `pad`), the first id repeated at the last position, then
        `pad` at n_pad other positions; grad_out shape + [d]."""
        pool = np.arange(vocab) if choices is None else np.asarray(choices)
        if pad is not None:
            pool = pool[pool != pad]
        ids = rng.choice(pool, size=shape)
        flat = ids.reshape(-1)  # a view: writes go to ids
        flat[-1] = flat[0]  # a repeated id in every case
        inputs = {"ids": ids.astype(np.int64), "vocab_size": vocab}
        if pad is not None:
            where = rng.choice(np.arange(1, flat.size - 1), size=n_pad, replace=False)
            inputs["ids"].reshape(-1)[where] = pad
            inputs["padding_idx"] = pad
        inputs["grad_out"] = rng.normal(size=(*shape, d))
        return inputs

    same = lookup((3, 5), 4, 6)
    same["ids"][:] = rng.integers(0, 4)
    return [
        Case(
            "1-D ids, repeated",
            {
                "ids": np.array([2, 0, 2, 3, 2]),
                "grad_out": rng.normal(size=(5, 3)),
                "vocab_size": 5,
            },
            note=Note(
                "id 2 appears three times: row 2 is the sum of three gradients; rows 1 and 4 "
                "are never used and stay 0",
                "id 2 出现了三次：第 2 行是三个梯度之和；第 1、4 行没被用到，保持为 0",
            ),
        ),
        Case(
            "[B, L] ids, padding_idx=0",
            {
                "ids": np.array([[3, 1, 3, 0], [2, 3, 0, 0]]),
                "grad_out": rng.normal(size=(2, 4, 3)),
                "vocab_size": 6,
                "padding_idx": 0,
            },
            note=Note(
                "grad_out is [2, 4, 3]; the pad id 0 appears three times, but row 0 stays 0",
                "grad_out 为 [2, 4, 3]；pad id 0 出现了三次，但第 0 行保持为 0",
            ),
        ),
        Case("[4, 7], V=10, d=8", lookup((4, 7), 10, 8), hidden=True),
        Case("3-D ids, padding_idx=V-1", lookup((2, 3, 4), 7, 5, pad=6, n_pad=3), hidden=True),
        Case("all ids the same", same, hidden=True),
        Case(
            "V=50, most rows unused",
            lookup((2, 6), 50, 4, choices=rng.choice(50, size=5, replace=False)),
            hidden=True,
        ),
        Case("3-D ids, padding_idx=0", lookup((2, 2, 5), 9, 3, pad=0), hidden=True),
        Case("[5, 3], padding_idx=V-1", lookup((5, 3), 6, 7, pad=5), hidden=True),
        Case("1-D, 40 ids", lookup((40,), 12, 2), hidden=True),
        Case("d=1", lookup((3, 4), 5, 1, pad=2), hidden=True),
    ]
