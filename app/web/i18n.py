"""UI strings in Chinese and English, and choosing the language for a request."""

from __future__ import annotations

from starlette.requests import Request

from graders.text import LANGS

COOKIE = "shousi_lang"

STRINGS: dict[str, dict[str, str]] = {
    "tagline": {
        "zh": "手撕 Transformer：写出来，马上知道哪里错了。",
        "en": "Hand-write the Transformer; know at once what is wrong.",
    },
    "problems": {"zh": "题目", "en": "Problems"},
    "nav_review": {"zh": "复习", "en": "Review"},
    "result_restored": {
        "zh": "上次的结果（这道题最近一次运行或提交）：",
        "en": "Your last result here (the latest Run or Submit of this problem):",
    },
    "nav_progress": {"zh": "进度", "en": "Progress"},
    "nav_docs": {"zh": "手册", "en": "Manual"},
    "title": {"zh": "题目", "en": "Title"},
    "difficulty": {"zh": "难度", "en": "Difficulty"},
    "framework": {"zh": "框架", "en": "Framework"},
    "tags": {"zh": "标签", "en": "Tags"},
    "status": {"zh": "状态", "en": "Status"},
    "solved": {"zh": "已通过", "en": "Solved"},
    "attempted": {"zh": "做过，还没通过", "en": "Attempted, not solved yet"},
    "problem_review_now": {
        "zh": "该复习这道题了：重新提交并通过，就算复习一次",
        "en": "Due for review: an accepted Submit reviews it",
    },
    "easy": {"zh": "简单", "en": "Easy"},
    "medium": {"zh": "中等", "en": "Medium"},
    "hard": {"zh": "困难", "en": "Hard"},
    "contract": {"zh": "接口约定", "en": "Contract"},
    "signature": {"zh": "签名", "en": "Signature"},
    "returns": {"zh": "返回值与容差", "en": "Returns and tolerance"},
    "exact": {"zh": "必须完全一致", "en": "must match exactly"},
    "plain_value": {
        "zh": "普通 Python 值（字符串、数字、列表、字典；tuple 与 list 视为相同）",
        "en": "a plain Python value (strings, numbers, lists, dicts; a tuple equals a list)",
    },
    "list_of": {"zh": "由以下类型组成的 list：", "en": "a list of"},
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
    "nav_problems": {"zh": "题目", "en": "Problems"},
    "nav_qa": {"zh": "面试问答", "en": "Interview Q&A"},
    "qa_title": {"zh": "面试问答", "en": "Interview questions"},
    "qa_intro": {
        "zh": "手写代码之外，面试官还会追问原理。先自己说一遍，再展开答案对照。",
        "en": "Beyond the code, interviewers ask why. Answer aloud first, then open the answer.",
    },
    "qa_search": {"zh": "搜索", "en": "Search"},
    "qa_search_placeholder": {
        "zh": "搜索问题（中文或英文），如：缩放、KV cache",
        "en": "Search questions (English or Chinese), e.g. warm-up, 缩放",
    },
    "qa_all_tags": {"zh": "全部标签", "en": "All tags"},
    "qa_all_difficulties": {"zh": "全部难度", "en": "All difficulties"},
    "qa_filter": {"zh": "筛选", "en": "Filter"},
    "qa_clear": {"zh": "清除筛选", "en": "Clear filters"},
    "qa_count": {"zh": "显示 {shown} / {total} 题", "en": "{shown} of {total} questions"},
    "qa_none": {
        "zh": "没有符合条件的问题。换个关键词，或清除筛选。",
        "en": "No question matches. Try other words, or clear the filters.",
    },
    "qa_practice_mode": {
        "zh": "练习模式：答案先折叠，自己说完再看",
        "en": "Practice mode: answers stay folded until you ask",
    },
    "qa_back": {"zh": "← 全部问答", "en": "← All questions"},
    "qa_show_answer": {"zh": "显示答案", "en": "Show answer"},
    "qa_hide_answer": {"zh": "收起答案", "en": "Hide answer"},
    "qa_short": {"zh": "一句话回答", "en": "In one sentence"},
    "qa_follow_ups": {"zh": "面试官可能接着问", "en": "What the interviewer asks next"},
    "qa_practice": {"zh": "动手练习", "en": "Practise it in code"},
    "qa_no_problem": {
        "zh": "这道题还没有配套的编程题。",
        "en": "No coding problem practises this one yet.",
    },
    "qa_previous": {"zh": "← 上一题", "en": "← Previous"},
    "qa_next": {"zh": "下一题 →", "en": "Next →"},
    "qa_missing": {"zh": "没有这道问答题：{id}", "en": "There is no question {id}."},
    "qa_asked_next": {"zh": "面试官接下来会问", "en": "Asked next in interviews"},
    "qa_asked_next_intro": {
        "zh": "写完这道题，面试官常常会接着问：",
        "en": "Having written this, candidates are often asked:",
    },
    "qa_more": {"zh": "还有 {count} 题", "en": "{count} more"},
    "case_tolerance": {
        "zh": "用例「{case}」有自己的容差：atol = {atol}，rtol = {rtol}",
        "en": "case “{case}” has its own tolerance: atol = {atol}, rtol = {rtol}",
    },
    "hints": {"zh": "提示", "en": "Hints"},
    "hint_n": {"zh": "提示 {n}/{total}", "en": "Hint {n} of {total}"},
    "editorial": {"zh": "题解与参考答案", "en": "Editorial and solution"},
    "editorial_locked": {
        "zh": "提交通过后解锁。",
        "en": "Unlocks once you have an accepted submission.",
    },
    "show_solution": {"zh": "直接查看题解", "en": "Show the solution now"},
    "show_solution_confirm": {
        "zh": "现在查看题解和参考答案？自己做出来记得更牢。此题之后会一直显示题解。",
        "en": "Show the editorial and the solution now? Solving it yourself sticks better. "
        "This problem will keep showing them afterwards.",
    },
    "solution": {"zh": "参考答案", "en": "Reference solution"},
    "copy": {"zh": "复制", "en": "Copy"},
    "copied": {"zh": "已复制", "en": "Copied"},
    "topics": {"zh": "主题", "en": "Topics"},
    "problem_count": {"zh": "共 {total} 题，显示 {shown} 题", "en": "{shown} of {total} problems"},
    "group_masks": {"zh": "掩码", "en": "Masks"},
    "group_attention": {"zh": "注意力", "en": "Attention"},
    "group_positional": {"zh": "位置编码", "en": "Positional encoding"},
    "group_normalisation": {"zh": "归一化", "en": "Normalisation"},
    "group_layers": {"zh": "网络层", "en": "Layers"},
    "group_model": {"zh": "完整模型", "en": "The full model"},
    "group_training": {"zh": "训练", "en": "Training"},
    "group_alignment": {"zh": "对齐与强化学习", "en": "Alignment and RL"},
    "group_tokenisation": {"zh": "分词", "en": "Tokenisation"},
    "group_quantisation": {"zh": "量化", "en": "Quantisation"},
    "group_decoding": {"zh": "解码", "en": "Decoding"},
    "topic_attention": {"zh": "注意力", "en": "Attention"},
    "topic_multi-head": {"zh": "多头注意力", "en": "Multi-head attention"},
    "topic_positional": {"zh": "位置编码", "en": "Positional information"},
    "topic_normalization": {"zh": "归一化与残差", "en": "Normalisation and residuals"},
    "topic_ffn": {"zh": "前馈网络", "en": "Feed-forward network"},
    "topic_architecture": {"zh": "整体结构", "en": "Architecture"},
    "topic_training": {"zh": "训练", "en": "Training"},
    "topic_alignment": {"zh": "对齐与 RLHF", "en": "Alignment and RLHF"},
    "topic_inference": {"zh": "推理与解码", "en": "Inference and decoding"},
    "topic_efficiency": {"zh": "高效注意力", "en": "Efficient attention"},
    "topic_embeddings": {"zh": "分词与嵌入", "en": "Tokens and embeddings"},
    "topic_bugs": {"zh": "手写常见错误", "en": "Classic bugs"},
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
        "zh": "点按或悬停在格子上查看它的数值（键盘：Tab 进入，方向键移动）。",
        "en": "Tap or hover a cell to see its value (keyboard: Tab in, then the arrow keys).",
    },
    "theme_dark": {"zh": "深色模式", "en": "Dark mode"},
    "worst": {"zh": "偏差最大的位置", "en": "Worst positions"},
    "index": {"zh": "位置", "en": "index"},
    "form_incomplete": {
        "zh": "需要提供 code 和 mode（run 或 submit）",
        "en": "code and mode (run or submit) are required",
    },
    "code_too_large": {
        "zh": "代码超过了 {limit} 字节（64 KiB）的上限",
        "en": "code is larger than {limit} bytes (64 KiB)",
    },
    "mode_custom": {"zh": "自定义输入", "en": "Custom input"},
    "custom_input": {"zh": "自定义输入", "en": "Custom input"},
    "custom_hint": {
        "zh": '编辑下面的 JSON："inputs" 给出每个参数，可以是数字、嵌套列表、'
        '{"randn": [2, 3, 4], "seed": 0}（正态随机数）或 '
        '{"values": [...], "dtype": "bool"}；nn.Module 题目还有 "init"（构造参数）和 '
        '"seed"（权重的随机种子）。每个数组最多 4096 个数，维度不超过 4。'
        "你的输出会和参考实现的输出并排显示。",
        "en": 'Edit the JSON: "inputs" gives each argument as a number, a nested list, '
        '{"randn": [2, 3, 4], "seed": 0} (random normal) or '
        '{"values": [...], "dtype": "bool"}; nn.Module problems also take "init" '
        '(constructor arguments) and "seed" (for the weights). At most 4096 values per '
        "array and 4 dimensions. Your output is shown beside the reference's.",
    },
    "custom_hint_plain": {
        "zh": '编辑下面的 JSON："inputs" 按样例的写法给出每个参数：字符串、整数、列表'
        "（一对符号写成两个元素的列表）。最多 10000 个字符串和数字，每个字符串不超过 1000 个字符。"
        "你的输出会和参考实现的输出并排显示。",
        "en": 'Edit the JSON: "inputs" gives each argument in the form of the sample\'s: '
        "strings, integers, lists (a pair of symbols is a list of two). At most 10,000 "
        "strings and numbers, 1,000 characters a string. Your output is shown beside the "
        "reference's.",
    },
    "custom_run": {"zh": "用自定义输入运行", "en": "Run with custom input"},
    "custom_reset": {"zh": "恢复为样例输入", "en": "Reset to the sample input"},
    "custom_reset_confirm": {
        "zh": "确定丢弃你写的自定义输入并恢复样例输入？",
        "en": "Discard your custom input and restore the sample input?",
    },
    "custom_yours": {"zh": "你的输出", "en": "Your output"},
    "custom_reference": {"zh": "参考输出", "en": "Reference output"},
    "custom_shape": {"zh": "形状", "en": "shape"},
    "custom_not_shown": {"zh": "（未返回可显示的数组）", "en": "(no array to show)"},
    "custom_invalid_json": {
        "zh": "自定义输入不是合法的 JSON：",
        "en": "The custom input is not valid JSON:",
    },
    "custom_not_object": {
        "zh": '自定义输入必须是一个 JSON 对象，例如 {"inputs": {...}}。',
        "en": 'The custom input must be a JSON object, like {"inputs": {...}}.',
    },
    "gradients_line": {
        "zh": "梯度：对固定随机方向 c 求 sum(输出·c) 关于每个浮点输入（及模块参数）的梯度，"
        "与参考实现比较，atol = {atol}，rtol = {rtol}",
        "en": "gradients of sum(output · c), for a fixed random c, with respect to every float "
        "input (and module parameter), compared with the reference's: atol = {atol}, "
        "rtol = {rtol}",
    },
    "also_checked": {"zh": "另外检查的性质", "en": "Also checked"},
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
        "zh": "行是查询，列是键；颜色越深权重越大。点按或悬停在格子上查看数值。",
        "en": "Rows are queries, columns keys; darker is more weight. "
        "Tap or hover a cell for its value.",
    },
}


