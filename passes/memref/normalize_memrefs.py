"""`normalize-memrefs`: memrefs with a non-identity affine layout become memrefs with the
identity layout whose shape is the layout's image (e.g. a transposed or tiled buffer gets the
transposed or tiled shape), and every access is rewritten through the old layout map.

This is done for memref.alloc results, function arguments and results, call results and the
results of other normalizable ops, in every function whose memrefs are only used by ops that
can follow the change (the MemRefsNormalizable ops); a function that cannot is left alone,
and so are its callers and callees. Dynamic shapes are supported for tiled layouts only
(`d floordiv K` paired with `d mod K`)."""
from __future__ import annotations

from pyopt.interfaces import function_like as fl
from pyopt.ir.affine import AffineExprKind, AffineMap, binary_op
from pyopt.ir.attributes import AffineMapAttr, IntegerAttr, SymbolRefAttr
from pyopt.ir.opdef import segment_sizes
from pyopt.ir.types import DYNAMIC, FunctionType, INDEX, MemRefType
from pyopt.pass_registry import register_pass
from pyopt.rewrite.rewriter import Builder
from pyopt.dialects.affine.memref_uses import ACCESS_MEMREF_POS, replace_memref_access

_K = AffineExprKind

NORMALIZABLE = frozenset({
    "affine.load", "affine.vector_load", "affine.store", "affine.vector_store",
    "affine.parallel", "affine.prefetch", "affine.yield", "memref.cast", "memref.dealloc",
    "memref.dim", "memref.load", "memref.store", "memref.memory_space_cast",
    "memref.reinterpret_cast", "func.call", "func.return", "test.op_norm", "test.op_norm_ret"})

# AffineMapAccessInterface ops: (memref operand index, map attribute name)
_ACCESS = {"affine.load": 0, "affine.vector_load": 0, "affine.store": 1,
           "affine.vector_store": 1, "affine.prefetch": 0}


# ------------------------------------------------------------------------ the new type
def _layout_map(t):
    lay = t.layout
    return lay.value if type(lay) is AffineMapAttr else None


def tile_size_pos(m):
    """getTileSizePos: [(tile size expr, floordiv position, mod position)] when `m` is a
    tiled layout, else []."""
    floordivs = [(e.lhs, e.rhs, i) for i, e in enumerate(m.results)
                 if e.kind is _K.FLOORDIV and e.rhs.kind is _K.CONSTANT]
    out = []
    for lhs, rhs, fpos in floordivs:
        found = False
        for pos, e in enumerate(m.results):
            if pos == fpos:
                continue
            not_tiled = False
            for sub in e.walk():
                if sub != lhs:
                    continue
                if e.kind is _K.MOD and e.lhs == lhs and e.rhs == rhs and not found:
                    out.append((rhs, fpos, pos))
                    found = True
                else:
                    not_tiled = True
            if not_tiled:
                return []
    return out


