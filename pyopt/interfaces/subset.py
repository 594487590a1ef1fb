"""SubsetOpInterface (SubsetExtractionOpInterface, SubsetInsertionOpInterface): an op that
extracts a subset of a container value, or inserts a value into a subset of one,
destination-style (tensor.extract_slice / insert_slice, vector.transfer_read /
transfer_write). A model has:

- `is_insertion`: an insertion (else an extraction);
- `source_index`: the position of getSourceOperand (an extraction's container, an
  insertion's inserted value) among the op's operands; `destination_index` (insertions): the
  container inserted into; the updated container (an insertion) or the extracted value (an
  extraction) is result 0;
- `slice(op)`: getAccessedHyperrectangularSlice, (offsets, sizes, strides), each entry an int
  or a Value.

Models of tensor and vector ops: pyopt/dialects/subset_models.py."""
from __future__ import annotations

from pyopt.interfaces import model

SUBSET_OP = "SubsetOpInterface"


def subset_model(op):
    """The op's SubsetOpInterface model, or None."""
    return model(op, SUBSET_OP)


def fixed_operand_position(opdef, name):
    """The position of `opdef`'s single operand `name` when every operand group before it is
    single too (where the declaration fixes it)."""
    for pos, a in enumerate(opdef.operands):
        if a.kind:
            break
        if a.name == name:
            return pos
    raise ValueError(f"{opdef.name}: operand '{name}' has no fixed position")
