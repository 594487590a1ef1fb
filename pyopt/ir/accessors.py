"""What MLIR's ODS generates from an op declaration: named accessors and a builder.

Every registered op gets properties (installed on Operation at the first op of its kind, each
dispatching on the op's declaration) that read the op by name instead of by position:

    sv.source, sv.offsets, sv.static_offsets, sv.mixed_offsets   # memref.subview
    for_op.lowerBound, for_op.initArgs, for_op.region            # scf.for
    br.dest, br.destOperands                                     # cf.br

- an operand or result group: the Value (single), the Value or None (optional '?'), or the
  list of Values (variadic '*'); single operands and attributes can also be assigned;
- an attribute or property: its Attribute or None;
- a region: the Region (a list for a variadic region); a successor: its Block;
- `mixed_X` for an operand group `X` with a `static_X` array: the static entries as ints and
  the dynamic ones (MLIR's ShapedType::kDynamic) as the matching Values (getMixedX).
A name that Operation already has (`results`, `operands`, `operand`, `name`, ...) is not
shadowed; read such groups with `op.group("results")` or, as cheap as the other accessors, with
a trailing underscore: `negf.operand_` (the `operand` of arith.negf and the math unary ops).
A name that is a Python keyword (`in` of the arith casts, memref.transpose and many llvm
intrinsics, `from`, `global`) has the same trailing-underscore spelling: `ext.in_`. (No op
declares a name with the underscore itself; if one did, its own name would win.)
Fixed positions are compiled into each declaration's getter; the dispatch adds one dict lookup.

`opdef.build(b, result_types=None, loc=None, **named)` creates the op with its operand groups
and attributes given by name, filling in `operandSegmentSizes` and, where the declaration says
how (an `infer` entry or SameOperandsAndResultType), the result types.
"""
from __future__ import annotations

from keyword import iskeyword

DYNAMIC = -(1 << 63)  # ShapedType::kDynamic


def _camel(name):
    parts = name.replace(".", "_").split("_")
    return "".join(p[:1].upper() + p[1:] for p in parts if p) + "Op"


def make_op_class(opdef, base):
    """Installs `opdef`'s named accessors on `base` (Operation) and returns `base`.

    Every op stays an instance of Operation itself: with one class per op kind, every
    `op.name` / `op.operand_slots` read in generic code saw many receiver types and lost
    CPython's specialised attribute loads (lowering ran about 10% more instructions per op).
    So each accessor name is one property on Operation that dispatches on the op's
    declaration; an op whose declaration lacks the name raises AttributeError as before."""
    taken = _base_names(base)
    own = {}

    def add(name, getter, setter=None):
        if name not in taken and name not in own:
            own[name] = (getter, setter)
        if (name in taken or iskeyword(name)) and name + "_" not in opdef.accessors:
            add(name + "_", getter, setter)  # `op.operand` is Operation's, `op.in` a syntax error

    for gi, a in enumerate(opdef.operands):
        add(a.name, _operand_getter(opdef, gi), _group_setter(gi, a.kind))
    fixed_results = all(not a.kind for a in opdef.results)
    for gi, a in enumerate(opdef.results):
        if fixed_results:
            add(a.name, _result_getter(gi))
        elif len(opdef.results) == 1 and a.kind == "*":
            add(a.name, lambda op: list(op.results))
        else:
            add(a.name, _group_getter("result", gi))
    for name in opdef.attrs:
        add(name, _attr_getter(name), _attr_setter(name))
    for ri, r in enumerate(opdef.regions):
        add(r.name, _regions_from(ri) if r.variadic else _region_getter(ri))
    for si, s in enumerate(opdef.successors):
        add(s.name, _successors_from(si) if s.kind else _successor_getter(si))
    names = {a.name: gi for gi, a in enumerate(opdef.operands)}
    for n, gi in names.items():
        if "static_" + n in opdef.attrs:
            add("mixed_" + n, _mixed_getter(gi, "static_" + n))
    for name, (getter, setter) in own.items():
        _add_getter(base, name, opdef, getter)
        if setter is not None:
            _dispatch_tables(base, name)[1][opdef] = setter
    return base


_BASE_NAMES = {}  # base class -> the names it has of its own (before any accessor)
_DISPATCH = {}  # (base, name) -> ({opdef: operand position or getter}, {opdef: setter})


def _base_names(base):
    names = _BASE_NAMES.get(base)
    if names is None:
        names = _BASE_NAMES[base] = frozenset(dir(base))
    return names


def _dispatch_tables(base, name):
    """The per-declaration tables behind the property `name` of `base`: for reading, a fixed
    operand position or a getter; for assigning, a setter. While every declaration of `name`
    has a fixed position, the property reads that slot itself (one dict subscript more than
    op.operand(i)); the first getter of another kind switches it to the general form."""
    tables = _DISPATCH.get((base, name))
    if tables is None:
        getters, setters = tables = _DISPATCH[(base, name)] = ({}, {})
        setattr(base, name, property(_positional_get(getters, name), _set(setters, name)))
    return tables


def _add_getter(base, name, opdef, getter):
    getters, setters = _dispatch_tables(base, name)
    if type(getter) is not int and all(type(g) is int for g in getters.values()):
        setattr(base, name, property(_general_get(getters, name), _set(setters, name)))
    getters[opdef] = getter


def _positional_get(getters, name):
    def get(op):
        try:
            return op.operand_slots[getters[op.opdef]].value
        except KeyError:
            raise AttributeError(f"'{op.name}' has no accessor '{name}'") from None
    return get


def _general_get(getters, name):
    def get(op):
        try:
            g = getters[op.opdef]
        except KeyError:
            raise AttributeError(f"'{op.name}' has no accessor '{name}'") from None
        if g.__class__ is int:
            return op.operand_slots[g].value
        return g(op)
    return get


