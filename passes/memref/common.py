"""Helpers shared by the memref transformation passes: mixed (int or Value) index lists of
offset/size/stride ops, and building memref.reinterpret_cast from such lists."""
from __future__ import annotations

from pyopt.ir.attributes import DenseArrayAttr
from pyopt.ir.opdef import segment_sizes
from pyopt.ir.types import DYNAMIC, I64, INDEX, MemRefType
from pyopt.ir.memref_layout import strides_and_offset


def operand_group(op, index):
    """The Values of operand group `index` of a registered op."""
    g = op.opdef.get_group(op, "operand", index)
    return g if isinstance(g, list) else ([] if g is None else [g])


def mixed(op, static_name, group):
    """getMixed*(): ints for static entries, Values for dynamic ones (no constant matching)."""
    vals = iter(operand_group(op, group))
    return [next(vals) if s == DYNAMIC else s for s in op.get_attr(static_name).values]


def dispatch(lst):
    """dispatchIndexOpFoldResults: (static array with DYNAMIC holes, dynamic Values)."""
    st, dyn = [], []
    for x in lst:
        if isinstance(x, int):
            st.append(x)
        else:
            st.append(DYNAMIC)
            dyn.append(x)
    return st, dyn


def create_reinterpret_cast(rw, result_type, source, offset, sizes, strides, loc=None):
    return create_view(rw, "memref.reinterpret_cast", result_type, source, [offset], sizes,
                       strides, loc)


def create_view(rw, name, result_type, source, offsets, sizes, strides, loc=None):
    """An offsets/sizes/strides op (reinterpret_cast, subview) from mixed lists."""
    operands, counts, props = [source], [1], {}
    for pname, lst in (("static_offsets", offsets), ("static_sizes", sizes),
                       ("static_strides", strides)):
        st, dyn = dispatch(lst)
        operands += dyn
        counts.append(len(dyn))
        props[pname] = DenseArrayAttr(I64, st)
    props["operandSegmentSizes"] = segment_sizes(counts)
    return rw.create(name, operands, [result_type], properties=props, loc=loc)


def base_buffer_type(t):
    return MemRefType((), t.element_type, None, t.memory_space)


def create_extract_strided_metadata(rw, source, loc=None):
    t = source.type
    rank = len(t.shape)
    return rw.create("memref.extract_strided_metadata", [source],
                     [base_buffer_type(t)] + [INDEX] * (1 + 2 * rank), loc=loc)


def metadata_parts(md):
    """(base, offset, sizes, strides) results of an extract_strided_metadata op."""
    res = md.results
    rank = (len(res) - 2) // 2
    return res[0], res[1], list(res[2:2 + rank]), list(res[2 + rank:])


def strides_offset(t):
    so = strides_and_offset(t)
    return so if so is not None else (None, None)
