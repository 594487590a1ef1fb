// view-op-graph writes the op as a Graphviz graph to stderr: clusters for regions and
// blocks, one colour per op name, data-flow edges (numbered when an op has several operands)
// and, on request, dashed control-flow edges. The IR itself is unchanged.
// RUN: pyopt %s --view-op-graph -o /dev/null 2>&1 | filecheck %s --strict-whitespace
// RUN: pyopt %s --view-op-graph='print-data-flow-edges=false print-control-flow-edges=true print-attrs=false max-label-len=3' -o /dev/null 2>&1 | filecheck %s --strict-whitespace --check-prefix=CFG
// RUN: pyopt %s --view-op-graph | filecheck %s --check-prefix=IR

func.func @pick(%c: i1, %x: i32) -> i32 {
  %k = arith.constant 3 : i32
  %r = scf.if %c -> i32 {
    %s = arith.addi %x, %k : i32
    scf.yield %s : i32
  } else {
    scf.yield %x : i32
  }
  return %r : i32
}

// CHECK:      digraph G {
// CHECK-NEXT:   compound = true;
// CHECK-NEXT:   subgraph cluster_1 {
// CHECK-NEXT:     v2 [label = " ", shape = plain];
// CHECK-NEXT:     label = "builtin.module : ()\n";
// CHECK-NEXT:     subgraph cluster_3 {
// CHECK-NEXT:       v4 [label = " ", shape = plain];
// CHECK-NEXT:       label = "";
// CHECK-NEXT:       subgraph cluster_5 {
// CHECK-NEXT:         v6 [label = " ", shape = plain];
// CHECK-NEXT:         label = "func.func : ()\n\nfunction_type: (i1, i32) -> i32\nsym_name: \"pick\"";
// CHECK-NEXT:         subgraph cluster_7 {
// CHECK-NEXT:           v8 [label = " ", shape = plain];
// CHECK-NEXT:           label = "";
// CHECK-NEXT:           v9 [label = "arg0", shape = ellipse];
// CHECK-NEXT:           v10 [label = "arg1", shape = ellipse];
// CHECK-NEXT:           v11 [fillcolor = "0.000000 1.0 1.0", label = "arith.constant : (i32)\n\nvalue: 3 : i32", shape = ellipse, style = filled];
// CHECK-NEXT:           subgraph cluster_12 {
// CHECK-NEXT:             v13 [label = " ", shape = plain];
// CHECK-NEXT:             label = "scf.if : (i32)\n";
// CHECK-NEXT:             subgraph cluster_14 {
// CHECK-NEXT:               v15 [label = " ", shape = plain];
// CHECK-NEXT:               label = "";
// CHECK-NEXT:               v16 [fillcolor = "0.142857 1.0 1.0", label = "arith.addi : (i32)\n\noverflowFlags: #arith.overflow<none...", shape = ellipse, style = filled];
// CHECK-NEXT:               v17 [fillcolor = "0.285714 1.0 1.0", label = "scf.yield : ()\n", shape = ellipse, style = filled];
// CHECK-NEXT:             }
// CHECK-NEXT:             subgraph cluster_18 {
// CHECK-NEXT:               v19 [label = " ", shape = plain];
// CHECK-NEXT:               label = "";
// CHECK-NEXT:               v20 [fillcolor = "0.285714 1.0 1.0", label = "scf.yield : ()\n", shape = ellipse, style = filled];
// CHECK-NEXT:             }
// CHECK-NEXT:           }
// CHECK-NEXT:           v21 [fillcolor = "0.571429 1.0 1.0", label = "func.return : ()\n", shape = ellipse, style = filled];
// CHECK-NEXT:         }
// CHECK-NEXT:       }
// CHECK-NEXT:     }
// CHECK-NEXT:   }
// CHECK-NEXT:   v10 -> v16 [label = "0", style = solid];
// CHECK-NEXT:   v11 -> v16 [label = "1", style = solid];
// CHECK-NEXT:   v16 -> v17 [label = "", style = solid];
// CHECK-NEXT:   v10 -> v20 [label = "", style = solid];
// CHECK-NEXT:   v9 -> v13 [lhead = cluster_12, style = solid];
// CHECK-NEXT:   v13 -> v21 [ltail = cluster_12, style = solid];
// CHECK-NEXT: }

// CFG:           v11 [fillcolor = "0.000000 1.0 1.0", label = "arith.constant : (i32)", shape = ellipse, style = filled];
// CFG:               v16 [fillcolor = "0.142857 1.0 1.0", label = "arith.addi : (i32)", shape = ellipse, style = filled];
// CFG:   v16 -> v17 [label = "", style = dashed];
// CFG:   v11 -> v13 [lhead = cluster_12, style = dashed];
// CFG:   v13 -> v21 [ltail = cluster_12, style = dashed];

// IR: scf.if
