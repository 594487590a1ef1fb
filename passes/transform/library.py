"""The transform library: `-transform-preload-library` parses named sequences from files
(or directories of .mlir files) once per context; the interpreter merges them into the
symbol table of its entry point (MLIR's mergeSymbolsInto, simplified: a definition replaces a
declaration of the same name, a name already defined is kept; private symbols are not
renamed)."""
from __future__ import annotations

import os

from pyopt.ir.attributes import UNIT
from pyopt.ir.diagnostics import Diagnostic, MLIRError
from pyopt.ir.location import FileLineColLoc, SourceBuffer
from pyopt.pass_registry import PassOption, register_pass


def preloaded_library(ctx):
    return getattr(ctx, "transform_library", None)


def _expand(paths):
    files = []
    for path in paths:
        if os.path.isfile(path):
            files.append(path)
            continue
        if not os.path.isdir(path):
            raise MLIRError(Diagnostic("error", FileLineColLoc(path, 0, 0),
                                       f"'{path}' is neither a file nor a directory"))
        for name in sorted(os.listdir(path)):
            full = os.path.join(path, name)
            if os.path.isfile(full) and name.endswith(".mlir"):
                files.append(full)
    return files


def _symbols(module):
    return {o.properties["sym_name"].value: o for o in module.regions[0].blocks[0].ops
            if "sym_name" in o.properties}


def merge_library(entry, library):
    """Copies the library's named sequences into the symbol table holding `entry`."""
    table = entry.parent_op
    while table is not None and not table.has_trait("SymbolTable"):
        table = table.parent_op
    if table is None:
        return
    existing = _symbols(table)
    block = table.regions[0].blocks[0]
    for name, op in _symbols(library).items():
        old = existing.get(name)
        if old is None:
            block.append(op.clone())
        elif old.regions and not old.regions[0].blocks and op.regions[0].blocks:
            old.erase()  # (the definition goes to the end, as mergeSymbolsInto moves it)
            block.append(op.clone())


@register_pass("transform-preload-library", "preload transform dialect library",
               display_name="PreloadLibraryPass", options=[
                   PassOption("transform-library-paths", list, [],
                              "Optional paths to files with modules that should be merged "
                              "into the transform module to provide the definitions of "
                              "external named sequences."),
               ])
def preload_library(module, ctx, options):
    from pyopt.tool import parse_module
    from pyopt.ir.verifier import verify
    merged = None
    for path in _expand(options["transform-library-paths"]):
        try:
            with open(path) as f:
                text = f.read()
        except OSError as e:
            raise MLIRError(Diagnostic("error", FileLineColLoc(path, 0, 0),
                                       f"failed to open transform file: {e.strerror}"))
        lib, _ = parse_module(SourceBuffer(path, text), ctx)
        verify(lib, ctx)
        if merged is None:
            merged = lib
            merged.attributes["transform.with_named_sequence"] = UNIT
            continue
        have = _symbols(merged)
        for name, op in _symbols(lib).items():
            if name not in have:
                op.detach()
                merged.regions[0].blocks[0].append(op)
    ctx.transform_library = merged
