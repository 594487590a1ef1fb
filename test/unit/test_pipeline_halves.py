"""pyopt/pipeline_halves.py: a module run through a pipeline by two processes gives exactly what
one process gives (same text, same diagnostics, same exit code), whether the two processes
agree (the split is kept) or not (the chunk runs again in one)."""
import os

import pytest

import pyopt.cli
import pyopt.tool
from pyopt import pipeline_halves
from pyopt.syntax.region_spans import region_spans

pytestmark = pytest.mark.skipif(not hasattr(os, "fork"), reason="needs os.fork")

LOWER = ["--convert-scf-to-cf", "--finalize-memref-to-llvm", "--convert-func-to-llvm",
         "--convert-arith-to-llvm", "--convert-cf-to-llvm", "--reconcile-unrealized-casts"]


def _function(i, n, alloc=True, body_extra=""):
    callee = (i * 7 + 3) % n
    alloc_lines = ("    %m = memref.alloc(%n) : memref<?xf32>\n"
                   "    memref.dealloc %m : memref<?xf32>\n") if alloc else ""
    private = "private " if i % 4 == 3 else ""
    return (f"  func.func {private}@f{i}(%arg0: i32, %n: index) -> i32 {{\n"
            "    %c0 = arith.constant 0 : index\n"
            "    %c1 = arith.constant 1 : index\n"
            f"    %k{i} = arith.constant {i} : i32\n"
            "    %g = memref.get_global @table : memref<4xi32>\n"
            "    %r = scf.for %iv = %c0 to %n step %c1 iter_args(%acc = %arg0) -> (i32) {\n"
            f"      %s = arith.addi %acc, %k{i} : i32\n"
            "      %t = arith.muli %s, %s : i32\n"
            "      scf.yield %t : i32\n"
            "    }\n"
            + alloc_lines + body_extra +
            f"    %x = func.call @f{callee}(%r, %n) : (i32, index) -> i32\n"
            "    %y = func.call @ext(%x) : (i32) -> i32\n"
            "    return %y : i32\n"
            "  }\n")


def _module(n=12, alloc=lambda i: True, extra=lambda i: ""):
    """n functions calling across the middle both ways, a global and a declaration between
    them, as pyopt prints a module."""
    parts = ["module {\n",
             '  memref.global "private" constant @table : memref<4xi32> = dense<[1, 2, 3, 4]>\n']
    for i in range(n):
        if i == n // 2:
            parts.append("  func.func private @ext(i32) -> i32\n")
        parts.append(_function(i, n, alloc(i), extra(i)))
    parts.append("}\n")
    return "".join(parts)


def _pyopt(text, args, tmp_path, monkeypatch, capsys, split):
    """(output, stderr, exit code, what the split did: "split", "redo" or None)."""
    monkeypatch.delenv("PYOPT_NO_FORK", raising=False)
    limit = 0 if split else 1 << 62
    monkeypatch.setattr(pyopt.tool, "HALVES_MIN_CHARS", limit)
    monkeypatch.setattr(pipeline_halves, "HALVES_MIN_CHARS", limit)
    did = []
    real = pipeline_halves.run

    def spy(*a):
        try:
            out = real(*a)
        except pipeline_halves.Redo:
            did.append("redo")
            raise
        did.append("split")
        return out
    monkeypatch.setattr(pipeline_halves, "run", spy)
    src, dest = tmp_path / "in.mlir", tmp_path / "out.mlir"
    src.write_text(text)
    if dest.exists():
        dest.unlink()
    capsys.readouterr()
    with pytest.raises(SystemExit) as e:
        pyopt.cli.main([str(src), *args, "-o", str(dest)])
    err = capsys.readouterr().err
    monkeypatch.undo()
    out = dest.read_text() if dest.exists() else None
    return out, err, e.value.code, (did[0] if did else None)


def _same(text, args, tmp_path, monkeypatch, capsys):
    """Runs `args` on `text` split and in one process; returns what the split did."""
    *two, did = _pyopt(text, args, tmp_path, monkeypatch, capsys, split=True)
    *one, none = _pyopt(text, args, tmp_path, monkeypatch, capsys, split=False)
    assert none is None
    assert two == one
    return did, one


