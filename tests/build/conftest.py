"""Fixtures for the build's tests: one fresh build of the site per session."""

from pathlib import Path

import pytest
from build_helpers import build_site


@pytest.fixture(scope="session")
def dist(tmp_path_factory) -> Path:
    """A fresh build of the site, made once per test session."""
    return build_site(tmp_path_factory.mktemp("dist"))
