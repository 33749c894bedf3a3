"""Old home of the argument checks, kept for code written against it: use :mod:`paternoster.core.checks`."""

from .core.checks import plural, whole

__all__ = ["whole", "plural"]
