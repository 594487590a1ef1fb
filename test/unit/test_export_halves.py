"""pytranslate/export/halves.py: a module translated to LLVM IR by two processes gives exactly
what one process gives (same text, same diagnostics), also when the child gives no part."""
import glob
import io
import os
from types import SimpleNamespace

import pytest

from pyopt.dialects import make_context
from pyopt.ir.diagnostics import MLIRError
from pyopt.ir.location import SourceBuffer
from pytranslate.export import halves, translate_to_llvmir
from pytranslate.importer import import_llvm

pytestmark = pytest.mark.skipif(not hasattr(os, "fork"), reason="needs os.fork")

HERE = os.path.dirname(os.path.abspath(__file__))


def _ll_module(n):
    """n functions calling across the middle both ways, with TBAA, alias scopes and loop
    metadata (distinct nodes both halves use), intrinsics, structs met in bodies only,
    call-site attribute groups, globals and declarations."""
    lines = ['target datalayout = "e-m:e-i64:64-n32:64-S128"',
             "%struct.pair = type { i32, ptr }",
             "%struct.only_in_bodies = type { i64, %struct.inner }",
             "%struct.inner = type { i8, i16 }",
             f"@table = global [2 x ptr] [ptr @f0, ptr @f{n - 1}]",
             '@msg = private constant [3 x i8] c"hi\\00"',
             "@pairs = internal global %struct.pair { i32 1, ptr @msg }"]
    for i in range(n):
        callee = (i * 7 + 3) % n
        if i % 5 == 2:
            lines.append(f"declare i32 @ext{i}(ptr, ...)")
        extra = []
        if i % 4 == 1:  # (an intrinsic first used in either half)
            extra.append(f"  %m{i} = call i32 @llvm.smax.i32(i32 %v, i32 {i})")
        if i % 6 == 5:
            extra.append(f"  %g{i} = getelementptr %struct.only_in_bodies, ptr %p, i64 {i}, "
                         "i32 1, i32 1")
            extra.append(f"  call void @llvm.memset.p0.i64(ptr %p, i8 0, i64 {i}, i1 false)")
        lines += [
            f"define {'internal ' if i % 3 == 0 else ''}i32 @f{i}(ptr noalias %p, i32 %n) #0 {{",
            "entry:",
            "  %v = load i32, ptr %p, align 4, !tbaa !3",
            "  %q = getelementptr inbounds %struct.pair, ptr %p, i64 0, i32 1",
            "  store ptr %p, ptr %q, align 8, !alias.scope !12, !noalias !13",
            *extra,
            "  br label %loop",
            "loop:",
            "  %i = phi i32 [ 0, %entry ], [ %j, %loop ]",
            "  %j = add nsw i32 %i, 1",
            "  %c = icmp slt i32 %j, %n",
            f"  br i1 %c, label %loop, label %exit, !llvm.loop !{20 + i % 2}",
            "exit:",
            f"  %r = call i32 @f{callee}(ptr %p, i32 %j){' #1' if i % 3 == 1 else ''}",
            "  %s = add i32 %r, %v",
            "  ret i32 %s",
            "}"]
    lines += ["declare i32 @llvm.smax.i32(i32, i32)",
              "declare void @llvm.memset.p0.i64(ptr, i8, i64, i1)",
              'attributes #0 = { nounwind "frame-pointer"="all" }',
              "attributes #1 = { cold }",
              '!0 = !{!"Simple C/C++ TBAA"}',
              '!1 = !{!"omnipotent char", !0, i64 0}',
              '!2 = !{!"int", !1, i64 0}',
              "!3 = !{!2, !2, i64 0}",
              '!10 = distinct !{!10, !"dom"}',
              '!11 = distinct !{!11, !10, !"s1"}',
              '!14 = distinct !{!14, !10, !"s2"}',
              "!12 = !{!11}",
              "!13 = !{!14}",
              "!20 = distinct !{!20, !22}",
              "!21 = distinct !{!21, !22, !23}",
              '!22 = !{!"llvm.loop.mustprogress"}',
              '!23 = !{!"llvm.loop.unroll.disable"}']
    return "\n".join(lines) + "\n"


def _mlir_module(n):
    out = io.StringIO()
    assert import_llvm(_ll_module(n), "in.ll", SimpleNamespace(), out) == 0
    return out.getvalue()


