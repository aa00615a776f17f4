"""Determinism: a module in eval mode gives identical outputs for the same input twice.

The check itself is the judge's (app.judge.feedback.determinism: the child calls the module
twice on the first case); this module gives the property its words.
"""

from graders.families import Text

LABELS = {
    "determinism": Text(
        "two calls in eval mode on the same input give identical outputs (dropout is off)",
        "eval 模式下对同一输入调用两次，输出完全相同（dropout 已关闭）",
    )
}