@pytest.mark.parametrize("args", [LOWER, ["--canonicalize", "--cse"], [],
                                  ["--loop-invariant-code-motion", "--mem2reg"],
                                  ["--convert-scf-to-cf", "--canonicalize"]])
def test_split_gives_one_process_output(args, tmp_path, monkeypatch, capsys):
    did, (out, err, code) = _same(_module(), args, tmp_path, monkeypatch, capsys)
    assert did == "split" and code == 0 and err == ""
    assert all(f"@f{i}(%arg0: i32" in out for i in range(12))


def test_functions_written_without_the_module_line(tmp_path, monkeypatch, capsys):
    text = "".join(line[2:] if line.startswith("  ") else line
                   for line in _module().splitlines(True)[1:-1])
    assert text.startswith('memref.global') and "\nfunc.func @f1(" in text
    did, (out, _, code) = _same(text, LOWER, tmp_path, monkeypatch, capsys)
    assert did == "split" and code == 0 and "llvm.func @f11(" in out


def test_declaration_added_by_one_half_only(tmp_path, monkeypatch, capsys):
    """Only the second half allocates: the child adds `malloc` and `free`, the parent takes
    them over."""
    text = _module(alloc=lambda i: i >= 9)
    did, (out, _, code) = _same(text, LOWER, tmp_path, monkeypatch, capsys)
    assert did == "split" and code == 0 and "llvm.func @malloc(" in out


@pytest.mark.parametrize("prints", [range(8, 12), range(0, 2), (1, 10)])
def test_declarations_added_by_several_passes(prints, tmp_path, monkeypatch, capsys):
    """vector-to-llvm declares the print functions, memref-to-llvm later malloc and free:
    one process orders them pass by pass, whichever half needed them."""
    text = _module(alloc=lambda i: i < 3, extra=lambda i: f"    vector.print %k{i} : i32\n"
                   if i in prints else "")
    args = ["--convert-vector-to-llvm"] + LOWER
    did, (out, _, code) = _same(text, args, tmp_path, monkeypatch, capsys)
    assert did == "split" and code == 0
    assert out.index("llvm.func @free(") < out.index("llvm.func @printNewline(")


def test_declarations_added_by_both_halves(tmp_path, monkeypatch, capsys):
    did, (out, _, _) = _same(_module(), LOWER, tmp_path, monkeypatch, capsys)
    assert did == "split" and out.count("llvm.func @malloc(") == 1


def test_function_with_a_body_added(tmp_path, monkeypatch, capsys):
    """A C interface wrapper (a new function with a body) for a function of the second half."""
    text = _module().replace("@f10(%arg0: i32, %n: index) -> i32 {",
                             "@f10(%arg0: i32, %n: index) -> i32 attributes "
                             "{llvm.emit_c_interface} {")
    did, (out, _, code) = _same(text, LOWER, tmp_path, monkeypatch, capsys)
    assert did == "redo" and code == 0 and "@_mlir_ciface_f10" in out


@pytest.mark.parametrize("where", [1, 10])
def test_verifier_error_in_either_half(where, tmp_path, monkeypatch, capsys):
    text = _module(extra=lambda i: "    %bad = arith.addi %n, %arg0 : i32\n" if i == where
                   else "")
    did, (out, err, code) = _same(text, LOWER, tmp_path, monkeypatch, capsys)
    assert did == "redo" and code == 1 and out is None
    assert "error: use of value '%n' expects different type than prior uses" in err


@pytest.mark.parametrize("where", [2, 11])
def test_pass_diagnostic_in_either_half(where, tmp_path, monkeypatch, capsys):
    """lower-affine reports an error on one op and goes on (exit code 0, as mlir-opt)."""
    mod = "    %am = affine.apply affine_map<(d0) -> (d0 mod -2)>(%n)\n"
    text = _module(extra=lambda i: mod if i == where else "")
    did, (out, err, code) = _same(text, ["--lower-affine"], tmp_path, monkeypatch, capsys)
    assert did == "redo" and code == 0 and "#map = affine_map" in out
    assert "error: modulo by non-positive value is not supported" in err


