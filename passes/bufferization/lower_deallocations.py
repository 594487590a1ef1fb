"""`bufferization-lower-deallocations`: `bufferization.dealloc` becomes memref.dealloc under
scf.if guards (MLIR 19's LowerDeallocations.cpp). One memref and nothing retained: a guarded
free; one memref and retained values: run-time pointer comparisons with each retained value;
several memrefs: lists of base pointers handed to a private `@dealloc_helper` function (built
once per symbol table) that computes which to free and the retained values' ownership.
convert-bufferization-to-memref lowers deallocs the same way (`lower_deallocs`)."""
from __future__ import annotations

from pyopt.interfaces.function_like import is_function_like
from pyopt.ir.attributes import BoolAttr, StringAttr, TypeAttr
from pyopt.ir.core import Block, Region
from pyopt.ir.diagnostics import Diagnostic, MLIRError
from pyopt.ir.opdef import SYMBOL_TABLE, segment_sizes
from pyopt.ir.types import DYNAMIC, I1, INDEX, FunctionType, MemRefType
from pyopt.pass_registry import register_pass
from pyopt.rewrite.rewriter import Builder

from passes.scf.common import const_index, create_for


def _error(op, message):
    err = MLIRError(Diagnostic("error", op.loc, message))
    err.op = op
    return err


def _bool(b, value, loc):
    return b.create("arith.constant", [], [I1], properties={"value": BoolAttr(value)},
                    loc=loc).results[0]


def _alloc(b, t, loc):
    return b.create("memref.alloc", [], [t],
                    properties={"operandSegmentSizes": segment_sizes([0, 0])},
                    loc=loc).results[0]


def _if_then(b, cond, fn, loc):
    """scf.if cond { fn(); scf.yield } with no else region."""
    op = b.create("scf.if", [cond], [], regions=[Region(), Region()], loc=loc)
    block = Block()
    op.regions[0].append(block)
    ip = b.save()
    b.set_insertion_point_to_end(block)
    fn()
    b.create("scf.yield", [], [], loc=loc)
    b.restore(ip)
    return op


def _for(b, lb, ub, step, inits, body, loc):
    """scf.for whose body(iv, iter_args) returns the values to yield."""
    f = create_for(b, lb, ub, step, inits, loc, terminate=False)
    block = f.regions[0].blocks[0]
    ip = b.save()
    b.set_insertion_point_to_end(block)
    b.create("scf.yield", body(block.args[0], list(block.args[1:])), [], loc=loc)
    b.restore(ip)
    return f


def _pointer(b, memref, loc):
    return b.create("memref.extract_aligned_pointer_as_index", [memref], [INDEX],
                    loc=loc).results[0]


def _cmp(b, pred, x, y, loc):
    from pyopt.dialects.arith.ops import CMPI_PRED
    return b.create("arith.cmpi", [x, y], [I1], properties={"predicate": CMPI_PRED.attr(pred)},
                    loc=loc).results[0]


def _binop(b, name, x, y, loc):
    return b.create(name, [x, y], [x.type], loc=loc).results[0]


def _free(b, memref, loc):
    b.create("memref.dealloc", [memref], [], loc=loc)


def build_dealloc_helper(b, loc, table_block):
    """buildDeallocationLibraryFunction: @dealloc_helper(to_free, to_retain, conditions,
    free_out, ownership_out), appended to `table_block` (as SymbolTable::insert does)."""
    index_list, bool_list = MemRefType([DYNAMIC], INDEX), MemRefType([DYNAMIC], I1)
    arg_types = [index_list, index_list, bool_list, bool_list, bool_list]
    name = _unique_name(table_block, "dealloc_helper")
    b.set_insertion_point_to_end(table_block)
    func = b.create("func.func", [], [], properties={
        "sym_name": StringAttr(name), "function_type": TypeAttr(FunctionType(arg_types, [])),
        "sym_visibility": StringAttr("private")}, regions=[Region()], loc=loc)
    block = Block(arg_types, [loc] * len(arg_types))
    func.regions[0].append(block)
    to_free, to_retain, conds, free_out, own_out = block.args
    b.set_insertion_point_to_start(block)
    c0, c1 = const_index(b, 0, loc), const_index(b, 1, loc)
    true, false = _bool(b, True, loc), _bool(b, False, loc)
    n_free = b.create("memref.dim", [to_free, c0], [INDEX], loc=loc).results[0]
    n_retain = b.create("memref.dim", [to_retain, c0], [INDEX], loc=loc).results[0]

    def clear(i, _):
        b.create("memref.store", [false, own_out, i], [], loc=loc)
        return []
    _for(b, c0, n_retain, c1, [], clear, loc)

    def per_freed(outer, _):
        ptr = b.create("memref.load", [to_free, outer], [INDEX], loc=loc).results[0]
        cond = b.create("memref.load", [conds, outer], [I1], loc=loc).results[0]

        def vs_retained(i, acc):
            r = b.create("memref.load", [to_retain, i], [INDEX], loc=loc).results[0]
            aliases = _cmp(b, "eq", r, ptr, loc)

            def update():
                old = b.create("memref.load", [own_out, i], [I1], loc=loc).results[0]
                b.create("memref.store", [_binop(b, "arith.ori", old, cond, loc), own_out, i],
                         [], loc=loc)
            _if_then(b, aliases, update, loc)
            differs = _cmp(b, "ne", r, ptr, loc)
            return [_binop(b, "arith.andi", acc[0], differs, loc)]
        no_retain_alias = _for(b, c0, n_retain, c1, [true], vs_retained, loc).results[0]

        def vs_earlier(i, acc):
            prev = b.create("memref.load", [to_free, i], [INDEX], loc=loc).results[0]
            differs = _cmp(b, "ne", prev, ptr, loc)
            return [_binop(b, "arith.andi", acc[0], differs, loc)]
        no_alias = _for(b, c0, outer, c1, [no_retain_alias], vs_earlier, loc).results[0]
        should = _binop(b, "arith.andi", no_alias, cond, loc)
        b.create("memref.store", [should, free_out, outer], [], loc=loc)
        return []
    _for(b, c0, n_free, c1, [], per_freed, loc)
    b.create("func.return", [], [], loc=loc)
    return name


