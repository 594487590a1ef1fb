"""LLVM's internal failure texts (assertions, unreachables, llvmlite's headings) turned into
messages about the input (pytranslate.llvmcheck)."""
from pytranslate.llvmcheck import (crash_message, internal_failure_message, is_internal_text,
                                   llvmlite_error_text)

CAST = ("python3: /build/llvm/include/llvm/Support/Casting.h:572: decltype(auto) "
        "llvm::cast(From*) [with To = llvm::DISubprogram; From = llvm::MDNode]: Assertion "
        "`isa<To>(Val) && \"cast<Ty>() argument of incompatible type!\"' failed.")


def test_cast_assertion_names_the_expected_kind():
    msg = crash_message(CAST + "\nStack dump:\n0. Program arguments: x\n")
    assert msg.endswith("a metadata node is not the DISubprogram expected there")
    assert not is_internal_text(msg)


def test_assertion_with_explanation_keeps_only_the_explanation():
    line = ("python3: /x/lib/IR/DebugProgramInstruction.cpp:151: llvm::DbgLabelRecord::"
            "DbgLabelRecord(llvm::MDNode*, llvm::MDNode*): Assertion `(isa<DILabel>(Label)"
            " || Label->isTemporary()) && \"Label type must be or resolve to a DILabel\"' "
            "failed.")
    msg = internal_failure_message(line)
    assert msg.endswith(": Label type must be or resolve to a DILabel")
    assert not is_internal_text(msg)


def test_bare_assertion_and_signal():
    msg = crash_message("a.out: /x/y.cpp:3: void f(): Assertion `n' failed.\n")
    assert msg == "invalid LLVM IR: LLVM cannot read this module"
    assert "crashed" in crash_message("")


def test_unreachable_uses_its_message():
    msg = crash_message("Unknown kind!\nUNREACHABLE executed at /x/y.cpp:12!\n")
    assert msg.endswith(": Unknown kind")


def test_llvm_error_and_verifier_finding_are_kept():
    text = "function !dbg attachment must be a subprogram\nptr @f\n" \
           "LLVM ERROR: Broken module found, compilation aborted!\n"
    assert crash_message(text) == "function !dbg attachment must be a subprogram"
    assert crash_message("LLVM ERROR: out of memory\n") == "out of memory"


def test_llvmlite_heading_and_buffer_name_are_dropped():
    text = ("LLVM IR parsing error\n<string>:4:8: error: bitwidth for integer type out of "
            "range\ndefine i10000000 @f() {\n       ^\n")
    got = llvmlite_error_text(text)
    assert got.startswith("line 4:8: bitwidth for integer type out of range\n")
    assert "<string>" not in got and "parsing error" not in got
    assert llvmlite_error_text("invalid tag\n!1 = !DIFile()\n") == "invalid tag\n!1 = !DIFile()"
