"""The machine line every benchmark prints first (so figures can be quoted with their machine)."""

from __future__ import annotations

import os
import platform

import numpy as np


def cpu_name() -> str:
    """The processor's model name (Linux /proc/cpuinfo), else what platform knows."""
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as f:
            for line in f:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine()


def machine_line() -> str:
    """E.g. ``machine: AMD EPYC (x86_64), 2 cores, Python 3.11.7 (CPython), numpy 2.4.6, Linux-…``."""
    return (f"machine: {cpu_name()} ({platform.machine()}), {os.cpu_count()} cores, Python "
            f"{platform.python_version()} ({platform.python_implementation()}), numpy {np.__version__}, "
            f"{platform.platform()}")
