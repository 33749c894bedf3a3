"""Old home of the engine's errors; they live in :mod:`paternoster.core.errors` (shared by both games)."""

from .core.errors import (CardParseError, IllegalPlayError, PaternosterError, PositionError, RecordError,
                          RulesError)

__all__ = ["PaternosterError", "CardParseError", "RulesError", "PositionError",
           "IllegalPlayError", "RecordError"]
