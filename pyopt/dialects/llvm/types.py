"""LLVM dialect types (MLIR 19 LLVMTypes.td / LLVMTypeSyntax.cpp).

Types nested in LLVM types are printed without the `!llvm.` prefix when they are
LLVM-compatible (dispatchPrint). Identified structs are mutable: they are keyed by name in
the parsing context (one registry per context, as MLIR's split-input-file chunks each get a
fresh context) and get their body set once.
"""
from __future__ import annotations

import re

from pyopt.ir.types import (DialectType, IntegerType, FloatType, VectorType)
from pyopt.syntax.type_parser import SIMPLE_TYPES, _TYPE_KEYWORDS, _INT_TYPE, _ranked_dims
from pyopt.ir.types import DYNAMIC
from pyopt.ir.uniqued import types_mutated


class LLVMType(DialectType):
    __slots__ = ()

    def asm(self, p):
        return "!llvm." + self.pretty(p)


class _Simple(LLVMType):
    __slots__ = ()
    KEYWORD = ""

    def pretty(self, p):
        return self.KEYWORD


class LLVMVoidType(_Simple):
    __slots__ = ()
    KEYWORD = "void"


class LLVMPPCFP128Type(_Simple):
    __slots__ = ()
    KEYWORD = "ppc_fp128"


class LLVMX86MMXType(_Simple):
    __slots__ = ()
    KEYWORD = "x86_mmx"


class LLVMTokenType(_Simple):
    __slots__ = ()
    KEYWORD = "token"


class LLVMLabelType(_Simple):
    __slots__ = ()
    KEYWORD = "label"


class LLVMMetadataType(_Simple):
    __slots__ = ()
    KEYWORD = "metadata"


VOID, PPC_FP128, X86_MMX, TOKEN, LABEL, METADATA = (
    LLVMVoidType(), LLVMPPCFP128Type(), LLVMX86MMXType(), LLVMTokenType(), LLVMLabelType(),
    LLVMMetadataType())
_SIMPLE = {t.KEYWORD: t for t in (VOID, PPC_FP128, X86_MMX, TOKEN, LABEL, METADATA)}


class LLVMPointerType(LLVMType):
    """`ptr`, `ptr<3>`; `element` is only set for seed-era typed pointers (`ptr<i32, 1>`)."""
    __slots__ = ("address_space", "element")
    vector_element_ok = False

    @staticmethod
    def _norm(address_space=0, element=None):
        return (address_space, element)

    def __init__(self, address_space, element):
        self.address_space = address_space
        self.element = element

    def pretty(self, p):
        if self.element is not None:
            e = pretty_nested(p, self.element)
            return f"ptr<{e}, {self.address_space}>" if self.address_space else f"ptr<{e}>"
        return f"ptr<{self.address_space}>" if self.address_space else "ptr"


PTR = LLVMPointerType()


class LLVMArrayType(LLVMType):
    __slots__ = ("element_type", "num_elements")

    def __init__(self, element_type, num_elements):
        self.element_type = element_type
        self.num_elements = num_elements

    def pretty(self, p):
        return f"array<{self.num_elements} x {pretty_nested(p, self.element_type)}>"


class LLVMFunctionType(LLVMType):
    __slots__ = ("return_type", "params", "var_arg")

    @staticmethod
    def _norm(return_type, params, var_arg=False):
        return (return_type, tuple(params), bool(var_arg))

    def __init__(self, return_type, params, var_arg):
        self.return_type = return_type
        self.params = params
        self.var_arg = var_arg

    def pretty(self, p):
        parts = [pretty_nested(p, t) for t in self.params]
        if self.var_arg:
            parts.append("...")
        return f"func<{pretty_nested(p, self.return_type)} ({', '.join(parts)})>"


class LLVMFixedVectorType(LLVMType):
    __slots__ = ("element_type", "num_elements")

    def __init__(self, element_type, num_elements):
        self.element_type = element_type
        self.num_elements = num_elements

    def pretty(self, p):
        return f"vec<{self.num_elements} x {pretty_nested(p, self.element_type)}>"


class LLVMScalableVectorType(LLVMType):
    __slots__ = ("element_type", "min_num_elements")

    def __init__(self, element_type, min_num_elements):
        self.element_type = element_type
        self.min_num_elements = min_num_elements

    def pretty(self, p):
        # The ODS format has an explicit ` ` before the element type: two spaces.
        return f"vec<? x {self.min_num_elements} x  {pretty_nested(p, self.element_type)}>"


