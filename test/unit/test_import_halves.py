"""pytranslate/importer/halves.py: a module imported by two processes prints exactly what one
process prints (same text, same diagnostics), also when the child gives no part."""
import glob
import io
import os
from types import SimpleNamespace

import pytest

from pytranslate.importer import halves, import_llvm
from pyopt.syntax import printer_split

pytestmark = pytest.mark.skipif(not hasattr(os, "fork"), reason="needs os.fork")

HERE = os.path.dirname(os.path.abspath(__file__))


def _module(n, globals=True):
    """n functions calling across the middle both ways, through globals holding their
    addresses, with TBAA, alias scopes (distinct), loop metadata and attribute groups;
    declarations in both halves."""
    lines = ['target datalayout = "e-m:e-i64:64-n32:64-S128"',
             "%struct.pair = type { i32, ptr }"]
    if globals:
        lines += [f"@table = global [2 x ptr] [ptr @f0, ptr @f{n - 1}]",
                  '@msg = private constant [3 x i8] c"hi\\00"',
                  "@pairs = internal global %struct.pair { i32 1, ptr @msg }"]
    for i in range(n):
        callee = (i * 7 + 3) % n
        if i % 5 == 2:
            lines.append(f"declare i32 @ext{i}(ptr, ...)")
        lines += [
            f"define {'internal ' if i % 3 == 0 else ''}i32 @f{i}(ptr noalias %p, i32 %n) #0 {{",
            "entry:",
            "  %v = load i32, ptr %p, align 4, !tbaa !3",
            "  %q = getelementptr inbounds %struct.pair, ptr %p, i64 0, i32 1",
            "  store ptr %p, ptr %q, align 8, !alias.scope !12, !noalias !13",
            "  br label %loop",
            "loop:",
            "  %i = phi i32 [ 0, %entry ], [ %j, %loop ]",
            "  %j = add nsw i32 %i, 1",
            "  %c = icmp slt i32 %j, %n",
            "  br i1 %c, label %loop, label %exit, !llvm.loop !20",
            "exit:",
            f"  %r = call i32 @f{callee}(ptr %p, i32 %j)",
            "  %s = add i32 %r, %v",
            "  ret i32 %s",
            "}"]
    lines += ['attributes #0 = { nounwind "frame-pointer"="all" }',
              '!0 = !{!"Simple C/C++ TBAA"}',
              '!1 = !{!"omnipotent char", !0, i64 0}',
              '!2 = !{!"int", !1, i64 0}',
              "!3 = !{!2, !2, i64 0}",
              '!10 = distinct !{!10, !"dom"}',
              '!11 = distinct !{!11, !10, !"s1"}',
              '!14 = distinct !{!14, !10, !"s2"}',
              "!12 = !{!11}",
              "!13 = !{!14}",
              "!20 = distinct !{!20, !21}",
              '!21 = !{!"llvm.loop.mustprogress"}']
    return "\n".join(lines) + "\n"


def _import(text, monkeypatch, split):
    """(exit code, output, stderr) of -import-llvm in this process."""
    monkeypatch.delenv("PYTRANSLATE_NO_FORK", raising=False)
    monkeypatch.delenv("PYOPT_NO_FORK", raising=False)
    monkeypatch.setattr(halves, "MIN_CHARS", 0 if split else 1 << 62)
    out, err = io.StringIO(), io.StringIO()
    monkeypatch.setattr("sys.stderr", err)
    code = import_llvm(text, "in.ll", SimpleNamespace(), out)
    monkeypatch.undo()
    return code, out.getvalue(), err.getvalue()


def test_two_processes_print_what_one_prints(monkeypatch):
    parts = []
    text = _module(24)
    one = _import(text, monkeypatch, split=False)
    monkeypatch.setattr(halves.SecondHalf, "part", parts_spy(parts))
    two = _import(text, monkeypatch, split=True)
    assert one[0] == 0 and one == two
    assert len(parts) == 1  # (the child's part was used)
    body, aliases = parts[0]
    assert "llvm.func @f23" in body and "llvm.func @f0(" not in body
    assert aliases  # (the tags and scopes met in the child's half, merged into one set)
    assert one[1].count("#tbaa_tag = ") == 1 and one[1].count("#alias_scope1 = ") == 1


def test_metadata_attributes_are_made_before_the_fork(monkeypatch):
    # (without globals nothing else makes the parser read the scopes' definitions first)
    text = _module(16, globals=False)
    one = _import(text, monkeypatch, split=False)
    parts = []
    monkeypatch.setattr(halves.SecondHalf, "part", parts_spy(parts))
    assert _import(text, monkeypatch, split=True) == one and len(parts) == 1
    assert one[1].count("#alias_scope_domain = ") == 1


def _in_body(text, i, line):
    """`text` with `line` first in the body of @f<i>."""
    head = f"@f{i}(ptr noalias %p, i32 %n) #0 {{\nentry:\n"
    assert head in text
    return text.replace(head, head + line, 1)


