"""-verify-diagnostics matching. Expected strings were taken from mlir-opt 19.1.7's stderr for
the same inputs (with the same buffer names: split chunks are named "within split at ...")."""
import pytest

from pyopt.ir.location import (CallSiteLoc, FileLineColLoc, FusedLoc, NameLoc, OpaqueLoc,
                               SourceBuffer, SourceLoc, UNKNOWN_LOC)
from pyopt.ir.diagnostics import Diagnostic
from pyopt.syntax.verify_diagnostics import ExpectedDiagnostics

RET_MSG = "'func.return' op has 0 operands, but enclosing function (@f) returns 1"
UNREG_MSG = ("operation being parsed with an unregistered dialect. If this is intended, please "
             "use -allow-unregistered-dialect with the MLIR tool used")


def at(buf, needle, nth=0):
    """A parser-style location at the nth occurrence of `needle`."""
    pos = -1
    for _ in range(nth + 1):
        pos = buf.text.index(needle, pos + 1)
    return SourceLoc(buf, pos)


def check(buf, *diags):
    return ExpectedDiagnostics(buf).check(list(diags))


FUNC = ('func.func @f() -> i32 {\n'
        '  // expected-error@+1 {{has 0 operands}}\n'
        '  "func.return"() : () -> ()\n'
        '}\n')


def test_matching_diagnostic_gives_no_output():
    buf = SourceBuffer("t.mlir", FUNC)
    assert check(buf, Diagnostic("error", at(buf, '"func.return"'), RET_MSG)) == []


def test_unexpected_and_not_produced():
    text = ('// expected-error@below {{something else}}\n'
            'func.func @f() -> i32 {\n'
            '  return\n'
            '}\n'
            '// expected-warning @+1 {{foo}}\n'
            '"some.op"() : () -> ()\n')
    buf = SourceBuffer("a.mlir", text)
    out = check(buf, Diagnostic("error", at(buf, "() : ()"), UNREG_MSG))
    assert out == [
        f"a.mlir:6:10: error: unexpected error: {UNREG_MSG}",
        '"some.op"() : () -> ()',
        "         ^",
        'a.mlir:1:4: error: expected error "something else" was not produced',
        "// expected-error@below {{something else}}",
        "   ^~~~~~~~~~~~~~",
        'a.mlir:5:4: error: expected warning "foo" was not produced',
        "// expected-warning @+1 {{foo}}",
        "   ^~~",
    ]


def test_wrong_severity_is_a_near_miss_and_still_not_produced():
    text = ('\nfunc.func @f() -> i32 {\n'
            '  // expected-warning@+1 {{has 0 operands}}\n'
            '  "func.return"() : () -> ()\n}\n')
    buf = SourceBuffer("within split at b.mlir:24 offset ", text)
    out = check(buf, Diagnostic("error", at(buf, '"func.return"'), RET_MSG))
    assert out == [
        "within split at b.mlir:24 offset :3:6: error: 'error' diagnostic emitted when "
        "expecting a 'warning'",
        "  // expected-warning@+1 {{has 0 operands}}",
        "     ^",
        'within split at b.mlir:24 offset :3:6: error: expected warning "has 0 operands" '
        'was not produced',
        "  // expected-warning@+1 {{has 0 operands}}",
        "     ^~~~~~~~~~~~~~",
    ]


def test_notes_are_checked_after_their_diagnostic():
    text = ('\n// expected-error @below {{redefinition}}\n'
            'func.func private @a() func.func private @a()\n')
    buf = SourceBuffer("within split at h.mlir:1 offset ", text)
    diag = Diagnostic("error", at(buf, "func.func", 1), "redefinition of symbol named 'a'")
    diag.attach_note("see existing symbol definition here", at(buf, "func.func"))
    assert check(buf, diag) == [
        "within split at h.mlir:1 offset :3:1: error: unexpected note: see existing symbol "
        "definition here",
        "func.func private @a() func.func private @a()",
        "^",
    ]


def test_note_expectation_and_reuse_of_a_matched_expectation():
    text = ('// expected-note @below {{see existing}}\n'
            '// expected-error @below {{redefinition}}\n'
            'func.func private @a() func.func private @a()\n')
    buf = SourceBuffer("t.mlir", text)
    diag = Diagnostic("error", at(buf, "func.func", 1), "redefinition of symbol named 'a'")
    diag.attach_note("see existing symbol definition here", at(buf, "func.func"))
    again = Diagnostic("error", at(buf, "func.func"), "redefinition of symbol named 'a'")
    assert check(buf, diag, again) == []  # one comment may absorb several diagnostics


