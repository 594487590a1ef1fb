"""linalg.map, linalg.reduce, linalg.transpose and linalg.broadcast (MLIR 19): structured
ops with their own syntax - `ins(...) outs(...)` without segment sizes, a `dimensions` or
`permutation` list, and for map/reduce either a region or the short form naming the single
payload op (`linalg.map { arith.addf } ins(...) outs(...)`)."""
from __future__ import annotations

from pyopt.ir.affine import AffineMap, dim
from pyopt.ir.attributes import DenseArrayAttr
from pyopt.ir.constraints import AnyTensor, ConfinedAttrC, DenseI64Array, TypeConstraint
from pyopt.ir.core import Block, Region
from pyopt.ir.opdef import Op

# (variadic groups of equal length: how group_ranges splits operands without segment sizes)
SAME_VARIADIC_OPERAND_SIZE = "SameVariadicOperandSize"
from pyopt.ir.types import I64, MemRefType, RankedTensorType
from pyopt.ir.verifier import op_error
from pyopt.rewrite.rewriter import Builder
from pyopt.interfaces import attach
from pyopt.interfaces.destination_style import DESTINATION_STYLE, DestinationStyle
from pyopt.dialects.linalg.ops import verify_linalg_op
from pyopt.dialects.linalg.structured import (LINALG_STRUCTURED, Structured, attrs_of,
                                              parse_ins_outs, print_ins_outs, split_inherent,
                                              structured_effects)

TensorOrMemref = TypeConstraint(lambda t: type(t) in (MemRefType, RankedTensorType),
                                "ranked tensor of any type values or memref of any type values")
_DIM_ATTRS = ("dimensions", "permutation")


def _names(name):
    return lambda op: [(0, name)] if op.results else []


def _shape(v):
    return list(v.type.shape)


# ---------------------------------------------------------------------------- syntax
def _parse_dst(p, state, attr_name=None):
    """parseDstStyleOp: ins/outs (no segment sizes), result types from the tensor inits,
    then `attr_name = [..]` and the attribute dictionary."""
    attrs = {}
    in_types, out_types = parse_ins_outs(p, state, segments=False, attrs=attrs)
    state.result_types = [t for t in out_types if type(t) is RankedTensorType]
    if attr_name is not None:
        if not p.accept_keyword(attr_name):
            raise p.error(f"expected '{attr_name}'")
        p.expect("=")
        vals = []
        p.expect("[")
        if not p.accept("]"):
            while True:
                vals.append(p.parse_integer())
                if p.accept("]"):
                    break
                p.expect(",")
        attrs[attr_name] = DenseArrayAttr(I64, vals)
    attrs.update(p.parse_optional_attr_dict())
    split_inherent(state.opdef, attrs, state.properties)
    state.attributes.update(attrs)
    return in_types, out_types


def _parse_short_payload(p):
    """`{ dialect.op {attrs}? }` before the operands, or None."""
    if not p.accept("{"):
        return None
    name = p.tok
    p._next()
    attrs = p.parse_optional_attr_dict()
    p.expect("}")
    return name, attrs


def _payload_region(p, state, payload, operand_types, init_first=False):
    """addBodyWithPayloadOp: a block of the operands' element types running the payload op
    (the init's argument first when `init_first`) and yielding its result."""
    block = Block([t.element_type for t in operand_types])
    region = Region()
    region.append(block)
    b = Builder(p.ctx)
    b.set_insertion_point_to_end(block)
    args = list(block.args)
    if init_first:
        args = [args[-1]] + args[:-1]
    name, attrs = payload
    out_t = state.operands[-1].type.element_type
    r = b.create(name, args, [out_t], attributes=attrs)
    b.create("linalg.yield", list(r.results), [])
    return region


def _parse_explicit_region(p):
    p.expect("(")
    args = []
    if not p.accept(")"):
        while True:
            a = p.parse_operand()
            p.expect(":")
            t = p.parse_type()
            args.append((a, t, p.loc_at(a[2])))
            if p.accept(")"):
                break
            p.expect(",")
    return p.parse_region(args)


def _find_payload(block, init_first=False):
    """findPayloadOp: the block's only op besides the yield, taking the block's arguments in
    order (the init's first when `init_first`), else None."""
    first = block.first
    if first is None or first.next is not block.last or first is block.last:
        return None
    ops = first.operands
    if not ops or len(ops) != len(block.args):
        return None
    args = list(block.args)
    if init_first:
        if ops[-1] is not args[0]:
            return None
        args = args[1:]
    for o, a in zip(ops, args):
        if o is not a:
            return None
    return first