def test_parse_error_in_a_body(tmp_path, monkeypatch, capsys):
    text = _module(extra=lambda i: "    %z = arith.addi %nope, %nope : i32\n" if i == 8
                   else "")
    did, (out, err, code) = _same(text, [], tmp_path, monkeypatch, capsys)
    assert did == "redo" and code == 1 and "undeclared SSA value" in err


@pytest.mark.parametrize("args", [["--inline"], ["--symbol-dce"], ["--sccp"],
                                  ["--pass-pipeline=builtin.module(func.func(cse))"],
                                  ["--mlir-print-op-generic"], ["--mlir-disable-threading"],
                                  ["--mlir-print-debuginfo"],
                                  ["--cse", "--mlir-print-ir-after-all"]])
def test_pipelines_and_flags_kept_in_one_process(args, tmp_path, monkeypatch, capsys):
    """Passes that read other functions, nested pipelines (they would verify the
    stand-ins), output the part cannot carry, and instrumentation between passes."""
    did, _ = _same(_module(), args, tmp_path, monkeypatch, capsys)
    assert did is None


def test_region_spans():
    body = "  func.func @a() {\n    return\n  }\n  func.func @b() {\n  ^bb1:\n    return\n  }\n"
    text = "module {\n" + body + "}\n"
    spans = region_spans(text, ("func.func",))
    assert [text[s:e] for s, e in spans.items()] == ["{\n    return\n  }",
                                                     "{\n  ^bb1:\n    return\n  }"]
    flat = body.replace("\n  ", "\n")[2:]
    assert len(region_spans(flat, ("func.func",), indent="")) == 2
    assert region_spans(text, ("func.func",), indent="") is None
    assert region_spans(text + "#map = affine_map<(d0) -> (d0)>\n", ("func.func",)) is None
    one = "module {\n  func.func @a() {\n    return\n  }\n}\n"
    assert region_spans(one, ("func.func",)) is None
    unclosed = text.replace("    return\n  }\n  func.func @b", "    return\n  func.func @b")
    assert region_spans(unclosed, ("func.func",)) is None


def test_aliases_from_both_halves(tmp_path, monkeypatch, capsys):
    """Each process names the aliases its functions use; the child's are taken over."""
    maps = {0: "(d0) -> (d0 mod 2)", 1: "(d0) -> (d0 floordiv 3)", 2: "(d0) -> (d0 * 5)"}
    text = _module(extra=lambda i: f"    %am = affine.apply affine_map<{maps[i % 3]}>(%n)\n"
                   if i % 4 < 3 and (i < 3 or i > 8) else "")
    did, (out, _, code) = _same(text, [], tmp_path, monkeypatch, capsys)
    assert did == "split" and code == 0
    assert out.startswith("#map = affine_map<(d0) -> (d0 mod 2)>\n#map1 = ")


def test_one_function_holding_most_of_the_work(tmp_path, monkeypatch, capsys):
    """The child would get under a quarter of the lines: one process (verifying beside)."""
    big = "".join(f"    %z{j} = arith.muli %n, %n : index\n" for j in range(400))
    text = _module(n=4, extra=lambda i: big if i == 0 else "")
    did, (out, _, code) = _same(text, LOWER, tmp_path, monkeypatch, capsys)
    assert did == "redo" and code == 0 and "llvm.func @f3(" in out


def test_resources_kept_in_one_process(tmp_path, monkeypatch, capsys):
    """A part cannot carry the resources a body uses: the input is not split."""
    use = "    %res = arith.constant dense_resource<blob> : tensor<2xi32>\n"
    text = _module(extra=lambda i: use if i == 10 else "") + \
        '{-#\n  dialect_resources: {\n    builtin: {\n' \
        '      blob: "0x040000000100000002000000"\n    }\n  }\n#-}\n'
    did, (out, _, code) = _same(text, [], tmp_path, monkeypatch, capsys)
    assert did is None and code == 0 and "blob: " in out