def _set(setters, name):
    def set_(op, value):
        s = setters.get(op.opdef)
        if s is None:
            raise AttributeError(f"'{op.name}' accessor '{name}' cannot be assigned")
        s(op, value)
    return set_


def _operand_getter(opdef, gi):
    """The fastest reader of operand group `gi` the declaration allows: a fixed position (an
    int, negative from the back) when the groups before (or after) it are single, the segment
    sizes of an attribute-sized op, else the generic group reader."""
    from pyopt.ir.opdef import ATTR_SIZED_OPERANDS
    groups = opdef.operands
    kind = groups[gi].kind
    before, after = groups[:gi], groups[gi + 1:]
    if not kind and not any(a.kind for a in before):
        return gi  # (an int: the dispatching property reads that slot itself)
    if ATTR_SIZED_OPERANDS in opdef.traits:
        def get(op):
            sizes = op.properties["operandSegmentSizes"].values
            start = sum(sizes[:gi])
            n = sizes[gi]
            slots = op.operand_slots
            if kind == "*":
                return [slots[i].value for i in range(start, start + n)]
            return slots[start].value if n else None
        return get
    if any(a.kind for a in before) and any(a.kind for a in after) or kind == "?":
        return _group_getter("operand", gi)
    if not any(a.kind for a in before):
        i = gi
        if kind == "*":
            k = len(after)
            return lambda op: [s.value for s in op.operand_slots[i:len(op.operand_slots) - k]]
        return i
    return -(len(after) + 1)  # single, counted from the back


def _result_getter(i):
    def get(op):
        return op.results[i]
    return get


def _group_getter(kind, gi):
    def get(op):
        return op.opdef.get_group(op, kind, gi)
    return get


def _group_setter(gi, kind):
    if kind:
        return None  # (resizing a group changes segment sizes: use the op's own methods)

    def set_(op, value):
        start, _ = op.opdef.group_ranges(op, "operand")[gi]
        op.operand_slots[start].set(value)
    return set_


def _attr_getter(name):
    def get(op):  # (Operation.get_attr, without its call)
        a = op.properties.get(name)
        return a if a is not None else op.attributes.get(name)
    return get


def _attr_setter(name):
    def set_(op, value):
        op.set_attr(name, value)
    return set_


def _region_getter(i):
    def get(op):
        return op.regions[i]
    return get


def _regions_from(i):
    def get(op):
        return op.regions[i:]
    return get


def _successor_getter(i):
    def get(op):
        return op.successor_slots[i].block
    return get


def _successors_from(i):
    def get(op):
        return [s.block for s in op.successor_slots[i:]]
    return get


def _mixed_getter(gi, static_name):
    def get(op):
        return mixed_values(op.opdef.get_group(op, "operand", gi), op.get_attr(static_name))
    return get


def mixed_values(dynamic, static_attr):
    """getMixedValues: the static entries, with each dynamic marker replaced by the next
    dynamic Value."""
    dyn = iter(dynamic)
    return [next(dyn) if s == DYNAMIC else s for s in static_attr.values]


def group(op, name):
    """An operand or result group (or attribute, region, successor) by its declared name."""
    kind, index = op.opdef.accessors[name]
    if kind in ("operand", "result"):
        return op.opdef.get_group(op, kind, index)
    if kind == "attr":
        return op.get_attr(index)
    if kind == "region":
        return op.regions[index]
    return op.successor_slots[index].block


# -- builders ------------------------------------------------------------------------------------
def build(opdef, b, result_types=None, loc=None, regions=0, successors=(), attributes=None,
          **named):
    """Creates `opdef`'s op at `b`'s insertion point from named operand groups and attributes
    (see the module docstring). Returns the op."""
    from pyopt.ir.opdef import ATTR_SIZED_OPERANDS, segment_sizes
    operands, sizes = [], []
    for a in opdef.operands:
        v = named.pop(a.name, None)
        if a.kind == "*":
            vals = list(v or ())
        elif a.kind == "?":
            vals = [] if v is None else [v]
        else:
            if v is None:
                raise TypeError(f"{opdef.name}: operand '{a.name}' is required")
            vals = [v]
        operands.extend(vals)
        sizes.append(len(vals))
    props = {}
    for name in list(named):
        if name in opdef.attrs:
            props[name] = named.pop(name)
    if named:
        raise TypeError(f"{opdef.name}: unknown argument(s) {', '.join(sorted(named))}")
    if ATTR_SIZED_OPERANDS in opdef.traits:
        props["operandSegmentSizes"] = segment_sizes(sizes)
    if result_types is None:
        result_types = _infer_results(opdef, operands, props)
    return b.create(opdef.name, operands, result_types, properties=props,
                    attributes=attributes, regions=regions, successors=successors, loc=loc)


def _infer_results(opdef, operands, props):
    from pyopt.ir.opdef import SAME_OPERANDS_AND_RESULT_TYPE
    if not opdef.results:
        return []
    if all(a.name in opdef.infer for a in opdef.results):
        known = {a.name: v.type for a, v in zip(opdef.operands, operands) if not a.kind}
        out = []
        for a in opdef.results:
            how = opdef.infer[a.name]
            out.append(known[how] if isinstance(how, str) else how(known, props))
            known[a.name] = out[-1]
        return out
    if SAME_OPERANDS_AND_RESULT_TYPE in opdef.traits and operands and \
            all(not a.kind for a in opdef.results):
        return [operands[0].type] * len(opdef.results)
    raise TypeError(f"{opdef.name}: result types cannot be inferred; pass result_types=")