def _print_short(pr, payload):
    attrs = attrs_of(payload)
    fm = attrs.get("fastmath")
    if fm is not None and getattr(fm, "value", None) == 0:
        attrs = {k: v for k, v in attrs.items() if k != "fastmath"}
    pr.out.append(" { " + payload.name + pr.attr_dict_str(attrs) + " }")


def _print_long_region(pr, op):
    block = op.regions[0].blocks[0]
    pr.indent += 1
    pr.newline()
    pr.out.append("(" + ", ".join(pr.value(a) + ": " + pr.type_str(a.type)
                                  for a in block.args) + ") ")
    pr.print_region(op.regions[0], print_entry_args=False)
    pr.indent -= 1


def _split(op, n_inits):
    ops = op.operands
    return ops[:len(ops) - n_inits], ops[len(ops) - n_inits:]


def _print_dims(pr, op, name):
    pr.out.append(f" {name} = [" + ", ".join(str(x) for x in op.properties[name].values) +
                  "] ")


# ---------------------------------------------------------------------------- map
def _parse_map(p, state):
    payload = _parse_short_payload(p)
    _parse_dst(p, state)
    if payload is not None:
        state.regions = [_payload_region(p, state, payload,
                                         [v.type for v in state.operands[:-1]])
                         if state.operands else Region()]
    else:
        state.regions = [_parse_explicit_region(p)]


def _print_map(pr, op):
    block = op.regions[0].blocks[0]
    payload = _find_payload(block)
    if payload is not None:
        _print_short(pr, payload)
    ins, outs = _split(op, 1)
    print_ins_outs(pr, ins, outs)
    pr.out.append(pr.attr_dict_str(attrs_of(op)))
    if payload is None:
        _print_long_region(pr, op)


def _verify_map(op):
    block = op.regions[0].blocks[0]
    ins = op.operands[:-1]
    if len(ins) != len(block.args):
        raise op_error(op, "expects number of operands to match the arity of mapper, but got: "
                           f"{len(ins)} and {len(block.args)}")
    for a, v in zip(block.args, ins):
        if a.type is not v.type.element_type:
            raise op_error(op, f"expected element type of input '{v.type.element_type}' to "
                               f"match bbArg type '{a.type}'")
    out = _shape(op.init)
    for v in ins:
        if _shape(v) != out:
            raise op_error(op, f"expected shape of input ({_fmt_shape(v)}) to match shape of "
                               f"output ({_fmt_shape(op.init)})")


def _fmt_shape(v):
    from pyopt.ir.types import DYNAMIC
    return ", ".join("-9223372036854775808" if s == DYNAMIC else str(s) for s in _shape(v))


def _map_maps(op):
    n = len(_shape(op.init))
    return [AffineMap.get_multi_dim_identity(n)] * len(op.operand_slots)


def _all_parallel(op):
    return ["parallel"] * len(_shape(op.init))


MAP = Op("linalg.map", operands=[("inputs", TensorOrMemref, "*"), ("init", TensorOrMemref)],
         results=[("result", AnyTensor, "*")], regions=["mapper"],
         parse=_parse_map, print=_print_map, verify=_verify_map,
         block_arg_names=lambda op, r: [(a, "in") for a in r.blocks[0].args] if r.blocks else [],
         result_names=_names("mapped"), implicit_terminator="linalg.yield")


# ---------------------------------------------------------------------------- reduce
def _parse_reduce(p, state):
    payload = _parse_short_payload(p)
    _parse_dst(p, state, "dimensions")
    if payload is not None:
        state.regions = [_payload_region(p, state, payload, [v.type for v in state.operands],
                                         init_first=True)]
    else:
        state.regions = [_parse_explicit_region(p)]


def _print_reduce(pr, op):
    block = op.regions[0].blocks[0]
    payload = _find_payload(block, init_first=True)
    if payload is not None:
        _print_short(pr, payload)
    n = len(op.operand_slots) // 2
    ins, outs = _split(op, n)
    print_ins_outs(pr, ins, outs)
    _print_dims(pr, op, "dimensions")
    pr.out.append(pr.attr_dict_str({k: v for k, v in attrs_of(op).items()
                                    if k != "dimensions"}))
    if payload is None:
        _print_long_region(pr, op)