def test_designators():
    text = ("a\n"                                   # 1
            "// expected-error @below {{x}}\n"      # 2 -> 5
            "// expected-note @below {{y}}\n"       # 3 -> 5
            "// expected-warning @above {{z}}\n"    # 4 -> 1 (last non-directive line)
            "b\n"                                   # 5
            "// expected-remark@+2 {{w}}\n"         # 6 -> 8
            "// expected-remark @-3 {{w}}\n"        # 7 -> 4
            "// expected-error-re @+010 {{v}}\n"    # 8 -> 16: a leading 0 means octal
            "// expected-error {{here}}\n"          # 9 -> 9
            "// expected-error @above {{u}}\n"      # 10 -> 5
            "// expected-error @below {{dangling}}\n")  # 11 -> 12 (the last, empty line)
    exp = ExpectedDiagnostics(SourceBuffer("t.mlir", text)).expected
    assert [(e.kind, e.line, e.substring) for e in exp] == [
        ("error", 5, "x"), ("note", 5, "y"), ("warning", 1, "z"), ("remark", 8, "w"),
        ("remark", 4, "w"), ("error", 16, "v"), ("error", 9, "here"), ("error", 5, "u"),
        ("error", 12, "dangling")]


def test_lines_that_are_not_directives():
    # No count form and {{...}} is required: these are ordinary lines (so an @below before
    # them lands on them). `@unknown` is a directive (target line -1: no file location).
    text = ("// expected-error @below {{a}}\n"
            "// expected-error@unknown {{b}}\n"
            "// expected-error 2 {{c}}\n"
            "// expected-error d\n"
            "// expected-error {{e}} // trailing\n")
    exp = ExpectedDiagnostics(SourceBuffer("t.mlir", text)).expected
    assert [(e.line, e.substring) for e in exp] == [(3, "a"), (-1, "b")]


def test_one_directive_per_line_message_runs_to_last_braces():
    text = "  // expected-error {{q}} {{r}} \n  // expected-error@-1 {{a}} expected-error {{y}}\n"
    exp = ExpectedDiagnostics(SourceBuffer("t.mlir", text)).expected
    assert [(e.line, e.col, e.substring) for e in exp] == [
        (1, 6, "q}} {{r"), (1, 6, "a}} expected-error {{y")]


def test_unknown_and_fileless_locations():
    buf = SourceBuffer("t.mlir", "\n")

    class Meta:
        def __str__(self):
            return '"m"'

    locs = [
        UNKNOWN_LOC,
        NameLoc("foo"),
        CallSiteLoc(UNKNOWN_LOC, NameLoc("x")),
        FusedLoc([NameLoc('a"b\n'), CallSiteLoc(NameLoc("c"), NameLoc("d"))], Meta()),
        NameLoc("n", FusedLoc([UNKNOWN_LOC, OpaqueLoc(NameLoc("o\\"))])),
    ]
    out = check(buf, *(Diagnostic("warning", loc, "msg") for loc in locs))
    assert out == [
        "<unknown>:0: error: unexpected warning: msg",
        '<unknown>:0: error: loc("foo"): unexpected warning: msg',
        '<unknown>:0: error: loc(callsite(unknown at "x")): unexpected warning: msg',
        '<unknown>:0: error: loc(fused<"m">["a\\22b\\0A", callsite("c" at "d")]): '
        'unexpected warning: msg',
        '<unknown>:0: error: loc("n"(fused[unknown, "o\\\\"])): unexpected warning: msg',
    ]


def test_file_location_inside_other_locations_is_used():
    buf = SourceBuffer("t.mlir", FUNC)
    inner = at(buf, '"func.return"')
    loc = FusedLoc([NameLoc("a"), NameLoc("c", CallSiteLoc(NameLoc("x"), inner))])
    assert check(buf, Diagnostic("error", loc, RET_MSG)) == []


