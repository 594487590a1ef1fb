"""The regions of module-level ops found in the text, as pyopt and MLIR print them: a line at
indent 2 that starts with the op's name and ends in `{`, up to the line `  }` (or at indent 0
in a file without the module's line, as people write them). The parser can
skip them (`Parser.deferred`) and read each later (`parse_skipped_region`), so two processes
can each read half of a large module's bodies (pyopt/pipeline_halves.py,
pytranslate/export/halves.py). A region found wrongly is no danger: the skeleton or the
region then fails to parse, and the caller reads the file in one process."""
from __future__ import annotations

import re


def region_spans(text, heads, indent="  "):
    """`{` offset -> the offset after its `}` for the region of each module-level op whose
    line starts with one of `heads` (op names followed by a space); None when they cannot be
    read apart (fewer than two, one not closed as printed, or an alias defined after them:
    a region may only use aliases defined before it; a resource block after them ends in a
    line `#-}` too, and a part printed elsewhere could not carry the resources)."""
    head = re.compile(r"^%s(?:%s) [^\n]*\{$" % (indent, "|".join(map(re.escape, heads))),
                      re.M)
    close = "\n" + indent + "}"
    spans = {}
    last = 0
    for m in head.finditer(text):
        if m.start() < last:
            return None  # (a head inside the region before it: not as printed)
        end = text.find(close, m.end())
        if end < 0:
            return None
        end += len(close)
        if end < len(text) and text[end] != "\n":
            return None
        spans[m.end() - 1] = last = end
    if len(spans) < 2 or text.find("\n#", last) >= 0 or text.find("\n!", last) >= 0:
        return None
    return spans