@pytest.mark.parametrize("where", [2, 9])  # (a function of the first half, of the second)
def test_a_conversion_error_is_the_one_process_gives(where, monkeypatch):
    text = _in_body(_module(12), where, "  %w = va_arg ptr %p, i32\n")
    one = _import(text, monkeypatch, split=False)
    assert "unhandled instruction" in one[2] and one[0] == 1
    assert _import(text, monkeypatch, split=True) == one


def test_llvms_complaint_about_the_second_half_comes_as_in_one_process(monkeypatch):
    text = _in_body(_module(12), 9, "  %bad = add i32 %undefined, 1\n")
    one = _import(text, monkeypatch, split=False)
    assert one[0] == 1 and "undefined" in one[2]
    assert _import(text, monkeypatch, split=True) == one


def test_a_body_not_laid_out_as_llvm_prints_it_is_read_with_the_rest(monkeypatch):
    # (its closing brace ends an instruction's line: the body finder must not run on into
    # the next function)
    text = _module(8).replace("  ret i32 %s\n}\ndefine i32 @f4(",
                              "  ret i32 %s }\ndefine i32 @f4(", 1)
    assert "ret i32 %s }" in text
    one = _import(text, monkeypatch, split=False)
    assert one[0] == 0 and "llvm.func @f4(" in one[1]
    assert _import(text, monkeypatch, split=True) == one


def test_a_reader_error_without_the_bodies_means_reading_it_whole(monkeypatch):
    # (a reader's error in a body left out may come before the one met: the serial
    # reader says which comes first)
    text = _module(8)
    one = _import(text, monkeypatch, split=False)

    def fails(self):
        raise RuntimeError("reader")
    monkeypatch.setattr(halves.Plan, "read_skeleton", fails)
    parts = []
    monkeypatch.setattr(halves.SecondHalf, "part", parts_spy(parts))
    assert _import(text, monkeypatch, split=True) == one and not parts


def parts_spy(got):
    real = halves.SecondHalf.part

    def part(self):
        p = real(self)
        got.append(p)
        return p
    return part


def test_a_warning_in_the_second_half_comes_out_in_order(monkeypatch):
    # The child cannot give its half's warnings in their place: the parent converts that
    # half itself.
    text = _module(12).replace("define i32 @f10(ptr noalias %p, i32 %n) #0 {",
                               "define i32 @f10(ptr noalias %p, i32 %n) #0 !foo !0 {")
    text = text.replace("define i32 @f1(ptr noalias %p, i32 %n) #0 {",
                        "define i32 @f1(ptr noalias %p, i32 %n) #0 !foo !1 {")
    one = _import(text, monkeypatch, split=False)
    two = _import(text, monkeypatch, split=True)
    assert one == two
    assert one[2].count("warning:") >= 2


def test_a_verification_that_does_not_pass_silently_means_one_process(monkeypatch):
    # (in either process: the serial path then verifies and reports as always)
    import pyopt.background_verify as bv
    text = _module(10)
    one = _import(text, monkeypatch, split=False)
    monkeypatch.setattr(bv, "verified_silently", lambda *a: False)
    monkeypatch.setattr(halves, "verified_silently", lambda *a: False)
    redone = []
    real = halves.SecondHalf.convert_theirs
    monkeypatch.setattr(halves.SecondHalf, "convert_theirs",
                        lambda self: redone.append(1) or real(self))
    assert _import(text, monkeypatch, split=True) == one and one[0] == 0
    assert redone == [1]


def test_no_part_from_the_child_means_one_process(monkeypatch):
    def broken(*args):
        raise RuntimeError("child died")
    text = _module(10)
    one = _import(text, monkeypatch, split=False)
    monkeypatch.setattr(printer_split, "print_part", broken)
    two = _import(text, monkeypatch, split=True)
    assert one == two and one[0] == 0


LIT_INPUTS = sorted(glob.glob(os.path.join(HERE, "..", "Target", "LLVMIR", "Import", "*.ll")))
SPLIT = []  # (lit inputs with a chunk imported in two processes)


@pytest.mark.parametrize("path", LIT_INPUTS, ids=os.path.basename)
def test_lit_inputs_import_the_same_in_two_processes(path, monkeypatch):
    from pyopt.tool import split_chunks
    text = open(path, encoding="utf-8", errors="surrogateescape").read()
    for start, end in split_chunks(text):
        chunk = text[start:end]
        one = _import(chunk, monkeypatch, split=False)
        parts = []
        monkeypatch.setattr(halves.SecondHalf, "part", parts_spy(parts))
        assert _import(chunk, monkeypatch, split=True) == one
        if parts:
            SPLIT.append(path)


def test_some_lit_inputs_were_imported_in_two_processes():
    assert len(set(SPLIT)) >= 3  # (most of them hold debug info or one function)
