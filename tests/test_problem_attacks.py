"""An uploaded problem that attacks the server, at import time and inside every function,
gets nothing: not the server's environment or descriptors, not the data folder or the
database, no socket, no process that outlives it, no way into the server's channel. Each
piece of its code says what it found and where it ran; the test reads that, as the host
relays it, and checks the uid and the pid namespace every piece ran in."""

from __future__ import annotations

import hashlib
import os
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from app.authoring.contained import validate_contained
from app.authoring.published import unpack_and_load
from app.authoring.scaffold import scaffold
from app.judge.custom import parse_custom, run_custom
from app.judge.grade import grade_submission
from app.sandbox.isolation import slot_uid
from app.sandbox.pool import SandboxPool
from app.trusted import host
from app.trusted.runner import FRESH
from tests.helpers import archive_of

pytestmark = pytest.mark.hostile

SECRET = "attack-test-signing-key-4f1d"
# Tries everything, and prints what worked and where it ran (the runner's only way out).
ATTACK = """
import os, socket, time

def attack(where):
    found = []
    for path in [f"/proc/{{SERVER}}/environ", "/proc/1/environ", {data!r}, {db!r}]:
        try:
            with open(path, "rb") as handle:
                if SECRET.encode() in handle.read():
                    found.append("secret in " + path)
            found.append("read " + path)
        except Exception:
            pass
        try:
            os.listdir(path)
            found.append("listed " + path)
        except Exception:
            pass
    try:
        os.listdir(f"/proc/{{SERVER}}/fd")
        found.append("server fds")
    except Exception:
        pass
    if SECRET in str(os.environ):
        found.append("secret in environ")
    try:
        socket.socket().connect(("127.0.0.1", 22))
        found.append("socket")
    except Exception:
        pass
    try:
        with open({data!r} + "/planted", "w") as handle:
            handle.write("x")
        found.append("wrote the data folder")
    except Exception:
        pass
    try:
        pid = os.fork()
        if pid == 0:
            os.setsid()
            time.sleep(120)
            os._exit(0)
        found.append("forked")
    except Exception:
        pass
    print("ATTACK", where, os.getuid(), os.getppid(), "FOUND", ";".join(found) or "nothing")

SERVER = {server}
SECRET = {secret!r}
attack("import:" + __name__)
"""