def add_strings(strings: dict[str, dict[str, str]]) -> None:
    """Add a feature's UI strings (called once, when its module is imported)."""
    for key, texts in strings.items():
        if key in STRINGS and STRINGS[key] != texts:
            raise ValueError(f"UI string {key!r} is defined twice, differently")
        if set(texts) != set(LANGS):
            raise ValueError(f"UI string {key!r} needs exactly {LANGS}")
    STRINGS.update(strings)


def pick_language(request: Request) -> str:
    """`?lang=`, then the cookie (the page's, or a plain `lang` one that API clients set),
    then the browser's first preference; Chinese if it asks."""
    for asked in (
        request.query_params.get("lang"),
        request.cookies.get(COOKIE),
        request.cookies.get("lang"),
    ):
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


_UNITS = {
    "zh": {"minute": "{n} 分钟", "hour": "{n} 小时", "day": "{n} 天", "month": "{n} 个月",
           "year": "{n} 年"},
    "en": {"minute": "{n} min", "hour": "{n} h", "day": "{n} d", "month": "{n} mo",
           "year": "{n} yr"},
}  # fmt: skip


def interval_text(seconds: float, lang: str) -> str:
    """A duration as a rating button shows it: "10 min", "3 d", "2 mo" / "10 分钟", "3 天"."""
    minutes = max(1, round(seconds / 60))
    if minutes < 60:
        n, unit = minutes, "minute"
    elif minutes < 24 * 60:
        n, unit = round(minutes / 60), "hour"
    elif minutes < 30 * 24 * 60:
        n, unit = round(minutes / (24 * 60)), "day"
    elif minutes < 365 * 24 * 60:
        n, unit = round(minutes / (30 * 24 * 60)), "month"
    else:
        n, unit = round(minutes / (365 * 24 * 60), 1), "year"
    return _UNITS[lang][unit].format(n=n)


def when_text(seconds: float, lang: str) -> str:
    """When something falls due, from now: "in 3 h" / "3 小时后", or "now" / "现在"."""
    if seconds <= 0:
        return "现在" if lang == "zh" else "now"
    span = interval_text(seconds, lang)
    return f"{span}后" if lang == "zh" else f"in {span}"
