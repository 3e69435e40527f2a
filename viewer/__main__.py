"""``python -m viewer VERB [ARGS] [--options]`` (see :mod:`viewer.cli`)."""
from __future__ import annotations

import sys


def main(argv=None) -> int:
    """Console entry point (``wargame-viewer``); exits with the command's status."""
    from viewer.cli import main as run

    status = run(argv)
    if argv is None:
        sys.exit(status)
    return status


if __name__ == "__main__":
    main()