class LLVMTargetExtType(LLVMType):
    __slots__ = ("name", "type_params", "int_params")

    @staticmethod
    def _norm(name, type_params=(), int_params=()):
        return (name, tuple(type_params), tuple(int_params))

    def __init__(self, name, type_params, int_params):
        self.name = name
        self.type_params = type_params
        self.int_params = int_params

    def pretty(self, p):
        from pyopt.ir.attributes import escape_string
        parts = [p.type_str(t) for t in self.type_params] + [str(i) for i in self.int_params]
        tail = ", " + ", ".join(parts) if parts else ""
        return f'target<"{escape_string(self.name)}"{tail}>'


class LLVMStructType(LLVMType):
    """Literal structs are interned by (body, packed); identified ones by name per context
    (see `identified_struct`) and are mutable until their body is set."""
    __slots__ = ("name", "body", "packed", "opaque", "initialized", "compat", "registry")

    @staticmethod
    def _norm(body, packed=False):
        return (None, tuple(body), bool(packed), False, True)

    def __init__(self, name, body, packed, opaque, initialized):
        self.name = name
        self.body = body
        self.packed = packed
        self.opaque = opaque
        self.initialized = initialized
        self.compat = None  # (_BODY_GENERATION, is_compatible_type) cache
        self.registry = None  # identified structs: the {name: struct} they are unique in

    @property
    def is_identified(self):
        return self.name is not None

    @property
    def is_opaque(self):
        return self.name is not None and (self.opaque or not self.initialized)

    def set_body(self, body, packed):
        """LLVMStructType::setBody: True when the body is set or already equal."""
        if self.initialized:
            return not self.opaque and self.body == tuple(body) and self.packed == packed
        self.body = tuple(body)
        self.packed = packed
        self.initialized = True
        _BODY_GENERATION[0] += 1  # invalidates the cached compatibility of every struct
        types_mutated()  # (and every answer memoized about a type)
        return True

    def replace_body(self, body):
        """A new body for a defined struct (only typed-pointer erasure rewrites one)."""
        self.body = tuple(body)
        _BODY_GENERATION[0] += 1
        types_mutated()

    def alias_name(self, p):
        """`--mlir-print-struct-aliases`: identified structs print as `!struct_<name>` aliases
        (sanitized like MLIR alias names; the printer's counters keep them collision-free)."""
        if self.name is None or not _struct_alias_mode(p):
            return None
        name = _ALIAS_UNSAFE.sub("_", self.name)
        return "struct_" + name + ("_" if name[-1:].isdigit() else "")

    def alias_forward_decl(self):
        """The forward declaration of a recursive struct's alias: the bare identified struct,
        which the parser accepts as an alias value and completes by a later redefinition."""
        return f'!llvm.struct<"{_escape(self.name)}">'

    def alias_incomplete(self):
        """True while the alias names a forward-declared struct whose body is not parsed yet."""
        return self.name is not None and not self.initialized

    def pretty(self, p):
        if self.name is not None and _struct_alias_mode(p):
            # The body of this struct's own alias definition: only a direct self-reference
            # uses the `struct<"name">` shorthand, every other identified struct its alias.
            saved = _print_stack(p)
            if self in saved:
                return self._pretty(p)
            p._llvm_struct_stack = []
            try:
                return self._pretty(p)
            finally:
                p._llvm_struct_stack = saved
        return self._pretty(p)

    def _pretty(self, p):
        stack = _print_stack(p)
        if self.name is not None:
            # Upstream prints the name unescaped; the alias form escapes it to round-trip.
            name = _escape(self.name) if _struct_alias_mode(p) else self.name
            if self in stack:
                return f'struct<"{name}">'
            head = f'struct<"{name}", '
            if self.is_opaque:
                return head + "opaque>"
        else:
            head = "struct<"
        stack.append(self)
        try:
            body = ", ".join(pretty_nested(p, t) for t in self.body)
        finally:
            stack.pop()
        return head + ("packed " if self.packed else "") + "(" + body + ")>"


_GLOBAL_STRUCTS: dict = {}
_BODY_GENERATION = [0]


def identified_struct(owner, name, opaque=False):
    """The identified struct `name` of `owner`'s registry (created uninitialized, or opaque).
    The parser of a chunk owns the registry (mlir-opt gives each split chunk a fresh
    context); builders outside parsing share a global one."""
    reg = _GLOBAL_STRUCTS if owner is None else \
        owner if type(owner) is dict else owner.__dict__.setdefault("_llvm_structs", {})
    t = reg.get(name)
    if t is None:
        # Bypass interning: identified structs are unique objects keyed by the registry.
        t = object.__new__(LLVMStructType)
        LLVMStructType.__init__(t, name, (), False, opaque, opaque)
        t.registry = reg
        reg[name] = t
    return t


