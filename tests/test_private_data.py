"""The learner-state database holds everyone's code and sessions: a submission cannot read it,
whichever layers hold (Landlock leaves it out; the file is the server user's, mode 0600)."""

from collections.abc import Iterator
from pathlib import Path

import pytest

from app.bank import Bank
from app.judge.grade import grade_submission
from app.sandbox.build import build_pool
from app.sandbox.pool import SandboxPool
from app.settings import Settings
from app.store import Store
from graders.result import Verdict
from tests.conftest import TEST_LIMITS

pytestmark = pytest.mark.hostile

# Right only if the file cannot be opened: reading it is an error the verdict shows.
PEEK = """
import numpy as np

def softmax(x, axis=-1):
    for path in {paths!r}:
        try:
            with open(path, "rb") as f:
                f.read(16)
        except OSError:
            continue
        raise RuntimeError("read " + path)
    e = np.exp(x - x.max(axis=axis, keepdims=True))
    return e / e.sum(axis=axis, keepdims=True)
"""


@pytest.fixture(scope="module")
def data(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("learner-data") / "data"
    store = Store.open(folder)
    store.upgrade()
    store.close()
    return folder


@pytest.fixture(scope="module")
def pool(data: Path) -> Iterator[SandboxPool]:
    sandbox = build_pool(Settings(data_dir=data, **TEST_LIMITS), size=1, first_slot=140)
    sandbox.start()
    yield sandbox
    sandbox.close()


def test_the_database_is_private_to_the_server_user(data: Path) -> None:
    assert data.stat().st_mode & 0o777 == 0o700
    for name in ("shousi.db", "shousi.db-wal", "shousi.db-shm"):
        if (data / name).exists():
            assert (data / name).stat().st_mode & 0o077 == 0, name


def test_a_submission_cannot_read_the_learner_database(
    bank: Bank, pool: SandboxPool, data: Path
) -> None:
    paths = [str(data / "shousi.db"), str(data / "shousi.db-wal"), str(data)]
    code = PEEK.format(paths=paths)
    result = grade_submission(problem=bank.get("softmax"), code=code, mode="run", pool=pool)
    assert result.verdict is Verdict.ACCEPTED, result.to_dict()
