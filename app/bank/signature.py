"""The contract's signature, parsed once: how a case's named inputs become a call.

Interviewers call a candidate's function positionally, in the order of the signature, so a
candidate who names the parameters `query, key, value` or `Q, K, V` is called the same way as
one who copies the contract's names. Only a parameter the contract marks keyword-only (after
`*`) is passed by name.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from typing import Any

_NO_DEFAULT = object()


@dataclass(frozen=True)
class Param:
    """One parameter of the contract: its name, default (if any) and whether it is keyword-only."""

    name: str
    default: Any = _NO_DEFAULT
    keyword_only: bool = False

    @property
    def optional(self) -> bool:
        """Whether the contract gives it a default."""
        return self.default is not _NO_DEFAULT


@dataclass(frozen=True)
class CallLayout:
    """Which inputs go positionally (in order) and which by keyword."""

    args: tuple[str, ...]
    kwargs: tuple[str, ...]

    def wire(self) -> dict[str, list[str]]:
        """The layout as the sandboxed child receives it."""
        return {"args": list(self.args), "kwargs": list(self.kwargs)}


class SignatureError(ValueError):
    """A contract signature that cannot be parsed, or a case that does not fit it."""


def _params(node: ast.FunctionDef, *, method: bool) -> tuple[Param, ...]:
    arguments = node.args
    positional = [*arguments.posonlyargs, *arguments.args]
    if method:
        positional = positional[1:]  # self
    defaults: list[Any] = [_NO_DEFAULT] * (len(positional) - len(arguments.defaults))
    defaults += [_literal(d) for d in arguments.defaults]
    params = [Param(a.arg, d) for a, d in zip(positional, defaults, strict=True)]
    for arg, default in zip(arguments.kwonlyargs, arguments.kw_defaults, strict=True):
        value = _NO_DEFAULT if default is None else _literal(default)
        params.append(Param(arg.arg, value, keyword_only=True))
    return tuple(params)


def _literal(node: ast.expr) -> Any:
    try:
        return ast.literal_eval(node)
    except ValueError:
        raise SignatureError(f"default {ast.unparse(node)!r} is not a literal") from None


@dataclass(frozen=True)
class Signature:
    """The parameters of a function entry point, or of a module's __init__ and forward."""

    call: tuple[Param, ...]
    init: tuple[Param, ...] = ()

    @classmethod
    def parse(cls, text: str, *, entry: str, kind: str) -> Signature:
        """Parse `problem.toml`'s signature (a def, or a class with __init__ and forward)."""
        source = text.strip()
        if kind == "module" and not source.startswith("class"):
            source = f"class {entry}:\n" + "\n".join(
                "    " + line.strip() for line in source.splitlines()
            )
        if not source.rstrip().endswith(("...", ":")):
            source += ": ..."
        try:
            tree = ast.parse(source)
        except SyntaxError as exc:
            raise SignatureError(f"signature does not parse: {exc.msg}") from None
        functions = {
            node.name: node for node in ast.walk(tree) if isinstance(node, ast.FunctionDef)
        }
        if kind == "function":
            if entry not in functions:
                raise SignatureError(f"signature does not define {entry}()")
            return cls(_params(functions[entry], method=False))
        missing = [name for name in ("__init__", "forward") if name not in functions]
        if missing:
            raise SignatureError(f"signature does not define {' and '.join(missing)}")
        return cls(
            _params(functions["forward"], method=True),
            _params(functions["__init__"], method=True),
        )

    def text(self, entry: str, *, kind: str) -> str:
        """The contract's parameters as a call, e.g. `attention(q, k, v, mask=None)`."""

        def listed(params: tuple[Param, ...]) -> str:
            parts = [p.name + (f"={p.default!r}" if p.optional else "") for p in params]
            if any(p.keyword_only for p in params):
                first = next(i for i, p in enumerate(params) if p.keyword_only)
                parts.insert(first, "*")
            return ", ".join(parts)

        if kind == "module":
            return f"__init__(self, {listed(self.init)}); forward(self, {listed(self.call)})"
        return f"{entry}({listed(self.call)})"

    def layout(self, values: dict[str, Any], *, constructor: bool = False) -> CallLayout:
        """How to call with `values`: positionally in signature order, trailing unused left out.

        An optional argument the case leaves at None (a mask of None) or omits is not passed
        when nothing after it is, so a function without that parameter still runs. A gap
        before a later argument is filled with the contract's default.
        """
        params = self.init if constructor else self.call
        known = {p.name for p in params}
        unknown = [name for name in values if name not in known]
        if unknown:
            raise SignatureError(f"case passes {', '.join(unknown)} not in the signature")
        positional = [p for p in params if not p.keyword_only]
        given = [p.name in values and values[p.name] is not None for p in positional]
        last = max((i for i, g in enumerate(given) if g), default=-1)
        for param, present in zip(positional[: last + 1], given, strict=False):
            if not present and param.name not in values and not param.optional:
                raise SignatureError(f"case does not give the required argument {param.name}")
        args = tuple(p.name for p in positional[: last + 1])
        kwargs = tuple(p.name for p in params if p.keyword_only and p.name in values)
        return CallLayout(args, kwargs)

    def fill(self, values: dict, layout: CallLayout, *, constructor: bool = False) -> dict:
        """`values` with every name of `layout`, a gap taking the contract's default."""
        params = {p.name: p for p in (self.init if constructor else self.call)}
        filled = dict(values)
        for name in layout.args:
            if name not in filled:
                filled[name] = params[name].default
        return filled
