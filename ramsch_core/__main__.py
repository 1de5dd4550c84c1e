"""Entry point of ``python -m ramsch_core``."""

import sys

from ramsch_core.cli import main

if __name__ == "__main__":
    sys.exit(main())
