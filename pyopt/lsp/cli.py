"""`pyopt-lsp [--load-dialect-plugin=FILE ...]`: the language server on stdin/stdout."""
from __future__ import annotations

import sys

USAGE = """OVERVIEW: pyopt LSP Language Server (a Python mlir-lsp-server)

USAGE: pyopt-lsp [options]

OPTIONS:
  --load-dialect-plugin=<file>  Load a dialect plugin (a Python file); repeatable
  --load-pass-plugin=<file>     Load a pass plugin (a Python file); repeatable
  --log=<error|info|verbose>    Accepted for mlir-lsp-server compatibility
  --lit-test                    Messages without headers, separated by `// -----` lines;
                                output pretty-printed (for lit tests, as mlir-lsp-server)
  --pretty                      Accepted for mlir-lsp-server compatibility
  --help                        Display this help

Installed `pyopt.plugins` entry points are loaded too. The server speaks LSP on stdio.
"""
_IGNORED = ("--pretty", "-pretty")


def main(argv=None):
    from pyopt.plugins import load_plugins_from_args
    argv = load_plugins_from_args(list(sys.argv[1:] if argv is None else argv))
    if argv is None:
        sys.exit(1)
    lit_test = False
    for a in argv:
        if a in ("--help", "-help", "-h"):
            sys.stdout.write(USAGE)
            return 0
        if a in ("--lit-test", "-lit-test"):
            lit_test = True
            continue
        if a.startswith(("--log=", "-log=")) or a in _IGNORED:
            continue
        sys.stderr.write(f"pyopt-lsp: Unknown command line argument '{a}'.  "
                         f"Try: 'pyopt-lsp --help'\n")
        sys.exit(1)
    sys.setrecursionlimit(20000)
    import gc
    gc.disable()  # (the server collects when edits pause: MLIRLanguageServer.update)
    from pyopt.lsp.server import create_server
    server = create_server()
    if lit_test:
        from pyopt.lsp.lit_transport import delimited_input, PrettyOutput
        server.start_io(delimited_input(sys.stdin.read()), PrettyOutput(sys.stdout.buffer))
    else:
        server.start_io()
    return 0


if __name__ == "__main__":
    sys.exit(main())
