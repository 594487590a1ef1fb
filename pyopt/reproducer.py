"""Pass-pipeline reproducers, as mlir-opt writes and reads them: the IR followed by an
`external_resources: { mlir_reproducer: { pipeline, disable_threading, verify_each } }`
block, so that `pyopt file --run-reproducer` runs the same pipeline on the same IR.

- `--mlir-pass-pipeline-crash-reproducer=FILE`: when the pipeline fails, FILE gets the IR as
  it was before the pipeline and the whole pipeline (or, with
  `--mlir-pass-pipeline-local-reproducer`, the IR before the failing pass and that pass alone),
  and the failure gains an error naming the failing pass and FILE.
- `--mlir-generate-reproducer=FILE`: after a successful run, the resulting IR and the pipeline.
"""
from __future__ import annotations

from pyopt.ir.diagnostics import Diagnostic


def reproducer_text(op, ctx, pipeline, disable_threading, verify_each, flags=None):
    """`op` printed (with the file's resources) followed by the reproducer resource."""
    from pyopt.syntax.printer import Printer, PrintFlags
    external = ctx.external_resources
    saved = external.get("mlir_reproducer")
    external["mlir_reproducer"] = {"pipeline": ("string", pipeline),
                                   "disable_threading": ("bool", disable_threading),
                                   "verify_each": ("bool", verify_each)}
    try:
        kw = {k: getattr(flags, k) for k in PrintFlags.__slots__} if flags is not None else {}
        kw["local_scope"] = False
        return Printer(PrintFlags(**kw), ctx).print_top(op).rstrip("\n") + "\n"
    finally:
        if saved is None:
            del external["mlir_reproducer"]
        else:
            external["mlir_reproducer"] = saved


def write(path, text):
    """None when written, else the reason (as mlir-opt words it)."""
    try:
        with open(path, "w", encoding="utf-8", errors="surrogateescape") as f:
            f.write(text)
    except OSError as e:
        return (f"failed to create output stream: Failed to create reproducer stream: cannot "
                f"open output file '{path}': {e.strerror}")
    return None


def failure_diagnostics(path, text, inst, op, local):
    """The error and note mlir-opt adds to a failed pipeline run with a crash reproducer."""
    from pyopt.ir.symbols import symbol_name
    problem = write(path, text)
    where = f"`{inst.info.display_name}` on '{op.name}' operation"
    sym = symbol_name(op) if op.opdef is not None else None
    if isinstance(sym, str):
        where += f": @{sym}"
    if not local:
        where = f"[{where}]"
    d = Diagnostic("error", op.loc,
                   "Failures have been detected while processing an MLIR pass pipeline")
    d.attach_note(f"Pipeline failed while executing {where}: "
                  f"{problem or f'reproducer generated at `{path}`'}", op.loc)
    return d


def take_pipeline(ctx):
    """--run-reproducer: the (pipeline, disable_threading, verify_each) of the input's
    `mlir_reproducer` resource, which is consumed (not printed back); None if it has none."""
    entry = ctx.external_resources.pop("mlir_reproducer", None)
    if not entry:
        return None
    get = lambda k, d: entry[k][1] if k in entry else d  # noqa: E731
    return get("pipeline", ""), get("disable_threading", False), get("verify_each", True)
