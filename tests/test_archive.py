"""Uploaded problem archives: everything is checked before a byte is written, and a
hostile archive is refused with a message that says why."""

from __future__ import annotations

import io
import stat
import tarfile
import time
import zipfile
import zlib
from pathlib import Path

import pytest

from app.authoring.archive import MAX_TOTAL_BYTES, ArchiveError, check

TOML = b'id = "tiny-op"\norder = 1\n'
GIB = 1 << 30


def zip_of(entries: dict[str, bytes], *, links: dict[str, str] | None = None) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in entries.items():
            archive.writestr(name, data)
        for name, target in (links or {}).items():
            info = zipfile.ZipInfo(name)
            info.external_attr = (stat.S_IFLNK | 0o777) << 16
            archive.writestr(info, target)
    return buffer.getvalue()


def tar_of(entries: dict[str, bytes], *, special: list[tarfile.TarInfo] = ()) -> bytes:
    buffer = io.BytesIO()
    with tarfile.open(fileobj=buffer, mode="w:gz") as archive:
        for name, data in entries.items():
            info = tarfile.TarInfo(name)
            info.size = len(data)
            archive.addfile(info, io.BytesIO(data))
        for info in special:
            archive.addfile(info)
    return buffer.getvalue()


def refused(data: bytes, message: str) -> None:
    with pytest.raises(ArchiveError, match=message):
        check(data)


@pytest.mark.parametrize("pack", [zip_of, tar_of])
def test_a_problem_at_the_top_or_in_one_folder_is_accepted(pack) -> None:  # noqa: ANN001
    flat = check(pack({"problem.toml": TOML, "cases.py": b"x = 1\n", "forms/a.b.py": b""}))
    assert flat.problem_id == "tiny-op"
    assert set(flat.files) == {"problem.toml", "cases.py", "forms/a.b.py"}
    nested = check(pack({"tiny-op/problem.toml": TOML, "tiny-op/cases.py": b"x = 1\n"}))
    assert set(nested.files) == {"problem.toml", "cases.py"}
    # What archivers add by themselves is left out, not refused.
    junk = check(pack({"problem.toml": TOML, "__MACOSX/._x": b"", "__pycache__/a.pyc": b"\0"}))
    assert set(junk.files) == {"problem.toml"}


@pytest.mark.parametrize("pack", [zip_of, tar_of])
@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("../evil.py", r"'\.\.' is not allowed"),
        ("tiny/../../evil.py", r"'\.\.' is not allowed"),
        ("/etc/cron.d/evil", "only relative paths"),
        ("C:/evil.py", "only relative paths"),
        ("a\\..\\evil.py", "only relative paths"),
        ("has space.py", "a file or folder name is"),
    ],
)
def test_paths_that_could_escape_are_refused(pack, name: str, message: str) -> None:  # noqa: ANN001
    refused(pack({"problem.toml": TOML, name: b"x"}), message)


def test_links_and_special_files_are_refused() -> None:
    refused(zip_of({"problem.toml": TOML}, links={"cases.py": "/etc/passwd"}), "is a link")
    symlink = tarfile.TarInfo("cases.py")
    symlink.type, symlink.linkname = tarfile.SYMTYPE, "/etc/passwd"
    refused(tar_of({"problem.toml": TOML}, special=[symlink]), "is a link")
    hardlink = tarfile.TarInfo("cases.py")
    hardlink.type, hardlink.linkname = tarfile.LNKTYPE, "problem.toml"
    refused(tar_of({"problem.toml": TOML}, special=[hardlink]), "is a link")
    for kind in (tarfile.CHRTYPE, tarfile.BLKTYPE, tarfile.FIFOTYPE):
        device = tarfile.TarInfo("dev")
        device.type = kind
        refused(tar_of({"problem.toml": TOML}, special=[device]), "is a special file")


@pytest.mark.parametrize("pack", [zip_of, tar_of])
def test_too_many_entries_or_bytes_are_refused(pack) -> None:  # noqa: ANN001
    many = {f"forms/f{n}.py": b"" for n in range(400)}
    refused(pack({"problem.toml": TOML, **many}), "more than 300 entries")
    refused(pack({"problem.toml": TOML, "big.npy": b"\1" * (6 << 20)}), "more than 5 MiB")