def _export(text, monkeypatch, split):
    """(output or None, warnings, error) of --mlir-to-llvmir in this process."""
    monkeypatch.delenv("PYTRANSLATE_NO_FORK", raising=False)
    monkeypatch.delenv("PYOPT_NO_FORK", raising=False)
    monkeypatch.setattr(halves, "MIN_CHARS", 0 if split else 1 << 62)
    heard = []
    options = SimpleNamespace(emit=heard.append, implicit_module=True)
    try:
        out, error = translate_to_llvmir(SourceBuffer("in.mlir", text), make_context(False),
                                         options), None
    except MLIRError as e:
        out, error = None, str(e.diag)
    monkeypatch.undo()
    return out, [str(d) for d in heard], error


def _spy(monkeypatch):
    """The parts the parent takes in, from now on."""
    given = []
    real = halves.Part.give

    def give(part, h):
        given.append(part)
        return real(part, h)
    monkeypatch.setattr(halves.Part, "give", give)
    return given


def test_two_processes_give_what_one_gives(monkeypatch):
    text = _mlir_module(24)
    assert halves.body_spans(text) is None  # (a small input stays in one process)
    monkeypatch.setattr(halves, "MIN_CHARS", 0)
    assert len(halves.body_spans(text)) == 24 + 2  # (the bodies, two initializers)
    monkeypatch.undo()
    one = _export(text, monkeypatch, split=False)
    assert one[0] is not None and "!llvm.loop" in one[0] and "%struct.only_in_bodies" in one[0]
    given = _spy(monkeypatch)
    assert _export(text, monkeypatch, split=True) == one
    assert len(given) == 1
    part = given[0]
    # the child met a struct the parent never did, and numbered nothing itself
    assert any(name == "%struct.only_in_bodies" for name, _ in part.structs)
    assert part.nodes and all(type(e) in (int, tuple) for e in part.nodes)


def test_the_parent_translates_the_second_half_when_the_child_gives_no_part(monkeypatch):
    text = _mlir_module(12)
    one = _export(text, monkeypatch, split=False)
    given = _spy(monkeypatch)
    monkeypatch.setattr(halves.Part, "make", classmethod(lambda cls, h: None))
    assert _export(text, monkeypatch, split=True) == one
    assert not given


def test_a_distinct_node_made_after_the_fork_is_not_carried(monkeypatch):
    # an access group written in the body (not an alias) gets its node in each process
    text = _mlir_module(8).replace("llvm.load %arg0 {", "llvm.load %arg0 {access_groups = "
                        "[#llvm.access_group<id = distinct[77]<>>], ")
    assert text.count("access_groups") == 8
    one = _export(text, monkeypatch, split=False)
    assert one[0] is not None and "!llvm.access.group" in one[0]
    given = _spy(monkeypatch)
    assert _export(text, monkeypatch, split=True) == one
    assert not given  # (the parent translated the second half itself)


@pytest.mark.parametrize("where", ["first", "second"])
@pytest.mark.parametrize("what", ["parse", "verify", "translate", "warning"])
def test_a_problem_in_either_half_is_reported_as_one_process_reports_it(what, where,
                                                                       monkeypatch):
    text = _mlir_module(10)
    name = "@f1(" if where == "first" else "@f8("
    at = text.index("llvm.func " + name)
    body = text.index("\n", at) + 1
    bad = {"parse": "    %x = llvm.add %nope, %nope : i32\n",
           "verify": "    %x = llvm.add %arg1, %arg1 : i64\n",
           "translate": "    %x = llvm.mlir.constant(1 : index) : index\n",
           # (LLVM IR takes one TBAA tag per instruction)
           "warning": "    %x = llvm.load %arg0 {tbaa = [#tbaa_tag, #tbaa_tag]} : !llvm.ptr "
                      "-> i32\n"}[what]
    text = text[:body] + bad + text[body:]
    one = _export(text, monkeypatch, split=False)
    assert one[0] is None or one[1]  # (an error, or a warning)
    assert _export(text, monkeypatch, split=True) == one


def test_llvms_complaint_about_the_second_half_is_the_one_process_gives(monkeypatch):
    # (LLVM's integers are at most 2^23 bits wide)
    text = _mlir_module(10)
    body = text.index("\n", text.index("llvm.func @f8(")) + 1
    text = text[:body] + "    %u = llvm.mlir.undef : i10000000\n" \
        "    %w = llvm.freeze %u : i10000000\n" + text[body:]
    one = _export(text, monkeypatch, split=False)
    assert "LLVM IR fails to verify" in one[2]
    given = _spy(monkeypatch)
    assert _export(text, monkeypatch, split=True) == one
    assert given


