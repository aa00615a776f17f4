"""A problem folder uploaded as a .zip or .tar.gz: checked whole before anything is written.

The checks: the archive's own size, its format (by its first bytes, not its name), the
number of entries, each path (relative, no `..`, plain characters), each entry's kind
(regular files and folders only: no links, devices or fifos), and the bytes it unpacks
to, counted as they are decompressed (a header's stated size is not trusted), per file
and in total. Only then are the files written, by us, 0644 in fresh folders, never
through `extractall`. The folder must hold a `problem.toml` whose id names it.
"""

from __future__ import annotations

import io
import re
import shutil
import stat
import tarfile
import tomllib
import zipfile
import zlib
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

MAX_ARCHIVE_BYTES = 10 << 20
MAX_ENTRIES = 300
MAX_FILE_BYTES = 5 << 20
MAX_TOTAL_BYTES = 40 << 20
PART = re.compile(r"[A-Za-z0-9][A-Za-z0-9._+-]{0,127}")
ID_RULE = re.compile(r"[a-z][a-z0-9]*(-[a-z0-9]+)*")
# What archivers add on their own; left out rather than refused.
JUNK = {"__MACOSX", "__pycache__", ".DS_Store"}
CHUNK = 1 << 16


class ArchiveError(ValueError):
    """The archive is refused; the message says why, for the uploader."""


@dataclass(frozen=True)
class Unpacked:
    """A checked archive: its problem id and its files (path inside the folder -> bytes)."""

    problem_id: str
    files: dict[str, bytes]

    def write(self, parent: Path, *, replace: bool = False) -> Path:
        """Write the folder `parent/<id>`; refuses an existing one unless `replace`."""
        folder = parent / self.problem_id
        if folder.exists() and not replace:
            raise ArchiveError(f"{folder} already exists (replace it to upload a new version)")
        staging = parent / f".{self.problem_id}.unpacking"
        shutil.rmtree(staging, ignore_errors=True)
        for name, data in self.files.items():
            target = staging.joinpath(*PurePosixPath(name).parts)
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(data)
            target.chmod(0o644)
        # Swapped in whole: a reader never sees half a folder.
        if folder.exists():
            old = parent / f".{self.problem_id}.old"
            shutil.rmtree(old, ignore_errors=True)
            folder.rename(old)
            staging.rename(folder)
            shutil.rmtree(old, ignore_errors=True)
        else:
            staging.rename(folder)
        return folder


def check(data: bytes) -> Unpacked:
    """Check an uploaded archive whole; its files, or ArchiveError saying what is wrong."""
    if len(data) > MAX_ARCHIVE_BYTES:
        raise ArchiveError(f"the archive is larger than {MAX_ARCHIVE_BYTES >> 20} MiB")
    if data[:4] == b"PK\x03\x04":
        files = _zip(data)
    elif data[:2] == b"\x1f\x8b":
        files = _tar_gz(data)
    elif data[:4] == b"PK\x05\x06":
        raise ArchiveError("the zip archive is empty")
    else:
        raise ArchiveError("not a .zip or .tar.gz archive")
    return _as_problem(files)


def _path(name: str) -> str | None:
    """The entry's path inside the archive, checked; None for archivers' junk."""
    if "\\" in name or name.startswith("/") or re.match(r"[A-Za-z]:", name):
        raise ArchiveError(f"{name!r}: only relative paths are allowed")
    parts = [part for part in name.split("/") if part not in ("", ".")]
    if ".." in parts:
        raise ArchiveError(f"{name!r}: '..' is not allowed in a path")
    if any(part in JUNK or part.startswith("._") for part in parts):
        return None
    for part in parts:
        if not PART.fullmatch(part):
            raise ArchiveError(
                f"{name!r}: a file or folder name is letters, digits, '.', '_', '+' or '-'"
            )
    if len(parts) > 8:
        raise ArchiveError(f"{name!r}: folders nest too deep")
    return "/".join(parts) if parts else None


class _Budget:
    def __init__(self) -> None:
        self.total = 0
        self.entries = 0

    def entry(self) -> None:
        self.entries += 1
        if self.entries > MAX_ENTRIES:
            raise ArchiveError(f"the archive has more than {MAX_ENTRIES} entries")

    def add(self, name: str, size: int) -> None:
        if size > MAX_FILE_BYTES:
            raise ArchiveError(f"{name!r} unpacks to more than {MAX_FILE_BYTES >> 20} MiB")
        self.total += size
        if self.total > MAX_TOTAL_BYTES:
            raise ArchiveError(f"the archive unpacks to more than {MAX_TOTAL_BYTES >> 20} MiB")


