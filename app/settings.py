"""All configuration, from environment variables prefixed SHOUSI_ (or a .env file)."""

from __future__ import annotations

import os
import socket
from pathlib import Path
from typing import Literal

from pydantic import Field
from pydantic_settings import BaseSettings, SettingsConfigDict

from app.limits import Quota, SandboxLimits

BUILTIN_DIR = (
    Path(__file__).resolve().parents[1] / "problems"
)  # the built-in bank and Q&A beside it


class Settings(BaseSettings):
    """Server, problem bank and sandbox settings, each documented in docs/self-hosting.md."""

    model_config = SettingsConfigDict(env_prefix="SHOUSI_", env_file=".env", extra="ignore")

    host: str = Field("127.0.0.1", description="Address `shousi serve` binds to.")
    port: int = Field(8000, ge=1, le=65535, description="Port `shousi serve` listens on.")
    problems_dirs: list[Path] = Field(
        default_factory=list,
        description="Extra problem folders to load, after the built-in bank (JSON list).",
    )
    qa_dirs: list[Path] = Field(
        default_factory=list,
        description="Extra Q&A card folders to load, after the built-in cards (JSON list).",
    )
    workers: int = Field(
        default_factory=lambda: max(1, min(4, os.cpu_count() or 1)),
        ge=1,
        le=64,
        description="Warm sandbox workers, i.e. submissions graded at the same time.",
    )
    queue_seconds: float = Field(
        10.0, gt=0, description="How long a submission waits for a free worker before a 503."
    )
    queue_limit: int = Field(
        32, ge=0, description="Submissions that may wait for a worker; beyond it, a 429."
    )
    client_limit: int = Field(
        0,
        ge=0,
        description="Gradings one client (IP address) may have running or waiting at once; "
        "beyond it, a 429. 0: one less than the workers (at least 1), so that one client "
        "never holds every worker.",
    )
    cpu_seconds: float = Field(5.0, gt=0, description="CPU time limit per submission.")
    wall_seconds: float = Field(10.0, gt=0, description="Wall-clock limit per submission.")
    memory_mb: int = Field(1024, ge=64, description="Memory a submission may add, in MiB.")
    log_level: str = Field("info", description="Log level: debug, info, warning, error.")
    log_format: Literal["text", "json"] = Field(
        "text",
        description="Log lines as text, or as JSON objects (time, level, logger, message, "
        "request_id) for a log collector.",
    )
    max_body_kb: int = Field(
        1024,
        ge=64,
        description="Largest request body, in KiB; a larger one is a 413 before it is read.",
    )
    head_seconds: float = Field(
        15.0,
        gt=0,
        le=60,
        description="Time a client has to send a request's line and headers, from opening "
        "the connection or from the previous response; then the connection is closed.",
    )
    connections_per_address: int = Field(
        32,
        ge=0,
        description="Connections one client address may hold open at once; one more is "
        "closed as it opens. 0: no cap. Proxies named in forwarded_allow_ips are not capped.",
    )
    data_dir: Path = Field(
        Path("data"),
        description="Folder for the embedded SQLite database (shousi.db) and other state.",
    )
    docs_dir: Path | None = Field(
        None,
        description="Folder of the built manual served at /docs (scripts/build-docs writes "
        "it); default: build/docs in the source tree.",
    )
    database_url: str | None = Field(
        None,
        description="A PostgreSQL URL (postgresql://user:password@host/db) to use instead of "
        "the embedded SQLite file; every replica of one deployment names the same database.",
    )
    secret_key: str | None = Field(
        None,
        description="Key that signs session cookies. Unset: one is made on first start and "
        "kept in the database, so every replica shares it.",
    )
    forwarded_allow_ips: str = Field(
        "",
        description="Proxies whose X-Forwarded-For and X-Forwarded-Proto are believed: "
        "addresses or networks, comma-separated, or * for any peer; empty: none. A request "
        "through one of them counts against the forwarded client's limits, not the proxy's.",
    )
    cookie_secure: bool = Field(
        False, description="Send cookies over HTTPS only (set it when served behind TLS)."
    )
    instance_id: str | None = Field(
        None,
        description="This server's name among replicas (default: host name and port). A "
        "restarted server with the same name takes back at once what it was grading.",
    )
    quota_submissions_per_day: int = Field(
        1000,
        ge=1,
        description="Runs and Submits one learner may store in any 24 hours (those refused "
        "as busy included); beyond it, a 429.",
    )
    quota_code_kb: int = Field(
        51200,
        ge=64,
        description="Code one learner may keep in submissions, in KiB; beyond it, a 429.",
    )
    quota_drafts: int = Field(
        200, ge=1, description="Drafts one learner may keep (one per problem); beyond it, a 429."
    )
    imports_per_hour: int = Field(
        5, ge=1, description="Imports one account may try in any hour; beyond it, a 429."
    )
    import_max_values: int = Field(
        1_000_000,
        ge=1000,
        description="Values (objects, lists, numbers, strings) an imported file may hold; "
        "counted on the raw bytes before it is parsed.",
    )
    import_max_depth: int = Field(
        64, ge=8, le=1000, description="How deeply an imported file's JSON may nest."
    )
    guest_idle_days: float = Field(
        30.0,
        ge=0,
        description="A guest (no account) not seen for this many days is deleted with "
        "everything kept for them; 0 keeps guests for ever.",
    )
    sandbox_required: list[str] = Field(
        default_factory=lambda: ["rlimits", "seccomp"],
        description="Isolation layers that must be active, or the app refuses to start.",
    )
    sandbox_disable: list[str] = Field(
        default_factory=list,
        description="For tests only: `uid` and `landlock_signal_scope` to switch off.",
    )

    def instance_name(self) -> str:
        """This server's name among replicas."""
        return self.instance_id or f"{socket.gethostname()}:{self.port}"

    def client_share(self) -> int:
        """Gradings one client may have in flight (running or waiting)."""
        return self.client_limit or max(1, self.workers - 1)

    def problem_dirs(self) -> list[Path]:
        """The built-in bank followed by any configured extra directories."""
        return [BUILTIN_DIR, *self.problems_dirs]

    def qa_directories(self) -> list[Path]:
        """The built-in Q&A cards followed by any configured extra directories."""
        from app.qa import BUILTIN_QA_DIR

        return [BUILTIN_QA_DIR, *self.qa_dirs]

    def private_paths(self) -> list[Path]:
        """What a sandboxed child must never read: the app's code and all problem content."""
        root = BUILTIN_DIR.parent
        code = [root / name for name in ("app", "graders", "reference_impl", "templates", "static")]
        # The learner-state database holds everyone's code and sessions.
        return [*code, *self.problem_dirs(), self.data_dir]

    def quota(self) -> Quota:
        """What one learner may keep."""
        return Quota(
            submissions_per_day=self.quota_submissions_per_day,
            code_bytes=self.quota_code_kb * 1024,
            drafts=self.quota_drafts,
        )

    def sandbox_limits(self) -> SandboxLimits:
        """Limits applied to every submission."""
        return SandboxLimits(
            cpu_seconds=self.cpu_seconds,
            wall_seconds=self.wall_seconds,
            memory_bytes=self.memory_mb << 20,
        )
