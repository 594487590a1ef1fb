"""`-transform-interpreter`: finds the entry-point named sequence (in the payload module or the
preloaded library), binds its arguments and applies it (MLIR 19 InterpreterPass and
TransformInterpreterUtils)."""
from __future__ import annotations

from pyopt.ir.attributes import IntegerAttr, StringAttr
from pyopt.ir.diagnostics import Diagnostic, MLIRError, pass_failure
from pyopt.ir.types import I64
from pyopt.pass_registry import PassOption, register_pass
from pyopt.pass_registry import pass_failure as op_failure
from pyopt.dialects.transform.dialect_attrs import TARGET_TAG
from pyopt.dialects.transform.failures import TransformFailure
from pyopt.dialects.transform.state import TransformState
from pyopt.dialects.transform.top_level import verify_possible_top_level
from passes.transform.library import merge_library, preloaded_library


def _find_payload_root(root, tag):
    if not tag:
        return root
    found = None
    for op in root.walk_ops():
        a = op.attributes.get(TARGET_TAG)
        if type(a) is not StringAttr or a.value != tag:
            continue
        if found is None:
            found = op
            continue
        d = Diagnostic("error", op.loc, f"repeated operation with the target tag '{tag}'")
        d.attach_note("previously seen operation", found.loc)
        raise MLIRError(d)
    if found is None:
        raise op_failure(root, f'could not find the operation with transform.target_tag="{tag}"'
                               ' attribute')
    return found


def find_entry_point(root, library, name):
    for top in (root, library):
        if top is None:
            continue
        for op in top.walk_ops():
            if op.name == "transform.named_sequence" and \
                    op.properties["sym_name"].value == name:
                return op
    raise op_failure(root, f"could not find a nested named sequence with name: {name}")


def _trailing_bindings(root, specs):
    out = [[] for _ in specs]
    names = []
    for i, spec in enumerate(specs):
        if spec.startswith("#"):
            names.append(None)
            for part in spec[1:].split(";"):
                try:
                    out[i].append(IntegerAttr(I64, int(part)))
                except ValueError:
                    raise MLIRError(Diagnostic("error", None, "couldn't parse integer pass "
                                               f"argument {spec}"))
        else:
            names.append(spec.lstrip("^"))
    for op in root.walk_ops():
        for i, n in enumerate(names):
            if n is not None and op.name == n:
                if specs[i].startswith("^"):
                    out[i].extend(op.results)
                else:
                    out[i].append(op)
    return out


def run_named_sequence(ctx, payload_root, entry, bindings, expensive_checks=True):
    """applyTransformNamedSequence: applies `entry` with the payload root bound to its first
    argument and `bindings` to the others; reports failures (raises pass_failure)."""
    verify_possible_top_level(entry)
    state = TransformState(ctx, payload_root, {"expensive": expensive_checks})
    state.extra_bindings = bindings
    try:
        state.apply(entry)
    except TransformFailure as f:
        f.report(state.emit)
        raise pass_failure(entry.loc)


@register_pass("transform-interpreter", "transform dialect interpreter",
               display_name="InterpreterPass", options=[
                   PassOption("debug-payload-root-tag", str, "",
                              "Select the operation with 'transform.target_tag' attribute "
                              "having the given value as payload IR root. If empty select the "
                              "pass anchor operation as the payload IR root."),
                   PassOption("debug-bind-trailing-args", list, [],
                              "Binds trailing arguments of the entry point to the payload "
                              "operations with specified names."),
                   PassOption("disable-expensive-checks", bool, False,
                              "Disable expensive checks in the interpreter for a faster run."),
                   PassOption("entry-point", str, "__transform_main",
                              "Entry point of the pass pipeline."),
               ])
def transform_interpreter(module, ctx, options):
    library = preloaded_library(ctx)
    root = _find_payload_root(module, options["debug-payload-root-tag"])
    entry = find_entry_point(module, library, options["entry-point"])
    bindings = _trailing_bindings(root, options["debug-bind-trailing-args"])
    if library is not None and not library.is_ancestor_of(entry):
        merge_library(entry, library)
    run_named_sequence(ctx, root, entry, bindings,
                       not options["disable-expensive-checks"])
