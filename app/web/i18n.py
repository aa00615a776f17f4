"""UI strings in Chinese and English, and choosing the language for a request."""

from __future__ import annotations

from starlette.requests import Request

LANGS = ("zh", "en")
COOKIE = "shousi_lang"

STRINGS: dict[str, dict[str, str]] = {
    "tagline": {
        "zh": "手撕 Transformer：写出来，马上知道哪里错了。",
        "en": "Hand-write the Transformer; know at once what is wrong.",
    },
    "problems": {"zh": "题目", "en": "Problems"},
    "title": {"zh": "题目", "en": "Title"},
    "difficulty": {"zh": "难度", "en": "Difficulty"},
    "framework": {"zh": "框架", "en": "Framework"},
    "tags": {"zh": "标签", "en": "Tags"},
    "status": {"zh": "状态", "en": "Status"},
    "solved": {"zh": "已通过", "en": "Solved"},
    "easy": {"zh": "简单", "en": "Easy"},
    "medium": {"zh": "中等", "en": "Medium"},
    "hard": {"zh": "困难", "en": "Hard"},
    "contract": {"zh": "接口约定", "en": "Contract"},
    "signature": {"zh": "签名", "en": "Signature"},
    "returns": {"zh": "返回值与容差", "en": "Returns and tolerance"},
    "exact": {"zh": "必须完全一致", "en": "must match exactly"},
    "forbidden": {"zh": "禁止使用", "en": "Not allowed"},
    "limits": {"zh": "资源限制", "en": "Limits"},
    "limits_text": {
        "zh": "CPU {cpu} 秒，墙钟 {wall} 秒，内存 {mem} MiB，输出 1 MiB",
        "en": "CPU {cpu} s, wall {wall} s, memory {mem} MiB, output 1 MiB",
    },
    "samples": {"zh": "样例", "en": "Sample cases"},
    "weights_loaded": {
        "zh": "权重：评测时用 load_state_dict(strict=True) 载入参考实现的权重。",
        "en": "Weights: the reference module's, loaded with load_state_dict(strict=True).",
    },
    "inputs": {"zh": "输入", "en": "Input"},
    "expected": {"zh": "期望输出", "en": "Expected output"},
    "editor": {"zh": "代码", "en": "Code"},
    "run": {"zh": "运行", "en": "Run"},
    "submit": {"zh": "提交", "en": "Submit"},
    "reset": {"zh": "重置为初始代码", "en": "Reset to starter"},
    "reset_confirm": {
        "zh": "确定丢弃当前草稿并恢复初始代码？",
        "en": "Discard your draft and restore the starter code?",
    },
    "shortcuts": {
        "zh": "Ctrl/Cmd+Enter 运行 · Ctrl/Cmd+Shift+Enter 提交 · Tab 缩进",
        "en": "Ctrl/Cmd+Enter run · Ctrl/Cmd+Shift+Enter submit · Tab indents",
    },
    "result": {"zh": "结果", "en": "Result"},
    "diagnosis": {"zh": "诊断：", "en": "Diagnosis:"},
    "result_empty": {
        "zh": "按“运行”检查样例，按“提交”运行全部用例（含隐藏用例）。",
        "en": "Run checks the sample cases; Submit runs every case, hidden ones too.",
    },
    "running": {"zh": "评测中…", "en": "Grading…"},
    "cases_passed": {
        "zh": "通过 {passed}/{total} 个用例，用时 {ms} ms",
        "en": "{passed}/{total} cases passed in {ms} ms",
    },
    "case": {"zh": "用例", "en": "Case"},
    "check": {"zh": "检查", "en": "Check"},
    "message": {"zh": "信息", "en": "Message"},
    "hidden": {"zh": "隐藏", "en": "hidden"},
    "your_traceback": {"zh": "你的代码中的调用栈", "en": "Traceback in your code"},
    "printed": {"zh": "你的代码打印的内容", "en": "What your code printed"},
    "request_failed": {"zh": "请求失败，请重试。", "en": "The request failed; please try again."},
    "draft_restored": {"zh": "已恢复你上次的草稿。", "en": "Your last draft was restored."},
    "back": {"zh": "← 全部题目", "en": "← All problems"},
    "not_found": {"zh": "没有这道题。", "en": "There is no such problem."},
    "accepted": {"zh": "通过", "en": "Accepted"},
    "wrong_answer": {"zh": "答案错误", "en": "Wrong answer"},
    "runtime_error": {"zh": "运行错误", "en": "Runtime error"},
    "time_limit": {"zh": "超出时间限制", "en": "Time limit exceeded"},
    "memory_limit": {"zh": "超出内存限制", "en": "Memory limit exceeded"},
    "rejected": {"zh": "未运行：代码被拒绝", "en": "Rejected before running"},
    "mode_run": {"zh": "运行（样例）", "en": "Run (samples)"},
    "mode_submit": {"zh": "提交（全部用例）", "en": "Submit (all cases)"},
    "heatmap_title": {
        "zh": "`{name}` 的 {slice}：期望、你的输出与差值",
        "en": "`{name}` at {slice}: expected, yours, and the difference",
    },
    "heat_expected": {"zh": "期望", "en": "expected"},
    "heat_got": {"zh": "你的输出", "en": "yours"},
    "heat_diff": {"zh": "差值（你的 − 期望）", "en": "difference (yours − expected)"},
    "heat_hover": {
        "zh": "把鼠标移到格子上查看数值。蓝色为正，红色为负，斜线为 NaN/inf。",
        "en": "Hover a cell for its value. Blue is positive, red negative, hatched NaN/inf.",
    },
    "worst": {"zh": "偏差最大的位置", "en": "Worst positions"},
    "attention_title": {
        "zh": "注意力权重（用例“{case}”，查询 × 键）",
        "en": "Attention weights (case “{case}”, query × key)",
    },
    "attention_returned": {
        "zh": "权重来自你的函数返回的 attention_weights。",
        "en": "Your weights are the attention_weights your function returned.",
    },
    "attention_captured": {
        "zh": "你的权重是代码中最后一次 softmax"
        "（torch.softmax / F.softmax / Tensor.softmax）的结果。",
        "en": "Your weights are the last softmax your code computed "
        "(torch.softmax, F.softmax or Tensor.softmax).",
    },
    "attention_missing": {
        "zh": "没有捕获到你的权重（没有调用 softmax，或形状不同）。",
        "en": "Your weights could not be seen (no softmax call, or a different shape).",
    },
    "attention_reference": {"zh": "参考 [{index}]", "en": "reference [{index}]"},
    "attention_yours": {"zh": "你的 [{index}]", "en": "yours [{index}]"},
    "attention_hover": {
        "zh": "行是查询，列是键；颜色越深权重越大。把鼠标移到格子上查看数值。",
        "en": "Rows are queries, columns keys; darker is more weight. Hover a cell for its value.",
    },
}


def pick_language(request: Request) -> str:
    """`?lang=`, then the cookie, then the browser's first preference; Chinese if it asks."""
    asked = request.query_params.get("lang") or request.cookies.get(COOKIE)
    if asked in LANGS:
        return asked
    header = request.headers.get("accept-language", "")
    first = header.split(",")[0].strip().lower()
    return "zh" if first.startswith("zh") else "en"


def translator(lang: str):  # noqa: ANN201 - returns a plain callable for templates
    """A `t(key, **fields)` function for templates."""

    def t(key: str, **fields: object) -> str:
        text = STRINGS.get(key, {}).get(lang) or STRINGS.get(key, {}).get("en") or key
        return text.format(**fields) if fields else text

    return t
