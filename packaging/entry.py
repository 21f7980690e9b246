"""The bundle's entry point: the same ``safir-campaign`` command as a pip install."""

from app.cli import run

if __name__ == "__main__":
    run()
