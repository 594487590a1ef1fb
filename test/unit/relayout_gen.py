"""Random programs around tensor.pack / tensor.unpack for differential tests against
mlir-opt-19 (test_relayout_oracle.py). Each generator takes a seed and returns one func."""
import random


def _ts(shape, et="f32"):
    return "tensor<" + "x".join("?" if d < 0 else str(d) for d in shape) + f"x{et}>"


def _packed(src, inner, tiles, outer):
    shape = list(src)
    for d, t in zip(inner, tiles):
        if shape[d] >= 0:
            shape[d] = -(-shape[d] // t)
    if outer:
        shape = [shape[p] for p in outer]
    return shape + list(tiles)


def _layout(r, rank, tile_choices=(2, 4, 8)):
    inner = r.sample(range(rank), r.randint(1, rank))
    tiles = [r.choice(tile_choices) for _ in inner]
    outer = []
    if r.random() < 0.5:
        outer = list(range(rank))
        r.shuffle(outer)
    attrs = (f"outer_dims_perm = {outer} " if outer else "") + \
        f"inner_dims_pos = {inner} inner_tiles = {tiles}"
    return inner, tiles, outer, attrs


def _generic(r, rank, shape, ins, init):
    """An elementwise linalg.generic over `ins` [(value, type, map results)] into `init`."""
    dims = ", ".join(f"d{i}" for i in range(rank))
    maps = [f"affine_map<({dims}) -> ({', '.join(res)})>" for _, _, res in ins]
    maps.append(f"affine_map<({dims}) -> ({dims})>")
    its = ", ".join(['"parallel"'] * rank)
    args = ", ".join(f"%b{k}: f32" for k in range(len(ins) + 1))
    body = r.choice(["arith.addf", "arith.mulf", "arith.maximumf", "arith.subf"])
    return (f"  %g = linalg.generic {{indexing_maps = [{', '.join(maps)}], iterator_types = "
            f"[{its}]}} ins({', '.join(v for v, _, _ in ins)} : "
            f"{', '.join(t for _, t, _ in ins)}) outs({init} : {_ts(shape)}) {{\n"
            f"  ^bb0({args}):\n    %v = {body} %b0, %b{len(ins)} : f32\n"
            f"    linalg.yield %v : f32\n  }} -> {_ts(shape)}\n")


def elementwise_with_relayout(seed):
    """A generic whose result is packed, or whose input is unpacked (data-layout
    propagation)."""
    r = random.Random(seed)
    rank = r.choice([1, 2, 3])
    shape = [r.choice([8, 16, 32, -1]) for _ in range(rank)]
    dims = [f"d{i}" for i in range(rank)]
    extra = []
    if r.random() < 0.5 and rank > 1:
        drop = r.randrange(rank)
        s = [d for i, d in enumerate(shape) if i != drop]
        extra = [("%a1", _ts(s), [d for i, d in enumerate(dims) if i != drop])]
    inner, tiles, outer, attrs = _layout(r, rank)
    pshape = _packed(shape, inner, tiles, outer)
    extra_args = "".join(f", {v}: {t}" for v, t, _ in extra)
    if r.random() < 0.5:
        pad = any(shape[d] < 0 for d in inner)
        padv = "padding_value(%pv : f32) " if pad else ""
        return (f"func.func @f(%a0: {_ts(shape)}{extra_args}, %init: {_ts(shape)}, "
                f"%dest: {_ts(pshape)}, %pv: f32) -> {_ts(pshape)} {{\n"
                + _generic(r, rank, shape, [("%a0", _ts(shape), dims)] + extra, "%init")
                + f"  %p = tensor.pack %g {padv}{attrs} into %dest : {_ts(shape)} -> "
                  f"{_ts(pshape)}\n  return %p : {_ts(pshape)}\n}}\n")
    return (f"func.func @f(%x: {_ts(pshape)}, %ud: {_ts(shape)}{extra_args}) -> {_ts(shape)} {{\n"
            f"  %u = tensor.unpack %x {attrs} into %ud : {_ts(pshape)} -> {_ts(shape)}\n"
            + _generic(r, rank, shape, [("%u", _ts(shape), dims)] + extra, "%ud")
            + f"  return %g : {_ts(shape)}\n}}\n")


def matmul(seed):
    """A matmul-like named op (block packing)."""
    r = random.Random(seed)
    m, n, k = [r.choice([1, 7, 16, 32, 48, 100, -1]) for _ in range(3)]
    op = r.choice(["matmul", "matmul_transpose_a", "matmul_transpose_b", "batch_matmul",
                   "batch_matmul_transpose_a", "batch_matmul_transpose_b"])
    a = [k, m] if "transpose_a" in op else [m, k]
    b = [n, k] if "transpose_b" in op else [k, n]
    c = [m, n]
    if op.startswith("batch"):
        batch = r.choice([2, -1])
        a, b, c = [batch] + a, [batch] + b, [batch] + c
    et = r.choice(["f32", "i32", "f16"])
    ct = "f32" if et == "f16" else et
    return (f"func.func @f(%a: {_ts(a, et)}, %b: {_ts(b, et)}, %c: {_ts(c, ct)}) -> "
            f"{_ts(c, ct)} {{\n  %0 = linalg.{op} ins(%a, %b : {_ts(a, et)}, {_ts(b, et)}) "
            f"outs(%c : {_ts(c, ct)}) -> {_ts(c, ct)}\n  return %0 : {_ts(c, ct)}\n}}\n")


def unit_outer_relayout(seed):
    """A pack or unpack whose tiled outer dims are 1 (generalization)."""
    r = random.Random(seed)
    rank = r.choice([1, 2, 3])
    inner, tiles, outer, attrs = _layout(r, rank, (1, 2, 4, 8))
    src = []
    for d in range(rank):
        if d in inner:
            t = tiles[inner.index(d)]
            src.append(r.choice([t, max(1, t - 1)]))
        else:
            src.append(r.choice([1, 3, 5, -1]))
    pshape = _packed(src, inner, tiles, outer)
    if r.random() < 0.5:
        pad = any(src[d] % t for d, t in zip(inner, tiles)) or r.random() < 0.3
        padv = "padding_value(%v : f32) " if pad else ""
        return (f"func.func @f(%x: {_ts(src)}, %d: {_ts(pshape)}, %v: f32) -> {_ts(pshape)} {{\n"
                f"  %p = tensor.pack %x {padv}{attrs} into %d : {_ts(src)} -> {_ts(pshape)}\n"
                f"  return %p : {_ts(pshape)}\n}}\n")
    return (f"func.func @f(%x: {_ts(pshape)}, %d: {_ts(src)}) -> {_ts(src)} {{\n"
            f"  %u = tensor.unpack %x {attrs} into %d : {_ts(pshape)} -> {_ts(src)}\n"
            f"  return %u : {_ts(src)}\n}}\n")


def relayout_pair(seed):
    """unpack(pack(x)) or pack(unpack(x)), the second op's layout sometimes different
    (canonicalization, simplification)."""
    r = random.Random(seed)
    rank = r.choice([1, 2, 3])
    src = [r.choice([8, 12, 16, -1]) for _ in range(rank)]
    inner, tiles, outer, attrs = _layout(r, rank)
    ps = _packed(src, inner, tiles, outer)
    pad = any(src[d] < 0 or src[d] % t for d, t in zip(inner, tiles)) or r.random() < 0.2
    padv = "padding_value(%v : f32) " if pad else ""
    if r.random() < 0.5:
        return (f"func.func @f(%x: {_ts(src)}, %d: {_ts(ps)}, %o: {_ts(src)}, %v: f32) -> "
                f"{_ts(src)} {{\n  %p = tensor.pack %x {padv}{attrs} into %d : {_ts(src)} -> "
                f"{_ts(ps)}\n  %u = tensor.unpack %p {attrs} into %o : {_ts(ps)} -> "
                f"{_ts(src)}\n  return %u : {_ts(src)}\n}}\n")
    tiles2 = tiles if r.random() < 0.7 else [r.choice([2, 4, 8]) for _ in inner]
    attrs2 = (f"outer_dims_perm = {outer} " if outer else "") + \
        f"inner_dims_pos = {inner} inner_tiles = {tiles2}"
    ps2 = _packed(src, inner, tiles2, outer)
    pad2 = any(src[d] < 0 or src[d] % t for d, t in zip(inner, tiles2))
    padv2 = "padding_value(%v : f32) " if pad2 else ""
    return (f"func.func @f(%x: {_ts(ps)}, %o: {_ts(src)}, %d: {_ts(ps2)}, %v: f32) -> "
            f"{_ts(ps2)} {{\n  %u = tensor.unpack %x {attrs} into %o : {_ts(ps)} -> "
            f"{_ts(src)}\n  %p = tensor.pack %u {padv2}{attrs2} into %d : {_ts(src)} -> "
            f"{_ts(ps2)}\n  return %p : {_ts(ps2)}\n}}\n")


def conv2d(seed):
    """A linalg.conv_2d_nhwc_fhwc with a 3x3, 5x5, 3x1 or 1x3 filter (winograd)."""
    r = random.Random(seed)
    fh, fw = r.choice([(3, 3), (5, 5), (3, 1), (1, 3), (3, 3)])
    n, c, f = r.choice([1, 2]), r.choice([1, 3]), r.choice([1, 2, 4])
    oh, ow = r.choice([1, 2, 4, 5, 8]), r.choice([1, 2, 4, 7])
    if fh == 1:
        oh = r.choice([1, 3])
    if fw == 1:
        ow = r.choice([1, 3])
    stride = r.choice([1, 1, 1, 2])
    ih, iw = (oh - 1) * stride + fh, (ow - 1) * stride + fw
    et = r.choice(["f32", "f32", "f16"])
    i, w, o = [n, ih, iw, c], [f, fh, fw, c], [n, oh, ow, f]
    attrs = f"{{strides = dense<{stride}> : tensor<2xi64>}} " if stride != 1 else ""
    return (f"func.func @f(%i: {_ts(i, et)}, %w: {_ts(w, et)}, %o: {_ts(o)}) -> {_ts(o)} {{\n"
            f"  %0 = linalg.conv_2d_nhwc_fhwc {attrs}ins(%i, %w : {_ts(i, et)}, {_ts(w, et)}) "
            f"outs(%o : {_ts(o)}) -> {_ts(o)}\n  return %0 : {_ts(o)}\n}}\n")
