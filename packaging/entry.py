"""The bundle's entry point: the same ``safir-campaign`` command as a pip install."""

import sys

from app.cli import main

if __name__ == "__main__":
    sys.exit(main())
