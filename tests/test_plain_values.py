"""Plain-Python problems (framework "python", returns of type "value"): strings, lists,
tuples and dicts in and out, compared exactly, with a message that says where they differ.

A tokeniser's merges are a list of pairs of strings: written as tuples or as lists, the
answer is the same; a wrong merge is named by its place in the list.
"""

import pytest

from app.bank import Problem
from app.judge.custom import CustomInputError, parse_custom, run_custom
from app.judge.grade import grade_submission
from app.sandbox.pool import SandboxPool
from tests.conftest import written_problem

TOML = """
id = "adjacent-pairs"
topic = "tokenisation"
difficulty = "easy"
framework = "python"
entry = "adjacent_pairs"
signature = "def adjacent_pairs(word: str, counts: dict, known: list) -> tuple"
reference = "reference.py:adjacent_pairs"

[title]
en = "Adjacent pairs"
zh = "相邻字符对"

[[returns]]
name = "pairs"
type = "value"
item = { en = "pair {n}", zh = "第 {n} 对" }

[[returns]]
name = "total"
type = "value"

[[returns]]
name = "known_pairs"
type = "value"
"""

CASES = """
from graders import Case


def build_cases(seed: int = 0):
    return [
        Case("low", {"word": "low", "counts": {"l": 1, "o": 2, "w": 3}, "known": [("l", "o")]}),
        Case(
            "newest",
            {"word": "newest", "counts": {"n": 1, "e": 2}, "known": [("e", "s"), ("s", "t")]},
            hidden=True,
        ),
        Case("中文词", {"word": "中文词", "counts": {"中": 5}, "known": []}, hidden=True),
    ]
"""

REFERENCE = '''
def adjacent_pairs(word, counts, known):
    """The pairs of adjacent characters, the counts summed over the word's letters, and
    how many of the pairs are known (merges come as tuples: they are dict keys)."""
    pairs = [(a, b) for a, b in zip(word, word[1:])]
    rank = {pair: i for i, pair in enumerate(known)}
    return pairs, sum(counts.get(ch, 0) for ch in word), sum(p in rank for p in pairs)
'''

AS_LISTS = """
def adjacent_pairs(word, counts, known):
    out = []
    for i in range(len(word) - 1):
        out.append([word[i], word[i + 1]])
    total = 0
    for ch in word:
        if ch in counts:
            total += counts[ch]
    hits = 0
    for a, b in out:
        if (a, b) in set(known):
            hits += 1
    return out, total, hits
"""

AS_TUPLE_OF_TUPLES = """
def adjacent_pairs(word, counts, known):
    pairs = tuple(zip(word, word[1:]))
    return pairs, sum(map(lambda c: counts.get(c, 0), word)), len(set(pairs) & set(known))
"""

REVERSED = """
def adjacent_pairs(word, counts, known):
    pairs = [(b, a) for a, b in zip(word, word[1:])]
    return pairs, sum(counts.get(c, 0) for c in word), 0
"""

ONE_SHORT = """
def adjacent_pairs(word, counts, known):
    return list(zip(word, word[1:]))[:-1], sum(counts.get(c, 0) for c in word), 1
"""

FLOAT_TOTAL = """
def adjacent_pairs(word, counts, known):
    return list(zip(word, word[1:])), "%d" % sum(counts.get(c, 0) for c in word), 1
"""

AN_OBJECT = """
class Pair(tuple):
    pass


def adjacent_pairs(word, counts, known):
    return [Pair((a, b)) for a, b in zip(word, word[1:])], 0, 1
"""


@pytest.fixture(scope="module")
def problem(tmp_path_factory: pytest.TempPathFactory) -> Problem:
    files = {
        "problem.toml": TOML,
        "cases.py": CASES,
        "reference.py": REFERENCE,
        "starter.py": "def adjacent_pairs(word, counts, known):\n    return [], 0, 0\n",
        "statement.en.md": "Return the adjacent pairs.\n",
        "statement.zh.md": "返回相邻字符对。\n",
    }
    return written_problem(tmp_path_factory.mktemp("bank"), "adjacent-pairs", files)


