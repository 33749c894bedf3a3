"""Old home of the game-state mixin, kept for code written against it: use :mod:`paternoster.core.history`."""

from .core.history import GameCommon

__all__ = ["GameCommon"]
