// Default-valued attributes of structured (linalg) transform ops: the generic form and bytecode
// carry them even when the custom form leaves them out; the custom form leaves them out when
// they hold their default.
// RUN: pyopt %s --mlir-print-op-generic | filecheck %s --check-prefix=GENERIC
// RUN: pyopt %s | filecheck %s --check-prefix=CUSTOM
// RUN: pyopt %s --mlir-print-op-generic | pyopt | filecheck %s --check-prefix=CUSTOM
// RUN: pyopt %s --emit-bytecode | pyopt --mlir-print-op-generic | filecheck %s --check-prefix=GENERIC

module attributes {transform.with_named_sequence} {
  transform.named_sequence @schedule(%root: !transform.any_op {transform.readonly}) {
    %mm = transform.structured.match ops{["linalg.matmul"]} in %root : (!transform.any_op) -> !transform.any_op

    // GENERIC: "transform.structured.bufferize_to_allocation"(%{{.*}}) <{alloc_op = "memref.alloc", memcpy_op = "bufferization.materialize_in_destination"}>
    // CUSTOM: transform.structured.bufferize_to_allocation %{{.*}} : !transform.any_op
    %buf, %new = transform.structured.bufferize_to_allocation %mm {alloc_op = "memref.alloc"} : !transform.any_op

    // GENERIC: "transform.structured.fuse"(%{{.*}}) <{tile_interchange = [], tile_sizes = [4, 8]}>
    // CUSTOM: transform.structured.fuse %{{.*}} [4, 8] : (!transform.any_op)
    %fused, %loops:2 = transform.structured.fuse %mm {tile_sizes = [4, 8], tile_interchange = []} : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)

    // GENERIC: "transform.structured.fuse"(%{{.*}}) <{tile_interchange = [], tile_sizes = []}>
    // CUSTOM: transform.structured.fuse %{{.*}} : (!transform.any_op) -> !transform.any_op
    %fused2 = transform.structured.fuse %mm : (!transform.any_op) -> !transform.any_op

    // GENERIC: "transform.structured.multitile_sizes"(%{{.*}}) <{dimension = 1 : i64, divisor = 1 : i64, target_size = 16 : i64}>
    // CUSTOM: transform.structured.multitile_sizes %{{.*}} {dimension = 1 : i64, target_size = 16 : i64} :
    %lo, %hi, %sp = transform.structured.multitile_sizes %mm {dimension = 1, target_size = 16, divisor = 1} : (!transform.any_op) -> !transform.any_op

    // GENERIC: "transform.structured.pack_greedily"(%{{.*}}) <{matmul_inner_dims_order = array<i64: 1, 2, 0>, matmul_padded_sizes_next_multiple_of = array<i64>, static_matmul_packed_sizes = array<i64: 4, 8, 16>}>
    // CUSTOM: transform.structured.pack_greedily %{{.*}} matmul_packed_sizes = [4, 8, 16] matmul_inner_dims_order = [1, 2, 0] :
    %greedy = transform.structured.pack_greedily %mm matmul_packed_sizes = [4, 8, 16] matmul_inner_dims_order = [1, 2, 0] : (!transform.any_op) -> !transform.op<"linalg.generic">

    // GENERIC: "transform.structured.transpose_matmul"(%{{.*}}) <{inputToTranspose = 0 : i32}>
    // CUSTOM: transform.structured.transpose_matmul %{{.*}} : (!transform.any_op) -> !transform.any_op
    %tr = transform.structured.transpose_matmul %mm <lhs> : (!transform.any_op) -> !transform.any_op

    // GENERIC: "transform.structured.tile_reduction_using_forall"(%{{.*}}) <{num_threads = array<i64>, tile_sizes = array<i64: 0, 2>}>
    // CUSTOM: transform.structured.tile_reduction_using_forall %{{.*}} by, tile_sizes = [0, 2] :
    %r:4 = transform.structured.tile_reduction_using_forall %mm by, tile_sizes = [0, 2] : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op, !transform.any_op)

    // GENERIC: "transform.structured.tile_reduction_using_forall"(%{{.*}}) <{num_threads = array<i64: 0, 3>, tile_sizes = array<i64>}>
    // CUSTOM: transform.structured.tile_reduction_using_forall %{{.*}} by num_threads = [0, 3] :
    %s:4 = transform.structured.tile_reduction_using_forall %mm by num_threads = [0, 3], tile_sizes = [] : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op, !transform.any_op)

    // A default-valued optional list that is written stays, also when empty.
    // GENERIC: "transform.structured.pad"(%{{.*}}) <{copy_back_op = "bufferization.materialize_in_destination", pack_paddings = [], padding_dimensions = [0], padding_values = [], static_pad_to_multiple_of = array<i64>, transpose_paddings = []}>
    // CUSTOM: transform.structured.pad %{{.*}} pad_to_multiple_of [] {padding_dimensions = [0]} :
    %padded, %pad, %copy = transform.structured.pad %mm pad_to_multiple_of [] {padding_dimensions = [0]} : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    transform.yield
  }
}
