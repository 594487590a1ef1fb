"""Random MLIR programs for the translation differential test: test/unit/lowering_gen.py's
func/arith/cf/scf/math programs, extended with memref (alloc/alloca/load/store/dealloc) and
vector (broadcast, reduction, extract/insert element, fma, masked load/store) operations, so the
lowered LLVM dialect carries malloc calls, GEP constant expressions and vector intrinsics."""
from __future__ import annotations

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "unit"))
from lowering_gen import PIPELINE as _BASE, Gen  # noqa: E402

PIPELINE = ["--arith-expand", "--convert-scf-to-cf", "--convert-vector-to-llvm", "--finalize-memref-to-llvm"] + \
    [p for p in _BASE if p != "--convert-scf-to-cf"]

VEC = {"i32": "vector<4xi32>", "f32": "vector<4xf32>"}
REDUCE = {"i32": ["add", "mul", "minsi", "maxui", "and", "or", "xor"],
          "f32": ["add", "mul", "minimumf", "maxnumf"]}


class MemVecGen(Gen):
    def op(self, env, indent):
        k = self.r.random()
        if k < 0.12:
            self.memref_op(env, indent)
        elif k < 0.24:
            self.vector_op(env, indent)
        else:
            super().op(env, indent)

    def idx(self, env, indent):
        v = self.fresh()
        self.emit(f"{v} = arith.constant {self.r.randrange(4)} : index", indent)
        return v

    def memref_op(self, env, indent):
        r = self.r
        t = r.choice(["i32", "f32", "i64", "f64"])
        m = self.fresh()
        kind = r.choice(["alloc", "alloca"])
        mt = f"memref<{r.choice(['8', '4x4'])}x{t}>"
        self.emit(f"{m} = memref.{kind}() : {mt}", indent)
        ix = [self.idx(env, indent) for _ in range(mt.count("x"))]
        ixs = ", ".join(ix)
        self.emit(f"memref.store {self.value(env, t, indent)}, {m}[{ixs}] : {mt}", indent)
        v = self.fresh()
        self.emit(f"{v} = memref.load {m}[{ixs}] : {mt}", indent)
        env.append((v, t))
        if t in VEC and mt == f"memref<8x{t}>" and r.random() < 0.5:
            vt = VEC[t]
            mask = self.fresh()
            self.emit(f"{mask} = vector.constant_mask [{r.randint(0, 4)}] : vector<4xi1>", indent)
            pas = self.fresh()
            self.emit(f"{pas} = vector.broadcast {self.value(env, t, indent)} : {t} to {vt}",
                      indent)
            lv = self.fresh()
            self.emit(f"{lv} = vector.maskedload {m}[{ix[0]}], {mask}, {pas} : {mt}, "
                      f"vector<4xi1>, {vt} into {vt}", indent)
            self.emit(f"vector.maskedstore {m}[{ix[0]}], {mask}, {lv} : {mt}, vector<4xi1>, "
                      f"{vt}", indent)
            env.append((lv, vt))
        if kind == "alloc":
            self.emit(f"memref.dealloc {m} : {mt}", indent)

    def vector_op(self, env, indent):
        r = self.r
        t = r.choice(["i32", "f32"])
        vt = VEC[t]
        vecs = [v for v, vt_ in env if vt_ == vt]
        if vecs and r.random() < 0.6:
            a = r.choice(vecs)
        else:
            a = self.fresh()
            self.emit(f"{a} = vector.broadcast {self.value(env, t, indent)} : {t} to {vt}",
                      indent)
            env.append((a, vt))
        k = r.random()
        v = self.fresh()
        if k < 0.35:
            self.emit(f"{v} = vector.reduction <{r.choice(REDUCE[t])}>, {a} : {vt} into {t}",
                      indent)
            env.append((v, t))
        elif k < 0.55:
            self.emit(f"{v} = vector.extractelement {a}[{self.idx(env, indent)} : index] : {vt}",
                      indent)
            env.append((v, t))
        elif k < 0.75:
            s = self.value(env, t, indent)
            self.emit(f"{v} = vector.insertelement {s}, {a}[{self.idx(env, indent)} : index] : "
                      f"{vt}", indent)
            env.append((v, vt))
        elif t == "f32":
            self.emit(f"{v} = vector.fma {a}, {a}, {a} : {vt}", indent)
            env.append((v, vt))
        else:
            self.emit(f"{v} = vector.shuffle {a}, {a} [0, 5, 2, 7] : {vt}, {vt}", indent)
            env.append((v, vt))


def program(seed, functions=3):
    g = MemVecGen(seed)
    g.emit("module {", 0)
    callees = []
    for i in range(functions):
        callees.append(g.function(f"f{i}", list(callees)))
    g.emit("}", 0)
    return "\n".join(g.lines) + "\n"


if __name__ == "__main__":
    print(program(int(sys.argv[1]) if len(sys.argv) > 1 else 0))
