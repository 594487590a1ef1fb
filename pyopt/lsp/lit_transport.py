"""mlir-lsp-server's `-lit-test` mode: the input is JSON-RPC messages separated by `// -----`
lines (no Content-Length headers, so a test file is written by hand), and the output is
pretty-printed with sorted keys, so FileCheck can match one field per line."""
from __future__ import annotations

import io
import json
import re

_DELIMITER = re.compile(r"^// -----\s*$", re.M)


def delimited_input(text):
    """The framed byte stream pygls reads, made from the delimited messages of `text`
    (lines starting with `//` outside the JSON, like RUN and CHECK lines, are dropped)."""
    out = io.BytesIO()
    for piece in _DELIMITER.split(text):
        body = "\n".join(line for line in piece.splitlines()
                         if not line.lstrip().startswith("//")).strip()
        if body:
            data = body.encode("utf-8")
            out.write(b"Content-Length: %d\r\n\r\n" % len(data) + data)
    out.seek(0)
    return out


class PrettyOutput:
    """A binary stream for pygls's writer that re-prints every message's JSON indented."""

    def __init__(self, stream):
        self.stream = stream

    def write(self, data):
        head, _, body = data.partition(b"\r\n\r\n")
        try:
            pretty = json.dumps(json.loads(body), indent=2, sort_keys=True).encode("utf-8")
        except ValueError:
            pretty = body
        self.stream.write(b"Content-Length: %d\r\n\r\n" % len(pretty) + pretty + b"\n")

    def flush(self):
        self.stream.flush()

    def close(self):
        self.stream.close()