def test_locations_without_source_line():
    buf = SourceBuffer("t.mlir", "x\n")
    out = check(buf,
                Diagnostic("error", FileLineColLoc("other.mlir", 3, 4), "a"),
                Diagnostic("error", FileLineColLoc("t.mlir", 1, 0), "b"),
                Diagnostic("error", FileLineColLoc("t.mlir", 9, 1), "c"),
                Diagnostic("error", FileLineColLoc("t.mlir", 1, 3), "d"),
                Diagnostic("error", FileLineColLoc("t.mlir", 1, 2), "e"))
    assert out == [
        "other.mlir:3:4: error: unexpected error: a",
        "t.mlir:1:0: error: unexpected error: b",
        "t.mlir:9:1: error: unexpected error: c",
        "t.mlir:1:3: error: unexpected error: d",  # column past the end of the line
        "t.mlir:1:2: error: unexpected error: e",  # just past the last character is fine
        "x",
        " ^",
    ]


def test_expectations_only_apply_to_their_own_file():
    buf = SourceBuffer("t.mlir", FUNC)
    out = check(buf, Diagnostic("error", FileLineColLoc("u.mlir", 3, 3), RET_MSG))
    assert out[0] == f"u.mlir:3:3: error: unexpected error: {RET_MSG}"
    assert out[1] == 't.mlir:2:6: error: expected error "has 0 operands" was not produced'


def test_line_offset_makes_lines_absolute():
    buf = SourceBuffer("t.mlir", "\n" + FUNC, line_offset=10)
    assert ExpectedDiagnostics(buf).expected[0].line == 14
    assert check(buf, Diagnostic("error", at(buf, '"func.return"'), RET_MSG)) == []
    out = check(buf, Diagnostic("error", at(buf, "func.func"), "other"))
    assert out == [
        "t.mlir:12:1: error: unexpected error: other",
        "func.func @f() -> i32 {",
        "^",
        't.mlir:13:6: error: expected error "has 0 operands" was not produced',
        "  // expected-error@+1 {{has 0 operands}}",
        "     ^~~~~~~~~~~~~~",
    ]


def test_tabs_are_expanded_and_non_ascii_lines_get_no_caret():
    text = ('func.func @f() -> i32 {\n'
            '\t// expected-error @+1 {{has\t0 op}}\n'
            '\t\t"func.return"() : () -> ()\n'
            '// é expected-error {{x}}\n'
            '}\n')
    buf = SourceBuffer("tab.mlir", text)
    out = check(buf, Diagnostic("error", at(buf, '"func.return"'), RET_MSG))
    assert out == [
        f"tab.mlir:3:3: error: unexpected error: {RET_MSG}",
        '                "func.return"() : () -> ()',
        "                ^",
        'tab.mlir:2:5: error: expected error "has\t0 op" was not produced',
        "        // expected-error @+1 {{has     0 op}}",
        "           ^~~~~~~~",
        'tab.mlir:4:7: error: expected error "x" was not produced',  # byte column
        "// é expected-error {{x}}",
    ]


def test_crlf_lines():
    buf = SourceBuffer("t.mlir", FUNC.replace("\n", "\r\n"))
    assert check(buf, Diagnostic("error", at(buf, '"func.return"'), RET_MSG)) == []
    out = check(buf)
    assert out[1:] == ["  // expected-error@+1 {{has 0 operands}}", "     ^~~~~~~~~~~~~~"]


def _re_func(pattern):
    return ('func.func @f() -> i32 {\n'
            f'  // expected-error-re@+1 {{{{{pattern}}}}}\n'
            '  "func.return"() : () -> ()\n}\n')


@pytest.mark.parametrize("pattern, matches", [
    ("has {{[0-9]+}} operands, but {{.*}}", True),
    ("(@f) {{r.}}turns", True),            # literal parts are not regexes
    ("encl{{\\o}}sing", True),             # an escaped ordinary char is itself
    ("{{\\d}}s, but", True),               # ... so \d is just 'd'
    ("{{\\d}} operands", False),
    ("returns 1{{$}}", True),
    ("{{^}}'func", True),
    ("{{^}}func", False),
    ("{{[[:digit:]]}} operands", True),
    ("{{[^[:alpha:]]}}", True),
    ("{{e[[=x=]]p}}", False),
    ("{{[[:<:]]has}}", True),
    ("{{(o)\\1}}", False),                 # \1 now names the enclosing group: never matches
    ("{{(op|x)}}", True),
    ("has", True),                         # no {{ }}: a substring
    ("", False),                           # an empty regex is invalid and never matches
])
def test_regex_matching(pattern, matches):
    buf = SourceBuffer("r.mlir", _re_func(pattern))
    out = check(buf, Diagnostic("error", at(buf, '"func.return"'), RET_MSG))
    assert (out == []) == matches


