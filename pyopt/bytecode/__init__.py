"""MLIR bytecode (the `.mlirbc` format of MLIR 19.1.7): `read_bytecode` turns a buffer that
starts with the magic `ML\\xefR` into top-level ops, `write_bytecode` writes an op."""
from __future__ import annotations

from pyopt.bytecode.encoding import MAGIC, CURRENT_VERSION, BytecodeError

# The magic as it appears in text decoded with surrogateescape (how the drivers read input).
TEXT_MAGIC = MAGIC.decode("utf-8", "surrogateescape")


def is_bytecode(data) -> bool:
    if isinstance(data, str):
        return data.startswith(TEXT_MAGIC)
    return bytes(data[:4]) == MAGIC


def read_bytecode(data, name, ctx, into):
    """Appends the top-level ops of bytecode `data` to block `into`; MLIRError on bad input,
    located at `name:0:0` as MLIR does, with its note naming the producer."""
    from pyopt.bytecode.reader import BytecodeReader
    from pyopt.ir.location import FileLineColLoc
    from pyopt.ir.diagnostics import Diagnostic, MLIRError
    if isinstance(data, str):
        data = data.encode("utf-8", "surrogateescape")
    reader = BytecodeReader(data, ctx)
    loc = FileLineColLoc(name, 0, 0)
    try:
        reader.read(into)
    except (BytecodeError, MLIRError, RecursionError, IndexError, ValueError) as e:
        if isinstance(e, MLIRError):  # from the text of an attribute or type entry
            diag = e.diag
        else:
            msg = str(e) if isinstance(e, BytecodeError) else "malformed bytecode"
            diag = Diagnostic("error", loc, msg)
        if reader.producer is not None:
            diag.attach_note(f"in bytecode version {reader.version} produced by: "
                             f"{reader.producer}")
        raise MLIRError(diag) from None
    return reader


def write_bytecode(op, ctx, version=CURRENT_VERSION, elide_resources=False) -> bytes:
    """The bytecode of `op`; MLIRError for a version outside [0, 6]."""
    from pyopt.bytecode.writer import BytecodeWriter
    return BytecodeWriter(ctx, version, elide_resources).write(op)


def parse_version_option(value, emitting):
    """--emit-bytecode-version's value (an int64, range-checked when writing), or None after
    reporting an error as mlir-opt 19 does."""
    import sys
    try:
        v = int(value, 0) if value.strip().lower().startswith(("0x", "0b", "0o")) else int(value)
        if not -(1 << 63) <= v < (1 << 63):
            raise ValueError
    except ValueError:
        sys.stderr.write(f"pyopt: for the --emit-bytecode-version option: Invalid argument "
                         f"'{value}', only integer is supported.\n")
        return None
    if not emitting:
        sys.stderr.write("<unknown>:0: error: bytecode version while not emitting bytecode\n")
        return None
    return v
