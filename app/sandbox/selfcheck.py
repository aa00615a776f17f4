"""Hostile submissions for checking a host's sandbox: `shousi sandbox check` and the tests.

Each item is a submission to the softmax problem with the verdict(s) it must get and an
optional extra check on the result. Between items, `host_problem` checks that nothing is
left running and no file is left behind.
"""

from __future__ import annotations

import contextlib
import os
import secrets
import socket
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from app.sandbox.isolation import UID_BASE
from app.sandbox.pool import SandboxPool
from app.settings import Settings
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


HEAD = "import os, sys, signal, time\nimport numpy as np\n\ndef softmax(x, axis=-1):\n"
CORRECT = (
    "    e = np.exp(x - x.max(axis=axis, keepdims=True))\n"
    "    return e / e.sum(axis=axis, keepdims=True)\n"
)


def body(text: str) -> str:
    return HEAD + "".join(f"    {line}\n" for line in text.splitlines())


def corpus(*, root: Path, secret: str, port: int) -> list[Hostile]:
    """Every hostile submission with its expected verdict(s) and an extra check."""
    return [
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
                "import app.grading, reference_impl.numpy_ops\n"
                "return vars(reference_impl.numpy_ops)['soft' + 'max'](x, axis)"
            ),
            "runtime_error",
            lambda r: "Permission denied" in r.message,
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
    grade: Callable[[str], GradeResult],
    pool: SandboxPool,
    workdir_root: Path,
    baseline: set[Path],
    wall_limit: float,
) -> CheckRow:
    """Grade one hostile submission and check its verdict, its time and the host after it."""
    started = time.monotonic()
    result = grade(hostile.code)
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


def run_check(settings: Settings, *, repeat: int = 0) -> tuple[list[CheckRow], dict, dict]:
    """Run the whole corpus against a fresh two-worker pool built from `settings`."""
    from app.grading import grade_submission
    from app.problems import load_bank
    from app.runtime import build_pool

    secret = f"selfcheck-{secrets.token_hex(8)}"
    problem = load_bank(settings.problem_dirs()).get("softmax")
    if problem is None:
        raise RuntimeError("the built-in softmax problem is missing")
    with tempfile.TemporaryDirectory(prefix="shousi-check-") as tmp, socket.socket() as listener:
        workdir_root = Path(tmp)
        listener.bind(("127.0.0.1", 0))
        listener.listen()
        listener.settimeout(0.2)
        saved = {key: os.environ.get(key) for key in ("TMPDIR", "SHOUSI_CHECK_SECRET")}
        os.environ.update(TMPDIR=tmp, SHOUSI_CHECK_SECRET=secret)
        try:
            # Its own uids, apart from a server's workers that may run on the same host.
            pool = build_pool(settings, size=2, first_slot=CHECK_FIRST_SLOT)
            pool.start()  # the workers inherit TMPDIR and the secret they must not leak
        finally:
            for key, value in saved.items():
                if value is None:
                    os.environ.pop(key, None)
                else:
                    os.environ[key] = value
        try:
            baseline = {p for p in workdir_root.iterdir() if not p.name.startswith("shousi-")}

            def grade(code: str, mode: str = "submit") -> GradeResult:
                return grade_submission(problem=problem, code=code, mode=mode, pool=pool)

            items = corpus(
                root=settings.problem_dirs()[0].parent,
                secret=secret,
                port=listener.getsockname()[1],
            )
            rows = [
                check_one(
                    item,
                    grade=grade,
                    pool=pool,
                    workdir_root=workdir_root,
                    baseline=baseline,
                    wall_limit=settings.wall_seconds,
                )
                for item in items
            ]
            with contextlib.suppress(TimeoutError):
                listener.accept()
                rows.append(
                    CheckRow(
                        "listener on 127.0.0.1 received nothing",
                        "",
                        "",
                        0.0,
                        "a sandboxed child connected to the listener",
                    )
                )
            repeated: dict = {}
            if repeat:
                fast = [
                    h
                    for h in items
                    if "time_limit" not in h.verdict
                    and h.name not in ("memory bomb, gradually", "search the disk for references")
                ]
                started = time.monotonic()
                wrong = None
                for index in range(repeat):
                    item = fast[index % len(fast)]
                    got = grade(item.code, "run").verdict.value
                    if got not in item.verdict.split("|") and wrong is None:
                        wrong = f"job {index} ({item.name}) got {got}"
                seconds = time.monotonic() - started
                problem_text = wrong or host_problem(pool, workdir_root, baseline)
                if problem_text is None and pool.ready_workers != pool.size:
                    problem_text = f"only {pool.ready_workers} of {pool.size} workers ready"
                repeated = {"jobs": repeat, "seconds": seconds, "problem": problem_text}
            return rows, pool.layers.to_dict(), repeated
        finally:
            pool.close()
