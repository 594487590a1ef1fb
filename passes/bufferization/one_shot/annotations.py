"""The attributes `test-analysis-only` and `dump-alias-sets` leave on the IR so the analysis'
decisions can be read (and compared with mlir-opt's): `__inplace_operands_attr__` (one
"true"/"false"/"none" per operand), `__opresult_alias_set_attr__` and
`__bbarg_alias_set_attr__` (the SSA names of each value's alias class)."""
from __future__ import annotations

from pyopt.interfaces.bufferizable import TensorType
from pyopt.ir.attributes import ArrayAttr, StringAttr

IN_PLACE_ATTR = "__inplace_operands_attr__"


def annotate_in_place(op, state):
    for o in op.walk_ops():
        flags = None
        for s in o.operand_slots:
            if isinstance(s.value.type, TensorType):
                if flags is None:
                    flags = ["false" if isinstance(x.value.type, TensorType) else "none"
                             for x in o.operand_slots]
                flags[s.index] = "true" if state.is_in_place(s) else "false"
        if flags is not None:
            o.set_attr(IN_PLACE_ATTR, ArrayAttr([StringAttr(f) for f in flags]))


def _operand_name(names, v):
    """Value::printAsOperand: `%name`, `%name#i` for a result of a multi-result op."""
    from pyopt.ir.core import OpResult
    if type(v) is OpResult and len(v.owner.results) > 1:
        n = names.names.get(v)
        first = names.names.get(v.owner.results[0])
        if n is None or n == first:
            return f"%{first}#{v.index}"
        return "%" + n
    n = names.names.get(v)
    return "%" + (n if n is not None else "<<UNKNOWN SSA VALUE>>")


def annotate_alias_sets(op, state):
    from pyopt.syntax.naming import NameState
    names = NameState(op, False)

    def aliases(v):
        return ArrayAttr([StringAttr(_operand_name(names, a)) for a in state.aliases_of(v)])
    ops = _post_order(op)
    for o in ops:
        sets = [aliases(r) for r in o.results if isinstance(r.type, TensorType)]
        if sets:
            o.set_attr("__opresult_alias_set_attr__", ArrayAttr(sets))
        regions, any_tensor = [], False
        for r in o.regions:
            blocks = []
            for b in r.blocks:
                args = [aliases(a) for a in b.args if isinstance(a.type, TensorType)]
                any_tensor = any_tensor or bool(args)
                blocks.append(ArrayAttr(args))
            regions.append(ArrayAttr(blocks))
        if any_tensor:
            o.set_attr("__bbarg_alias_set_attr__", ArrayAttr(regions))


def _post_order(op):
    out = []
    op.walk(out.append)
    return out