def literal_struct(body, packed=False):
    return LLVMStructType(body, packed)


# ---------------------------------------------------------------------------- compatibility
def is_compatible_outer_type(t):
    tt = type(t)
    if tt is IntegerType:
        return t.signedness == 0
    if tt is FloatType:
        return t.kind in ("bf16", "f16", "f32", "f64", "f80", "f128")
    if tt is VectorType:
        return len(t.shape) == 1
    return isinstance(t, LLVMType)


def is_compatible_type(t, _seen=None):
    """LLVM::isCompatibleType (recursive; cyclic structs are compatible)."""
    tt = type(t)
    if tt is IntegerType:
        return t.signedness == 0
    if tt is FloatType:
        return t.kind in ("bf16", "f16", "f32", "f64", "f80", "f128")
    if tt is VectorType:
        return len(t.shape) == 1 and is_compatible_type(t.element_type, _seen)
    if not isinstance(t, LLVMType):
        return False
    if tt in (LLVMPointerType,) or isinstance(t, _Simple):
        return True
    if tt in (LLVMArrayType, LLVMFixedVectorType, LLVMScalableVectorType):
        return is_compatible_type(t.element_type, _seen)
    if tt is LLVMFunctionType:
        return is_compatible_type(t.return_type, _seen) and \
            all(is_compatible_type(x, _seen) for x in t.params)
    if tt is LLVMTargetExtType:
        return all(is_compatible_type(x, _seen) for x in t.type_params)
    if tt is LLVMStructType:
        # Cached per struct until some struct body changes: a struct graph is walked once,
        # not at each use (100k uses of a 500-struct graph).
        gen = _BODY_GENERATION[0]
        c = t.compat
        if c is not None and c[0] == gen:
            return c[1]
        top = _seen is None
        if top:
            _seen = {}
        if id(t) in _seen:
            return True  # a cycle: compatible unless something else is not
        _seen[id(t)] = t
        ok = all(is_compatible_type(x, _seen) for x in t.body)
        if not ok:
            del _seen[id(t)]
            t.compat = (gen, False)
        elif top:  # every struct reached is compatible too
            c = (gen, True)
            for s in _seen.values():
                s.compat = c
        return ok
    return False


def is_compatible_float(t):
    return (type(t) is FloatType and t.kind in ("bf16", "f16", "f32", "f64", "f80", "f128")) \
        or t is PPC_FP128


def is_compatible_vector(t):
    if type(t) in (LLVMFixedVectorType, LLVMScalableVectorType):
        return True
    if type(t) is VectorType and len(t.shape) == 1:
        e = t.element_type
        return (type(e) is IntegerType and e.signedness == 0) or \
            (type(e) is FloatType and e.kind in ("bf16", "f16", "f32", "f64", "f80", "f128"))
    return False


# ---------------------------------------------------------------------------- printing
def _print_stack(p):
    st = getattr(p, "_llvm_struct_stack", None)
    if st is None:
        st = []
        try:
            p._llvm_struct_stack = st
        except AttributeError:
            pass
    return st


_ALIAS_UNSAFE = re.compile(r"[^A-Za-z0-9_]")


def _escape(name):
    from pyopt.ir.attributes import escape_string
    return escape_string(name)


def _struct_alias_mode(p):
    flags = getattr(p, "flags", None)
    return flags is not None and flags.struct_aliases and not p.local_scope


def _referenced_structs(t):
    """The identified structs a struct body (or any LLVM type) prints as alias references."""
    out = []
    todo = list(t.body) if type(t) is LLVMStructType else [t]
    while todo:
        x = todo.pop()
        tx = type(x)
        if tx is LLVMStructType:
            if x.name is not None:
                out.append(x)
            else:
                todo.extend(x.body)
        elif tx is LLVMPointerType:
            if x.element is not None:
                todo.append(x.element)
        elif tx in (LLVMArrayType, LLVMFixedVectorType, LLVMScalableVectorType):
            todo.append(x.element_type)
        elif tx is LLVMFunctionType:
            todo.append(x.return_type)
            todo.extend(x.params)
        elif tx is LLVMTargetExtType:
            todo.extend(x.type_params)
    out.reverse()
    return out