def _zip(data: bytes) -> dict[str, bytes]:
    try:
        archive = zipfile.ZipFile(io.BytesIO(data))
        infos = archive.infolist()
    except (zipfile.BadZipFile, ValueError, OSError) as exc:
        raise ArchiveError(f"the zip archive is damaged: {exc}") from None
    budget = _Budget()
    wanted: list[tuple[zipfile.ZipInfo, str]] = []
    for info in infos:  # every header first: nothing is decompressed before all pass
        budget.entry()
        name = _path(info.filename)
        mode = info.external_attr >> 16
        kind = stat.S_IFMT(mode)
        if kind and kind not in (stat.S_IFREG, stat.S_IFDIR):
            what = "a link" if stat.S_ISLNK(mode) else "a special file"
            raise ArchiveError(f"{info.filename!r} is {what}: only files and folders")
        if info.flag_bits & 0x1:
            raise ArchiveError(f"{info.filename!r} is encrypted")
        if name is None or info.is_dir():
            continue
        budget.add(name, info.file_size)  # what the header says; counted again below
        wanted.append((info, name))
    budget.total = 0
    files: dict[str, bytes] = {}
    for info, name in wanted:
        files[name] = _read_counted(lambda info=info: archive.open(info), name, budget)
    return files


def _read_counted(open_stream, name: str, budget: _Budget) -> bytes:  # noqa: ANN001
    """A member's bytes, decompressed chunk by chunk and refused as soon as it is over."""
    out = bytearray()
    try:
        with open_stream() as stream:
            while chunk := stream.read(CHUNK):
                out += chunk
                if len(out) > MAX_FILE_BYTES:
                    raise ArchiveError(f"{name!r} unpacks to more than {MAX_FILE_BYTES >> 20} MiB")
                if budget.total + len(out) > MAX_TOTAL_BYTES:
                    raise ArchiveError(
                        f"the archive unpacks to more than {MAX_TOTAL_BYTES >> 20} MiB"
                    )
    except (zipfile.BadZipFile, zlib.error, EOFError, OSError) as exc:
        raise ArchiveError(f"{name!r} is damaged: {exc}") from None
    budget.add(name, len(out))
    return bytes(out)


def _gunzip(data: bytes) -> bytes:
    """The tar inside, decompressed under the total cap (a gzip bomb stops at the cap)."""
    limit = MAX_TOTAL_BYTES + (MAX_ENTRIES + 2) * 1024  # the files, and a header each
    inflater = zlib.decompressobj(16 + zlib.MAX_WBITS)
    try:
        out = inflater.decompress(data, limit + 1)
    except zlib.error as exc:
        raise ArchiveError(f"the .tar.gz archive is damaged: {exc}") from None
    if len(out) > limit or inflater.unconsumed_tail:
        raise ArchiveError(f"the archive unpacks to more than {MAX_TOTAL_BYTES >> 20} MiB")
    return out


def _tar_gz(data: bytes) -> dict[str, bytes]:
    raw = _gunzip(data)
    try:
        with tarfile.open(fileobj=io.BytesIO(raw), mode="r:") as archive:
            return _tar_members(archive)
    except (tarfile.TarError, EOFError, OSError) as exc:
        raise ArchiveError(f"the .tar.gz archive is damaged: {exc}") from None


def _tar_members(archive: tarfile.TarFile) -> dict[str, bytes]:
    budget = _Budget()
    wanted: list[tuple[tarfile.TarInfo, str]] = []
    for member in archive.getmembers():  # every header first, as for a zip
        budget.entry()
        name = _path(member.name)
        if member.issym() or member.islnk():
            raise ArchiveError(f"{member.name!r} is a link: only files and folders")
        if not (member.isfile() or member.isdir()):
            raise ArchiveError(f"{member.name!r} is a special file: only files and folders")
        if name is None or member.isdir():
            continue
        budget.add(name, member.size)
        wanted.append((member, name))
    files: dict[str, bytes] = {}
    for member, name in wanted:
        stream = archive.extractfile(member)
        if stream is None:
            raise ArchiveError(f"{member.name!r} cannot be read")
        files[name] = stream.read()
    return files


def _as_problem(files: dict[str, bytes]) -> Unpacked:
    """The one problem folder in the archive: its files at the top, or in one folder."""
    if not files:
        raise ArchiveError("the archive holds no files")
    tops = {name.split("/", 1)[0] for name in files}
    if (
        "problem.toml" not in files
        and len(tops) == 1
        and f"{next(iter(tops))}/problem.toml" in files
    ):
        prefix = next(iter(tops)) + "/"
        files = {name[len(prefix) :]: data for name, data in files.items()}
    if "problem.toml" not in files:
        raise ArchiveError(
            "no problem.toml: put the problem's files at the top of the archive, or in one folder"
        )
    try:
        meta = tomllib.loads(files["problem.toml"].decode("utf-8"))
    except (UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
        raise ArchiveError(f"problem.toml: {exc}") from None
    problem_id = meta.get("id")
    if not isinstance(problem_id, str) or not ID_RULE.fullmatch(problem_id) or len(problem_id) > 64:
        raise ArchiveError("problem.toml: id must be lowercase words joined by '-' (e.g. rms-norm)")
    return Unpacked(problem_id, files)