def _zip_bomb() -> bytes:
    """One entry of 1 GiB of zeros: about 1 MiB compressed."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("problem.toml", TOML)
        with archive.open("bomb.bin", "w", force_zip64=True) as entry:
            zeros = bytes(16 << 20)
            for _ in range(GIB // len(zeros)):
                entry.write(zeros)
    return buffer.getvalue()


def _gzip_bomb() -> bytes:
    """A tar whose one file is 1 GiB of zeros, gzipped: about 1 MiB."""
    header = tarfile.TarInfo("bomb.bin")
    header.size = GIB
    compressor = zlib.compressobj(9, zlib.DEFLATED, 16 + zlib.MAX_WBITS)
    parts = [compressor.compress(header.tobuf())]
    zeros = bytes(16 << 20)
    parts += [compressor.compress(zeros) for _ in range(GIB // len(zeros))]
    parts.append(compressor.flush())
    return b"".join(parts)


def test_a_one_gigabyte_bomb_is_refused_without_unpacking_it() -> None:
    for bomb in (_zip_bomb(), _gzip_bomb()):
        assert len(bomb) < 8 << 20, "small enough to pass the upload size cap"
        started = time.monotonic()
        refused(bomb, f"more than {MAX_TOTAL_BYTES >> 20} MiB|more than 5 MiB")
        assert time.monotonic() - started < 5


def test_a_zip_whose_headers_lie_about_sizes_is_still_stopped() -> None:
    data = bytearray(zip_of({"problem.toml": TOML, "big.bin": bytes(8 << 20)}))
    # Rewrite big.bin's stated size (local header and central directory) to 10 bytes.
    for signature, offset in ((b"PK\x03\x04", 22), (b"PK\x01\x02", 24)):
        at = data.find(signature)
        while at != -1:
            name_start = at + (30 if signature == b"PK\x03\x04" else 46)
            if data[name_start : name_start + 7] == b"big.bin":
                data[at + offset : at + offset + 4] = (10).to_bytes(4, "little")
            at = data.find(signature, at + 4)
    with pytest.raises(ArchiveError):
        check(bytes(data))


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (b"hello, world", "not a .zip or .tar.gz"),
        (b"PK\x05\x06" + bytes(18), "empty"),
        (b"PK\x03\x04garbage", "damaged"),
        (b"\x1f\x8bgarbage", "damaged"),
        (b"\0" * (11 << 20), "larger than 10 MiB"),
    ],
)
def test_damaged_or_foreign_files_are_refused(data: bytes, message: str) -> None:
    refused(data, message)


def test_the_folder_must_be_a_problem() -> None:
    refused(zip_of({"README.md": b"hi"}), "no problem.toml")
    refused(zip_of({"a/problem.toml": TOML, "b/problem.toml": TOML}), "no problem.toml")
    refused(zip_of({"problem.toml": b"id = 'Bad Id'"}), "lowercase words")
    refused(zip_of({"problem.toml": b"id = "}), "problem.toml")


def test_writing_never_touches_an_existing_folder_unless_replacing(tmp_path: Path) -> None:
    first = check(zip_of({"problem.toml": TOML, "cases.py": b"v1"}))
    folder = first.write(tmp_path)
    assert (folder / "cases.py").read_bytes() == b"v1"
    assert stat.S_IMODE((folder / "cases.py").stat().st_mode) == 0o644
    second = check(zip_of({"problem.toml": TOML, "starter.py": b"v2"}))
    with pytest.raises(ArchiveError, match="already exists"):
        second.write(tmp_path)
    assert (folder / "cases.py").read_bytes() == b"v1"
    second.write(tmp_path, replace=True)
    assert sorted(p.name for p in folder.iterdir()) == ["problem.toml", "starter.py"]
    assert [p.name for p in tmp_path.iterdir()] == ["tiny-op"], "no staging folders left"
