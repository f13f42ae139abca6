"""Building the site from a test: a copy of its sources, build/build.py on it, its files.json.

Used by tests/build (the build's steps, no browser) and tests/browser (the
built page in Chromium).
"""

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SOURCES = ["index.html", "pyscript.toml", "assets", "game", "ui"]  # what build.py --src reads


def copy_sources(dest: Path) -> Path:
    """A snapshot of the site's sources, to build from with build.py --src."""
    dest.mkdir(parents=True)
    for name in SOURCES:
        if (ROOT / name).is_dir():
            shutil.copytree(ROOT / name, dest / name, ignore=shutil.ignore_patterns("__pycache__"))
        else:
            shutil.copy(ROOT / name, dest / name)
    return dest


def build_from(src: Path, out: Path, *options: str) -> dict:
    """Run build/build.py on src into out; return the build's files.json."""
    subprocess.run(
        [sys.executable, str(ROOT / "build" / "build.py"), "--src", str(src), "--out", str(out), *options],
        check=True,
        capture_output=True,
    )
    return file_list(out)


def build_site(out: Path, *options: str) -> Path:
    """Run build/build.py on the repository into out; return out."""
    subprocess.run([sys.executable, str(ROOT / "build" / "build.py"), "--out", str(out), *options], check=True)
    return out


def file_list(dist: Path) -> dict:
    """A build's files.json: its version and every file with URL, size and hash."""
    return json.loads((dist / "files.json").read_text(encoding="utf-8"))


# A fixture here rather than in a conftest.py: tests/browser's test modules
# import their conftest by name, and a second conftest module in one pytest
# session would be the one they find. A test module imports it
# (built_site), and its tests ask for it as dist.
@pytest.fixture(scope="session", name="dist")
def built_site(tmp_path_factory) -> Path:
    """A fresh build of the site, made once per test session."""
    return build_site(tmp_path_factory.mktemp("dist"))
