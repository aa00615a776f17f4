# Shousi container image: the web app plus its sandbox workers, CPU-only torch, non-root.
#
#   docker build -t shousi .
#   docker run -d -p 8000:8000 --restart unless-stopped --name shousi shousi
#
# Build arguments:
#   BASE_IMAGE       any Debian/Ubuntu-like image with python3.11 + venv (default below);
#                    scripts/docker-base-image makes one from a Debian mirror alone.
#   TORCH_INDEX_URL  where torch comes from (default: PyTorch's CPU-only index). On x86_64
#                    the pin is torch==<version>+cpu, which PyPI's (CUDA) builds can never
#                    satisfy, so the multi-GB CUDA wheel is never downloaded.
#   PIP_INDEX_URL, PIP_EXTRA_INDEX_URL, PIP_TRUSTED_HOST, PIP_NO_INDEX, PIP_CERT
#                    passed to pip as is (mirrors, proxies, offline builds).
# Optional ./wheels/ in the build context (git-ignored) is copied to /tmp/wheels in the build
# stage only: its *.whl files are offered to every pip step (find-links), e.g. a local
# torch-2.13.0+cpu wheel; with --build-arg PIP_NO_INDEX=1 the build uses nothing else
# (it then also needs dumb-init's wheel, and the docs stage those of mkdocs and
# mkdocs-material with their dependencies). A CA bundle put there can be named by PIP_CERT.

ARG BASE_IMAGE=python:3.11-slim-bookworm

# ---------------------------------------------------------------------------------------
# build: a virtualenv in /opt/venv with torch (CPU) and every dependency. Layers are
# ordered by how rarely they change: torch, then pyproject.toml's dependencies.
# ---------------------------------------------------------------------------------------
FROM ${BASE_IMAGE} AS build

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    PIP_ROOT_USER_ACTION=ignore \
    PIP_FIND_LINKS=/tmp/wheels

ARG PIP_INDEX_URL
ARG PIP_EXTRA_INDEX_URL
ARG PIP_TRUSTED_HOST
ARG PIP_NO_INDEX
ARG PIP_CERT

# `.dockerignore` is only there so the COPY has a source when ./wheels/ does not exist.
COPY .dockerignore wheel[s] /tmp/wheels/

RUN python3 -m venv /opt/venv \
 && /opt/venv/bin/python -m pip install --upgrade pip "setuptools>=77.0.3"
ENV PATH=/opt/venv/bin:$PATH

ARG TORCH_VERSION=2.13.0
ARG TORCH_INDEX_URL=https://download.pytorch.org/whl/cpu
# x86_64 CPU wheels carry a +cpu label; elsewhere (aarch64) the CPU index has plain ones.
RUN set -eu; \
    spec="torch==${TORCH_VERSION}"; \
    if [ "$(uname -m)" = x86_64 ]; then spec="${spec}+cpu"; fi; \
    pip install --index-url "${TORCH_INDEX_URL}" \
        --extra-index-url "${PIP_INDEX_URL:-https://pypi.org/simple}" "$spec"; \
    python -W ignore -c 'import sys, torch; sys.exit("a CUDA build of torch was installed" if torch.version.cuda else 0)'

# Only pyproject.toml here, so editing the source does not reinstall the dependencies.
# dumb-init (a static binary from PyPI) becomes PID 1: see ENTRYPOINT.
COPY pyproject.toml /tmp/pyproject.toml
RUN python -c 'import tomllib; print("\n".join(tomllib.load(open("/tmp/pyproject.toml", "rb"))["project"]["dependencies"]))' \
        > /tmp/requirements.txt \
 && pip install -r /tmp/requirements.txt dumb-init \
 && python -c 'import sys, torch; sys.exit("torch was replaced" if torch.version.cuda else 0)'

# torch's C++ headers and C++ test binaries (~150 MB) are never used at run time.
RUN site="$(python -c 'import sysconfig; print(sysconfig.get_paths()["purelib"])')" \
 && rm -rf "$site/torch/include" "$site/torch/test"

# ---------------------------------------------------------------------------------------
# docs: the manual (docs/, MkDocs with the Material theme), built here so that the image
# serves it at /docs with no network; its tools stay in this stage.
# ---------------------------------------------------------------------------------------
FROM ${BASE_IMAGE} AS docs

ENV PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    PIP_ROOT_USER_ACTION=ignore \
    PIP_FIND_LINKS=/tmp/wheels

ARG PIP_INDEX_URL
ARG PIP_EXTRA_INDEX_URL
ARG PIP_TRUSTED_HOST
ARG PIP_NO_INDEX
ARG PIP_CERT

COPY .dockerignore wheel[s] /tmp/wheels/
COPY pyproject.toml /tmp/pyproject.toml
# The `docs` extra's pins, from pyproject.toml.
RUN python3 -m venv /opt/docs \
 && python3 -c 'import tomllib; print("\n".join(tomllib.load(open("/tmp/pyproject.toml", "rb"))["project"]["optional-dependencies"]["docs"]))' \
        > /tmp/docs-requirements.txt \
 && /opt/docs/bin/pip install -r /tmp/docs-requirements.txt
WORKDIR /src
COPY mkdocs.yml ./
COPY docs ./docs
COPY qa/README.md ./qa/
COPY scripts/build-docs ./scripts/
RUN PYTHON=/opt/docs/bin/python scripts/build-docs /site

# ---------------------------------------------------------------------------------------
# runtime
# ---------------------------------------------------------------------------------------
FROM ${BASE_IMAGE}

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    VIRTUAL_ENV=/opt/venv \
    PATH=/opt/venv/bin:$PATH

RUN groupadd --gid 10001 shousi \
 && useradd --uid 10001 --gid shousi --no-log-init --create-home --home-dir /home/shousi \
        --shell /usr/sbin/nologin shousi

COPY --from=build /opt/venv /opt/venv

# The app finds problems/, templates/, static/ relative to its package
# (Path(__file__).parents[2]), so it runs from this source tree through an editable install;
# a plain `pip install .` into site-packages would not find them. Everything stays
# root-owned: neither the server nor a submission can modify the app.
WORKDIR /app
COPY pyproject.toml README.md ./
COPY app ./app
COPY graders ./graders
COPY reference_impl ./reference_impl
COPY problems ./problems
COPY qa ./qa
COPY templates ./templates
COPY static ./static
RUN pip install --no-deps --no-build-isolation --no-index -e /app \
 && rm -rf /app/build /app/*.egg-info \
 && python -m compileall -q /app/app /app/graders /app/reference_impl /app/problems \
 && shousi problems list > /dev/null
# The manual, where the app looks for it (build/docs): served at /docs.
COPY --from=docs /site ./build/docs

# Learner state (the SQLite database) lives in /data: mount a volume there. Only the
# server's user may read it: it holds every learner's code and sessions.
ENV SHOUSI_DATA_DIR=/data
RUN mkdir -m 700 /data && chown 10001:10001 /data
VOLUME /data

USER 10001:10001
EXPOSE 8000

HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
    CMD ["python", "-c", "import json, urllib.request; r = urllib.request.urlopen('http://127.0.0.1:8000/healthz', timeout=4); assert json.load(r)['status'] == 'ok'"]

# dumb-init as PID 1 forwards SIGTERM to the server and reaps processes a submission leaves
# behind (they are re-parented to PID 1, and the Python server never waits for them).
ENTRYPOINT ["dumb-init", "--"]
CMD ["shousi", "serve", "--host", "0.0.0.0", "--port", "8000"]
