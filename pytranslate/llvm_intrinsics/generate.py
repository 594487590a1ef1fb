"""Regenerates table.txt, LLVM 19's intrinsic table (every intrinsic's name, whether it is
overloaded, and its type signature), from LLVM's Intrinsics*.td via llvm-tblgen.

    python -m pytranslate.llvm_intrinsics.generate [/usr/lib/llvm-19]

llvm-tblgen's -gen-intrinsic-impl output holds the name table, the overload bitset and the
packed signature tables (IIT_Table / IIT_LongEncodingTable); they are unpacked here into one
line per intrinsic: `name <TAB> 0|1 <TAB> descriptors`, the descriptors being LLVM's flat
IITDescriptor list spelled as words (see __init__.py for their meaning). Run once; the output
is committed."""
from __future__ import annotations

import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))


def tblgen_output(llvm_dir):
    inc = os.path.join(llvm_dir, "include")
    td = os.path.join(inc, "llvm", "IR", "Intrinsics.td")
    tblgen = os.path.join(llvm_dir, "bin", "llvm-tblgen")
    return subprocess.run([tblgen, "-gen-intrinsic-impl", "-I", inc, td], check=True,
                          capture_output=True, text=True).stdout


def section(text, macro):
    m = re.search(r"#ifdef %s\n(.*?)\n#endif" % macro, text, re.S)
    return m.group(1)


def parse(text):
    iit = {name: int(v) for name, v in
           re.findall(r"(IIT_\w+) = (\d+)", section(text, "GET_INTRINSIC_IITINFO"))}
    names = re.findall(r'"(llvm\.[^"]*)"', section(text, "GET_INTRINSIC_NAME_TABLE"))
    otable = []
    over = section(text, "GET_INTRINSIC_OVERLOAD_TABLE")
    body = over[over.index("{") + 1:over.index("};")]
    for entry in body.split(","):
        entry = entry.strip()
        if entry:
            otable.append(sum(1 << int(b) for b in re.findall(r"1<<(\d+)", entry)))
    gen = section(text, "GET_INTRINSIC_GENERATOR_GLOBAL")
    t = gen[gen.index("IIT_Table[] = {") + 15:]
    t = t[:t.index("};")]
    table = []
    for entry in t.split(","):
        entry = entry.strip()
        if not entry:
            continue
        m = re.match(r"\(1U<<31\) \| (\d+)", entry)
        table.append((1 << 31) | int(m.group(1)) if m else int(entry, 0))
    lt = gen[gen.index("IIT_LongEncodingTable[] = {") + 27:]
    lt = re.sub(r"/\*.*?\*/", "", lt[:lt.index("};")])
    long_table = [int(x) for x in lt.replace("\n", " ").split(",") if x.strip()]
    return iit, names, otable, table, long_table


class Decoder:
    """DecodeIITType: one packed entry -> descriptor words."""

    def __init__(self, iit):
        self.by_num = {v: k[4:] for k, v in iit.items()}

    def decode(self, infos, i, last, out):
        kind = self.by_num[infos[i]]
        i += 1

        def arg():
            return (infos[i] if i < len(infos) else 0), i + (1 if i < len(infos) else 0)

        simple = {"Done": "void", "VARARG": "...", "MMX": "x86_mmx", "AMX": "x86_amx",
                  "TOKEN": "token", "METADATA": "metadata", "F16": "half", "BF16": "bfloat",
                  "F32": "float", "F64": "double", "F128": "fp128", "PPCF128": "ppc_fp128",
                  "AARCH64_SVCOUNT": "svcount", "PTR": "p0", "EXTERNREF": "p10",
                  "FUNCREF": "p20", "EMPTYSTRUCT": "s0"}
        if kind in simple:
            out.append(simple[kind])
            return i
        m = re.fullmatch(r"I(\d+)", kind)
        if m:
            out.append("i" + m.group(1))
            return i
        m = re.fullmatch(r"V(\d+)", kind)
        if m:
            out.append(("nxv" if last == "SCALABLE_VEC" else "v") + m.group(1))
            return self.decode(infos, i, kind, out)
        if kind == "ANYPTR":
            out.append(f"p{infos[i]}")
            return i + 1
        m = re.fullmatch(r"STRUCT(\d+)", kind)
        if m:
            n = int(m.group(1))
            out.append(f"s{n}")
            for _ in range(n):
                i = self.decode(infos, i, kind, out)
            return i
        if kind == "SCALABLE_VEC":
            return self.decode(infos, i, kind, out)
        if kind == "VEC_OF_ANYPTRS_TO_ELT":
            a, i = arg()
            r, i = arg()
            out.append(f"vecptrs:{a}:{r}")
            return i
        words = {"ARG": "arg", "EXTEND_ARG": "ext", "TRUNC_ARG": "trunc",
                 "HALF_VEC_ARG": "halfvec", "SAME_VEC_WIDTH_ARG": "samewidth",
                 "SUBDIVIDE2_ARG": "sub2", "SUBDIVIDE4_ARG": "sub4", "VEC_ELEMENT": "vecelt",
                 "VEC_OF_BITCASTS_TO_INT": "bitcastint"}
        if kind in words:
            a, i = arg()
            out.append(f"{words[kind]}:{a}")
            return i
        raise ValueError("unknown IIT entry " + kind)

    def entry(self, val, long_table):
        if val >> 31:
            infos, i = long_table, val & 0x7FFFFFFF
        else:
            infos, i = [], 0
            while True:
                infos.append(val & 0xF)
                val >>= 4
                if not val:
                    break
        out = []
        i = self.decode(infos, i, "Done", out)
        while i != len(infos) and infos[i] != 0:
            i = self.decode(infos, i, "Done", out)
        return out


def main(argv):
    llvm_dir = argv[1] if len(argv) > 1 else "/usr/lib/llvm-19"
    iit, names, otable, table, long_table = parse(tblgen_output(llvm_dir))
    dec = Decoder(iit)
    lines = []
    for idx, name in enumerate(names):
        iid = idx + 1
        over = (otable[iid // 8] >> (iid % 8)) & 1
        lines.append(f"{name}\t{over}\t{' '.join(dec.entry(table[idx], long_table))}\n")
    with open(os.path.join(HERE, "table.txt"), "w") as f:
        f.write("# LLVM 19.1.7 intrinsics: name, overloaded, signature descriptors "
                "(generated by generate.py)\n")
        f.writelines(lines)
    print(f"{len(lines)} intrinsics")


if __name__ == "__main__":
    main(sys.argv)
