"""interchangeGenericOp (MLIR 19 Linalg/Transforms/Interchange.cpp): a linalg.generic's loops
permuted in place - its indexing maps composed with the inverse permutation, its iterator
types permuted and each linalg.index rewritten through the permutation."""
from __future__ import annotations

from pyopt.ir.affine import AffineMap
from pyopt.ir.attributes import AffineMapAttr, ArrayAttr, IntegerAttr
from pyopt.ir.types import I64, INDEX
from pyopt.dialects.linalg.structured import indexing_maps, inverse_permutation, num_loops


def interchange_generic(rw, op, perm):
    """Permutes `op`'s loops by `perm` (loop i of the result is loop perm[i]); False when
    `perm` is not a permutation of its loops."""
    n = num_loops(op)
    if not perm or len(perm) != n or sorted(perm) != list(range(n)):
        return False
    inv = inverse_permutation(AffineMap.get_permutation_map(perm))
    maps = [m.compose(inv) if inv.num_results else m for m in indexing_maps(op)]
    its = list(op.get_attr("iterator_types"))

    def update():
        op.properties["indexing_maps"] = ArrayAttr([AffineMapAttr(m) for m in maps])
        op.properties["iterator_types"] = ArrayAttr([its[i] for i in perm])
    rw.modify_op_in_place(op, update)
    ip = rw.save()
    for idx in [o for o in op.regions[0].blocks[0] if o.name == "linalg.index"]:
        rw.set_insertion_point(idx)
        dims = [rw.create("linalg.index", [], [INDEX], properties={"dim": IntegerAttr(I64, d)},
                          loc=idx.loc).results[0] for d in range(n)]
        k = idx.properties["dim"].value
        rw.replace_op_with_new_op(idx, "affine.apply", dims, [INDEX],
                                  properties={"map": AffineMapAttr(inv.get_sub_map([k]))},
                                  loc=idx.loc)
    rw.restore(ip)
    return True