def _alias_struct_graph(p, root):
    """Defines the aliases of every identified struct reachable from `root` and not printed
    yet: reserved in depth-first preorder, rendered in postorder, so each body finds the
    aliases it references already there (or reserved, on a cycle) - no recursion along a
    graph of hundreds of structs."""
    if not p.reserve_type_alias(root):
        return
    post = []
    stack = [(root, iter(_referenced_structs(root)))]
    while stack:
        s, it = stack[-1]
        for c in it:
            if p.reserve_type_alias(c):
                stack.append((c, iter(_referenced_structs(c))))
                break
        else:
            stack.pop()
            post.append(s)
    for s in post:
        p.render_type_alias(s)


def pretty_nested(p, t):
    """dispatchPrint: LLVM-compatible non-builtin types without the `!llvm.` prefix."""
    if type(t) is LLVMStructType and t.name is not None and _struct_alias_mode(p) and \
            t not in _print_stack(p):
        if t not in p.type_cache:
            _alias_struct_graph(p, t)
        return p.type_str(t)  # through its alias (no graph-wide compatibility walk)
    if isinstance(t, LLVMType) and is_compatible_type(t):
        return t.pretty(p)
    return p.type_str(t)


# ---------------------------------------------------------------------------- parsing
def _struct_parse_stack(p):
    st = p.__dict__.get("_llvm_struct_parse_stack")
    if st is None:
        st = p._llvm_struct_parse_stack = []
    return st


def _is_builtin_type_start(p):
    k = p.kind
    if k == "bare":
        return p.tok in SIMPLE_TYPES or p.tok in _TYPE_KEYWORDS or bool(_INT_TYPE.match(p.tok))
    return k == "excl" or (k == "punct" and p.tok == "(")


def parse_pretty(p):
    """dispatchParse: any MLIR type, or an LLVM type keyword without `!llvm.`."""
    if _is_builtin_type_start(p):
        return p.parse_type()
    off = p.start
    if p.kind != "bare":
        raise p.error("expected valid keyword")
    key = p.tok
    p._next()
    return parse_keyword_type(p, key, off)


def parse_keyword_type(p, key, off):
    t = _SIMPLE.get(key)
    if t is not None:
        return t
    fn = _KEYWORD_PARSERS.get(key)
    if fn is None:
        raise p.error(f"unknown LLVM type: {key}", off)
    p.enter()
    try:
        return fn(p, off)
    finally:
        p.leave()


def _type_error(p, off, msg):
    return p.error(msg, off)


def note_seed_syntax(p):
    """The parser read a typed pointer (or `llvm.mlir.null`): the chunk is erased to opaque
    pointers once parsed (typed_pointers.py), unless the typed-pointer mode keeps it."""
    p.__dict__["_llvm_seed_syntax"] = True


def _parse_ptr(p, off):
    if not p.accept("<"):
        return PTR
    if p.kind == "int":
        a = p.parse_integer()
        p.expect(">")
        return LLVMPointerType(a)
    # Seed-era typed pointer: `ptr<type>` / `ptr<type, addrspace>`.
    if p.kind in ("bare", "excl") or p.peek_is("("):
        elem = parse_pretty(p)
        a = 0
        if p.accept(","):
            a = p.parse_integer()
        p.expect(">")
        note_seed_syntax(p)
        return LLVMPointerType(a, elem)
    raise p.error("expected integer value")


def _parse_array(p, off):
    p.expect("<")
    n = p.parse_integer()
    if not p.accept_keyword("x"):
        raise p.error("expected 'x'")
    e = parse_pretty(p)
    p.expect(">")
    if not is_valid_array_element(e):
        raise _type_error(p, off, f"invalid array element type: '{e}'")
    return LLVMArrayType(e, n)


def is_valid_array_element(t):
    return not isinstance(t, (LLVMVoidType, LLVMLabelType, LLVMMetadataType, LLVMFunctionType,
                              LLVMTokenType, LLVMScalableVectorType))


is_valid_struct_element = is_valid_array_element


def _parse_func(p, off):
    p.expect("<")
    ret = parse_pretty(p)
    p.expect("(")
    params, var = [], False
    if not p.accept(")"):
        while True:
            if p.accept("..."):
                var = True
                p.expect(")")
                break
            params.append(parse_pretty(p))
            if p.accept(")"):
                break
            p.expect(",")
    p.expect(">")
    if isinstance(ret, (LLVMFunctionType, LLVMMetadataType, LLVMLabelType)):
        raise _type_error(p, off, f"invalid function result type: '{ret}'")
    for a in params:
        if isinstance(a, (LLVMVoidType, LLVMFunctionType)):
            raise _type_error(p, off, f"invalid function argument type: '{a}'")
    return LLVMFunctionType(ret, params, var)


