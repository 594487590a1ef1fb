"""Export of llvm.blockaddress / llvm.blocktag / llvm.indirectbr (beyond MLIR 19).

A block address names a block of a function that may not be translated yet, and LLVM prints
it by the block's number: the address is written with a placeholder (`%` NUL index NUL) that
the module's final text has replaced once every function is numbered."""
from __future__ import annotations

import re

from pytranslate.export.types import TranslationError, llvm_name

_PLACEHOLDER = re.compile("\x00(\\d+)\x00")


def blockaddress(t, op):
    ba = op.properties["block_addr"]
    fn = ba.function.root
    m = t.m
    key = len(m.block_addresses)
    m.block_addresses.append((fn, ba.tag.id, op))
    t.values[op.results[0]] = f"blockaddress({llvm_name('@', fn)}, %\x00{key}\x00)"


def blocktag(t, op):
    t.m.tagged_blocks[(t.f.name, op.properties["tag"].id)] = t.cur


def indirectbr(t, op):
    dests = [s.block for s in op.successor_slots]
    parts = ["indirectbr "] + t.tv(op.addr) + [", ["]
    for i, d in enumerate(dests):
        parts += [", " if i else "", "label ", t.blocks[d]]
    parts.append("]")
    t.branch(parts, dests)


def resolve_block_addresses(m, text):
    def number(mo):
        fn, tag, op = m.block_addresses[int(mo.group(1))]
        lb = m.tagged_blocks.get((fn, tag))
        if lb is None:
            raise TranslationError("llvm.blockaddress: no block of the function carries "
                                   "its tag", op=op)
        return str(lb.n)
    return _PLACEHOLDER.sub(number, text)
