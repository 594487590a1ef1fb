"""MemRef's transform extension (MLIR 19 MemRefTransformOps): pattern descriptors for
transform.apply_patterns, and transform.memref.alloca_to_global, multibuffer and
erase_dead_alloc_and_stores. The descriptors' patterns and the last two ops are implemented
by the pass library (passes/transform/memref_patterns.py), which owns the rewrites."""
from __future__ import annotations

from pyopt.ir.attributes import StringAttr, SymbolRefAttr, TypeAttr
from pyopt.ir.constraints import I64Attr, UnitAttrConstraint
from pyopt.ir.opdef import Op
from pyopt.ir.symbols import nearest_symbol_table, symbol_name
from pyopt.dialects.transform.extension import pattern_descriptor, register_ops, transform_op
from pyopt.dialects.transform.types import OpHandle, PositiveI64Attr, concrete_op



EXTRACT_ADDRESS_COMPUTATIONS = pattern_descriptor(
    Op("transform.apply_patterns.memref.extract_address_computations", format="attr-dict"))
EXPAND_OPS = pattern_descriptor(
    Op("transform.apply_patterns.memref.expand_ops", format="attr-dict"))
EXPAND_STRIDED_METADATA = pattern_descriptor(
    Op("transform.apply_patterns.memref.expand_strided_metadata", format="attr-dict"))
FOLD_MEMREF_ALIAS_OPS = pattern_descriptor(
    Op("transform.apply_patterns.memref.fold_memref_alias_ops", format="attr-dict"))
RESOLVE_RANKED_SHAPED_TYPE_RESULT_DIMS = pattern_descriptor(
    Op("transform.apply_patterns.memref.resolve_ranked_shaped_type_result_dims",
       format="attr-dict"))
ALLOC_TO_ALLOCA = pattern_descriptor(
    Op("transform.apply_patterns.memref.alloc_to_alloca",
       attrs={"size_limit": I64Attr.opt()},
       format="(`size_limit` `(` $size_limit^ `)`)? attr-dict"))


# -- transform.memref.* ops ----------------------------------------------------------------
def _unique_symbol(table_op, base):
    """SymbolTable::insert's renaming: `base`, else `base_0`, `base_1`, ..."""
    names = {symbol_name(o) for o in table_op.regions[0].blocks[0]}
    if base not in names:
        return base
    i = 0
    while f"{base}_{i}" in names:
        i += 1
    return f"{base}_{i}"


def _alloca_to_global(op, state, results):
    """Each alloca becomes a memref.get_global of a new private memref.global of its type,
    appended to the nearest symbol table."""
    rw = state.rewriter
    gets, globals_ = [], []
    for alloca in state.payload_ops(op.alloca):
        table = nearest_symbol_table(alloca)
        t = alloca.results[0].type
        name = _unique_symbol(table, "alloca")
        ip = rw.save()
        rw.set_insertion_point_to_end(table.regions[0].blocks[0])
        g = rw.create("memref.global", properties={
            "sym_name": StringAttr(name), "sym_visibility": StringAttr("private"),
            "type": TypeAttr(t)}, loc=alloca.loc)
        rw.restore(ip)
        rw.set_insertion_point(alloca)
        get = rw.create("memref.get_global", [], [t],
                        properties={"name": SymbolRefAttr(name, ())}, loc=alloca.loc)
        rw.replace_op(alloca, get.results)
        gets.append(get)
        globals_.append(g)
    results.set(op.results[0], gets)
    results.set(op.results[1], globals_)


ALLOCA_TO_GLOBAL = transform_op(
    Op("transform.memref.alloca_to_global", operands=[("alloca", concrete_op("memref.alloca"))],
       results=[("getGlobal", OpHandle), ("global", OpHandle)],
       format="$alloca attr-dict `:` functional-type(operands, results)"),
    _alloca_to_global, consumes=("alloca",), modifies_payload=True)

MULTIBUFFER = register_ops(
    Op("transform.memref.multibuffer", operands=[("target", concrete_op("memref.alloc"))],
       attrs={"factor": PositiveI64Attr, "skip_analysis": UnitAttrConstraint.opt()},
       results=[("transformed", OpHandle)],
       format="$target attr-dict `:` functional-type(operands, results)"))

ERASE_DEAD_ALLOC_AND_STORES = register_ops(
    Op("transform.memref.erase_dead_alloc_and_stores", operands=[("target", OpHandle)],
       format="$target attr-dict `:` functional-type($target, results)"))

MAKE_LOOP_INDEPENDENT = register_ops(
    Op("transform.memref.make_loop_independent", operands=[("target", OpHandle)],
       attrs={"num_loops": I64Attr}, results=[("transformed", OpHandle)],
       format="$target attr-dict `:` functional-type($target, $transformed)"))
