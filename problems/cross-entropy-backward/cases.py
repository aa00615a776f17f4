"""Cases for the softmax cross-entropy loss and gradient: ignored rows (ignore_index -100,
0 and -1), label smoothing from 0.1 to 1.0 with and without ignored rows, one valid row,
N=1, C=2, peaked rows, and logits near ±1000. Everything is float64."""

import numpy as np

from graders import Case, Note, Stability


def build_cases(seed: int = 0) -> list[Case]:
    """Sample and hidden cases."""
    rng = np.random.default_rng(3701 + seed)

    def case(
        n: int,
        c: int,
        ignored=(),
        ignore_index: int = -100,
        smoothing: float = 0.0,
        scale: float = 2.0,
    ) -> dict:
        """Logits [n, c]; real targets never equal to ignore_index; rows in `ignored` get it."""
        if 0 <= ignore_index < c:  # a real class id is the pad id: draw the others only
            targets = rng.integers(0, c - 1, size=n)
            targets = targets + (targets >= ignore_index)
        else:
            targets = rng.integers(0, c, size=n)
        targets[list(ignored)] = ignore_index
        inputs = {"logits": rng.normal(size=(n, c)) * scale, "targets": targets.astype(np.int64)}
        if ignore_index != -100:
            inputs["ignore_index"] = ignore_index
        if smoothing:
            inputs["label_smoothing"] = smoothing
        return inputs

    # About a third of the rows ignored, at random; row 0 always kept, row 1 always ignored.
    third_mask = rng.random(16) < 1 / 3
    third_mask[:2] = [False, True]
    third = np.flatnonzero(third_mask).tolist()
    # Logits near +1000 (even rows) and -1000 (odd rows), spread by a few units: every exp
    # overflows (or underflows to 0), so a softmax without the max shift is inf/inf or 0/0.
    huge = case(6, 8, smoothing=0.1)
    huge["logits"] = (
        rng.normal(size=(6, 8)) * 3.0 + np.where(np.arange(6) % 2 == 0, 1000.0, -1000.0)[:, None]
    )
    return [
        Case(
            "N=4, C=5",
            case(4, 5),
            note=Note(
                "no ignored rows, no smoothing: grad = (softmax - onehot) / 4",
                "没有被忽略的行，也没有平滑：grad = (softmax - onehot) / 4",
            ),
        ),
        Case(
            "rows 1 and 3 ignored",
            case(5, 4, ignored=(1, 3)),
            note=Note(
                "targets -100 are left out: the mean is over 3 rows, and rows 1 and 3 get zero "
                "gradient",
                "target 为 -100 的行不参与：对 3 行取平均，第 1、3 行梯度为 0",
            ),
        ),
        Case(
            "label_smoothing=0.1",
            case(3, 6, smoothing=0.1),
            note=Note(
                "the target is 0.9 * onehot + 0.1 / 6, in the loss and in the gradient",
                "目标分布是 0.9 * onehot + 0.1 / 6，loss 和梯度都要用它",
            ),
        ),
        Case("N=16, C=10, a third ignored", case(16, 10, ignored=third), hidden=True),
        Case(
            "ignore_index=0, label_smoothing=0.2",
            case(8, 7, ignored=(2, 5, 6), ignore_index=0, smoothing=0.2),
            hidden=True,
        ),
        Case(
            "label_smoothing=0.1, C=50, peaked", case(12, 50, smoothing=0.1, scale=6.0), hidden=True
        ),
        Case(
            "ignored rows, label_smoothing=0.5",
            case(10, 9, ignored=(0, 4, 9), smoothing=0.5),
            hidden=True,
        ),
        Case("N=1", case(1, 3, smoothing=0.1), hidden=True),
        Case("one valid row", case(6, 5, ignored=(0, 1, 2, 4, 5), smoothing=0.3), hidden=True),
        Case("C=2, ignore_index=-1", case(7, 2, ignored=(1, 6), ignore_index=-1), hidden=True),
        Case("label_smoothing=1.0", case(5, 4, ignored=(3,), smoothing=1.0), hidden=True),
        Case("logits near ±1000", huge, check=Stability(), hidden=True),
    ]
