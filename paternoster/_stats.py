"""Old home of the shared statistics, kept for code written against it: use :mod:`paternoster.core.stats`."""

from .core.stats import (Z95, check_progress, describe, mean_interval, newcombe, paired_shares, progress_bar,
                         wilson)

__all__ = ["Z95", "wilson", "newcombe", "mean_interval", "paired_shares", "check_progress", "progress_bar",
           "describe"]
