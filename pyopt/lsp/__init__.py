"""pyopt-lsp: a language server for .mlir files (what mlir-lsp-server offers), on pygls,
seeing every dialect pyopt knows plus the user's plugin dialects.

document.py holds an open file (chunks, parses, diagnostics), index.py finds what is at a
position, the feature modules answer requests (hover, navigation, outline, completion,
code_actions), server.py wires them to LSP and cli.py is the command line.
"""
