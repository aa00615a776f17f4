"""Hostile submissions for checking a host's sandbox: `shousi sandbox check` (app.cli.sandbox)
and the tests.

Each item is a submission (to softmax, unless it names another problem) with the verdict(s)
it must get and an optional extra check on the result. Between items, `host_problem` checks
that nothing is left running and no file is left behind.
"""

from __future__ import annotations

import contextlib
import importlib.metadata
import os
import site
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

from app.sandbox.isolation import UID_BASE
from app.sandbox.pool import SandboxPool
from graders.result import GradeResult


def _children(pid: int) -> list[int]:
    try:
        text = Path(f"/proc/{pid}/task/{pid}/children").read_text()
    except OSError:
        return []
    return [int(child) for child in text.split()]


def _slot_processes(first: int, count: int) -> list[int]:
    found = []
    for status in Path("/proc").glob("[0-9]*/status"):
        try:
            lines = status.read_text().splitlines()
            uid_line = next(line for line in lines if line.startswith("Uid:"))
        except (OSError, StopIteration):
            continue
        if UID_BASE + first <= int(uid_line.split()[1]) < UID_BASE + first + count:
            found.append(int(status.parent.name))
    return found


def host_problem(
    pool: SandboxPool, workdir_root: Path, baseline: set[Path], wait: float = 3.0
) -> str | None:
    """None when only the armed children are left (one per worker, in an empty working
    directory, nothing else new under `workdir_root`); otherwise what is wrong."""
    deadline = time.monotonic() + wait
    while True:
        workers = pool.worker_pids()
        children = [c for w in workers for c in _children(w)]
        entries = set(workdir_root.iterdir())
        workdirs = [p for p in entries if p.name.startswith("shousi-")]
        strangers = entries - set(workdirs) - baseline
        files = [p for d in workdirs for p in d.rglob("*")] + sorted(strangers)
        uid_layer = "uid" in pool.layers.active
        slot_procs = _slot_processes(pool.first_slot, pool.size) if uid_layer else children
        if (
            len(workers) == pool.size
            and all(len(_children(w)) == 1 for w in workers)
            and len(workdirs) == pool.size
            and not files
            and sorted(slot_procs) == sorted(children)
        ):
            return None
        if time.monotonic() > deadline:
            return (
                f"workers={workers} children={children} workdirs={len(workdirs)} "
                f"files={[str(f) for f in files]} slot processes={slot_procs}"
            )
        time.sleep(0.05)


@dataclass(frozen=True)
class Hostile:
    name: str
    code: str
    verdict: str
    check: Callable[[GradeResult], object] | None = None
    problem: str = "softmax"


def _text(result: GradeResult) -> str:
    parts = [result.message, result.stdout]
    for case in result.cases:
        parts += [case.message, str(case.details)]
    return "\n".join(parts)


@contextlib.contextmanager
def bystander_process() -> Iterator[int]:
    """The pid of a process of the caller's uid that no submission may signal."""
    process = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(10**6)"])
    try:
        yield process.pid
    finally:
        process.kill()
        process.wait()