@pytest.mark.parametrize("code", [REFERENCE, AS_LISTS, AS_TUPLE_OF_TUPLES])
def test_plain_answers_written_as_tuples_or_lists_are_accepted(
    problem: Problem, pool: SandboxPool, code: str
) -> None:
    result = grade_submission(problem=problem, code=code, mode="submit", pool=pool)
    assert result.verdict == "accepted", result.message
    assert len(result.cases) == 3  # the known pairs arrived as tuples: set() took them


def test_a_wrong_element_is_named_by_its_place_in_both_languages(
    problem: Problem, pool: SandboxPool
) -> None:
    result = grade_submission(problem=problem, code=REVERSED, mode="run", pool=pool)
    assert result.verdict == "wrong_answer"
    (case,) = result.cases
    assert "pair 1 (`pairs[0]`): expected ('l', 'o'), got ('o', 'l')" in case.message
    assert "第 1 对（`pairs[0]`）：期望 ('l', 'o')，得到 ('o', 'l')" in case.message.zh


def test_a_short_list_says_what_is_missing(problem: Problem, pool: SandboxPool) -> None:
    result = grade_submission(problem=problem, code=ONE_SHORT, mode="run", pool=pool)
    (case,) = result.cases
    assert "`pairs` has 1 item, expected 2" in case.message
    assert "('o', 'w') is missing" in case.message


def test_a_value_of_another_type_is_named(problem: Problem, pool: SandboxPool) -> None:
    result = grade_submission(problem=problem, code=FLOAT_TOTAL, mode="run", pool=pool)
    (case,) = result.cases
    assert "`total`: expected 6 (int), got '6' (str)" in case.message


def test_an_object_that_only_looks_like_a_tuple_is_not_a_plain_value(
    problem: Problem, pool: SandboxPool
) -> None:
    # A tuple subclass could compare equal to anything; it is refused as a type, not compared.
    result = grade_submission(problem=problem, code=AN_OBJECT, mode="run", pool=pool)
    (case,) = result.cases
    assert result.verdict == "wrong_answer"
    assert "`pairs` should be a plain Python list, got list holding solution.Pair" in case.message


def test_a_custom_input_of_words_and_merges_runs_beside_the_reference(
    problem: Problem, pool: SandboxPool
) -> None:
    data = {"inputs": {"word": "lower", "counts": {"l": 2, "w": 1}, "known": [["w", "e"]]}}
    case = parse_custom(problem, data)
    assert case.inputs["known"] == [("w", "e")]  # pairs are tuples again, as in the samples
    result = run_custom(problem=problem, code=AS_LISTS, case=case, pool=pool, wait=30)
    assert result.verdict == "accepted", result.message
    details = result.cases[0].details["checks"]
    assert details["pairs"]["expected"] == [["l", "o"], ["o", "w"], ["w", "e"], ["e", "r"]]
    assert details["known_pairs"] == {"expected": 1, "got": 1}


@pytest.mark.parametrize(
    ("inputs", "error"),
    [
        ({"word": 5}, "`inputs.word` must be a string, got 5"),
        ({"known": [["a", "b", "c"]]}, "`inputs.known[0]` must be a list of 2"),
        ({"known": "ab"}, '`inputs.known` must be a list, got "ab"'),
        ({"counts": {"a": "x"}}, '`inputs.counts.a` must be an integer, got "x"'),
        ({"word": "x" * 5000}, "`inputs.word` has 5000 characters; the limit is 1000"),
        ({"known": [["a", "b"]] * 6000}, "more than 10000 strings and numbers"),
    ],
)
def test_a_custom_plain_value_of_the_wrong_form_is_refused_clearly(
    problem: Problem, inputs: dict, error: str
) -> None:
    base = {"word": "low", "counts": {"l": 1}, "known": []}
    with pytest.raises(CustomInputError) as refused:
        parse_custom(problem, {"inputs": {**base, **inputs}})
    assert error in str(refused.value)


def test_a_whole_float_is_not_an_int(problem: Problem, pool: SandboxPool) -> None:
    code = REFERENCE.replace(
        "sum(counts.get(ch, 0) for ch in word)", "float(sum(counts.get(ch, 0) for ch in word))"
    )
    result = grade_submission(problem=problem, code=code, mode="run", pool=pool)
    assert "`total`: expected 6 (int), got 6.0 (float)" in result.cases[0].message
