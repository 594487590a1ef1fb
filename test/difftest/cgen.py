"""A small csmith-like generator of random C programs for the differential tester.

Every program is deterministic per seed and free of undefined behaviour: arithmetic happens in
uint32_t/uint64_t (narrow variables are widened first, so no int promotion can overflow), signed
arithmetic goes through wrapping helpers, division and remainder are guarded, shift amounts are
masked, array indices are reduced modulo the array length, loops have constant trip counts and
functions only call functions defined before them (no recursion). main() prints the function
results and a checksum over all globals, and returns a small exit code derived from it."""
from __future__ import annotations

import random

PRELUDE = r"""#include <stdint.h>
#include <stdio.h>
#include <string.h>

static uint32_t div_u32(uint32_t a, uint32_t b) { return b == 0 ? a : a / b; }
static uint32_t mod_u32(uint32_t a, uint32_t b) { return b == 0 ? a : a % b; }
static uint64_t div_u64(uint64_t a, uint64_t b) { return b == 0 ? a : a / b; }
static uint64_t mod_u64(uint64_t a, uint64_t b) { return b == 0 ? a : a % b; }
static int32_t add_s32(int32_t a, int32_t b) { return (int32_t)((uint32_t)a + (uint32_t)b); }
static int32_t sub_s32(int32_t a, int32_t b) { return (int32_t)((uint32_t)a - (uint32_t)b); }
static int32_t mul_s32(int32_t a, int32_t b) { return (int32_t)((uint32_t)a * (uint32_t)b); }
static int32_t div_s32(int32_t a, int32_t b) {
  return (b == 0 || (a == INT32_MIN && b == -1)) ? a : a / b;
}
static int32_t mod_s32(int32_t a, int32_t b) {
  return (b == 0 || (a == INT32_MIN && b == -1)) ? a : a % b;
}
static int32_t shr_s32(int32_t a, uint32_t b) { return a >> (b & 31); }
static uint64_t crc;
static void mix(uint64_t v) { crc = (crc ^ v) * 0x100000001b3ULL + (crc >> 29); }
static void mix_double(double d) { uint64_t u; memcpy(&u, &d, sizeof u); mix(u); }
"""

# Helpers and globals of the less common features (cgen.CGen.feature); defined after struct S.
FEATURE_GLOBALS = r"""#include <stdarg.h>
typedef uint32_t v4u __attribute__((vector_size(16)));
static long double g_ld = 1.0L;
static float g_fl = 2.5f;
static unsigned __int128 g_w = 12345;
static union { uint32_t u; uint8_t b[4]; } g_un;
static _Thread_local uint32_t g_tls = 5;
static uint32_t g_at;
static v4u g_vec;
static struct __attribute__((packed)) { uint8_t a; uint32_t b; uint16_t c; } g_pk = {1, 2, 3};
static const unsigned char g_bytes[] = "\xff\x00\xc3(\x80\\\"\t\x7f end";
static uint32_t h0(uint32_t x) { return x * 2654435761U; }
static uint32_t h1(uint32_t x) { return x ^ (x >> 13); }
static uint32_t h2(uint32_t x) { return ~x + 17U; }
static uint32_t h3(uint32_t x) { return x << 3 | x >> 29; }
static uint32_t (*const g_fp[4])(uint32_t) = {h0, h1, h2, h3};
static uint32_t vsum(int n, ...) {
  va_list ap;
  uint32_t s = 0;
  va_start(ap, n);
  for (int i = 0; i < n; i++) s = s * 33U + va_arg(ap, uint32_t);
  va_end(ap);
  return s;
}
static uint32_t table_switch(uint32_t x) {
  switch (x % 13U) {
  case 0: return 11; case 1: return 29; case 2: return 3; case 3: return 1009;
  case 4: return 7; case 5: return 77; case 6: return 123456; case 7: return 5;
  case 8: return 0; case 9: return 99; case 10: return 4242; case 11: return 31;
  default: return 8;
  }
}
"""
FEATURE_MIX = (
    "mix((uint64_t)(int64_t)g_ld); mix((uint64_t)(int32_t)g_fl); mix((uint64_t)g_w); "
    "mix((uint64_t)(g_w >> 64)); mix(g_un.u); mix(g_tls); mix(g_at); "
    "for (int i = 0; i < 4; i++) mix(g_vec[i]); mix(g_pk.a); mix(g_pk.b); mix(g_pk.c); "
    "for (unsigned i = 0; i < sizeof g_bytes; i++) mix(g_bytes[i]);")

