"""Messages in English and Chinese: a str whose value is the English, with `.zh` beside it.

Every message a candidate reads is built as a Msg. Being a str, it compares, logs and
serialises as the English, which stays the default; the result document renders it in
either language with `in_lang`. A plain str is the same in both languages: code, numbers,
or the text of the candidate's own exception.
"""

from __future__ import annotations

from collections.abc import Iterable

LANGS = ("zh", "en")  # every text is written in both; Chinese is the default

# What the Chinese puts where the English separates items with these.
_ZH_SEPARATORS = {"; ": "；", ", ": "、"}


class Msg(str):
    """English text (the str value itself) with its Chinese in `.zh`."""

    __slots__ = ("zh",)
    zh: str

    def __new__(cls, en: str, zh: str | None = None) -> Msg:
        text = super().__new__(cls, en)
        text.zh = zh_of(en) if zh is None else zh
        return text

    def __getnewargs__(self) -> tuple[str, str]:  # copy and pickle keep the Chinese
        return str(self), self.zh

    def __add__(self, other: str) -> Msg:
        if not isinstance(other, str):
            return NotImplemented
        return Msg(str(self) + str(other), self.zh + zh_of(other))

    def __radd__(self, other: str) -> Msg:
        if not isinstance(other, str):
            return NotImplemented
        return Msg(other + str(self), other + self.zh)


def msg(en: str, zh: str) -> Msg:
    """A message in both languages."""
    return Msg(en, zh)


def zh_of(text: str) -> str:
    """The Chinese of `text`: a Msg's `.zh`, or a plain str as it is."""
    return text.zh if isinstance(text, Msg) else str(text)


def join(sep: str, items: Iterable[str]) -> Msg:
    """`sep.join(items)` in both languages; the Chinese uses "；" for "; " and "、" for ", "."""
    parts = list(items)
    zh_sep = sep.zh if isinstance(sep, Msg) else _ZH_SEPARATORS.get(sep, sep)
    return Msg(str(sep).join(parts), zh_sep.join(zh_of(part) for part in parts))


def in_lang(value: str, lang: str) -> str:
    """`value` as a plain str in `lang`: the Chinese for "zh" where it has one, else English."""
    return zh_of(value) if lang == "zh" else str(value)