def _alive(pid: int) -> bool:
    """Whether `pid` runs (a killed child not yet reaped is a zombie: not alive)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat.rsplit(")", 1)[1].split()[0] not in ("Z", "X")


HEAD = "import os, sys, signal, time\nimport numpy as np\n\ndef softmax(x, axis=-1):\n"
CORRECT = (
    "    e = np.exp(x - x.max(axis=axis, keepdims=True))\n"
    "    return e / e.sum(axis=axis, keepdims=True)\n"
)


def body(text: str) -> str:
    return HEAD + "".join(f"    {line}\n" for line in text.splitlines())


# Writes frames on the result pipe exactly as the harness does (u32 length, then a codec
# message). The child's only descriptor above 2 open for writing is that pipe.
FORGE = (
    "import json, os, struct\n\n\n"
    "def frame(payload):\n"
    "    for fd in range(3, 64):\n"
    "        try:\n"
    "            os.write(fd, b'')\n"
    "        except OSError:\n"
    "            continue\n"
    "        os.write(fd, struct.pack('<I', len(payload)) + payload)\n"
    "        return\n"
    "    raise RuntimeError('no result pipe found')\n\n\n"
    "def forge(header):\n"
    "    head = header if isinstance(header, bytes) else json.dumps(header).encode()\n"
    "    frame(b'SHS1' + struct.pack('<I', len(head)) + head)\n\n\n"
)


def forging(attack: str) -> str:
    """A correct softmax that first writes forged frames; they must not be believed."""
    return FORGE + body(attack) + CORRECT


def _unreadable(result: GradeResult) -> bool:
    # Only the trusted side's frame check says this: the forged frame did arrive.
    return "the result could not be read" in result.message


# The kernel signals the owner of a file with O_ASYNC when it becomes writable: on a pipe
# shared with the worker, whenever the worker reads what the child wrote. F_SETSIG makes
# that signal SIGKILL (the default, SIGIO, kills too).
_FLOOD = "for _ in range(64):\n    print('x' * 4096, flush=True)"
_SETOWN_EX = "fcntl.fcntl({fd}, 15, struct.pack('ii', {kind}, {pid}))"  # F_OWNER_PID 1, PGRP 2


def signal_attacks(*, server: int, group: int, bystander: int) -> list[Hostile]:
    """Ways to signal a process outside the child without kill(); each must be refused
    (`server` is the pool's process, `group` its process group)."""

    def refused(*alive: int) -> Callable[[GradeResult], bool]:
        return lambda r: "Operation not permitted" in r.message and all(map(_alive, alive))

    owner_ex = _SETOWN_EX.format
    return [
        Hostile(
            "signal via a pipe: F_SETOWN the worker, F_SETSIG SIGKILL, O_ASYNC",
            body(
                "import fcntl\nfcntl.fcntl(1, fcntl.F_SETOWN, os.getppid())\n"
                "fcntl.fcntl(1, fcntl.F_SETSIG, signal.SIGKILL)\n"
                "fcntl.fcntl(1, fcntl.F_SETFL, fcntl.fcntl(1, fcntl.F_GETFL) | os.O_ASYNC)\n"
                + _FLOOD
            )
            + CORRECT,
            "runtime_error",
            refused(server),
        ),
        Hostile(
            "signal via a pipe: F_SETSIG first, F_SETOWN a bystander",
            body(
                "import fcntl\nfcntl.fcntl(2, fcntl.F_SETSIG, signal.SIGKILL)\n"
                f"fcntl.fcntl(2, fcntl.F_SETOWN, {bystander})\n"
                "fcntl.fcntl(2, fcntl.F_SETFL, fcntl.fcntl(2, fcntl.F_GETFL) | os.O_ASYNC)\n"
                + _FLOOD.replace("flush=True", "file=sys.stderr, flush=True")
            )
            + CORRECT,
            "runtime_error",
            refused(server, bystander),
        ),
        Hostile(
            "signal via a pipe: O_ASYNC first, F_SETOWN_EX the server's process group",
            body(
                "import fcntl, struct\n"
                "fcntl.fcntl(1, fcntl.F_SETFL, fcntl.fcntl(1, fcntl.F_GETFL) | os.O_ASYNC)\n"
                + owner_ex(fd=1, kind=2, pid=group)
                + "\nfcntl.fcntl(1, fcntl.F_SETSIG, signal.SIGKILL)\n"
                + _FLOOD
            )
            + CORRECT,
            "runtime_error",
            refused(server),
        ),
        Hostile(
            "signal via a pipe: F_SETOWN_EX the server first",
            body(
                "import fcntl, struct\n"
                + owner_ex(fd=1, kind=1, pid=server)
                + "\nfcntl.fcntl(1, fcntl.F_SETSIG, signal.SIGKILL)\n"
                "fcntl.fcntl(1, fcntl.F_SETFL, fcntl.fcntl(1, fcntl.F_GETFL) | os.O_ASYNC)\n"
                + _FLOOD
            )
            + CORRECT,
            "runtime_error",
            refused(server),
        ),
        Hostile(
            "signal via a pipe: FIOASYNC ioctl, then F_SETOWN a bystander (SIGIO)",
            body(
                "import fcntl, struct, termios\n"
                "fcntl.ioctl(1, termios.FIOASYNC, struct.pack('i', 1))\n"
                f"fcntl.fcntl(1, fcntl.F_SETOWN, {bystander})\n" + _FLOOD
            )
            + CORRECT,
            "runtime_error",
            refused(server, bystander),
        ),
        Hostile(
            "signal via a pipe: FIOSETOWN and SIOCSPGRP ioctls at a bystander",
            body(
                "import fcntl, struct\n"
                f"fcntl.ioctl(1, 0x8901, struct.pack('i', {bystander}))\n"
                f"fcntl.ioctl(1, 0x8902, struct.pack('i', {bystander}))\n"
                "fcntl.fcntl(1, fcntl.F_SETFL, fcntl.fcntl(1, fcntl.F_GETFL) | os.O_ASYNC)\n"
                + _FLOOD
            )
            + CORRECT,
            "runtime_error",
            refused(server, bystander),
        ),
        Hostile(
            "signal via a terminal: TIOCSTI input, TIOCSCTTY, TIOCSPGRP",
            body(
                "import fcntl, struct, termios\nfor c in 'id\\n':\n"
                "    fcntl.ioctl(0, termios.TIOCSTI, c.encode())\n"
                "fcntl.ioctl(0, termios.TIOCSCTTY, 1)\n"
                "fcntl.ioctl(0, termios.TIOCSPGRP, struct.pack('i', os.getppid()))"
            )
            + CORRECT,
            "runtime_error",
            refused(server),
        ),
    ]


_APP_FOLDERS = ("app", "graders", "reference_impl", "problems", "qa", "templates", "static")


# Softmax's hidden cases include 3-D inputs and its samples none: `x.ndim >= 3` is how a
# submission knows it is running a hidden case, and what it then emits must not come back.
_IN_HIDDEN = (
    "if x.ndim >= 3:\n    marker = 'HIDDEN-' + '_'.join(f'{v:.5f}' for v in x.ravel()[:3])\n"
)


def _leaks_nothing(result: GradeResult) -> bool:
    return "HIDDEN-" not in _text(result) and "HIDDEN_" not in _text(result)


def secrecy_attacks() -> list[Hostile]:
    """Ways to see, or carry out, the inputs of hidden cases; each must learn nothing."""
    return [
        Hostile(
            "print a hidden case's inputs",
            body(_IN_HIDDEN + "    print(marker, flush=True)") + CORRECT,
            "accepted",
            _leaks_nothing,
        ),
        Hostile(
            "raise with a hidden case's inputs",
            body(_IN_HIDDEN + "    raise ValueError(marker)") + CORRECT,
            "runtime_error",
            lambda r: _leaks_nothing(r) and "ValueError raised in a hidden case" in _text(r),
        ),
        Hostile(
            "warn with a hidden case's inputs, then fail it",
            body(
                "import warnings\n" + _IN_HIDDEN + "    warnings.warn(marker, RuntimeWarning)\n"
                "    return x * 0"
            )
            + CORRECT,
            "wrong_answer",
            _leaks_nothing,
        ),
        Hostile(
            "return a class named after a hidden case's inputs",
            body(
                _IN_HIDDEN + "    return type(marker.replace('-', '_').replace('.', '_'), (), {})()"
            )
            + CORRECT,
            "wrong_answer",
            _leaks_nothing,
        ),
        Hostile(
            "write a hidden case's inputs to the result pipe's neighbour, stderr",
            body(_IN_HIDDEN + "    os.write(2, marker.encode())") + CORRECT,
            "accepted",
            _leaks_nothing,
        ),
        Hostile(
            "look for other cases' and problems' inputs in memory",
            body(
                "import gc\nseen = sum(1 for o in gc.get_objects() if isinstance(o, dict)"
                " and 'inputs' in o and 'call' in o)\n"
                "h = sys.modules.get('app.sandbox.harness')\n"
                "if seen > 1 or getattr(h, 'PRELOADED', None):\n"
                "    raise RuntimeError(f'found {seen} cases')"
            )
            + CORRECT,
            "accepted",
        ),
        Hostile(
            "read the next case ahead from the job pipe",
            body(
                "import fcntl\ngot = b''\nfor fd in range(3, 64):\n"
                "    try:\n"
                "        flags = fcntl.fcntl(fd, fcntl.F_GETFL)\n"
                "        fcntl.fcntl(fd, fcntl.F_SETFL, flags | os.O_NONBLOCK)\n"
                "        got += os.read(fd, 1 << 16)\n"
                "    except OSError:\n"
                "        pass\n"
                "if got:\n"
                "    raise RuntimeError(f'read {len(got)} bytes ahead')"
            )
            + CORRECT,
            # Leaving its own job pipe non-blocking ends its run early: its own doing.
            "accepted|runtime_error",
            lambda r: "bytes ahead" not in _text(r),
        ),
    ]


# Forbidden kernels reached around the names the static check knows, by every route the
# dispatcher offers: a sparse or MKL-DNN tensor, the C++ bindings, Python references and
# decompositions, and a module that empties the harness's lists before any trap is set.
_HIDE = "S = 'soft' + 'max'\n"


def forbidden_kernel_attacks() -> list[Hostile]:
    """Forbidden computations reached without their forbidden names; each must be refused."""
    to_torch = "t = torch.from_numpy(x)\n"
    back = "return np.asarray(y, dtype=np.float64)"

    def softmax_by(route: str) -> str:
        return "import torch\n" + _HIDE + HEAD + body(to_torch + route + back).removeprefix(HEAD)

    return [
        Hostile(
            "softmax through a sparse tensor",
            softmax_by(
                "m = np.moveaxis(x, axis, -1)\n"
                "flat = torch.from_numpy(m.reshape(-1, m.shape[-1]))\n"
                "y = getattr(torch.sparse, S)(flat.to_sparse(), 1).to_dense().reshape(m.shape)\n"
                "y = np.moveaxis(y.numpy(), -1, axis)\n"
            ),
            "rejected",
        ),
        Hostile(
            "softmax on an MKL-DNN tensor",
            softmax_by(
                "y = getattr(torch, '_' + S)(t.float().to_mkldnn(), axis, False).to_dense()\n"
            ),
            "rejected",
        ),
        Hostile(
            "softmax from torch._C._VariableFunctions",
            softmax_by("y = getattr(getattr(torch._C, '_Variable' + 'Functions'), S)(t, axis)\n"),
            "rejected",
        ),
        Hostile(
            "softmax from torch._refs, the Python reference",
            softmax_by("y = getattr(getattr(torch, '_re' + 'fs'), S)(t, axis)\n"),
            "rejected",
        ),
        Hostile(
            "softmax from the decomposition table",
            softmax_by(
                "import torch._decomp as d\n"
                "op = getattr(torch.ops.aten, '_' + S).default\n"
                "y = d.decomposition_table[op](t, axis, False)\n"
            ),
            "rejected",
        ),
        Hostile(
            "empty the harness's lists of forbidden APIs at import",
            "import sys\nimport torch\n" + _HIDE + "f = sys._getframe(0)\nwhile f is not None:\n"
            "    for v in list(f.f_locals.values()):\n"
            "        if isinstance(v, dict) and 'forbidden_aten' in v:\n"
            "            v['forbidden_aten'].clear(); v['forbidden_api'].clear()\n"
            "    f = f.f_back\n"
            + HEAD
            + body(
                to_torch + "y = getattr(torch._C._VariableFunctions, S)(t, axis)\n" + back
            ).removeprefix(HEAD),
            "rejected",
        ),
        Hostile(
            "scaled_dot_product_attention from torch._C._nn, with gradients on",
            "import torch\nF = getattr(torch._C._nn, 'scaled_dot_product' + '_attention')\n\n\n"
            "def attention(q, k, v, mask=None):\n"
            "    m = None if mask is None else mask.bool()\n"
            "    return F(q.detach().requires_grad_(), k, v, attn_mask=m)\n",
            "rejected",
            problem="attention",
        ),
    ]


def app_files(root: Path) -> list[str]:
    """Files of Shousi itself that no child may read: a few from each of its folders under
    `root`, and what installing it put among the packages (an `__editable__` finder and
    its bytecode, .pth files, metadata, or the code itself when installed without -e)."""
    files: set[Path] = set()
    for name in _APP_FOLDERS:
        files |= set(sorted(p for p in (root / name).rglob("*.*") if p.is_file())[:3])
    for dist in importlib.metadata.distributions():
        if dist.metadata["Name"] == "shousi":
            files |= {Path(str(dist.locate_file(f))) for f in dist.files or []}
    for folder in {*site.getsitepackages(), *sys.path}:
        for pattern in ("__editable__*", "__pycache__/__editable__*", "shousi*/*"):
            files |= set(Path(folder or ".").glob(pattern))
    return sorted({str(p.resolve()) for p in files if p.is_file()})[:400]


def corpus(*, root: Path, secret: str, port: int, bystander: int | None = None) -> list[Hostile]:
    """Every hostile submission with its expected verdict(s) and an extra check.

    The signal attacks aim at `bystander` (a process the caller started), or at the caller.
    """
    own = app_files(root)
    server = os.getpid()
    signals = signal_attacks(server=server, group=os.getpgid(0), bystander=bystander or server)
    return [
        *secrecy_attacks(),
        *forbidden_kernel_attacks(),
        Hostile("infinite loop", body("while True:\n    pass"), "time_limit"),
        Hostile("sleep forever", body("time.sleep(10**6)"), "time_limit"),
        Hostile(
            "sleep at import", "import time\ntime.sleep(10**6)\n" + HEAD + CORRECT, "time_limit"
        ),
        Hostile("memory bomb at once", body("a = bytearray(50 * 10**9)"), "memory_limit"),
        Hostile(
            "memory bomb, gradually",
            body("keep = []\nwhile True:\n    keep.append(bytearray(10**7))"),
            "memory_limit",
        ),
        Hostile("numpy memory bomb", body("return np.ones((10**5, 10**5))"), "memory_limit"),
        Hostile(
            "fork bomb",
            body("while True:\n    os.fork()"),
            "runtime_error",
            lambda r: "Operation not permitted" in r.message,
        ),
        Hostile(
            "thread bomb",
            body(
                "import threading\nwhile True:\n"
                "    threading.Thread(target=time.sleep, args=(100,)).start()"
            ),
            "runtime_error",
            lambda r: "thread" in r.message,
        ),
        Hostile(
            "double fork and setsid",
            body(
                "if os.fork() == 0:\n    os.setsid()\n"
                "    if os.fork() == 0:\n        time.sleep(100)"
            ),
            "runtime_error",
        ),
        Hostile(
            "exec a shell", body("os.execv('/bin/sh', ['sh', '-c', 'sleep 100'])"), "runtime_error"
        ),
        Hostile(
            "stdout flood",
            body("while True:\n    print('x' * 1000)"),
            "time_limit",
            lambda r: 0 < len(r.stdout) <= 64 * 1024,
        ),
        Hostile(
            "10 MB single line",
            body("print('y' * 10_000_000)") + CORRECT,
            "accepted",
            lambda r: len(r.stdout) <= 64 * 1024,
        ),
        Hostile(
            "fill the working directory",
            body("i = 0\nwhile True:\n    open(f'f{i}', 'wb').write(b'0' * 10**6)\n    i += 1"),
            "runtime_error",
        ),
        Hostile(
            "sparse huge file",
            body("f = open('sparse', 'wb')\nf.seek(10**12)\nf.write(b'x')"),
            "runtime_error",
        ),
        Hostile(
            "file in /tmp",
            body("open('/tmp/shousi-hostile-marker', 'w').write('x')"),
            "runtime_error",
            lambda r: not Path("/tmp/shousi-hostile-marker").exists(),
        ),
        Hostile(
            "deep recursion",
            "import sys\nsys.setrecursionlimit(10**6)\n\n\ndef f(n):\n"
            "    return f(n + 1)\n\n\ndef softmax(x, axis=-1):\n    return f(0)\n",
            "time_limit|memory_limit|runtime_error",
        ),
        Hostile(
            "ctypes segfault",
            body("import ctypes\nctypes.string_at(0)"),
            "runtime_error",
            lambda r: "SIGSEGV" in r.message,
        ),
        Hostile("kill the parent", body("os.kill(os.getppid(), signal.SIGKILL)"), "runtime_error"),
        Hostile("kill(-1)", body("os.kill(-1, signal.SIGKILL)"), "runtime_error"),
        Hostile(
            "kill the process group of the worker",
            body("os.killpg(os.getpgid(os.getppid()), 9)"),
            "runtime_error",
        ),
        *signals,
        Hostile(
            "ignore SIGTERM and SIGXCPU",
            body(
                "signal.signal(signal.SIGXCPU, signal.SIG_IGN)\n"
                "signal.signal(signal.SIGTERM, signal.SIG_IGN)\nwhile True:\n    pass"
            ),
            "time_limit",
        ),
        Hostile(
            "read /etc/shadow",
            body("return open('/etc/shadow').read()"),
            "runtime_error",
            lambda r: "root:" not in _text(r),
        ),
        Hostile(
            "read /proc/1/environ", body("return open('/proc/1/environ').read()"), "runtime_error"
        ),
        Hostile(
            "read the worker's environ",
            body("raise ValueError(open(f'/proc/{os.getppid()}/environ').read())"),
            "runtime_error",
            lambda r: secret not in _text(r),
        ),
        Hostile(
            "print os.environ",
            body("raise ValueError(repr(dict(os.environ)))"),
            "runtime_error",
            lambda r: secret not in _text(r) and "DATABASE" not in _text(r),
        ),
        Hostile(
            "search the disk for references",
            body(
                "hits = []\nfor root, dirs, files in os.walk('/'):\n"
                "    hits += [os.path.join(root, f) for f in files\n"
                "             if f in ('numpy_ops.py', 'problem.toml', 'cases.py')]\n"
                "raise ValueError('found: ' + repr(hits))"
            ),
            "runtime_error",
            lambda r: "found: []" in r.message,
        ),
        Hostile(
            "read the reference implementation",
            body(f"return open({str(root / 'reference_impl' / 'numpy_ops.py')!r}).read()"),
            "runtime_error",
            lambda r: "def softmax" not in _text(r),
        ),
        Hostile(
            "import the app's own modules",
            body(
                "import app.judge.grade, reference_impl.numpy_ops\n"
                "return vars(reference_impl.numpy_ops)['soft' + 'max'](x, axis)"
            ),
            "runtime_error",
            # Unreadable, so not there: the child cannot tell it from a module not installed.
            lambda r: "No module named 'app" in r.message or "Permission denied" in r.message,
        ),
        Hostile(
            "read Shousi's own files and its installed finder, .pth and metadata",
            body(
                f"paths = {own!r}\nread = []\nfor path in paths:\n    try:\n"
                "        read.append((path, open(path, 'rb').read(200)))\n"
                "    except OSError:\n        pass\n"
                "raise ValueError(f'read {len(read)} of {len(paths)}: {read!r}')"
            ),
            "runtime_error",
            lambda r: len(own) >= 10 and f"read 0 of {len(own)}:" in r.message,
        ),
        Hostile(
            "write to the app's files",
            body(f"open({str(root / 'README.md')!r}, 'a').write('pwned')"),
            "runtime_error",
            lambda r: "pwned" not in (root / "README.md").read_text(),
        ),
        Hostile(
            "walk stack frames and gc for expected outputs",
            body(
                "import gc\nfound = [o for o in gc.get_objects()\n"
                "         if isinstance(o, np.ndarray) and o.shape == x.shape and o is not x]\n"
                "f = sys._getframe()\nwhile f.f_back is not None:\n    f = f.f_back\n"
                "return found[-1] if found else x"
            ),
            "wrong_answer",
        ),
        Hostile(
            "monkeypatch numpy, torch and builtins",
            body(
                "import builtins, torch\nnp.allclose = lambda *a, **k: True\n"
                "np.testing.assert_allclose = lambda *a, **k: None\n"
                "torch.allclose = lambda *a, **k: True\nbuiltins.abs = lambda v: 0\n"
                "builtins.isinstance = lambda *a: True\nreturn x"
            ),
            "wrong_answer",
        ),
        Hostile(
            "ndarray subclass",
            body(
                "class Evil(np.ndarray):\n"
                "    def __eq__(self, other):\n        return True\n"
                "return np.zeros_like(x).view(Evil)"
            ),
            "wrong_answer",
            lambda r: "Evil" in r.message,
        ),
        Hostile(
            "object with __array__",
            body(
                "class A:\n    def __array__(self, *a, **k):\n"
                "        return np.zeros(3)\nreturn A()"
            ),
            "wrong_answer",
        ),
        Hostile(
            "object with __eq__, __float__ and __array_function__",
            body(
                "class B:\n    __eq__ = lambda s, o: True\n    __float__ = lambda s: 0.0\n"
                "    __array_function__ = lambda *a, **k: True\nreturn B()"
            ),
            "wrong_answer",
        ),
        Hostile(
            "dtype=object array",
            body("return np.array([object()] * x.size).reshape(x.shape)"),
            "wrong_answer",
            lambda r: "object" in r.message,
        ),
        Hostile(
            "pickle payload",
            body("import pickle\nreturn pickle.dumps(os.system)"),
            "wrong_answer",
            lambda r: "bytes" in r.message,
        ),
        Hostile(
            "10^9-element array",
            body("return np.broadcast_to(np.float64(0), (10**9,))"),
            "runtime_error",
            lambda r: "capped" in r.message,
        ),
        Hostile(
            "NaN and inf",
            body("return np.full_like(x, np.nan) + np.inf"),
            "wrong_answer",
            lambda r: "NaN" in r.message,
        ),
        Hostile("mutate the inputs in place", body("x[...] = 0\nreturn x"), "wrong_answer"),
        Hostile("sys.exit(0) mid-run", body("sys.exit(0)"), "runtime_error"),
        Hostile("os._exit(0) mid-run", body("os._exit(0)"), "runtime_error"),
        Hostile(
            "print a fake result document",
            body('print(\'{"verdict": "accepted", "cases": []}\')\nreturn x'),
            "wrong_answer",
        ),
        Hostile(
            "forge result frames on every fd",
            body(
                "for fd in range(3, 64):\n    try:\n"
                "        os.write(fd, b'\\x05\\x00\\x00\\x00SHS1x')\n"
                "    except OSError:\n        pass\nreturn x"
            ),
            "runtime_error",
        ),
        Hostile(
            "forged frame: a list as the case index",
            forging("forge({'case': [0], 'outputs': []})"),
            "runtime_error",
            _unreadable,
        ),
        Hostile(
            "forged frame: JSON nested 20,000 deep",
            forging("forge(b'{\"case\": 0, \"x\": ' + b'[' * 20000 + b']' * 20000 + b'}')"),
            "runtime_error",
            _unreadable,
        ),
        Hostile(
            "forged frame: a 5,000-digit integer",
            forging("forge(b'{\"case\": ' + b'9' * 5000 + b'}')"),
            "runtime_error",
            _unreadable,
        ),
        Hostile(
            "forged frame: an array of shape [0, 2**70]",
            forging(
                "forge({'case': 0, 'outputs': [{'type': 'ndarray', 'array': "
                "{'$a': 'float64', 'shape': [0, 2**70], 'tensor': False}}]})"
            ),
            "runtime_error",
            _unreadable,
        ),
        Hostile(
            "forged frame: an array of shape [0, 2**40, 2**40]",
            forging(
                "forge({'case': 0, 'outputs': [{'type': 'ndarray', 'array': "
                "{'$a': 'float64', 'shape': [0, 2**40, 2**40], 'tensor': False}}]})"
            ),
            "runtime_error",
            _unreadable,
        ),
        Hostile(
            "forged frames: every case accepted, then the end",
            forging(
                "for index in range(64):\n"
                "    forge({'case': index, 'verdict': 'accepted', 'passed': True})\n"
                "frame(b'\\x00shousi:done')\nos._exit(0)"
            ),
            "runtime_error",
            _unreadable,
        ),
        Hostile(
            "a file named numpy.py",
            body("open('numpy.py', 'w').write('raise SystemExit')"),
            "runtime_error",
        ),
        Hostile(
            "a file named sitecustomize.py",
            body("open('sitecustomize.py', 'w').write('import os')"),
            "runtime_error",
        ),
        Hostile(
            "64 torch threads",
            "import torch\n" + HEAD + "    torch.set_num_threads(64)\n"
            "    a = torch.randn(256, 256)\n    (a @ a).sum()\n" + CORRECT,
            "accepted",
        ),
        Hostile(
            "ptrace the parent",
            body(
                "import ctypes\nlibc = ctypes.CDLL(None, use_errno=True)\n"
                "if libc.ptrace(16, os.getppid(), 0, 0) != 0:\n"
                "    raise OSError(ctypes.get_errno(), 'ptrace refused')"
            ),
            "runtime_error",
        ),
        Hostile(
            "raise resource limits",
            body("import resource\nresource.setrlimit(resource.RLIMIT_CPU, (10**6, 10**6))"),
            "runtime_error",
        ),
        Hostile(
            "TCP connection to a listener on 127.0.0.1",
            body(
                f"import socket\ns = socket.create_connection(('127.0.0.1', {port}), timeout=1)\n"
                "s.sendall(b'stolen')"
            ),
            "runtime_error",
        ),
    ]


CHECK_FIRST_SLOT = 1000


@dataclass
class CheckRow:
    """One hostile submission's outcome on this host."""

    name: str
    expected: str
    got: str
    seconds: float
    problem: str | None

    @property
    def ok(self) -> bool:
        """Whether the verdict, the extra check and the host check all passed."""
        return self.problem is None and self.got in self.expected.split("|")


def check_one(
    hostile: Hostile,
    *,
    grade: Callable[[str, str], GradeResult],
    pool: SandboxPool,
    workdir_root: Path,
    baseline: set[Path],
    wall_limit: float,
) -> CheckRow:
    """Grade one hostile submission and check its verdict, its time and the host after it."""
    started = time.monotonic()
    result = grade(hostile.code, hostile.problem)
    seconds = time.monotonic() - started
    problem = None
    if result.verdict.value not in hostile.verdict.split("|"):
        problem = f"verdict {result.verdict.value}: {result.message[:200]}"
    elif seconds > wall_limit + 1:
        problem = f"took {seconds:.1f} s, over the wall limit + 1 s"
    elif hostile.check is not None and not hostile.check(result):
        problem = f"extra check failed: {result.message[:200]}"
    else:
        problem = host_problem(pool, workdir_root, baseline)
    return CheckRow(hostile.name, hostile.verdict, result.verdict.value, seconds, problem)