UTYPES = ["uint8_t", "uint16_t", "uint32_t", "uint64_t"]
U32_BIN = ["+", "-", "*", "&", "|", "^"]


class CGen:
    def __init__(self, seed):
        self.r = random.Random(seed)
        self.out = []
        self.n = 0
        self.alen = self.r.choice([4, 8, 10, 16])

    # -- helpers -----------------------------------------------------------------------
    def fresh(self, p):
        self.n += 1
        return f"{p}{self.n}"

    def emit(self, s, ind=0):
        self.out.append("  " * ind + s)

    def lit(self, t="uint32_t"):
        r = self.r
        v = r.choice([0, 1, 2, 3, 7, 255, 0xFFFF, 0x7FFFFFFF, 0xFFFFFFFF, r.randrange(1 << 32)])
        if t == "uint64_t" and r.random() < 0.4:
            return f"0x{r.randrange(1 << 64):X}ULL"
        return f"{v}U"

    # -- expressions: every expression has type uint32_t (or uint64_t when wide) ----------
    def leaf(self, env, wide):
        r = self.r
        k = r.random()
        if k < 0.2 or not env["scalars"]:
            return self.lit("uint64_t" if wide else "uint32_t")
        if k < 0.55:
            name, t = r.choice(env["scalars"])
            if t == "int32_t":
                return f"(uint32_t){name}"
            if t == "double":
                return f"(uint32_t)(int32_t)({name} > 1e9 || {name} < -1e9 ? 1.0 : {name})"
            return f"(uint64_t){name}" if wide else f"(uint32_t){name}"
        if k < 0.75:
            a = r.choice(self.arrays)
            return f"{a}[{self.index(env)}]"
        if k < 0.9 and self.structs:
            s, fields = r.choice(self.structs)
            f, t = r.choice(fields)
            if t == "arr":
                return f"(uint32_t){s}.{f}[{self.index(env)} % 3]"
            return f"(uint32_t){s}.{f}"
        return f"(uint32_t)g_sa[{self.index(env)} % {self.salen}].x"

    def index(self, env):
        if env["loopvars"] and self.r.random() < 0.6:
            return f"({self.r.choice(env['loopvars'])} % {self.alen}U)"
        return f"({self.expr(env, 1)} % {self.alen}U)"

    def expr(self, env, depth, wide=False):
        r = self.r
        if depth <= 0 or r.random() < 0.25:
            return self.leaf(env, wide)
        k = r.random()
        a = self.expr(env, depth - 1, wide)
        b = self.expr(env, depth - 1, wide)
        bits = 63 if wide else 31
        sfx = "u64" if wide else "u32"
        if k < 0.45:
            return f"({a} {r.choice(U32_BIN)} {b})"
        if k < 0.55:
            return f"{r.choice(['div', 'mod'])}_{sfx}({a}, {b})"
        if k < 0.65:
            cast = "(uint64_t)" if wide else ""
            return f"({cast}{a} {r.choice(['<<', '>>'])} ({b} & {bits}U))"
        if k < 0.72:
            return f"(uint32_t)({a} {r.choice(['<', '<=', '==', '!=', '>'])} {b})"
        if k < 0.78:
            return f"(uint32_t)({a} {r.choice(['&&', '||'])} {b})"
        if k < 0.84:
            c = self.expr(env, depth - 1)
            return f"({c} ? {a} : {b})"
        if k < 0.9:
            op = r.choice(["add", "sub", "mul", "div", "mod"])
            return f"(uint32_t){op}_s32((int32_t){a}, (int32_t){b})"
        if k < 0.94:
            return f"(uint32_t)shr_s32((int32_t){a}, {b})"
        if k < 0.97 and self.can_call(env):
            return self.call(env)
        return f"(~{a})"

    def can_call(self, env):
        # calls stay out of loops and are capped per function, so run time stays small
        return self.funcs and not env["inloop"] and self.calls_left > 0

    def call(self, env):
        self.calls_left -= 1
        name, params, ret = self.r.choice(self.funcs)
        args = []
        for t in params:
            if t == "ptr":
                args.append(self.r.choice(self.arrays))
            elif t == "sptr":
                args.append(f"&g_sa[{self.index(env)} % {self.salen}]")
            elif t == "struct":
                args.append(f"g_sa[{self.index(env)} % {self.salen}]")
            else:
                args.append(f"({t}){self.expr(env, 1)}")
        c = f"{name}({', '.join(args)})"
        return f"(uint32_t){c}.x" if ret == "struct" else f"(uint32_t){c}"

    # -- statements -------------------------------------------------------------------
    def lvalue(self, env):
        r = self.r
        k = r.random()
        if k < 0.35 and env["locals"]:
            return r.choice(env["locals"])
        if k < 0.6:
            return f"{r.choice(self.arrays)}[{self.index(env)}]"
        if k < 0.8 and self.structs:
            s, fields = r.choice(self.structs)
            f, t = r.choice(fields)
            if t == "arr":
                return f"{s}.{f}[{self.index(env)} % 3]"
            return f"{s}.{f}"
        if k < 0.9:
            return f"g_sa[{self.index(env)} % {self.salen}].{r.choice(['x', 'y'])}"
        return r.choice(self.gscalars)[0]

    def stmt(self, env, ind, depth):
        r = self.r
        k = r.random()
        if k < 0.07:
            self.feature(env, ind)
        elif k < 0.3 or depth >= 3:
            op = r.choice(["=", "+=", "^=", "|=", "-=", "&="])
            self.emit(f"{self.lvalue(env)} {op} {self.expr(env, 3)};", ind)
        elif k < 0.42:
            self.emit(f"if ({self.expr(env, 2)}) {{", ind)
            self.block(env, ind + 1, depth + 1, 2)
            if r.random() < 0.5:
                self.emit("} else {", ind)
                self.block(env, ind + 1, depth + 1, 2)
            self.emit("}", ind)
        elif k < 0.54 and depth < 2:
            v = self.fresh("i")
            self.emit(f"for (uint32_t {v} = 0; {v} < {r.randint(1, 6)}U; {v}++) {{", ind)
            inner = dict(env, loopvars=env["loopvars"] + [v], inloop=True)
            self.block(inner, ind + 1, depth + 1, 3)
            self.emit("}", ind)
        elif k < 0.6 and depth < 2:
            v = self.fresh("w")
            self.emit(f"uint32_t {v} = {r.randint(1, 5)}U;", ind)
            self.emit(f"while ({v}-- > 0) {{", ind)
            self.block(dict(env, inloop=True), ind + 1, depth + 1, 2)
            self.emit("}", ind)
        elif k < 0.68:
            self.emit(f"switch ({self.expr(env, 2)} % 5U) {{", ind)
            for c in r.sample(range(5), r.randint(1, 4)):
                self.emit(f"case {c}U: {{", ind)
                self.block(env, ind + 1, depth + 1, 1)
                self.emit("}", ind)
                if r.random() < 0.8:
                    self.emit("break;", ind + 1)
            self.emit("default: {", ind)
            self.block(env, ind + 1, depth + 1, 1)
            self.emit("}", ind)
            self.emit("}", ind)
        elif k < 0.76:
            p = self.fresh("p")
            a = r.choice(self.arrays)
            self.emit(f"uint32_t *{p} = &{a}[{self.index(env)}];", ind)
            self.emit(f"*{p} = *{p} * 3U + {self.expr(env, 2)};", ind)
            self.emit(f"{p} = {a} + {self.index(env)};", ind)
            self.emit(f"{p}[0] ^= {self.expr(env, 1)};", ind)
        elif k < 0.82:
            p = self.fresh("ps")
            self.emit(f"struct S *{p} = &g_sa[{self.index(env)} % {self.salen}];", ind)
            self.emit(f"{p}->y = {p}->y + (uint64_t){self.expr(env, 2, wide=True)};", ind)
            self.emit(f"{p}->x ^= (uint32_t)({p}->y >> 7);", ind)
        elif k < 0.88 and env["dlocals"]:
            d = r.choice(env["dlocals"])
            e = f"(double)(int32_t)({self.expr(env, 1)} & 0xFFFFU)"
            self.emit(f"{d} = {d} * 0.5 + {e} * {r.choice(['0.25', '1.5', '-3.0'])};", ind)
        elif k < 0.95 and self.can_call(env):
            self.emit(f"{self.lvalue(env)} += {self.call(env)};", ind)
        else:
            v = self.fresh("l")
            t = r.choice(UTYPES)
            self.emit(f"{t} {v} = ({t}){self.expr(env, 2, wide=t == 'uint64_t')};", ind)
            env["locals"].append(v)
            env["scalars"].append((v, t))

    def feature(self, env, ind):
        """One statement exercising a less common IR feature (intrinsics, x86_fp80, i128,
        atomics, thread-locals, varargs, function pointers, vectors, VLAs, lookup tables)."""
        r = self.r
        e = self.expr(env, 1)
        lv = self.lvalue(env)
        k = r.randrange(14)
        if k == 0:
            self.emit(f"{lv} ^= (uint32_t)__builtin_popcount({e}) + "
                      f"__builtin_bswap32({self.expr(env, 1)});", ind)
        elif k == 1:
            v = self.fresh("z")
            self.emit(f"uint32_t {v} = {e};", ind)
            self.emit(f"{lv} += ({v} ? (uint32_t)__builtin_ctz({v}) : 32U) + "
                      f"(uint32_t)__builtin_clzll((uint64_t){v} | 1U);", ind)
        elif k == 2:
            v, sh = self.fresh("z"), self.fresh("z")
            self.emit(f"uint32_t {v} = {e}, {sh} = {self.expr(env, 1)} & 31U;", ind)
            self.emit(f"{lv} = ({v} << {sh}) | ({v} >> ((32U - {sh}) & 31U));", ind)
        elif k == 3:
            self.emit(f"g_ld = g_ld * 0.5L + (long double)({e} & 0xFFFFU) * 1.25L;", ind)
            self.emit(f"g_fl = g_fl * 0.75f - (float)({self.expr(env, 1)} & 0xFFU);", ind)
        elif k == 4:
            self.emit(f"g_w = g_w * (unsigned __int128){e} + "
                      f"((unsigned __int128)0x123456789ULL << 70);", ind)
            self.emit(f"{lv} ^= (uint32_t)(g_w >> 96) + (uint32_t)(g_w >> 33);", ind)
        elif k == 5:
            self.emit(f"g_un.u = {e};", ind)
            self.emit(f"{lv} += g_un.b[{self.expr(env, 1)} % 4U];", ind)
        elif k == 6:
            self.emit(f"g_tls = g_tls * 7U + {e};", ind)
            self.emit(f"{lv} ^= g_tls;", ind)
        elif k == 7:
            self.emit(f"{lv} += __atomic_fetch_add(&g_at, {e}, __ATOMIC_SEQ_CST);", ind)
            v = self.fresh("z")
            self.emit(f"uint32_t {v} = g_at;", ind)
            self.emit(f"__atomic_compare_exchange_n(&g_at, &{v}, {v} ^ 0x55U, 0, "
                      f"__ATOMIC_SEQ_CST, __ATOMIC_RELAXED);", ind)
        elif k == 8:
            n = r.randint(1, 4)
            args = ", ".join(f"(uint32_t){self.expr(env, 1)}" for _ in range(n))
            self.emit(f"{lv} += vsum({n}, {args});", ind)
        elif k == 9:
            self.emit(f"{lv} ^= g_fp[{e} % 4U]({self.expr(env, 1)});", ind)
        elif k == 10:
            v = self.fresh("vv")
            self.emit(f"v4u {v} = {{{e}, {self.expr(env, 1)}, 3U, 0xFFFFFFFFU}};", ind)
            self.emit(f"{v} = {v} * {v} + __builtin_shufflevector({v}, {v}, 3, 2, 1, 0);", ind)
            self.emit(f"g_vec ^= {v};", ind)
            self.emit(f"{lv} += {v}[0] ^ {v}[3];", ind)
        elif k == 11:
            n, v = self.fresh("n"), self.fresh("vla")
            self.emit(f"{{ uint32_t {n} = {e} % 7U + 1U; uint32_t {v}[{n}];", ind)
            self.emit(f"  for (uint32_t q = 0; q < {n}; q++) {v}[q] = q * {self.lit()};", ind)
            self.emit(f"  {lv} += {v}[{self.expr(env, 1)} % {n}]; }}", ind)
        elif k == 12:
            self.emit(f"{lv} += table_switch({e});", ind)
        else:
            self.emit(f"g_pk.b += {e}; g_pk.c ^= (uint16_t)g_pk.b;", ind)
            self.emit(f"{{ struct S t; memcpy(&t, &g_sa[{self.index(env)} % {self.salen}], "
                      f"sizeof t); t.x ^= (uint32_t)g_pk.c; "
                      f"g_sa[{self.index(env)} % {self.salen}] = t; }}", ind)

    def block(self, env, ind, depth, n):
        env = dict(env, locals=list(env["locals"]), scalars=list(env["scalars"]))
        for _ in range(self.r.randint(1, n)):
            self.stmt(env, ind, depth)

    # -- top level --------------------------------------------------------------------
    def globals_(self):
        r = self.r
        n = self.alen
        self.arrays = []
        for _ in range(r.randint(1, 3)):
            a = self.fresh("g_arr")
            init = ", ".join(self.lit() for _ in range(r.randint(0, n)))
            q = "static " if r.random() < 0.5 else ""
            self.emit(f"{q}uint32_t {a}[{n}] = {{{init}}};")
            self.arrays.append(a)
        self.gscalars = []
        for _ in range(r.randint(1, 4)):
            t = r.choice(UTYPES + ["int32_t"])
            g = self.fresh("g_")
            q = r.choice(["", "static ", "volatile "])
            self.emit(f"{q}{t} {g} = ({t}){self.lit()};")
            self.gscalars.append((g, t))
        self.emit("struct S { uint32_t x; uint64_t y; uint8_t c; int16_t s; };")
        self.salen = r.randint(2, 5)
        init = ", ".join(f"{{{self.lit()}, {self.lit('uint64_t')}, {r.randrange(256)}, "
                         f"{r.randrange(-300, 300)}}}" for _ in range(self.salen))
        self.emit(f"struct S g_sa[{self.salen}] = {{{init}}};")
        self.structs = []
        for _ in range(r.randint(0, 2)):
            sname = self.fresh("T")
            fields = []
            decl = []
            for _ in range(r.randint(1, 4)):
                f = self.fresh("f")
                if r.random() < 0.2:
                    decl.append(f"uint16_t {f}[3];")
                    fields.append((f, "arr"))
                elif r.random() < 0.2:
                    decl.append(f"unsigned {f} : {r.randint(1, 20)};")
                    fields.append((f, "bits"))
                else:
                    t = r.choice(UTYPES)
                    decl.append(f"{t} {f};")
                    fields.append((f, t))
            self.emit(f"struct {sname} {{ {' '.join(decl)} }};")
            g = self.fresh("g_s")
            init = [("{1, 2, 3}" if t == "arr" else str(r.randrange(2)) if t == "bits"
                     else self.lit()) for _, t in fields]
            self.emit(f"struct {sname} {g} = {{{', '.join(init)}}};")
            self.structs.append((g, fields))
        self.gptrs = []
        if r.random() < 0.6:
            p = self.fresh("g_ptr")
            self.emit(f"uint32_t *{p} = &{r.choice(self.arrays)}[{r.randrange(n)}];")
            self.gptrs.append(p)
        self.emit('static const char g_str[] = "difftest \\"str\\"\\n";')
        self.emit(FEATURE_GLOBALS)
        self.emit(f"static const uint16_t g_tab[{n}] = "
                  f"{{{', '.join(str(r.randrange(65536)) for _ in range(n))}}};")

    def function(self, idx):
        r = self.r
        name = f"func_{idx}"
        ret = r.choice(["uint32_t", "uint64_t", "int32_t", "uint8_t", "struct"])
        params = []
        for _ in range(r.randint(0, 4)):
            params.append(r.choice(["uint32_t", "uint64_t", "int32_t", "uint16_t", "ptr",
                                    "sptr", "struct", "double"]))
        pnames = [f"a{i}" for i in range(len(params))]
        decl = []
        env = {"locals": [], "scalars": list(self.gscalars), "loopvars": [], "dlocals": [],
               "inloop": False}
        for pn, t in zip(pnames, params):
            if t == "ptr":
                decl.append(f"uint32_t *{pn}")
            elif t == "sptr":
                decl.append(f"struct S *{pn}")
            elif t == "struct":
                decl.append(f"struct S {pn}")
            else:
                decl.append(f"{t} {pn}")
                env["scalars"].append((pn, t))
        rt = "struct S" if ret == "struct" else ret
        self.calls_left = 3
        q = "static " if r.random() < 0.4 else ""
        self.emit(f"{q}{rt} {name}({', '.join(decl) or 'void'}) {{")
        acc = self.fresh("acc")
        self.emit(f"uint64_t {acc} = {self.lit('uint64_t')};", 1)
        env["locals"].append(acc)
        env["scalars"].append((acc, "uint64_t"))
        if r.random() < 0.5:
            d = self.fresh("d")
            self.emit(f"double {d} = {r.choice(['0.0', '1.25', '-7.5', '1e3'])};", 1)
            env["dlocals"].append(d)
        if r.random() < 0.4:
            la = self.fresh("la")
            self.emit(f"uint32_t {la}[{self.alen}] = {{{self.lit()}, {self.lit()}}};", 1)
            self.arrays.append(la)
        self.block(env, 1, 0, r.randint(3, 8))
        for pn, t in zip(pnames, params):
            if t == "ptr":
                self.emit(f"{pn}[{self.index(env)}] += (uint32_t){acc};", 1)
                self.emit(f"{acc} += {pn}[{self.index(env)}];", 1)
            elif t == "sptr":
                self.emit(f"{pn}->c = (uint8_t)({pn}->c + {acc});", 1)
                self.emit(f"{acc} ^= {pn}->y;", 1)
            elif t == "struct":
                self.emit(f"{acc} += {pn}.x + (uint64_t){pn}.s;", 1)
            elif t == "double":
                self.emit(f"mix_double({pn});", 1)
            else:
                self.emit(f"{acc} = {acc} * 31U + (uint64_t){pn};", 1)
        for d in env["dlocals"]:
            self.emit(f"mix_double({d});", 1)
        if r.random() < 0.4:
            la = self.arrays[-1] if self.arrays[-1].startswith("la") else None
            if la:
                self.emit(f"for (int k = 0; k < {self.alen}; k++) {acc} += {la}[k];", 1)
        if ret == "struct":
            self.emit(f"struct S res = g_sa[{acc} % {self.salen}U];", 1)
            self.emit(f"res.x += (uint32_t){acc};", 1)
            self.emit("return res;", 1)
        else:
            self.emit(f"return ({rt})({acc} + {self.expr(env, 2)});", 1)
        self.emit("}")
        if self.arrays[-1].startswith("la"):
            self.arrays.pop()
        self.funcs.append((name, params, ret))

    def main(self):
        r = self.r
        self.emit("int main(void) {")
        env = {"locals": [], "scalars": list(self.gscalars), "loopvars": [], "dlocals": [],
               "inloop": False}
        for name, params, ret in self.funcs[-3:] + r.sample(self.funcs, min(2, len(self.funcs))):
            self.calls_left = 2
            saved = self.funcs
            self.funcs = [(name, params, ret)]
            c = self.call(env)
            self.funcs = saved
            self.emit(f'printf("{name} = %u\\n", {c});', 1)
            self.emit(f"mix({c});", 1)
        for a in self.arrays:
            self.emit(f"for (int i = 0; i < {self.alen}; i++) mix({a}[i]);", 1)
        for g, _ in self.gscalars:
            self.emit(f"mix((uint64_t){g});", 1)
        self.emit(f"for (int i = 0; i < {self.salen}; i++) {{ mix(g_sa[i].x); mix(g_sa[i].y); "
                  f"mix(g_sa[i].c); mix((uint64_t)g_sa[i].s); }}", 1)
        for g, fields in self.structs:
            for f, t in fields:
                if t == "arr":
                    self.emit(f"for (int i = 0; i < 3; i++) mix({g}.{f}[i]);", 1)
                else:
                    self.emit(f"mix({g}.{f});", 1)
        for p in self.gptrs:
            self.emit(f"mix(*{p});", 1)
        self.emit(f"for (int i = 0; i < {self.alen}; i++) mix(g_tab[i]);", 1)
        self.emit("mix(strlen(g_str));", 1)
        self.emit(FEATURE_MIX, 1)
        self.emit('printf("checksum = %016llx\\n", (unsigned long long)crc);', 1)
        self.emit("return (int)(crc % 3U);", 1)
        self.emit("}")

    def program(self):
        self.out.append(PRELUDE)
        self.globals_()
        self.funcs = []
        for i in range(self.r.randint(2, 7)):
            self.function(i)
        self.main()
        return "\n".join(self.out) + "\n"


def program(seed):
    return CGen(seed).program()


if __name__ == "__main__":
    import sys
    sys.stdout.write(program(int(sys.argv[1]) if len(sys.argv) > 1 else 0))
