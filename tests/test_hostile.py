"""Hostile submissions against the real sandbox, each with its verdict and a host check.

scripts/test runs this module inside scripts/contained (a pid and mount namespace under a
memory and process cap), so a sandbox bug cannot take the machine down with it.
"""

from __future__ import annotations

import os
import socket
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from app.grading import grade_submission
from app.problems import Bank
from app.runtime import build_pool
from app.sandbox.isolation import UID_BASE
from app.sandbox.pool import SandboxPool
from app.settings import Settings
from graders.result import GradeResult
from tests.conftest import ROOT, TEST_LIMITS, solution

pytestmark = pytest.mark.hostile
SECRET = "hostile-suite-secret-3f9a"
SLOTS = 2


@pytest.fixture(scope="module")
def sandbox_tmp(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("sandbox-tmp")


@pytest.fixture(scope="module")
def hostile_pool(sandbox_tmp: Path) -> Iterator[SandboxPool]:
    saved = {key: os.environ.get(key) for key in ("TMPDIR", "SHOUSI_TEST_SECRET")}
    os.environ["TMPDIR"] = str(sandbox_tmp)
    os.environ["SHOUSI_TEST_SECRET"] = SECRET  # the server's environment, never the child's
    pool = build_pool(Settings(**TEST_LIMITS), size=SLOTS)
    pool.start()
    # What the workers themselves left while importing torch is not the children's doing.
    pool.baseline = {p for p in sandbox_tmp.iterdir() if not p.name.startswith("shousi-")}
    yield pool
    pool.close()
    for key, value in saved.items():
        if value is None:
            os.environ.pop(key, None)
        else:
            os.environ[key] = value


@pytest.fixture(scope="module")
def listener() -> Iterator[socket.socket]:
    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen()
    server.settimeout(0.2)
    yield server
    server.close()


def _children(pid: int) -> list[int]:
    try:
        text = Path(f"/proc/{pid}/task/{pid}/children").read_text()
    except OSError:
        return []
    return [int(child) for child in text.split()]


def _slot_processes() -> list[int]:
    found = []
    for status in Path("/proc").glob("[0-9]*/status"):
        try:
            lines = status.read_text().splitlines()
            uid_line = next(line for line in lines if line.startswith("Uid:"))
        except (OSError, StopIteration):
            continue
        if UID_BASE <= int(uid_line.split()[1]) < UID_BASE + SLOTS:
            found.append(int(status.parent.name))
    return found


def assert_host_clean(pool: SandboxPool, sandbox_tmp: Path) -> None:
    """Only the armed children are left: one per worker, each in an empty working dir."""
    deadline = time.monotonic() + 3
    while True:
        workers = pool.worker_pids()
        children = [c for w in workers for c in _children(w)]
        entries = set(sandbox_tmp.iterdir())
        workdirs = [p for p in entries if p.name.startswith("shousi-")]
        strangers = entries - set(workdirs) - pool.baseline
        files = [p for d in workdirs for p in d.rglob("*")] + sorted(strangers)
        slot_procs = _slot_processes() if "uid" in pool.layers.active else children
        clean = (
            len(workers) == SLOTS
            and all(len(_children(w)) == 1 for w in workers)
            and len(workdirs) == SLOTS
            and not files
            and sorted(slot_procs) == sorted(children)
        )
        if clean:
            return
        if time.monotonic() > deadline:
            pytest.fail(
                f"host not clean: workers={workers} children={children} "
                f"workdirs={workdirs} files={files} slot processes={slot_procs}"
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


HEAD = "import os, sys, signal, time\nimport numpy as np\n\ndef softmax(x, axis=-1):\n"
CORRECT = (
    "    e = np.exp(x - x.max(axis=axis, keepdims=True))\n"
    "    return e / e.sum(axis=axis, keepdims=True)\n"
)


def body(text: str) -> str:
    return HEAD + "".join(f"    {line}\n" for line in text.splitlines())


HOSTILE = [
    Hostile("infinite loop", body("while True:\n    pass"), "time_limit"),
    Hostile("sleep forever", body("time.sleep(10**6)"), "time_limit"),
    Hostile("sleep at import", "import time\ntime.sleep(10**6)\n" + HEAD + CORRECT, "time_limit"),
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
            "if os.fork() == 0:\n    os.setsid()\n    if os.fork() == 0:\n        time.sleep(100)"
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
    Hostile("read /proc/1/environ", body("return open('/proc/1/environ').read()"), "runtime_error"),
    Hostile(
        "read the worker's environ",
        body("raise ValueError(open(f'/proc/{os.getppid()}/environ').read())"),
        "runtime_error",
        lambda r: SECRET not in _text(r),
    ),
    Hostile(
        "print os.environ",
        body("raise ValueError(repr(dict(os.environ)))"),
        "runtime_error",
        lambda r: SECRET not in _text(r) and "DATABASE" not in _text(r),
    ),
    Hostile(
        "search the disk for references",
        body(
            "hits = []\nfor root, dirs, files in os.walk('/'):\n"
            "    hits += [os.path.join(root, f) for f in files\n"
            "             if f in ('numpy_ops.py', 'torch_ops.py', 'problem.toml', 'cases.py')]\n"
            "raise ValueError('found: ' + repr(hits))"
        ),
        "runtime_error",
        lambda r: "found: []" in r.message,
    ),
    Hostile(
        "read the reference implementation",
        body(f"return open({str(ROOT / 'reference_impl' / 'numpy_ops.py')!r}).read()"),
        "runtime_error",
        lambda r: "def softmax" not in _text(r),
    ),
    Hostile(
        "import the app's own modules",
        body(
            "import app.grading, reference_impl.numpy_ops\n"
            "return vars(reference_impl.numpy_ops)['soft' + 'max'](x, axis)"
        ),
        "runtime_error",
        lambda r: "Permission denied" in r.message,
    ),
    Hostile(
        "write to the app's files",
        body(f"open({str(ROOT / 'README.md')!r}, 'a').write('pwned')"),
        "runtime_error",
        lambda r: "pwned" not in (ROOT / "README.md").read_text(),
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
        body("class A:\n    def __array__(self, *a, **k):\n        return np.zeros(3)\nreturn A()"),
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
]


def test_there_are_at_least_34_hostile_submissions() -> None:
    assert len(HOSTILE) >= 34


@pytest.mark.parametrize("hostile", HOSTILE, ids=[h.name for h in HOSTILE])
def test_hostile_submission_is_contained(
    hostile: Hostile, bank: Bank, hostile_pool: SandboxPool, sandbox_tmp: Path
) -> None:
    started = time.monotonic()
    result = grade_submission(
        problem=bank.get(hostile.problem), code=hostile.code, mode="submit", pool=hostile_pool
    )
    elapsed = time.monotonic() - started
    assert result.verdict.value in hostile.verdict.split("|"), result.to_dict()
    assert elapsed <= TEST_LIMITS["wall_seconds"] + 1, elapsed
    if hostile.check is not None:
        assert hostile.check(result), result.to_dict()
    assert_host_clean(hostile_pool, sandbox_tmp)
    after = grade_submission(
        problem=bank.get("softmax"), code=solution("softmax"), mode="run", pool=hostile_pool
    )
    assert after.accepted


def test_tcp_connection_to_localhost_reaches_nothing(
    bank: Bank, hostile_pool: SandboxPool, listener: socket.socket
) -> None:
    port = listener.getsockname()[1]
    code = body(
        f"import socket\ns = socket.create_connection(('127.0.0.1', {port}), timeout=1)\n"
        "s.sendall(b'stolen')"
    )
    result = grade_submission(
        problem=bank.get("softmax"), code=code, mode="submit", pool=hostile_pool
    )
    assert result.verdict.value == "runtime_error"
    with pytest.raises(TimeoutError):
        listener.accept()


FAST_HOSTILE = [
    h
    for h in HOSTILE
    if "time_limit" not in h.verdict
    and h.name not in ("memory bomb, gradually", "search the disk for references")
]


def test_a_thousand_hostile_jobs_leave_the_pool_healthy(
    bank: Bank, hostile_pool: SandboxPool, sandbox_tmp: Path
) -> None:
    fds_before = len(os.listdir("/proc/self/fd"))
    started = time.monotonic()
    for index in range(1000):
        hostile = FAST_HOSTILE[index % len(FAST_HOSTILE)]
        result = grade_submission(
            problem=bank.get(hostile.problem), code=hostile.code, mode="run", pool=hostile_pool
        )
        assert result.verdict.value in hostile.verdict.split("|"), (index, hostile.name)
    elapsed = time.monotonic() - started
    assert_host_clean(hostile_pool, sandbox_tmp)
    assert hostile_pool.ready_workers == SLOTS
    assert len(os.listdir("/proc/self/fd")) <= fds_before + 2
    assert grade_submission(
        problem=bank.get("softmax"), code=solution("softmax"), mode="submit", pool=hostile_pool
    ).accepted
    print(f"1000 hostile jobs in {elapsed:.1f} s")
