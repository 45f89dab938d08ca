# SPDX-License-Identifier: MIT
# The tests run from the repository root (ctest's working directory) or anywhere: scene paths
# are taken relative to the repository.
import os

import pytest

REPO = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))


@pytest.fixture
def repo_path():
    return lambda *parts: os.path.join(REPO, *parts)
