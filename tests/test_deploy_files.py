"""The shipped deployments (deploy/compose, deploy/kubernetes) agree with the app they run:
settings that exist, the port it listens on, the routes their checks ask, the user the image
runs as; the proxy's configuration is one nginx accepts; the database image's entrypoint makes
a database that the app's URL reaches with its password."""

from __future__ import annotations

import contextlib
import os
import pwd
import re
import shutil
import signal
import socket
import subprocess
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlsplit

import psycopg
import pytest
import yaml

from app.settings import Settings
from app.web.routes.health import router
from tests.postgres import find_bin_dir

ROOT = Path(__file__).resolve().parents[1]
COMPOSE = ROOT / "deploy" / "compose"
KUBERNETES = ROOT / "deploy" / "kubernetes"
SETTINGS = {f"SHOUSI_{name.upper()}" for name in Settings.model_fields}
DOCKERFILE = (ROOT / "Dockerfile").read_text()


def _image_port_and_uid() -> tuple[int, int]:
    port = int(re.search(r"^EXPOSE (\d+)$", DOCKERFILE, re.M).group(1))
    uid = int(re.search(r"^USER (\d+):\d+$", DOCKERFILE, re.M).group(1))
    return port, uid


def _compose() -> dict:
    return yaml.safe_load((COMPOSE / "docker-compose.yml").read_text())


def test_compose_runs_the_database_replicas_and_a_proxy_only_the_proxy_published() -> None:
    services = _compose()["services"]
    assert set(services) == {"db", "app", "proxy"}
    assert "ports" not in services["app"] and "ports" not in services["db"]
    assert [p.split(":")[-1] for p in services["proxy"]["ports"]] == ["8080"]
    # `--scale app=N` needs an app without a fixed container name or host port.
    assert "container_name" not in services["app"]
    for name, service in services.items():
        build = service["build"]
        context = (COMPOSE / build["context"]).resolve()
        assert (context / build.get("dockerfile", "Dockerfile")).is_file(), name
        assert service["read_only"] is True and service["cap_drop"] == ["ALL"], name
    assert (COMPOSE / "../..").resolve() == ROOT


def test_compose_app_settings_exist_and_its_database_url_names_the_db_service() -> None:
    services = _compose()["services"]
    app_env = services["app"]["environment"]
    assert set(app_env) <= SETTINGS, set(app_env) - SETTINGS
    url = urlsplit(
        app_env["SHOUSI_DATABASE_URL"].replace("${SHOUSI_DB_PASSWORD:-", "").replace("}", "")
    )
    db_env = services["db"]["environment"]
    assert url.hostname == "db" and url.port == 5432
    assert url.username == db_env["POSTGRES_USER"] and url.path == "/" + db_env["POSTGRES_DB"]
    assert app_env["SHOUSI_DATABASE_URL"].count("${SHOUSI_DB_PASSWORD") == 1
    assert db_env["POSTGRES_PASSWORD"].startswith("${SHOUSI_DB_PASSWORD")
    assert services["app"]["depends_on"]["db"]["condition"] == "service_healthy"


def test_nginx_proxies_to_the_app_s_port_and_debian_s_nginx_accepts_the_file(
    tmp_path: Path,
) -> None:
    conf = (COMPOSE / "nginx.conf").read_text()
    port, _ = _image_port_and_uid()
    assert f"set $app http://app:{port};" in conf and "proxy_pass $app;" in conf
    assert "proxy_set_header X-Forwarded-For $remote_addr;" in conf  # not spoofable
    nginx = shutil.which("nginx") or "/usr/sbin/nginx"
    assert Path(nginx).exists(), "scripts/test installs Debian's nginx"
    # nginx -t parses the whole file and checks every directive and path.
    checked = subprocess.run(
        [nginx, "-t", "-c", str(COMPOSE / "nginx.conf"), "-p", str(tmp_path)],
        capture_output=True,
        text=True,
        timeout=30,
    )
    assert checked.returncode == 0, checked.stderr
    assert "syntax is ok" in checked.stderr


def _kubernetes() -> dict[str, dict]:
    kustomization = yaml.safe_load((KUBERNETES / "kustomization.yaml").read_text())
    documents = {}
    for resource in kustomization["resources"]:
        for document in yaml.safe_load_all((KUBERNETES / resource).read_text()):
            documents[document["kind"]] = document
    return documents


