"""Paskahousu widgets, kept importable from their old place (``widgets.paskahousu``).

The acceptance table lives in :mod:`widgets.acceptance`, the card table in
:mod:`widgets.paskahousu_table`; ``from widgets import AcceptanceTable, PaskahousuCardTable``
is the usual import.
"""

from .acceptance import EMPTY, VERDICT_SYMBOL, AcceptanceTable, rank_label
from .paskahousu_table import PaskahousuCardTable

__all__ = ["AcceptanceTable", "PaskahousuCardTable", "VERDICT_SYMBOL", "EMPTY", "rank_label"]