@pytest.fixture
def hosts(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Hosts of this test's own, with the server's secret in the environment."""
    monkeypatch.setenv("SHOUSI_SECRET_KEY", SECRET)
    for name in ("BACKGROUND", "INTERACTIVE"):
        monkeypatch.setattr(host, name, host.ProblemHost(name.lower()))
    yield
    FRESH.forget("attack-op")
    host.BACKGROUND.close()
    host.INTERACTIVE.close()


def _attacking_files(tmp_path: Path, data: Path, db: Path | None = None) -> dict[str, str]:
    """The scaffold's problem with the attack at import time and in every function, aimed
    at `db` (by default a stand-in holding the secret, made in `data`)."""
    if db is None:
        db = data / "shousi.db"
        data.mkdir(exist_ok=True)
        db.write_text(f"sessions and hashes, signed with {SECRET}")
    head = ATTACK.format(server=os.getpid(), data=str(data), db=str(db), secret=SECRET)
    plain = scaffold(tmp_path / "plain", "attack-op", "numpy", "function")
    files = {name: head + (plain / name).read_text() for name in ("cases.py", "reference.py")}
    draw = "    rng = np.random.default_rng(101 + seed)\n"
    files["cases.py"] = files["cases.py"].replace(draw, "    attack('cases')\n" + draw)
    files["reference.py"] = files["reference.py"].replace(
        "    return 2.0 * x", "    attack('reference')\n    return 2.0 * x"
    )
    files["mistakes.py"] = (
        head
        + "\n\ndef halved(x):\n    attack('mistake')\n    return x\n\n\n"
        + "MISTAKES = {'halved': halved}\n"
        + "MESSAGES = {'halved': {'en': 'x was not doubled', 'zh': 'x 没有乘以 2'}}\n"
    )
    return files


def _reports() -> list[list[str]]:
    lines = [
        line.split()
        for _, _, text in [*host.BACKGROUND.printed, *host.INTERACTIVE.printed]
        for line in text.splitlines()
        if line.startswith("ATTACK ")
    ]
    return lines


def test_an_attacking_upload_finds_nothing_anywhere_it_runs(
    tmp_path: Path, pool: SandboxPool, hosts: None
) -> None:
    data = tmp_path / "data"
    files = _attacking_files(tmp_path, data)
    archive = archive_of(tmp_path / "src", "attack-op", **files)
    problem = unpack_and_load(data / "served", archive, hashlib.sha256(archive).hexdigest())
    # The server (this process) imported none of it: described, prepared, all elsewhere.
    assert not [name for name in sys.modules if name.startswith("shousi_problem_attack")]
    right = "def attack_op(x):\n    return 2.0 * x\n"
    assert grade_submission(problem=problem, code=right, mode="submit", pool=pool).accepted
    wrong = grade_submission(
        problem=problem, code="def attack_op(x):\n    return x\n", mode="submit", pool=pool
    )
    assert wrong.diagnosis == ["halved"]
    custom = parse_custom(problem, {"inputs": {"x": [[1.0, -2.0]]}})
    assert run_custom(problem=problem, code=right, case=custom, pool=pool, wait=30).accepted
    reports = _reports()
    where = {report[1] for report in reports}
    # Import time of every file, and inside build_cases, the reference and the mistake.
    assert {"cases", "reference", "mistake"} <= where
    # Each file imported as a module of the folder's package (shousi_problem_attack_op_<hash>).
    imported = {
        w.rpartition(".")[2] for w in where if w.startswith("import:shousi_problem_attack_op_")
    }
    assert {"cases", "mistakes"} <= imported
    assert {tuple(r[5:]) for r in reports} == {("nothing",)}, reports
    if os.geteuid() == 0:  # its own uid, below a supervisor that is pid 1 of its namespace
        assert {(int(r[2]), int(r[3])) for r in reports} == {(slot_uid(host.PROBLEM_SLOT), 1)}
    assert not (data / "planted").exists()


def test_an_attacking_upload_s_validation_reports_what_the_validator_says(tmp_path: Path) -> None:
    data = tmp_path / "data"
    files = _attacking_files(tmp_path, data)
    folder = scaffold(tmp_path / "upload", "attack-op", "numpy", "function")
    for name, text in files.items():
        (folder / name).write_text(text)
    outcome = validate_contained(folder, wall_seconds=280)
    assert SECRET not in outcome.output
    found = [line for line in outcome.output.splitlines() if "ATTACK" in line]
    assert found and all(line.rstrip().endswith("FOUND nothing") for line in found), found
    # Only as the validator's labelled excerpts.
    assert "own code (" in outcome.output
    assert not (data / "planted").exists()


FORGER = """
import os
from app.codec import encode

# A whole, well-formed answer to the next request ids, on every descriptor there is.
for rid in range(1, 50):
    frame = encode({"id": rid, "status": "ok", "value": {"forged": True}})
    for fd in range(0, 256):
        try:
            os.write(fd, len(frame).to_bytes(4, "little") + frame)
        except OSError:
            pass
"""


def test_forged_answers_reach_neither_the_server_nor_the_next_problem(
    tmp_path: Path, pool: SandboxPool, hosts: None
) -> None:
    served = tmp_path / "served"
    forger = archive_of(tmp_path / "a", "forger-op", **{"reference.py": FORGER})
    with pytest.raises(host.HostError, match="could not be read|ended the process|failed"):
        unpack_and_load(served, forger, hashlib.sha256(forger).hexdigest())
    clean = archive_of(tmp_path / "b", "clean-op")
    problem = unpack_and_load(served, clean, hashlib.sha256(clean).hexdigest())
    # The next problem's answers are its own: its samples, with the reference's outputs.
    samples = [p for p in host.BACKGROUND.call("fixed", problem.path) if not p.case.hidden]
    assert samples and all(p.case.name for p in samples)
    right = "def clean_op(x):\n    return 2.0 * x\n"
    assert grade_submission(problem=problem, code=right, mode="run", pool=pool).accepted


SILENT = """
import os

# Closes every descriptor it has, then never ends: the supervisor must still see it out.
os.closerange(0, 1024)
while True:
    pass
"""


def test_code_that_closes_its_pipes_and_spins_costs_only_its_own_request(
    tmp_path: Path, hosts: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(host.SECONDS, "describe", 20.0)
    served = tmp_path / "served"
    spinner = archive_of(tmp_path / "a", "spin-op", **{"cases.py": SILENT})
    clean = archive_of(tmp_path / "b", "clean-op")
    failed: list[str] = []

    def load_spinner() -> None:
        try:
            unpack_and_load(served, spinner, hashlib.sha256(spinner).hexdigest())
        except host.HostError as exc:
            failed.append(str(exc))

    sha = hashlib.sha256(clean).hexdigest()
    unpack_and_load(served, clean, sha)  # the host is up before the spinner starts
    slow = threading.Thread(target=load_spinner)
    slow.start()
    problem = unpack_and_load(served, clean, sha)
    # Answered while the spinner still spins: it waits for no other problem's code.
    assert problem.hosted and slow.is_alive()
    slow.join(timeout=60)
    assert failed and "took longer than 20 s (describe)" in failed[0]


def test_an_attacking_upload_through_the_web_finds_nothing_in_validation_or_preview(
    tmp_path: Path, hosts: None
) -> None:
    from fastapi.testclient import TestClient

    from app.settings import Settings
    from app.store.identity import create_account
    from app.web import create_app
    from tests.conftest import TEST_LIMITS
    from tests.helpers import log_in, settled, upload, wait_until_ready

    data = tmp_path / "server-data"
    settings = Settings(workers=1, data_dir=data, secret_key=SECRET, **TEST_LIMITS)
    with TestClient(create_app(settings)) as client:
        wait_until_ready(client)
        create_account(client.app.state.store, "teach", "correct horse battery", "instructor")
        assert log_in(client, "teach", "correct horse battery").status_code == 303
        files = _attacking_files(tmp_path, data, db=data / "shousi.db")
        archive = archive_of(tmp_path / "src", "attack-op", **files)
        sent = upload(client, {"archive": ("a.zip", archive, "application/zip")})
        assert sent.status_code in (200, 201, 202), sent.text
        row = settled(client, "attack-op")
        output = row["report"]["output"]
        assert row["status"] == "valid", output
        found = [line for line in output.splitlines() if "ATTACK" in line]
        assert found and all(line.rstrip().endswith("FOUND nothing") for line in found), found
        if os.geteuid() == 0:
            assert {tuple(line.split()[-4:-2]) for line in found} == {
                (str(slot_uid(host.PROBLEM_SLOT)), "1")
            }
        assert SECRET not in output
        preview = client.get("/admin/problems/attack-op/preview")
        assert preview.status_code == 200
    reports = _reports()
    assert reports and {tuple(r[5:]) for r in reports} == {("nothing",)}, reports
    if os.geteuid() == 0:
        assert {(int(r[2]), int(r[3])) for r in reports} == {(slot_uid(host.PROBLEM_SLOT), 1)}
    assert not [name for name in sys.modules if name.startswith("shousi_problem_attack")]
    assert not (data / "planted").exists()
