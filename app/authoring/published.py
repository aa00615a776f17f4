"""Problems instructors published, served by every replica without a restart.

Each replica looks at the database every few seconds (`published()`: ids and archive
hashes, a small query). A problem published or changed since is unpacked into the data
folder (one folder per archive hash, so a new version never overwrites the one being
served), loaded and added to the bank; one unpublished is taken out. The archive was
checked and its problem validated in a contained process before it could be published.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from pathlib import Path

from app.authoring.archive import check
from app.bank.loader import Bank, Problem
from app.store import Store, authored
from app.trusted import runner
from app.trusted.runner import FRESH, load_hosted

log = logging.getLogger("shousi.problems")
SYNC_SECONDS = 5.0


def unpack_and_load(folder: Path, archive: bytes, sha256: str) -> Problem:
    """The problem in `archive`, unpacked under `folder/<hash>` (once) and loaded."""
    unpacked = check(archive)
    home = folder / sha256[:16]
    target = home / unpacked.problem_id
    if not target.is_dir():
        home.mkdir(parents=True, exist_ok=True)
        unpacked.write(home, replace=True)
    problem = load_hosted(target)  # its own code runs only in a problem host, never here
    runner.fixed(problem)  # the samples, with the reference's answers: once, here
    return problem


class LiveProblems:
    """Keeps the bank's authored problems in step with what the database says is published."""

    def __init__(
        self,
        store: Store,
        bank: Bank,
        folder: Path,
        builtin: set[str],
        revalidate: Callable[[str, bytes, str], None] | None = None,
    ) -> None:
        self.store, self.bank, self.folder = store, bank, folder
        # Runs a validation again when the replica that started it stopped midway.
        self.revalidate = revalidate
        self.builtin = builtin  # ids of the server's own problems: never replaced
        self.loaded: dict[str, str] = {}  # id -> sha256 being served
        self.failed: dict[str, str] = {}  # id -> sha256 that would not load (not retried)
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._lock = threading.Lock()

    def sync(self) -> list[str]:
        """Bring the bank in step now; what changed, as "+id" and "-id"."""
        with self._lock:
            return self._sync()

    def _sync(self) -> list[str]:
        wanted = authored.published(self.store)
        changes = []
        for problem_id, sha in wanted.items():
            if problem_id in self.builtin:
                continue
            if self.loaded.get(problem_id) == sha or self.failed.get(problem_id) == sha:
                continue
            found = authored.archive_of(self.store, problem_id)
            if found is None:
                continue
            archive, sha = found
            try:
                problem = unpack_and_load(self.folder, archive, sha)
            except Exception:  # noqa: BLE001 - one broken upload must not stop the others
                log.exception("published problem %s could not be loaded", problem_id)
                self.failed[problem_id] = sha
                continue
            self.bank.add(problem)
            FRESH.fill([problem])
            self.loaded[problem_id] = sha
            changes.append(f"+{problem_id}")
        for problem_id in [p for p in self.loaded if p not in wanted]:
            self.bank.remove(problem_id)
            FRESH.forget(problem_id)
            del self.loaded[problem_id]
            changes.append(f"-{problem_id}")
        if changes:
            log.info("published problems changed: %s", " ".join(changes))
        if self.revalidate is not None:
            for problem_id, archive, sha in authored.claim_stale_checks(self.store):
                log.warning("validating %s again: the replica that started it stopped", problem_id)
                self.revalidate(problem_id, archive, sha)
        return changes

    def start(self, every: float = SYNC_SECONDS) -> None:
        """Sync now and then every `every` seconds, in a background thread."""

        def run() -> None:
            while not self._stop.is_set():
                try:
                    self.sync()
                except Exception:  # noqa: BLE001 - the database may be away for a while
                    log.exception("could not sync published problems")
                self._stop.wait(every)

        self._thread = threading.Thread(target=run, name="live-problems", daemon=True)
        self._thread.start()

    def stop(self) -> None:
        """End the background sync."""
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout=30)