def test_plain_directive_is_a_substring_even_with_braces():
    buf = SourceBuffer("t.mlir", FUNC.replace("{{has 0 operands}}", "{{}}"))
    assert check(buf, Diagnostic("error", at(buf, '"func.return"'), RET_MSG)) == []
    buf = SourceBuffer("t.mlir", FUNC.replace("{{has 0 operands}}", "{{{{.*}}}}"))
    assert len(check(buf, Diagnostic("error", at(buf, '"func.return"'), RET_MSG))) == 6


@pytest.mark.parametrize("pattern, error", [
    ("op {{}}", "invalid regex: empty (sub)expression"),
    ("op {{)}}", "invalid regex: parentheses not balanced"),
    ("op {{(}}", "invalid regex: parentheses not balanced"),
    ("op {{a**}}", "invalid regex: repetition-operator operand invalid"),
    ("op {{{1}}}", "invalid regex: repetition-operator operand invalid"),
    ("op {{^*}}", "invalid regex: repetition-operator operand invalid"),
    ("op {{[[:foo:]]}}", "invalid regex: invalid character class"),
    ("op {{x{2,1}}}", "invalid regex: invalid repetition count(s)"),
    ("op {{x{256}}}", "invalid regex: invalid repetition count(s)"),
    ("op {{x{1}}", "invalid regex: braces not balanced"),
    ("op {{\\1(a)}}", "invalid regex: invalid backreference number"),
    ("op {{a|}}", "invalid regex: empty (sub)expression"),
    ("op {{(|a)}}", "invalid regex: empty (sub)expression"),
    ("op {{[z-a]}}", "invalid regex: invalid character range"),
    ("op {{[[.ab.]]}}", "invalid regex: invalid collating element"),
    ("op {{[a}}", "invalid regex: brackets ([ ]) not balanced"),
    ("op {{a+?}}", "invalid regex: repetition-operator operand invalid"),
    ("op {{a\\}}", "invalid regex: trailing backslash (\\)"),
    ("op {{[0-9] x", "found start of regex with no end '}}'"),
])
def test_invalid_regex(pattern, error):
    buf = SourceBuffer("r.mlir", _re_func(pattern))
    out = check(buf, Diagnostic("error", at(buf, '"func.return"'), RET_MSG))
    # The bad directive is dropped, so the diagnostic becomes unexpected.
    assert out == [
        f"r.mlir:2:6: error: {error}",
        f"  // expected-error-re@+1 {{{{{pattern}}}}}",
        "     ^" + "~" * (len(pattern) - 1),
        f"r.mlir:3:3: error: unexpected error: {RET_MSG}",
        '  "func.return"() : () -> ()',
        "  ^",
    ]


@pytest.mark.parametrize("pattern", [
    "a{,2}", "{x", "()", "[[.space.]]", "[]a]", "\\(", "[\\d]", "[[:>:]]", "(a)\\1"])
def test_valid_odd_regexes(pattern):
    exp = ExpectedDiagnostics(SourceBuffer("r.mlir", _re_func("op {{" + pattern + "}}")))
    assert len(exp.expected) == 1 and exp.check([])[0].endswith("was not produced")


def test_bad_directive_does_not_end_a_below_run():
    text = "// expected-error@below {{a}}\n// expected-error-re {{{{(}}}}\nx\n"
    exp = ExpectedDiagnostics(SourceBuffer("t.mlir", text))
    assert [(e.line, e.substring) for e in exp.expected] == [(3, "a")]


def test_report_order_and_repeatable_check():
    text = ("// expected-error {{never}}\n"
            "// expected-error-re {{{{[}}}}\n"
            "x y\n")
    buf = SourceBuffer("t.mlir", text)
    exp = ExpectedDiagnostics(buf)
    diags = [Diagnostic("remark", at(buf, "y\n"), "first"),
             Diagnostic("note", at(buf, "x y"), "second")]
    out = exp.check(diags)
    heads = [line for line in out if line.startswith("t.mlir")]
    assert heads == [
        "t.mlir:2:4: error: invalid regex: brackets ([ ]) not balanced",
        "t.mlir:3:3: error: unexpected remark: first",
        "t.mlir:3:1: error: unexpected note: second",
        't.mlir:1:4: error: expected error "never" was not produced',
    ]
    assert exp.check(diags) == out
