"""A half-precision result: values off by rounding, named as the dtype problem it is."""

from __future__ import annotations

from graders.families import Explanation, Family, Text, Trial


class LowPrecision(Family):
    """float16 or bfloat16 where the inputs were float32 or float64."""

    tag = "low_precision"
    text = Text(
        "Your result is in half precision, which keeps about 3 significant digits. Compute "
        "and return the input's dtype (float32 or float64); do not call .half().",
        "你的结果是半精度的，只有大约 3 位有效数字。请用输入的 dtype（float32 或 float64）"
        "计算并返回，不要调用 .half()。",
    )

    def explain(self, trial: Trial) -> Explanation | None:
        """Whether a wrong case came back as float16 or bfloat16."""
        dtype = trial.low_precision()
        if dtype is None:
            return None
        return Explanation(
            self.tag,
            Text(
                f"Your result is {dtype}, which keeps about 3 significant digits. Compute and "
                "return the input's dtype (float32 or float64); do not call .half().",
                f"你的结果是 {dtype}，只有大约 3 位有效数字。请用输入的 dtype"
                "（float32 或 float64）计算并返回，不要调用 .half()。",
            ),
        )


FAMILIES = [LowPrecision()]
