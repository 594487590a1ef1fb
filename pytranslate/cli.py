"""`pytranslate`: the mlir-translate command line (translations arrive with their issue)."""
from __future__ import annotations

import sys


def main(argv=None):
    sys.stderr.write("pytranslate: translations are not implemented yet\n")
    sys.exit(1)
