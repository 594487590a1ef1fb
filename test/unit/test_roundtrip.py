"""print(parse(print(parse(x)))) == print(parse(x)) for every chunk of every lit test input.

Chunks that do not parse or verify (the invalid-input tests) are skipped; everything else must
print to a fixed point, in the custom and in the generic form.
"""
from pathlib import Path

import pytest

from pyopt.dialects import make_context
from pyopt.ir.location import SourceBuffer
from pyopt.ir.verifier import verify
from pyopt.ir.diagnostics import MLIRError
from pyopt.syntax.printer import Printer, PrintFlags
from pyopt.tool import parse_module, split_chunks

ROOT = Path(__file__).resolve().parents[1]
# Inputs whose custom-form output mlir-opt 19 itself cannot parse back (checked with the
# oracle): an affine.for with iter_args but no results prints as `-> ()`.
UPSTREAM_UNSTABLE_CUSTOM = {"Dialect/Affine/invalid-regions.mlir"}
# mlir-opt 19 prints identified-struct names unescaped, so a name containing `"` cannot be read
# back in any form (checked with the oracle); --mlir-print-struct-aliases output escapes it and
# is round-tripped by that file's own lit test.
UPSTREAM_UNSTABLE_ANY = {"Dialect/LLVMIR/struct-aliases.mlir"}
# Custom forms that print fewer attributes than they hold (as upstream's do): the output of
# the first round is not the second's.
UPSTREAM_LOSSY_CUSTOM = {"IR/test-dialect-polyfor.mlir"}
FILES = sorted(p for p in ROOT.rglob("*.mlir") if "Output" not in p.parts)


def _print(text, name, flags):
    ctx = make_context(allow_unregistered=True)
    module, _ = parse_module(SourceBuffer(name, text), ctx)
    verify(module, ctx)
    return Printer(flags, ctx).print_top(module)


@pytest.mark.parametrize("path", FILES, ids=lambda p: str(p.relative_to(ROOT)))
def test_print_is_a_fixed_point(path):
    text = path.read_text(encoding="utf-8", errors="surrogateescape")
    checked = 0
    for start, end in split_chunks(text):
        chunk = text[start:end]
        for flags in (PrintFlags(), PrintFlags(generic=True), PrintFlags(debuginfo=True)):
            try:
                once = _print(chunk, path.name, flags)
            except MLIRError:
                break  # an invalid-input chunk
            try:
                twice = _print(once, path.name, flags)
            except MLIRError:
                rel = str(path.relative_to(ROOT))
                if (rel in UPSTREAM_UNSTABLE_CUSTOM and not flags.generic) or \
                        rel in UPSTREAM_UNSTABLE_ANY:
                    continue
                raise
            if twice != once and not flags.generic and \
                    str(path.relative_to(ROOT)) in UPSTREAM_LOSSY_CUSTOM:
                continue
            assert twice == once, f"{path}: chunk at offset {start} is not stable"
            checked += 1
    if checked == 0:
        pytest.skip("no valid chunk")
