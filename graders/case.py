"""A test case as a problem folder's `cases.py` declares it."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Note:
    """What a case is about, in both languages."""

    en: str
    zh: str


@dataclass(frozen=True)
class Fixture:
    """An object a case hands the candidate (a toy model, a logits function).

    The problem's `fixtures.py` builds it as `name(**data)`: in the trusted process for the
    reference, and in the sandboxed child, from the same source and data, before the
    candidate's code runs. `data` holds arrays, tensors and numbers; the builder is not
    the reference and may be read by anyone.
    """

    name: str
    data: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Chunked:
    """Feed `input` in pieces of `sizes` along `dim`, one call each, handing every call's
    returns after the first back as `carry` (a KV cache) to the next.

    The outputs are the first return of every call joined along `dim`, then the last call's
    other returns: what one call on the whole input gives, when the cache is right.
    """

    sizes: tuple[int, ...]
    input: str = "x"
    carry: str = "cache"
    dim: int = 1


@dataclass(frozen=True)
class Case:
    """Inputs for one call of the entry point (and constructor arguments for modules).

    `inputs` are keyword arguments: numpy arrays, torch tensors, numbers or lists of
    arrays. For module problems the reference module is built under `torch.manual_seed(seed)`
    with `init`, and its weights are what the submission's module is loaded with.
    """

    name: str
    inputs: dict[str, Any]
    hidden: bool = False
    init: dict[str, Any] = field(default_factory=dict)
    seed: int = 0
    note: Note | None = None
    # A property this case checks against another case (graders.properties), if any.
    check: Any = None
    # Also compare input (and parameter) gradients of sum(output * cotangent) with the
    # reference's: for differentiable functions and modules.
    grad: bool = False
    # The inputs whose gradients are compared, when not every float input's: a PPO loss is
    # differentiated through the policy's log-probs, and correct code detaches the rest.
    grad_inputs: tuple[str, ...] = ()
    # This case's own tolerance for float returns, where it differs from problem.toml's
    # (a long sequence where float32 angles drift further).
    atol: float | None = None
    rtol: float | None = None
    # A memory cap for this case alone, in MiB beyond what the process held before it (a
    # case that only a block-by-block solution passes), and what to say when it is hit.
    memory_mb: int | None = None
    memory_hint: Note | None = None
    # Call in pieces, carrying the returned cache from one call to the next (Chunked).
    chunked: Chunked | None = None
