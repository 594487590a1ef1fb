"""Block addresses and computed goto: llvm.blockaddress, llvm.blocktag, llvm.indirectbr.

Not in MLIR 19 (its import rejects `blockaddress` and `indirectbr`); modelled on the design
later MLIR adopted. A block whose address is taken starts with `llvm.blocktag <id = N>`;
`llvm.blockaddress <function = @f, tag = <id = N>>` is the address of the block of @f carrying
that tag, and `llvm.indirectbr %addr : !llvm.ptr, [^bb1, ^bb2(%x : i32)]` jumps to one of
the listed blocks (each with its own forwarded operands)."""
from __future__ import annotations

from pyopt.ir.attributes import DenseArrayAttr, SymbolRefAttr
from pyopt.ir.constraints import AnyType, DenseI32Array
from pyopt.ir.opdef import Op, PURE, TERMINATOR
from pyopt.interfaces import attach
from pyopt.interfaces.branch import BRANCH, SuccessorGroups
from pyopt.ir.types import I32
from pyopt.ir.verifier import op_error
from pyopt.dialects.cf import verify_successor_operands
from pyopt.dialects.llvm.ops import LLVM_AnyPointer, move_inherent, OPS
from pyopt.dialects.llvm.struct_attrs import (struct_attr, req, UInt, AttrOf, DialectRef,
                                              StructAttrC)

BlockTagAttr = struct_attr("BlockTagAttr", "blocktag", "BlockTagAttr",
                           [req("id", UInt("uint32_t"))], alias=False)
BlockAddressAttr = struct_attr(
    "BlockAddressAttr", "blockaddress", "BlockAddressAttr",
    [req("function", AttrOf("FlatSymbolRefAttr",
                            lambda a: isinstance(a, SymbolRefAttr) and a.is_flat)),
     req("tag", DialectRef("BlockTagAttr"))], alias=False)
BlockTagC = StructAttrC(BlockTagAttr, "")
BlockAddressC = StructAttrC(BlockAddressAttr, "")


def _op(name, **kw):
    o = Op("llvm." + name, **kw)
    OPS.append(o)
    return o


def tagged_block(func_op, tag_id):
    """The block of an llvm.func starting with `llvm.blocktag <id = tag_id>`, or None."""
    if not func_op.regions:
        return None
    for b in func_op.regions[0].blocks:
        first = b.ops[0] if b.ops else None
        if first is not None and first.name == "llvm.blocktag" and \
                first.properties["tag"].id == tag_id:
            return b
    return None


def _verify_blockaddress(op):
    from pyopt.ir.symbols import lookup_symbol
    ba = op.properties["block_addr"]
    f = lookup_symbol(op, ba.function)
    if f is None or f.name != "llvm.func":
        raise op_error(op, f"expects an existing block label target in the referenced "
                       f"function")
    if tagged_block(f, ba.tag.id) is None:
        raise op_error(op, "expects an existing block label target in the referenced function")


_op("blockaddress", results=[("res", LLVM_AnyPointer)],
    attrs={"block_addr": BlockAddressC}, traits=[PURE],
    format="$block_addr attr-dict `:` qualified(type($res))", verify=_verify_blockaddress)


def _verify_blocktag(op):
    b = op.parent
    if b is not None and b.ops and b.ops[0] is not op:
        raise op_error(op, "must be the first operation of its block")


_op("blocktag", attrs={"tag": BlockTagC}, format="$tag attr-dict", verify=_verify_blocktag)


# ---------------------------------------------------------------------------- indirectbr
def _parse_indirectbr(p, state):
    from pyopt.dialects.llvm.symbols import _parse_succ_operands
    addr = p.parse_operand()
    p.expect(":")
    at = p.parse_type()
    p.expect(",")
    p.expect("[")
    dests, groups = [], []
    if not p.accept("]"):
        while True:
            b, ops = _parse_succ_operands(p)
            dests.append(b)
            groups.append(ops)
            if not p.accept(","):
                break
        p.expect("]")
    state.attributes.update(p.parse_optional_attr_dict())
    state.operands = [p.resolve_operand(addr, at)] + [v for g in groups for v in g]
    state.successors = dests
    state.properties["indbr_operand_segments"] = DenseArrayAttr(I32, [len(g) for g in groups])
    move_inherent(state, INDIRECTBR.attr_names, INDIRECTBR)


def _groups(op):
    seg = op.properties["indbr_operand_segments"].values
    ops = op.operands[1:]
    out, pos = [], 0
    for n in seg:
        out.append(ops[pos:pos + n])
        pos += n
    return out


def _print_indirectbr(pr, op):
    addr = op.addr
    nl = "\n" + "  " * pr.indent
    items = []
    for b, vals in zip(op.successors, _groups(op)):
        s = pr.block_name(b)
        if vals:
            s += "(" + pr.values(vals) + " : " + pr.types([v.type for v in vals]) + ")"
        items.append(s)
    body = "".join(nl + s + ("," if i + 1 < len(items) else "") for i, s in enumerate(items))
    pr.out.append(f" {pr.value(addr)} : {pr.type_str(addr.type)}, [" + body +
                  (nl if items else "") + "]")
    attrs = dict(op.attributes)
    for k, v in op.properties.items():
        if k != "indbr_operand_segments":
            attrs[k] = v
    pr.out.append(pr.attr_dict_str(attrs))


def _verify_indirectbr(op):
    seg = op.properties["indbr_operand_segments"].values
    if len(seg) != len(op.successors) or sum(seg) != len(op.operands) - 1:
        raise op_error(op, "expects one operand group per successor")
    verify_successor_operands(op, _groups(op))


INDIRECTBR = _op("indirectbr",
                 operands=[("addr", LLVM_AnyPointer), ("succOperands", AnyType, "*")],
                 successors=[("successors", AnyType, "*")],
                 attrs={"indbr_operand_segments": DenseI32Array},
                 traits=[TERMINATOR],
                 parse=_parse_indirectbr, print=_print_indirectbr, verify=_verify_indirectbr)
attach(INDIRECTBR, BRANCH, SuccessorGroups(("succOperands", "indbr_operand_segments")))
