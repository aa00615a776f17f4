"""How big a module would be, counted on the meta device: shapes only, no memory.

Used to refuse a custom input's `init` before the reference is built for real
(app.judge.custom.check_model_size). Counting stops as soon as the module passes a limit on its
number of tensors: a module of 512 layers is slow to build even on the meta device.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import torch
from torch.nn.modules import module as nn_module


@dataclass(frozen=True)
class ModelSize:
    """Parameters and buffers of a module: values in all, and tensors."""

    values: int
    tensors: int
    # False when counting stopped at the tensor limit: both figures are then lower bounds.
    complete: bool = True


class _Stop(BaseException):
    """Raised inside a registration hook once the tensor limit is passed (a BaseException:
    an `except Exception` in the module's own code does not swallow it)."""


class _Tally:
    """The tensors registered so far in one thread's count, each once."""

    def __init__(self, max_tensors: int) -> None:
        self.max_tensors = max_tensors
        self.seen: dict[int, torch.Tensor] = {}  # kept alive, so that no id is reused

    def add(self, tensor: Any) -> None:
        if isinstance(tensor, torch.Tensor) and id(tensor) not in self.seen:
            self.seen[id(tensor)] = tensor
            if len(self.seen) > self.max_tensors:
                raise _Stop

    def add_module(self, module: Any) -> None:
        # A submodule built elsewhere (a deepcopy of a layer) registers no tensor itself.
        if isinstance(module, torch.nn.Module):
            for tensor in [*module.parameters(), *module.buffers()]:
                self.add(tensor)

    @property
    def values(self) -> int:
        return sum(tensor.numel() for tensor in self.seen.values())


_local = threading.local()  # the count under way in this thread, if any
_hooks_lock = threading.Lock()
_hooks: list[Any] = []


def _install_hooks() -> None:
    """Registration hooks are global in torch: installed once, they count only in a thread
    that is counting, and cost other threads one attribute lookup per registration."""
    with _hooks_lock:
        if _hooks:
            return

        def on_tensor(_module: Any, _name: str, tensor: Any) -> None:
            tally = getattr(_local, "tally", None)
            if tally is not None:
                tally.add(tensor)

        def on_module(_module: Any, _name: str, submodule: Any) -> None:
            tally = getattr(_local, "tally", None)
            if tally is not None:
                tally.add_module(submodule)

        _hooks.extend(
            [
                nn_module.register_module_parameter_registration_hook(on_tensor),
                nn_module.register_module_buffer_registration_hook(on_tensor),
                nn_module.register_module_module_registration_hook(on_module),
            ]
        )


def model_size(build: Callable[..., Any], init: dict[str, Any], *, max_tensors: int) -> ModelSize:
    """The size of `build(**init)`, built on the meta device; exceptions of `build` propagate."""
    _install_hooks()
    tally = _Tally(max_tensors)
    _local.tally = tally
    try:
        with torch.device("meta"):
            module = build(**init)
    except _Stop:
        return ModelSize(tally.values, len(tally.seen), complete=False)
    finally:
        _local.tally = None
    if not isinstance(module, torch.nn.Module):
        raise TypeError(f"the reference built a {type(module).__name__}, not a torch module")
    tensors = [*module.parameters(), *module.buffers()]
    return ModelSize(sum(t.numel() for t in tensors), len(tensors))
