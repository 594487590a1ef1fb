"""The engine behind linalg's named structured ops: one OpDef per entry of named_table.py,
with its short form (`linalg.matmul ins(%a, %b : ...) outs(%c : ...) -> tensor<...>`), its
body built from the table's scalar expression, its indexing maps (the table's maps with the
stride/dilation symbols bound to the op's attributes) and its iterator types.

Table notation, per op: operands `name:kind:...` separated by spaces, where kind is
  in / out  (`I:in:T1:4`: type variable, rank or `*` for rank-polymorphic ops),
  scalar    (`value:scalar:T1`),
  index     (`strides:index:s2,s6:1,1`: the symbols the attribute binds, its default),
  unary_fn / binary_fn / type_fn  (`cast:type_fn:cast_signed`: the default function);
then the indexing maps, the iterator types (`p`/`r` per loop, empty for rank-polymorphic
ops), the body expression (body.py) and the interfaces the op implements.
"""
from __future__ import annotations

from pyopt.ir.affine import AffineMap, constant, symbol
from pyopt.ir.attributes import AffineMapAttr, ArrayAttr, DenseElementsAttr
from pyopt.ir.constraints import AnyType, AnyShaped, AnyRankedTensor, AttrConstraint, \
    DialectAttrC
from pyopt.ir.opdef import Op, ATTR_SIZED_OPERANDS
from pyopt.ir.types import I64, RankedTensorType, VectorType
from pyopt.ir.verifier import op_error
from pyopt.rewrite.rewriter import Builder
from pyopt.syntax.affine_parser import parse_affine_map
from pyopt.interfaces import attach
from pyopt.interfaces.destination_style import DESTINATION_STYLE, DestinationStyle
from pyopt.dialects.linalg.attrs import FN_ATTRS
from pyopt.dialects.linalg.body import BodyError, NAMED_TYPES, build_body, parse_expr
from pyopt.dialects.linalg.named_table import NAMED_OPS
from pyopt.dialects.linalg.structured import (
    LINALG_STRUCTURED, MEMOIZED_MAPS, Structured, attrs_of, element_type_or_self,
    in_out_names, operand_shape, structured_effects, parse_ins_outs, parse_result_types, print_ins_outs,
    print_result_types, verify_structured)


class IndexAttrC(AttrConstraint):
    """RankedI64ElementsAttr<[n]>."""

    def __init__(self, n):
        self.n = n
        self.summary = f"64-bit signless int elements attribute of shape [{n}]"

    def check(self, a):
        return type(a) is DenseElementsAttr and type(a.type) in (RankedTensorType, VectorType) and \
            a.type.element_type is I64 and list(a.type.shape) == [self.n]


class NamedSpec:
    """One table entry, decoded; the maps and the body expression on first use (start-up
    loads every dialect, most programs use few named ops)."""
    __slots__ = ("name", "args", "operands", "index_attrs", "fn_attrs", "_maps", "iterators",
                 "_body", "kind", "polymorphic", "num_inputs", "_map_texts", "_body_text")

    def __init__(self, name, entry):
        args, maps, iters, body, kind = entry
        self.name = name
        self.operands = []  # (name, "in"/"out"/"scalar", type variable)
        self.index_attrs = []  # (name, symbol positions, defaults)
        self.fn_attrs = {}  # name -> (attribute class, default keyword)
        for a in args.split():
            parts = a.split(":")
            if parts[1] in ("in", "out", "scalar"):
                self.operands.append((parts[0], parts[1], parts[2]))
            elif parts[1] == "index":
                self.index_attrs.append((parts[0], [int(s[1:]) for s in parts[2].split(",")],
                                         [int(x) for x in parts[3].split(",")]))
            else:
                self.fn_attrs[parts[0]] = (FN_ATTRS[parts[1]], parts[2])
        self._map_texts, self._maps = maps, None
        self.iterators = ["parallel" if c == "p" else "reduction" for c in iters]
        self.polymorphic = not iters
        self._body_text, self._body = body, None
        self.kind = kind
        self.num_inputs = sum(1 for o in self.operands if o[1] != "out")

    @property
    def maps(self):
        if self._maps is None:
            self._maps = [parse_affine_map(m + ">", 0)[0] for m in self._map_texts]
        return self._maps

    @property
    def body(self):
        if self._body is None:
            self._body = parse_expr(self._body_text)
        return self._body


# ---------------------------------------------------------------------------- maps
def _rank_polymorphic_maps(op):
    n = len(operand_shape(op.outputs[0]))  # (the init's rank)
    scalar, ident = AffineMap.get(n, 0, []), AffineMap.get_multi_dim_identity(n)
    return [ident if operand_shape(v) else scalar for v in op.operands]


def _maps_fn(spec):
    """getIndexingMaps: rank-polymorphic ops derive theirs from the init's rank; the others
    bind the table's symbols to the index attributes and memoize the result on the op (as
    the discardable attribute `linalg.memoized_indexing_maps`, as upstream does)."""
    if spec.polymorphic:
        return _rank_polymorphic_maps
    by_attrs = {}  # index attribute values -> the memoized maps' ArrayAttr (one per spec)

    def maps(op):
        cached = op.attributes.get(MEMOIZED_MAPS)
        if cached is not None:
            return [a.value for a in cached]
        key = tuple(op.properties.get(name) for name, _, _ in spec.index_attrs)
        attr = by_attrs.get(key)
        if attr is None:
            bindings = [symbol(i) for i in range(spec.maps[0].num_symbols)]
            for (name, syms, defaults), a in zip(spec.index_attrs, key):
                values = defaults if a is None else \
                    list(a.values) * len(syms) if a.is_splat else list(a.values)
                for k, s in enumerate(syms):
                    bindings[s] = constant(values[k])
            attr = by_attrs[key] = ArrayAttr([
                AffineMapAttr(m.replace_dims_and_symbols([], bindings, m.num_dims, 0))
                for m in spec.maps])
        op.attributes[MEMOIZED_MAPS] = attr
        return [a.value for a in attr]
    return maps