def _verify_reduce(op):
    n = len(op.operand_slots) // 2
    ins, inits = _split(op, n)
    for i in range(1, len(ins)):
        if _shape(ins[i]) != _shape(ins[0]):
            raise op_error(op, "expects all inputs to have the same shapes. Shape at "
                               f"input-index {i} is not equal to the shape at input-index 0.")
    for i in range(1, len(inits)):
        if _shape(inits[i]) != _shape(inits[0]):
            raise op_error(op, "expects all outputs to have the same shapes. Shape at "
                               f"output-index {i} is not equal to the shape at output-index 0.")
    dims = list(op.properties["dimensions"].values)
    in_shape, init_shape = _shape(ins[0]), _shape(inits[0])
    for d in dims:
        if d < 0 or d >= len(in_shape):
            raise op_error(op, "dimensions for reduction should be in the range [0, "
                               f"{len(in_shape) - 1}].")
    kept = [s for i, s in enumerate(in_shape) if i not in dims]
    if len(kept) != len(init_shape):
        raise op_error(op, f"number of dimensions after reduction {len(kept)} doesn't match "
                           f"the init rank {len(init_shape)}")
    if kept != init_shape:
        raise op_error(op, f"init dimensions [{_fmt(init_shape)}] doesn't match input "
                           f"dimensions after reduction [{_fmt(kept)}]")
    block = op.regions[0].blocks[0]
    if len(block.args) != len(op.operand_slots):
        raise op_error(op, "mismatching number of operands and block arguments")
    for v, a in zip(ins, block.args):
        if v.type.element_type is not a.type:
            raise op_error(op, f"input element type '{v.type.element_type}' does not match "
                               f"corresponding block argument type '{a.type}'")
    for v, a in zip(inits, block.args[len(block.args) - len(inits):]):
        if v.type.element_type is not a.type:
            raise op_error(op, f"output element type '{v.type.element_type}' does not match "
                               f"corresponding block argument type '{a.type}'")


def _fmt(shape):
    from pyopt.ir.types import DYNAMIC
    return ", ".join("-9223372036854775808" if s == DYNAMIC else str(s) for s in shape)


def _reduce_maps(op):
    n = len(op.operand_slots) // 2
    rank = len(_shape(op.inputs[0]))
    dims = set(op.properties["dimensions"].values)
    ident = AffineMap.get_multi_dim_identity(rank)
    out = AffineMap.get(rank, 0, [dim(i) for i in range(rank) if i not in dims])
    return [ident] * n + [out] * n


def _reduce_iterators(op):
    dims = set(op.properties["dimensions"].values)
    return ["reduction" if i in dims else "parallel" for i in range(len(_shape(op.inputs[0])))]


def _reduce_names(op, r):
    n = len(op.operand_slots) // 2
    return [(a, "in" if i < n else "init") for i, a in enumerate(r.blocks[0].args)] \
        if r.blocks else []


SortedDims = ConfinedAttrC(
    DenseI64Array, lambda a: all(x < y for x, y in zip(a.values, a.values[1:])),
    "i64 dense array attribute should be in increasing order")

REDUCE = Op("linalg.reduce",
            operands=[("inputs", TensorOrMemref, "*"), ("inits", TensorOrMemref, "*")],
            results=[("results", AnyTensor, "*")], attrs={"dimensions": SortedDims},
            regions=["combiner"], traits=[SAME_VARIADIC_OPERAND_SIZE],
            parse=_parse_reduce, print=_print_reduce, verify=_verify_reduce,
            block_arg_names=_reduce_names, result_names=_names("reduced"),
            implicit_terminator="linalg.yield")


# ---------------------------------------------------------------------------- transpose / broadcast
def _identity_region(state):
    """buildIdentityRegion: one argument per operand, yielding the first."""
    block = Block([v.type.element_type for v in state.operands])
    region = Region()
    region.append(block)
    return region, block


def _parse_with_identity(attr_name):
    def parse(p, state):
        _parse_dst(p, state, attr_name)
        region, block = _identity_region(state)
        if block.args:
            b = Builder(p.ctx)
            b.set_insertion_point_to_end(block)
            b.create("linalg.yield", [block.args[0]], [])
        state.regions = [region]
    return parse


def _print_with_dims(attr_name):
    def print_(pr, op):
        print_ins_outs(pr, op.operands[:1], op.operands[1:])
        _print_dims(pr, op, attr_name)
        pr.out.append(pr.attr_dict_str({k: v for k, v in attrs_of(op).items()
                                        if k != attr_name}))
    return print_


