"""Helpers several test files share: a progress-bar stand-in and English card notation for widget tests.

Import a fixture by name (``from kit_helpers import english_notation``): pytest uses fixtures found
in a test module's namespace, and this one is autouse there.
"""

import pytest

import paternoster


@pytest.fixture(autouse=True)
def english_notation():
    """Widget tests compare English labels: set "en" for the test, restore the notation after it."""
    before = paternoster.get_notation()
    paternoster.set_notation("en")
    yield
    paternoster.set_notation(before)


class Recorder:
    """Called like ``tqdm(total=…)``; keeps every update, description and whether it was closed."""

    made: list["Recorder"] = []

    def __init__(self, total):
        self.total, self.updates, self.closed, self.descriptions = total, [], False, []
        Recorder.made.append(self)

    def update(self, n=1):
        self.updates.append(n)

    def set_description(self, text):
        self.descriptions.append(text)

    def close(self):
        self.closed = True