def _ub(e, ranges):
    """[lo, hi] of a pure affine expression over dim ranges (None: unknown)."""
    k = e.kind
    if k is _K.CONSTANT:
        return e.value, e.value
    if k is _K.DIM:
        return ranges[e.position]
    if k is _K.SYMBOL:
        return None
    a, b = _ub(e.lhs, ranges), _ub(e.rhs, ranges)
    if a is None or b is None:
        return None
    if k is _K.ADD:
        return a[0] + b[0], a[1] + b[1]
    if b[0] != b[1]:
        return None  # semi-affine
    c = b[0]
    if k is _K.MUL:
        return (a[0] * c, a[1] * c) if c >= 0 else (a[1] * c, a[0] * c)
    if c <= 0:
        return None
    if k is _K.FLOORDIV:
        return a[0] // c, a[1] // c
    if k is _K.CEILDIV:
        return -(-a[0] // c), -(-a[1] // c)
    if k is _K.MOD:
        return 0, c - 1  # (the bound upstream's projection finds, even for small operands)
    return None


def normalize_type(t):
    if not isinstance(t, MemRefType) or not t.shape or t.layout is None:
        return t
    m = _layout_map(t)
    if m is None:
        return t
    if DYNAMIC in t.shape and not tile_size_pos(m):
        return t
    dyn = {d for d, s in enumerate(t.shape) if s == DYNAMIC}
    ranges = [(0, s - 1) if s != DYNAMIC else (0, 0) for s in t.shape]
    shape = []
    for e in m.results:
        if any(x.kind is _K.DIM and x.position in dyn for x in e.walk()):
            shape.append(DYNAMIC)
            continue
        r = _ub(e, ranges)
        if r is None or r[1] < 0:
            return t
        shape.append(r[1] + 1)
    return MemRefType(tuple(shape), t.element_type, None, t.memory_space)


# ------------------------------------------------------------------------ rewriting uses
def _apply(b, m, operands, loc):
    return b.create("affine.apply", operands, [INDEX], properties={"map": AffineMapAttr(m)},
                    loc=loc).results[0]


def _replace_in_access(ctx, op, old, new, remap, symbols):
    """Rewrites one affine access of `old` into an access of `new` through `remap`."""
    if op.operands[ACCESS_MEMREF_POS[op.name]] is old:
        replace_memref_access(ctx, op, new, remap, symbol_operands=symbols)


def replace_memref_uses(ctx, old, new, remap, symbols=(), in_dealloc=False):
    """replaceAllMemRefUsesWith (no dominance filters, non-dereferencing uses allowed)."""
    users = []
    for u in old.users():
        if u in users:
            continue
        if u.name == "memref.dealloc" and not in_dealloc:
            continue
        if u.name not in _ACCESS and u.name not in NORMALIZABLE:
            return False
        users.append(u)
    for u in users:
        if u.name in _ACCESS:
            _replace_in_access(ctx, u, old, new, remap, symbols)
        else:
            for i, v in enumerate(u.operands):
                if v is old:
                    u.set_operand(i, new)
                    break
    return True


def _const_index(b, v, loc):
    return b.create("arith.constant", [], [INDEX], properties={"value": IntegerAttr(INDEX, v)},
                    loc=loc).results[0]


def normalize_alloc(ctx, alloc):
    t = alloc.results[0].type
    nt = normalize_type(t)
    if nt is t or nt == t:
        return
    m = _layout_map(t)
    sizes_ = alloc.opdef.get_group(alloc, "operand", 0)
    sizes = list(sizes_) if isinstance(sizes_, list) else []
    syms_ = alloc.opdef.get_group(alloc, "operand", 1)
    symbols = list(syms_) if isinstance(syms_, list) else []
    b = Builder(ctx)
    b.set_insertion_point(alloc)
    tiles = tile_size_pos(m)
    props = {}
    if "alignment" in alloc.properties:
        props["alignment"] = alloc.properties["alignment"]
    new_sizes = []
    if DYNAMIC in nt.shape and tiles:
        inputs, k = [], 0
        for s in t.shape:
            if s == DYNAMIC:
                inputs.append(sizes[k])
                k += 1
            else:
                inputs.append(_const_index(b, s, alloc.loc))
        for d, e in enumerate(m.results):
            if nt.shape[d] != DYNAMIC:
                continue
            out = e
            for size, fpos, mpos in tiles:
                if d == fpos:
                    out = binary_op(_K.CEILDIV, e.lhs, e.rhs)
                elif d == mpos:
                    out = e.rhs
            new_sizes.append(_apply(b, AffineMap.get(m.num_inputs, m.num_symbols, [out]),
                                    inputs, alloc.loc))
    props["operandSegmentSizes"] = segment_sizes([len(new_sizes), 0])
    new = b.create("memref.alloc", new_sizes, [nt], properties=props, loc=alloc.loc)
    old = alloc.results[0]
    if not replace_memref_uses(ctx, old, new.results[0], m, symbols):
        new.erase()
        return
    old.replace_all_uses_with(new.results[0])
    alloc.erase()


# ------------------------------------------------------------------------ functions
def _funcs(module):
    return [op for blk in module.regions[0].blocks for op in blk if op.name == "func.func"]


def _name(f):
    return f.get_attr("sym_name").value


def _refers_to(op, name):
    for a in list(op.properties.values()) + list(op.attributes.values()):
        if type(a) is SymbolRefAttr and a.root == name:
            return True
    return False


def _symbol_users(module, name):
    out = []
    for o in module.walk_ops():
        if _refers_to(o, name):
            out.append(o)
    return out


def _enclosing_func(op):
    while op is not None and op.name != "func.func":
        op = op.parent_op
    return op


def _is_external(f):
    return not f.regions[0].blocks


def _non_identity_memref(v):
    t = v.type
    return isinstance(t, MemRefType) and t.layout is not None


def _uses_normalizable(v):
    return all(u.name in NORMALIZABLE for u in v.users())


def _memrefs_normalizable(f):
    if _is_external(f):
        return True
    for o in f.walk_ops():
        if o.name == "memref.alloc" and _non_identity_memref(o.results[0]) and \
                not _uses_normalizable(o.results[0]):
            return False
        if o.name == "func.call":
            for r in o.results:
                if _non_identity_memref(r) and not _uses_normalizable(r):
                    return False
    for a in f.regions[0].blocks[0].args:
        if _non_identity_memref(a) and not _uses_normalizable(a):
            return False
    return True


class _Normalizer:
    def __init__(self, module, ctx):
        self.module, self.ctx = module, ctx

    def mark_non_normalizable(self, f, live):
        if f not in live:
            return
        live.discard(f)
        for user in _symbol_users(self.module, _name(f)):
            p = _enclosing_func(user)
            if p in live:
                self.mark_non_normalizable(p, live)
        for o in f.walk_ops():
            if o.name == "func.call":
                callee = o.get_attr("callee").root
                for g in list(live):
                    if _name(g) == callee:
                        self.mark_non_normalizable(g, live)
                        break

    def update_signature(self, f):
        ft = fl.function_type(f)
        results = list(ft.results)
        if not _is_external(f):
            inputs = [a.type for a in f.regions[0].blocks[0].args]
            for o in f.walk_ops():
                if o.name != "func.return":
                    continue
                for i, v in enumerate(o.operands):
                    t = v.type
                    if isinstance(t, MemRefType) and t != results[i] and t.layout is None:
                        results[i] = t
            new_ft = FunctionType(inputs, results)
        to_update = []
        b = Builder(self.ctx)
        for user in _symbol_users(self.module, _name(f)):
            if user.name != "func.call":
                continue
            b.set_insertion_point(user)
            call = b.create("func.call", list(user.operands), results,
                            properties=dict(user.properties), attributes=dict(user.attributes),
                            loc=user.loc)
            failed = changed = False
            for old, new in zip(user.results, call.results):
                if old.type == new.type:
                    continue
                if not replace_memref_uses(self.ctx, old, new, _layout_map(old.type),
                                           in_dealloc=True):
                    call.erase()
                    failed = True
                    break
                changed = True
            if failed:
                continue
            for old, new in zip(user.results, call.results):
                old.replace_all_uses_with(new)
            user.erase()
            if changed:
                p = _enclosing_func(call)
                if p not in to_update:
                    to_update.append(p)
        if not _is_external(f):
            fl.set_function_type(f, new_ft)
        for p in to_update:
            self.update_signature(p)

    def normalize_func(self, f):
        for a in [o for o in f.walk_ops() if o.name == "memref.alloc"]:
            normalize_alloc(self.ctx, a)
        ft = fl.function_type(f)
        inputs = []
        external = _is_external(f)
        for i, t in enumerate(ft.inputs):
            nt = normalize_type(t) if isinstance(t, MemRefType) else t
            if nt == t or external:
                inputs.append(nt)
                continue
            block = f.regions[0].blocks[0]
            old = block.args[i]
            new = block.insert_argument(i, nt, old.loc)
            old = block.args[i + 1]
            if not replace_memref_uses(self.ctx, old, new, _layout_map(t), in_dealloc=True):
                block.erase_argument(i)
                continue
            block.erase_argument(i + 1)
        if not external:
            for o in list(f.walk_ops()):
                if o.parent is None:
                    continue  # erased on the way
                if o.name in NORMALIZABLE and o.results and o.name != "func.call":
                    self._normalize_results(o)
        else:
            results = [normalize_type(t) if isinstance(t, MemRefType) else t
                       for t in ft.results]
            fl.set_function_type(f, FunctionType(inputs, results))
        self.update_signature(f)

    def _normalize_results(self, op):
        types = [normalize_type(r.type) if isinstance(r.type, MemRefType) else r.type
                 for r in op.results]
        if all(a == b.type for a, b in zip(types, op.results)):
            return
        b = Builder(self.ctx)
        b.set_insertion_point(op)
        regions = []
        for r in op.regions:
            from pyopt.ir.core import Region
            nr = Region()
            nr.take_body(r)
            regions.append(nr)
        new = b.create(op.name, list(op.operands), types, properties=dict(op.properties),
                       attributes=dict(op.attributes), regions=regions, loc=op.loc)
        for old, nv in zip(op.results, new.results):
            if not isinstance(old.type, MemRefType) or old.type == nv.type:
                continue
            if not replace_memref_uses(self.ctx, old, nv, _layout_map(old.type),
                                       in_dealloc=True):
                new.erase()
                return
        for old, nv in zip(op.results, new.results):
            old.replace_all_uses_with(nv)
        op.erase()


@register_pass("normalize-memrefs", "Normalize memrefs", anchor="builtin.module",
               display_name="NormalizeMemRefs")
def normalize_memrefs(op, ctx, options):
    n = _Normalizer(op, ctx)
    funcs = [f for f in op.walk_ops() if f.name == "func.func"]
    live = set(funcs)
    for f in funcs:
        if f in live and not _memrefs_normalizable(f):
            n.mark_non_normalizable(f, live)
    for f in funcs:
        if f in live:
            n.normalize_func(f)