def _verify_transpose(op):
    perm = list(op.properties["permutation"].values)
    if sorted(perm) != list(range(len(perm))):
        raise op_error(op, "permutation is not valid")
    src, init = _shape(op.input), _shape(op.init)
    if len(src) != len(init):
        raise op_error(op, f"input rank {len(src)} does not match init rank {len(init)}")
    if len(src) != len(perm):
        raise op_error(op, f"size of permutation {len(perm)} does not match the argument rank "
                           f"{len(src)}")
    for i in range(len(src)):
        if src[perm[i]] != init[i]:
            raise op_error(op, f"dim(result, {i}) = {_fmt([init[i]])} doesn't match "
                               f"dim(input, permutation[{i}]) = {_fmt([src[perm[i]]])}")


def _transpose_maps(op):
    perm = list(op.properties["permutation"].values)
    n = len(perm)
    inv = [0] * n
    for i, p in enumerate(perm):
        inv[p] = i
    return [AffineMap.get(n, 0, [dim(i) for i in inv]), AffineMap.get_multi_dim_identity(n)]


def _verify_broadcast(op):
    dims = list(op.properties["dimensions"].values)
    src, init = _shape(op.input), _shape(op.init)
    if len(src) + len(dims) != len(init):
        raise op_error(op, "input rank plus added dimensions does not match init rank. input "
                           f"rank: {len(src)}, dimensions size: {len(dims)}, init rank: "
                           f"{len(init)}")
    for i, d in enumerate(dims):
        if d < 0 or d >= len(init):
            raise op_error(op, f"dimension {i} is out of range. expected range: [0, "
                               f"{len(init) - 1}], got: {d}")
    kept = [d for d in range(len(init)) if d not in dims]
    for i, d in enumerate(kept):
        if src[i] != init[d]:
            raise op_error(op, f"input dim {i} should match init dim {d}. input: "
                               f"{_fmt([src[i]])}, init: {_fmt([init[d]])}")


def _broadcast_maps(op):
    dims = set(op.properties["dimensions"].values)
    n = len(_shape(op.init))
    return [AffineMap.get(n, 0, [dim(i) for i in range(n) if i not in dims]),
            AffineMap.get_multi_dim_identity(n)]


def _init_parallel(op):
    return ["parallel"] * len(_shape(op.init))


TRANSPOSE = Op("linalg.transpose",
               operands=[("input", TensorOrMemref), ("init", TensorOrMemref)],
               results=[("result", AnyTensor, "*")], attrs={"permutation": DenseI64Array},
               regions=["region"], parse=_parse_with_identity("permutation"),
               print=_print_with_dims("permutation"), verify=_verify_transpose,
               result_names=_names("transposed"), implicit_terminator="linalg.yield")

BROADCAST = Op("linalg.broadcast",
               operands=[("input", TensorOrMemref), ("init", TensorOrMemref)],
               results=[("result", AnyTensor, "*")], attrs={"dimensions": DenseI64Array},
               regions=["region"], parse=_parse_with_identity("dimensions"),
               print=_print_with_dims("dimensions"), verify=_verify_broadcast,
               result_names=_names("broadcasted"), implicit_terminator="linalg.yield")


def _last_init(op):
    return [len(op.operand_slots) - 1]


def _reduce_inits(op):
    n = len(op.operand_slots)
    return list(range(n // 2, n))


def _inputs_only(op):
    return list(range(len(op.operand_slots) - 1))


for _d, _maps, _its, _inits in ((MAP, _map_maps, _all_parallel, _last_init),
                                (REDUCE, _reduce_maps, _reduce_iterators, _reduce_inits),
                                (TRANSPOSE, _transpose_maps, _init_parallel, _last_init),
                                (BROADCAST, _broadcast_maps, _init_parallel, _last_init)):
    _d.extra["effects"] = structured_effects
    _d.verify_regions = verify_linalg_op
    attach(_d, LINALG_STRUCTURED, Structured(_maps, _its))
    attach(_d, DESTINATION_STYLE, DestinationStyle(_inits))
# map's region has arguments for its inputs only (getOpOperandsMatchingBBargs)
MAP.extra[LINALG_STRUCTURED].bbarg_operands = _inputs_only

DST_OPS = [MAP, REDUCE, TRANSPOSE, BROADCAST]
