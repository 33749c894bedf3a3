"""The old path of :mod:`paternoster.paskahousu.record` (the module was renamed to match Paternoster's
``record``); it re-exports that module's public names, so old imports keep working."""

from __future__ import annotations

from .record import load_record, parse_record, replay, save_record

__all__ = ["replay", "parse_record", "save_record", "load_record"]
