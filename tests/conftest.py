"""Shared test set-up: the test folders (tests/core, tests/paternoster, ...) import ``kit_helpers`` from here."""

import sys
from pathlib import Path

TESTS = str(Path(__file__).resolve().parent)
if TESTS not in sys.path:
    sys.path.insert(0, TESTS)