def test_a_body_not_laid_out_as_printed_keeps_one_process(monkeypatch):
    monkeypatch.setattr(halves, "MIN_CHARS", 0)
    text = _mlir_module(6)
    assert halves.body_spans(text) is not None
    end = text.index("\n  }\n", text.index("llvm.func @f1("))
    assert halves.body_spans(text[:end] + "\n  } \n" + text[end + 5:]) is None
    assert halves.body_spans(text.replace("llvm.return", "llvm.return loc(#loc)", 1)) is None
    assert halves.body_spans(text + '#later = "x"\n') is None  # (bodies see earlier ones)
    # a name ending in `loc` is no location
    assert halves.body_spans(text.replace("@f2(", "@myloc(")) is not None


def test_a_skipped_region_reads_as_it_would_have_in_place():
    from pyopt.syntax.parser import Parser
    from pyopt.syntax.printer import print_op
    from pyopt.tool import parse_module
    text = _mlir_module(4)
    spans = {}
    at = text.find("\n  llvm.func @f2")
    brace = text.index("\n", at + 1) - 1
    spans[brace] = text.index("\n  }", brace) + 4

    def deferring(buf, ctx):
        p = Parser(buf, ctx)
        p.deferred = dict(spans)
        return p
    ctx = make_context(False)
    module, parser = parse_module(SourceBuffer("in.mlir", text), ctx, parser_class=deferring)
    assert list(parser.skipped) == [brace] and not parser.deferred
    parser.parse_skipped_region(brace)
    whole, _ = parse_module(SourceBuffer("in.mlir", text), make_context(False))
    assert print_op(module) == print_op(whole)


def test_translation_changes_only_the_fields_a_part_carries(monkeypatch):
    """Part carries body, fn_attrs, personality and section of the child's functions: the
    translation of a body must not change any other field of its FunctionInfo."""
    from pyopt.tool import parse_module
    from pytranslate.export import module as export_module
    from pytranslate.export.attributes import AttrSet
    text = _mlir_module(6)
    seen = []
    real = export_module.translate_functions

    def state(f):  # (attribute sets are changed in place)
        return {k: v.text() if isinstance(v, AttrSet) else
                [a.text() for a in v] if k == "arg_attrs" else v for k, v in vars(f).items()}

    def watch(m, funcs):
        before = {name: state(f) for name, f in m.functions.items()}
        real(m, funcs)
        for name, f in m.functions.items():
            now = state(f)
            seen.append({k for k in now if now[k] is not before[name][k] and
                         now[k] != before[name][k]})
    monkeypatch.setattr(export_module, "translate_functions", watch)
    ctx = make_context(False)
    module, _ = parse_module(SourceBuffer("in.mlir", text), ctx)
    export_module.translate_module(module, SimpleNamespace(emit=print), llvm_check=False)
    assert set().union(*seen) <= {"body", "fn_attrs", "personality", "section"}
    assert {"body", "fn_attrs"} <= set().union(*seen)  # (`frame-pointer` is a body's)


# every chunk of the lit tests' LLVM dialect inputs, printed by pyopt (the layout the bodies
# are found in), translated by one process and by two
LIT_INPUTS = sorted(glob.glob(os.path.join(HERE, "..", "Target", "LLVMIR", "*.mlir")))
SPLIT = []


@pytest.mark.parametrize("path", LIT_INPUTS, ids=os.path.basename)
def test_lit_inputs_translate_the_same_in_two_processes(path, monkeypatch):
    from pyopt.tool import split_chunks, parse_module
    from pyopt.syntax.printer import print_op
    text = open(path, encoding="utf-8", errors="surrogateescape").read()
    for start, end in split_chunks(text):
        ctx = make_context(False)
        try:
            module, _ = parse_module(SourceBuffer("in.mlir", text[start:end]), ctx)
            chunk = print_op(module)
        except Exception:
            continue  # (an input that does not parse is not the halves' concern)
        one = _export(chunk, monkeypatch, split=False)
        given = _spy(monkeypatch)
        assert _export(chunk, monkeypatch, split=True) == one
        if given:
            SPLIT.append(path)


def test_some_lit_inputs_were_translated_in_two_processes():
    assert len(set(SPLIT)) >= 5
