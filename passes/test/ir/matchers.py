"""`test-matchers`: counts the ops of test functions that nested op/value patterns match
(MLIR's m_Op / m_Val / m_Any / m_Constant / m_Attr matchers)."""
from __future__ import annotations

from passes.test.ir.common import out
from pyopt.ir.attributes import FloatAttr
from pyopt.pass_registry import register_pass
from pyopt.rewrite.folding import constant_value

ANY = ("any",)


def op(name, *operands):
    return ("op", name, operands)


def val(v):
    return ("val", v)


def const(bind=None):
    return ("const", bind)


def match_op(pattern, o):
    kind = pattern[0]
    if kind == "const":
        c = constant_value(o)
        if c is None:
            return False
        if pattern[1] is not None:
            pattern[1].append(c)
        return True
    _, name, operands = pattern
    if o.name != name:
        return False
    if not operands:
        return True
    if len(o.operand_slots) != len(operands):
        return False
    return all(_match_operand(p, s.value) for p, s in zip(operands, o.operand_slots))


def _match_operand(pattern, value):
    kind = pattern[0]
    if kind == "any":
        return True
    if kind == "val":
        return value is pattern[1]
    d = value.defining_op() if hasattr(value, "defining_op") else None
    return d is not None and match_op(pattern, d)


def _count(f, pattern):
    n = [0]
    f.walk(lambda o: n.__setitem__(0, n[0] + match_op(pattern, o)))
    return n[0]


ADD, MUL = "arith.addf", "arith.mulf"


def _test1(f, say):
    a, b, c = (val(x) for x in f.regions[0].blocks[0].args[:3])
    mul_mulmul = op(MUL, op(MUL), op(MUL))
    mul_muladd = op(MUL, op(MUL), op(ADD))
    mul_anyadd = op(MUL, ANY, op(ADD))
    mul_a_any = op(MUL, a, ANY)
    for text, p in (
            ("add(*)", op(ADD)), ("mul(*)", op(MUL)),
            ("add(add(*), *)", op(ADD, op(ADD), ANY)), ("add(*, add(*))", op(ADD, ANY, op(ADD))),
            ("mul(add(*), *)", op(MUL, op(ADD), ANY)), ("mul(*, add(*))", op(MUL, ANY, op(ADD))),
            ("mul(mul(*), *)", op(MUL, op(MUL), ANY)),
            ("mul(mul(*), mul(*))", op(MUL, op(MUL), op(MUL))),
            ("mul(mul(mul(*), mul(*)), mul(mul(*), mul(*)))", op(MUL, mul_mulmul, mul_mulmul)),
            ("mul(mul(mul(mul(*), add(*)), mul(*)), mul(mul(*, add(*)), mul(*, add(*))))",
             op(MUL, op(MUL, mul_muladd, op(MUL)), op(MUL, mul_anyadd, mul_anyadd))),
            ("add(a, b)", op(ADD, a, b)), ("add(a, c)", op(ADD, a, c)),
            ("add(b, a)", op(ADD, b, a)), ("add(c, a)", op(ADD, c, a)),
            ("mul(a, add(c, b))", op(MUL, a, op(ADD, c, b))),
            ("mul(a, add(b, c))", op(MUL, a, op(ADD, b, c))),
            ("mul(mul(a, *), add(a, c))", op(MUL, mul_a_any, op(ADD, a, c))),
            ("mul(mul(a, *), add(c, b))", op(MUL, mul_a_any, op(ADD, c, b)))):
        say(f"Pattern {text} matched {_count(f, p)} times")


def _last_op(f):
    term = f.regions[0].blocks[0].last
    return term.prev if term is not None else None


def _test2(f, say):
    a = val(f.regions[0].blocks[0].args[0])
    bound = []
    last = _last_op(f)
    if last is None:
        return
    if match_op(op(MUL, a, op(ADD, a, const(bound))), last) and \
            isinstance(bound[-1], FloatAttr):
        say("Pattern add(add(a, constant), a) matched and bound constant to: "
            f"{bound[-1].value:e}")
    if match_op(op(MUL, a, op(ADD, a, const())), last):
        say("Pattern add(add(a, constant), a) matched")


def _test3(f, say):
    last = _last_op(f)
    if last is None:
        return
    if match_op(op(MUL, ANY, op(ADD, ANY, op("test.name"))), last):
        say('Pattern mul(*, add(*, m_Op("test.name"))) matched')
    fm = last.get_attr("fastmath")
    if fm is not None and type(fm).__name__ == "FastMathAttr":
        say('Pattern m_Attr("fastmath") matched and bound value to: '
            f"{fm.ENUM.stringify(fm.value)}")


@register_pass("test-matchers", "Test C++ pattern matchers.", anchor="func.func")
def test_matchers(f, ctx, options):
    name = f.get_attr("sym_name").value

    def say(text):
        out(ctx, text + "\n")
    say(name)
    {"test1": _test1, "test2": _test2, "test3": _test3}.get(name, lambda f, s: None)(f, say)