def test_kubernetes_deployment_and_service_fit_the_image_and_the_app() -> None:
    manifests = _kubernetes()
    assert set(manifests) == {"Deployment", "Service"}
    deployment, service = manifests["Deployment"], manifests["Service"]
    pod = deployment["spec"]["template"]
    labels = pod["metadata"]["labels"]
    assert deployment["spec"]["selector"]["matchLabels"].items() <= labels.items()
    assert service["spec"]["selector"].items() <= labels.items()
    (container,) = pod["spec"]["containers"]
    port, uid = _image_port_and_uid()
    assert container["ports"] == [{"name": "http", "containerPort": port}]
    assert service["spec"]["ports"][0]["targetPort"] == "http"
    assert pod["spec"]["securityContext"]["runAsUser"] == uid
    env = {item["name"] for item in container["env"]}
    assert env <= SETTINGS, env - SETTINGS
    assert "SHOUSI_DATABASE_URL" in env
    routes = {route.path for route in router.routes}
    for probe in ("startupProbe", "readinessProbe", "livenessProbe"):
        assert container[probe]["httpGet"]["path"] in routes, probe
        assert container[probe]["httpGet"]["port"] == "http", probe
    mounts = {mount["mountPath"] for mount in container["volumeMounts"]}
    assert container["securityContext"]["readOnlyRootFilesystem"] is True and "/tmp" in mounts


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@pytest.fixture
def pg_folder() -> Iterator[Path]:
    """A folder the `postgres` user can reach (pytest's own are root's alone)."""
    folder = Path(tempfile.mkdtemp(prefix="shousi-entry-", dir="/tmp"))
    yield folder
    shutil.rmtree(folder, ignore_errors=True)


def test_the_database_image_s_entrypoint_makes_a_password_protected_database(
    pg_folder: Path,
) -> None:
    tmp_path = pg_folder
    bin_dir = find_bin_dir()
    assert not isinstance(bin_dir, str), bin_dir
    run_as: list[str] = []
    if os.geteuid() == 0:  # initdb refuses root, as the image's USER postgres would
        owner = pwd.getpwnam("postgres")
        os.chown(tmp_path, owner.pw_uid, owner.pw_gid)
        run_as = ["runuser", "-u", "postgres", "--"]
    port, password = _free_port(), "s3cret pass"
    env = {
        "PATH": f"{bin_dir}:/usr/bin:/bin",
        "PGDATA": str(tmp_path / "data"),
        "PGPORT": str(port),
        "POSTGRES_SOCKET_DIR": str(tmp_path),
        "POSTGRES_USER": "shousi",
        "POSTGRES_DB": "shousi",
        "POSTGRES_PASSWORD": password,
        "TMPDIR": str(tmp_path),
    }
    entrypoint = [*run_as, "/usr/bin/env", *(f"{k}={v}" for k, v in env.items())]
    # A copy the `postgres` user can read (a clone in a private folder is not).
    script = tmp_path / "postgres-entrypoint.sh"
    shutil.copy(COMPOSE / "postgres-entrypoint.sh", script)
    script.chmod(0o755)
    entrypoint += [
        "sh",
        str(script),
        "-c",
        "listen_addresses=127.0.0.1",
    ]
    url = f"postgresql://shousi:{password.replace(' ', '%20')}@127.0.0.1:{port}/shousi"
    for start in ("first", "again"):  # the second start keeps what the first made
        server = subprocess.Popen(
            entrypoint,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            start_new_session=True,
        )
        try:
            deadline = time.monotonic() + 60
            while True:
                assert server.poll() is None, server.stdout.read()
                try:
                    with psycopg.connect(url, connect_timeout=2) as conn:
                        if start == "first":
                            conn.execute("CREATE TABLE kept (n int)")
                            conn.execute("INSERT INTO kept VALUES (7)")
                        else:
                            assert conn.execute("SELECT n FROM kept").fetchone() == (7,)
                    break
                except psycopg.OperationalError as exc:
                    assert "password authentication failed" not in str(exc), exc
                    assert time.monotonic() < deadline, str(exc)
                    time.sleep(0.3)
            with pytest.raises(psycopg.OperationalError, match="password authentication failed"):
                psycopg.connect(url.replace("s3cret", "wrong"), connect_timeout=5).close()
        finally:
            # SIGINT, the image's STOPSIGNAL: a fast shutdown, to every process of the group.
            with contextlib.suppress(ProcessLookupError):  # it may have failed already
                os.killpg(server.pid, signal.SIGINT)
            server.wait(timeout=30)
            server.stdout.close()
        # The server shut down cleanly: it removed its pid file.
        deadline = time.monotonic() + 30
        while (tmp_path / "data" / "postmaster.pid").exists():
            assert time.monotonic() < deadline, "PostgreSQL did not stop"
            time.sleep(0.2)