def _parse_vec(p, off):
    p.expect("<")
    dim_off = p.start
    dims = _ranked_dims(p)
    type_off = p.start
    e = parse_pretty(p)
    p.expect(">")
    if not dims or len(dims) > 2 or ((len(dims) == 2) != (dims[0] == DYNAMIC)) or \
            (len(dims) == 2 and dims[1] == DYNAMIC):
        raise p.error("expected '? x <integer> x <type>' or '<integer> x <type>'", dim_off)
    if len(dims) == 2:
        n = dims[1]
        ok = (type(e) is IntegerType and e.signedness == 0) or is_compatible_float(e) or \
            type(e) is LLVMPointerType
        cls = LLVMScalableVectorType
    else:
        n = dims[0]
        if type(e) in (IntegerType, FloatType) and getattr(e, "signedness", 0) == 0:
            raise p.error("cannot use !llvm.vec for built-in primitives, use 'vector' instead",
                          type_off)
        ok = type(e) in (LLVMPointerType, LLVMPPCFP128Type)
        cls = LLVMFixedVectorType
    if n == 0:
        raise _type_error(p, off, "the number of vector elements must be positive")
    if not ok:
        raise _type_error(p, off, "invalid vector element type")
    return cls(e, n)


def _parse_target(p, off):
    p.expect("<")
    if p.kind != "string":
        err = p.error("expected string")
        err.more = [p.error("failed to parse LLVMTargetExtType parameter 'extTypeName' which is "
                            "to be a `::llvm::StringRef`").diag]
        raise err
    name = p.parse_string()
    types, ints = [], []
    if p.accept(","):
        while True:
            if p.kind == "int":
                ints.append(p.parse_integer())
            elif not ints:
                try:
                    types.append(parse_pretty(p))
                except Exception:
                    raise p.error("failed to parse parameter list for target extension type")
            else:
                raise p.error("failed to parse parameter list for target extension type")
            if not p.accept(","):
                break
    p.expect(">")
    return LLVMTargetExtType(name, types, ints)


def _parse_struct(p, off):
    ctx = p  # the registry of identified structs lives on the chunk's parser
    p.expect("<")
    stack = _struct_parse_stack(p)
    name = None
    if p.kind == "string":
        name = p.parse_string()
        if p.peek_is(">"):
            gt = p.start
            p._next()
            t = identified_struct(ctx, name)
            if name not in stack and \
                    getattr(p, "type_alias_value_start", None) != off - len("!llvm."):
                # (the whole value of a type alias: the forward declaration of a recursive
                # struct's alias, as --mlir-print-struct-aliases prints it)
                raise p.error("struct without a body only allowed in a recursive struct", gt)
            return t
        p.expect(",")
    kw = p.start
    if p.accept_keyword("opaque"):
        if name is None:
            raise p.error("only identified structs can be opaque", kw)
        p.expect(">")
        t = identified_struct(ctx, name, opaque=True)
        if not t.is_opaque:
            raise p.error("redeclaring defined struct as opaque", kw)
        return t
    if name is not None:
        if name in stack:
            raise p.error("identifier already used for an enclosing struct", kw)
        stack.append(name)
    try:
        packed = p.accept_keyword("packed")
        p.expect("(")
        body = []
        sub_off = p.start
        if not p.accept(")"):
            while True:
                body.append(parse_pretty(p))
                if not p.accept(","):
                    break
            p.expect(")")
        p.expect(">")
    finally:
        if name is not None:
            stack.pop()
    if name is None:
        for t in body:
            if not is_valid_struct_element(t):
                raise _type_error(p, off, f"invalid LLVM structure element type: '{t}'")
        return LLVMStructType(body, packed)
    if not body:
        sub_off = kw
    for t in body:
        if not is_valid_struct_element(t):
            raise p.error(f"invalid LLVM structure element type: '{t}'", sub_off)
    st = identified_struct(ctx, name)
    if not st.set_body(body, packed):
        raise p.error("identified type already used with a different body", sub_off)
    return st


_KEYWORD_PARSERS = {"ptr": _parse_ptr, "array": _parse_array, "func": _parse_func,
                    "vec": _parse_vec, "struct": _parse_struct, "target": _parse_target}


def parse_llvm_type(p, mnemonic, offset):
    """`!llvm.<mnemonic>...` (the parser has consumed the `!llvm.mnemonic` token)."""
    if mnemonic in SIMPLE_TYPES or mnemonic in _TYPE_KEYWORDS or _INT_TYPE.match(mnemonic):
        raise p.error("unexpected type, expected keyword", offset + len("!llvm."))
    if not mnemonic:
        raise p.error("expected valid keyword", offset + len("!llvm"))
    return parse_keyword_type(p, mnemonic, offset + len("!llvm."))