def _unique_name(block, name):
    """SymbolTable::insert renames a clashing symbol: name_0, name_1, ..."""
    taken = {o.get_attr("sym_name").value for o in block.ops if o.get_attr("sym_name")}
    if name not in taken:
        return name
    i = 0
    while f"{name}_{i}" in taken:
        i += 1
    return f"{name}_{i}"


def lower_dealloc(b, op, helper):
    """Replaces one bufferization.dealloc (see the module docstring); `helper` is the
    @dealloc_helper name of its symbol table or None."""
    loc = op.loc
    memrefs, conds, retained = op.memrefs, op.conditions, op.retained
    b.set_insertion_point(op)
    if not memrefs:
        false = _bool(b, False, loc)
        _replace(op, [false] * len(retained))
        return
    if len(memrefs) == 1 and not retained:
        _if_then(b, conds[0], lambda: _free(b, memrefs[0], loc), loc)
        _replace(op, [])
        return
    if len(memrefs) == 1:
        ptr = _pointer(b, memrefs[0], loc)
        differ = [_cmp(b, "ne", ptr, _pointer(b, r, loc), loc) for r in retained]
        acc = differ[0]
        for d in differ[1:]:
            acc = _binop(b, "arith.andi", acc, d, loc)
        should = _binop(b, "arith.andi", acc, conds[0], loc)
        _if_then(b, should, lambda: _free(b, memrefs[0], loc), loc)
        true = _bool(b, True, loc)
        repl = [_binop(b, "arith.andi", _binop(b, "arith.xori", d, true, loc), conds[0], loc)
                for d in differ]
        _replace(op, repl)
        return
    if helper is None:
        err = _error(op, "library function required for generic lowering, but cannot be "
                     "automatically inserted when operating on functions")
        err.more = [_error(op, f"failed to legalize operation '{op.name}' that was explicitly "
                           "marked illegal").diag]
        raise err
    n, k = len(memrefs), len(retained)
    free_list = _alloc(b, MemRefType([n], INDEX), loc)
    cond_list = _alloc(b, MemRefType([len(conds)], I1), loc)
    retain_list = _alloc(b, MemRefType([k], INDEX), loc)
    for i, m in enumerate(memrefs):
        b.create("memref.store", [_pointer(b, m, loc), free_list, const_index(b, i, loc)], [],
                 loc=loc)
    for i, c in enumerate(conds):
        b.create("memref.store", [c, cond_list, const_index(b, i, loc)], [], loc=loc)
    for i, r in enumerate(retained):
        b.create("memref.store", [_pointer(b, r, loc), retain_list, const_index(b, i, loc)], [],
                 loc=loc)

    def dyn(v):
        t = MemRefType([DYNAMIC], v.type.element_type)
        return b.create("memref.cast", [v], [t], loc=loc).results[0]
    free_arg, cond_arg, retain_arg = dyn(free_list), dyn(cond_list), dyn(retain_list)
    args = [free_arg, retain_arg, cond_arg]
    free_out = _alloc(b, MemRefType([n], I1), loc)
    own_out = _alloc(b, MemRefType([k], I1), loc)
    args += [dyn(free_out), dyn(own_out)]
    from pyopt.ir.attributes import SymbolRefAttr
    b.create("func.call", args, [], properties={"callee": SymbolRefAttr(helper)}, loc=loc)
    for i, m in enumerate(memrefs):
        should = b.create("memref.load", [free_out, const_index(b, i, loc)], [I1],
                          loc=loc).results[0]
        _if_then(b, should, lambda m=m: _free(b, m, loc), loc)
    repl = [b.create("memref.load", [own_out, const_index(b, i, loc)], [I1],
                     loc=loc).results[0] for i in range(k)]
    for v in (free_list, retain_list, cond_list, free_out, own_out):
        _free(b, v, loc)
    _replace(op, repl)


def _replace(op, values):
    for r, v in zip(op.results, values):
        r.replace_all_uses_with(v)
    op.erase()


def _symbol_table(op):
    p = op.parent_op
    while p is not None and (p.opdef is None or SYMBOL_TABLE not in p.opdef.traits):
        p = p.parent_op
    return p


def lower_deallocs(root, ctx, pass_name):
    """Lowers every bufferization.dealloc in `root` (a module or a function)."""
    if root.name != "builtin.module" and not is_function_like(root):
        raise MLIRError(Diagnostic("error", root.loc,
                                   "root operation must be a builtin.module or a function"))
    deallocs = [o for o in root.walk_ops() if o.name == "bufferization.dealloc"]
    b = Builder(ctx)
    helpers = {}
    if root.name == "builtin.module":
        for d in deallocs:
            table = _symbol_table(d)
            if len(d.memrefs) > 1 and table is not None and table not in helpers:
                helpers[table] = build_dealloc_helper(b, root.loc, table.regions[0].blocks[0])
    for d in deallocs:
        lower_dealloc(b, d, helpers.get(_symbol_table(d)))


@register_pass("bufferization-lower-deallocations",
               "Lowers `bufferization.dealloc` operations to `memref.dealloc`operations",
               display_name="LowerDeallocationsPass")
def bufferization_lower_deallocations(op, ctx, options):
    lower_deallocs(op, ctx, "bufferization-lower-deallocations")
