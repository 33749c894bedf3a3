"""A progress-bar stand-in for tests: records what a simulation tells its bar (tqdm's interface)."""


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