def _iterators_fn(spec):
    if spec.polymorphic:
        return lambda op: ["parallel"] * len(operand_shape(op.outputs[0]))
    its = spec.iterators
    return lambda op: its


# ---------------------------------------------------------------------------- body
def fill_region(spec, ctx, block, attrs):
    """Builds the op's payload into `block` (whose arguments are the operands' element
    types), reading function attributes from `attrs`."""
    b = Builder(ctx)
    b.set_insertion_point_to_end(block)
    env = {name: block.args[i] for i, (name, _, _) in enumerate(spec.operands)}
    tvars = {}
    for i, (name, _, tv) in enumerate(spec.operands):
        tvars.setdefault(tv, block.args[i].type)

    def type_of(var):
        t = tvars.get(var) or NAMED_TYPES.get(var)
        if t is None:
            raise BodyError(f"unknown type variable {var}")
        return t

    def fn_of(attr):
        cls, default = spec.fn_attrs[attr]
        a = attrs.get(attr)
        return a.keyword if isinstance(a, cls) else default

    value = build_body(b, spec.body, env, type_of, fn_of)
    b.create("linalg.yield", [value], [])


def _region_types(types):
    return [element_type_or_self(t) for t in types]


def _make_parse(spec):
    n_args = len(spec.operands)

    def parse(p, state):
        attrs_off = p.start
        in_types, out_types = parse_ins_outs(p, state)
        for name, c in state.opdef.attrs.items():
            a = state.properties.get(name)
            if a is not None and not c.check(a):
                raise p.custom_error(f"'{state.name}' op attribute '{name}' failed to satisfy "
                                     f"constraint: {c.summary}", _attr_offset(p, attrs_off))
        state.result_types = parse_result_types(p)
        if n_args != len(in_types) + len(out_types):
            raise p.error(f"[parseNamedStructuredOpRegion] ods-gen generated region expects "
                          f"{n_args} args, got {len(in_types) + len(out_types)}")
        from pyopt.ir.core import Block, Region
        block = Block(_region_types(in_types + out_types))
        region = Region()
        region.append(block)
        try:
            fill_region(spec, p.ctx, block, {**state.properties, **state.attributes})
        except BodyError as e:
            raise p.custom_error(str(e))
        state.regions = [region]
    return parse


def _attr_offset(p, off):
    """The attribute dictionary's `{` (MLIR reports inherent-attribute errors there)."""
    src = p.src
    while off < len(src) and src[off] in " \t\n":
        off += 1
    return off


def _print(pr, op):
    attrs = {k: v for k, v in attrs_of(op).items()
             if k not in ("operandSegmentSizes", MEMOIZED_MAPS)}
    pr.out.append(pr.attr_dict_str(attrs))
    n_in = len(op.operand_slots) - _num_inits(op)
    ops = op.operands
    print_ins_outs(pr, ops[:n_in], ops[n_in:])
    print_result_types(pr, op)


def _num_inits(op):
    return op.properties["operandSegmentSizes"].values[1]


def _inits(op):
    n = len(op.operand_slots)
    return list(range(n - _num_inits(op), n))


def _verify_index_attrs(spec):
    def verify(op):
        for name, syms, _ in spec.index_attrs:
            a = op.properties.get(name)
            if a is None:
                continue
            if a.type.element_type is not I64:
                raise op_error(op, f"incorrect element type for index attribute '{name}'")
            if list(a.type.shape) != [len(syms)]:
                raise op_error(op, f"incorrect shape for index attribute '{name}'")
    return verify


def _verify(op):
    from pyopt.interfaces.destination_style import verify_destination_style
    verify_destination_style(op, op_error)
    verify_structured(op)


DPS = DestinationStyle(_inits)


def make_named_op(spec):
    attrs = {}
    for name, syms, _ in spec.index_attrs:
        attrs[name] = IndexAttrC(len(syms)).opt()
    for name, (cls, _) in spec.fn_attrs.items():
        attrs[name] = DialectAttrC(cls, cls.CPP.rsplit("::", 1)[1]).opt()
    d = Op("linalg." + spec.name,
           operands=[("inputs", AnyType, "*"), ("outputs", AnyShaped, "*")],
           results=[("result_tensors", AnyRankedTensor, "*")], attrs=attrs,
           regions=["region"], traits=[ATTR_SIZED_OPERANDS],
           parse=_make_parse(spec), print=_print, verify_regions=_verify,
           block_arg_names=in_out_names)
    d.extra["named_spec"] = spec
    d.extra["effects"] = structured_effects
    if spec.index_attrs:
        d.extra["verify_index_attrs"] = _verify_index_attrs(spec)
    attach(d, LINALG_STRUCTURED, Structured(_maps_fn(spec), _iterators_fn(spec), spec.kind))
    attach(d, DESTINATION_STYLE, DPS)
    return d


SPECS = {name: NamedSpec(name, entry) for name, entry in NAMED_OPS.items()}
NAMED = [make_named_op(s) for s in SPECS.values()]
