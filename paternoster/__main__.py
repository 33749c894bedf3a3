"""``python -m paternoster``: the command line (:mod:`paternoster.cli`)."""

import sys

from .cli import main

if __name__ == "__main__":  # not when pytest --doctest-modules imports this file
    sys.exit(main())
