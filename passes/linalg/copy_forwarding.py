"""Forwarding of memref.copy through a local buffer into vector transfers (MLIR 19 Linalg
Vectorization.cpp: LinalgCopyVTRForwardingPattern / LinalgCopyVTWForwardingPattern).

A buffer (memref.alloc or memref.view) filled through its one subview by a memref.copy and
then read whole by a vector.transfer_read is read from the copy's source instead (a
linalg.fill of the buffer with the read's padding value goes too); a buffer written whole by a
vector.transfer_write and then copied out through its subview is written to the copy's target
directly. No other use of the buffer or the subview may sit between the two ops (checked
conservatively: same block only), and masked transfers are left alone."""
from __future__ import annotations

from pyopt.ir.attributes import ArrayAttr, BoolAttr
from pyopt.ir.opdef import segment_sizes
from pyopt.rewrite.matchers import defining
from pyopt.rewrite.pattern import RewritePattern


def may_exist_interleaved_uses(first, second, values):
    """mayExistInterleavedUses: a use of `values` other than `first` and `second` that may
    run between them (any use when the two are not in order in one block)."""
    if first.parent is not second.parent or not first.is_before_in_block(second):
        return True
    for v in values:
        for owner in v.users():
            if owner is first or owner is second:
                continue
            if owner.parent is first.parent and (owner.is_before_in_block(first) or
                                                 second.is_before_in_block(owner)):
                continue
            return True
    return False


def _unique_subview_use(v):
    found = None
    for owner in v.users():
        if owner.name == "memref.subview":
            if found is not None:
                return None
            found = owner
    return found


def _view_or_alloc_subview(xfer):
    buf = xfer.source
    if defining(buf, "memref.view", "memref.alloc") is None:
        return None, None
    return buf, _unique_subview_use(buf)


def _buffer_and_subview(op):
    """(buffer, its subview's result, None) for an unmasked transfer on a view or alloc with
    one subview user, else (None, None, why not)."""
    if op.mask is not None:
        return None, None, "unsupported mask"
    buf, sv = _view_or_alloc_subview(op)
    if buf is None:
        return None, None, "source not a view or alloc"
    if sv is None:
        return None, None, "no subview found"
    return buf, sv.results[0], None


def _not_in_bounds(rank):
    return ArrayAttr([BoolAttr(False)] * rank)


class CopyTransferReadForwarding(RewritePattern):
    root = "vector.transfer_read"

    def match_and_rewrite(self, op, rw):
        buf, sub, why_not = _buffer_and_subview(op)
        if why_not is not None:
            return rw.notify_match_failure(op, why_not)
        copy = next((u for u in sub.users() if u.name == "memref.copy" and u.target is sub and
                     not may_exist_interleaved_uses(u, op, [buf, sub])), None)
        if copy is None:
            return rw.notify_match_failure(op, "no copy found")
        fill = next((u for u in buf.users() if u.name == "linalg.fill" and
                     u.outputs[0] is buf and
                     not may_exist_interleaved_uses(u, copy, [buf, sub])), None)
        if fill is not None and op.padding is not fill.inputs[0]:
            return rw.notify_match_failure(op, "padding value does not match fill")
        rank = len(op.results[0].type.shape)
        props = dict(op.properties)
        props["in_bounds"] = _not_in_bounds(rank)
        props["operandSegmentSizes"] = segment_sizes([1, len(op.indices), 1, 0])
        new = rw.create("vector.transfer_read", [copy.source] + list(op.indices) + [op.padding],
                        [op.results[0].type], properties=props, loc=op.loc)
        if fill is not None:
            rw.erase_op(fill)
        rw.erase_op(copy)
        rw.replace_op(op, list(new.results))
        return True


class CopyTransferWriteForwarding(RewritePattern):
    root = "vector.transfer_write"

    def match_and_rewrite(self, op, rw):
        buf, sub, why_not = _buffer_and_subview(op)
        if why_not is not None:
            return rw.notify_match_failure(op, why_not)
        copy = next((u for u in sub.users() if u.name == "memref.copy" and u.source is sub and
                     not may_exist_interleaved_uses(op, u, [buf, sub])), None)
        if copy is None:
            return rw.notify_match_failure(op, "no copy found")
        rank = len(op.vector.type.shape)
        props = dict(op.properties)
        props["in_bounds"] = _not_in_bounds(rank)
        props["operandSegmentSizes"] = segment_sizes([1, 1, len(op.indices), 0])
        rw.create("vector.transfer_write", [op.vector, copy.target] + list(op.indices), [],
                  properties=props, loc=op.loc)
        rw.erase_op(copy)
        rw.erase_op(op)
        return True


def copy_transfer_forwarding_patterns():
    return [CopyTransferReadForwarding(), CopyTransferWriteForwarding()]
