// RUN: pyopt %s --lower-affine | filecheck %s

// affine.apply/min/max and delinearize_index expanded into arith ops; constant applications fold first.

// CHECK-LABEL: func.func @folds
// CHECK-NEXT: [[V1:%[a-z0-9_-]+]] = arith.constant 3 : index
// CHECK-NEXT: [[V2:%[a-z0-9_-]+]] = arith.constant 4 : index
// CHECK-NEXT: [[V3:%[a-z0-9_-]+]] = arith.constant 2 : index
// CHECK-NEXT: [[V4:%[a-z0-9_-]+]] = arith.muli %arg0, [[V3]] : index
// CHECK-NEXT: [[V5:%[a-z0-9_-]+]] = arith.addi [[V4]], [[V1]] : index
// CHECK-NEXT: return [[V2]], [[V5]] : index, index
// CHECK-NEXT: }
// CHECK-LABEL: func.func @divs
// CHECK-NEXT: [[V1:%[a-z0-9_-]+]] = arith.constant 0 : index
// CHECK-NEXT: [[V2:%[a-z0-9_-]+]] = arith.constant -1 : index
// CHECK-NEXT: [[V3:%[a-z0-9_-]+]] = arith.cmpi slt, %arg0, [[V1]] : index
// CHECK-NEXT: [[V4:%[a-z0-9_-]+]] = arith.subi [[V2]], %arg0 : index
// CHECK-NEXT: [[V5:%[a-z0-9_-]+]] = arith.select [[V3]], [[V4]], %arg0 : index
// CHECK-NEXT: [[V6:%[a-z0-9_-]+]] = arith.divsi [[V5]], %arg2 : index
// CHECK-NEXT: [[V7:%[a-z0-9_-]+]] = arith.subi [[V2]], [[V6]] : index
// CHECK-NEXT: [[V8:%[a-z0-9_-]+]] = arith.select [[V3]], [[V7]], [[V6]] : index
// CHECK-NEXT: [[V9:%[a-z0-9_-]+]] = arith.constant 0 : index
// CHECK-NEXT: [[V10:%[a-z0-9_-]+]] = arith.constant 1 : index
// CHECK-NEXT: [[V11:%[a-z0-9_-]+]] = arith.cmpi sle, %arg0, [[V9]] : index
// CHECK-NEXT: [[V12:%[a-z0-9_-]+]] = arith.subi [[V9]], %arg0 : index
// CHECK-NEXT: [[V13:%[a-z0-9_-]+]] = arith.subi %arg0, [[V10]] : index
// CHECK-NEXT: [[V14:%[a-z0-9_-]+]] = arith.select [[V11]], [[V12]], [[V13]] : index
// CHECK-NEXT: [[V15:%[a-z0-9_-]+]] = arith.divsi [[V14]], %arg2 : index
// CHECK-NEXT: [[V16:%[a-z0-9_-]+]] = arith.subi [[V9]], [[V15]] : index
// CHECK-NEXT: [[V17:%[a-z0-9_-]+]] = arith.addi [[V15]], [[V10]] : index
// CHECK-NEXT: [[V18:%[a-z0-9_-]+]] = arith.select [[V11]], [[V16]], [[V17]] : index
// CHECK-NEXT: [[V19:%[a-z0-9_-]+]] = arith.constant 3 : index
// CHECK-NEXT: [[V20:%[a-z0-9_-]+]] = arith.muli %arg1, [[V19]] : index
// CHECK-NEXT: [[V21:%[a-z0-9_-]+]] = arith.addi %arg0, [[V20]] : index
// CHECK-NEXT: [[V22:%[a-z0-9_-]+]] = arith.remsi [[V21]], %arg2 : index
// CHECK-NEXT: [[V23:%[a-z0-9_-]+]] = arith.constant 0 : index
// CHECK-NEXT: [[V24:%[a-z0-9_-]+]] = arith.cmpi slt, [[V22]], [[V23]] : index
// CHECK-NEXT: [[V25:%[a-z0-9_-]+]] = arith.addi [[V22]], %arg2 : index
// CHECK-NEXT: [[V26:%[a-z0-9_-]+]] = arith.select [[V24]], [[V25]], [[V22]] : index
// CHECK-NEXT: return [[V8]], [[V18]], [[V26]] : index, index, index
// CHECK-NEXT: }
// CHECK-LABEL: func.func @minmax
// CHECK-NEXT: [[V1:%[a-z0-9_-]+]] = arith.constant 2 : index
// CHECK-NEXT: [[V2:%[a-z0-9_-]+]] = arith.addi %arg0, [[V1]] : index
// CHECK-NEXT: [[V3:%[a-z0-9_-]+]] = arith.constant 16 : index
// CHECK-NEXT: [[V4:%[a-z0-9_-]+]] = arith.minsi [[V2]], %arg1 : index
// CHECK-NEXT: [[V5:%[a-z0-9_-]+]] = arith.minsi [[V4]], [[V3]] : index
// CHECK-NEXT: [[V6:%[a-z0-9_-]+]] = arith.constant 4 : index
// CHECK-NEXT: [[V7:%[a-z0-9_-]+]] = arith.constant 0 : index
// CHECK-NEXT: [[V8:%[a-z0-9_-]+]] = arith.constant -1 : index
// CHECK-NEXT: [[V9:%[a-z0-9_-]+]] = arith.cmpi slt, %arg0, [[V7]] : index
// CHECK-NEXT: [[V10:%[a-z0-9_-]+]] = arith.subi [[V8]], %arg0 : index
// CHECK-NEXT: [[V11:%[a-z0-9_-]+]] = arith.select [[V9]], [[V10]], %arg0 : index
// CHECK-NEXT: [[V12:%[a-z0-9_-]+]] = arith.divsi [[V11]], [[V6]] : index
// CHECK-NEXT: [[V13:%[a-z0-9_-]+]] = arith.subi [[V8]], [[V12]] : index
// CHECK-NEXT: [[V14:%[a-z0-9_-]+]] = arith.select [[V9]], [[V13]], [[V12]] : index
// CHECK-NEXT: return [[V5]], [[V14]] : index, index
// CHECK-NEXT: }
// CHECK-LABEL: func.func @dyn_delin
// CHECK-NEXT: [[V1:%[a-z0-9_-]+]] = arith.muli %arg2, %arg3 : index
// CHECK-NEXT: [[V2:%[a-z0-9_-]+]] = arith.muli %arg2, %arg3 : index
// CHECK-NEXT: [[V3:%[a-z0-9_-]+]] = arith.muli [[V2]], %arg1 : index
// CHECK-NEXT: [[V4:%[a-z0-9_-]+]] = arith.muli %arg3, %arg1 : index
// CHECK-NEXT: [[V5:%[a-z0-9_-]+]] = arith.muli %arg2, %arg3 : index
// CHECK-NEXT: [[V6:%[a-z0-9_-]+]] = arith.muli [[V5]], %arg1 : index
// CHECK-NEXT: [[V7:%[a-z0-9_-]+]] = arith.constant 0 : index
// CHECK-NEXT: [[V8:%[a-z0-9_-]+]] = arith.constant -1 : index
// CHECK-NEXT: [[V9:%[a-z0-9_-]+]] = arith.cmpi slt, %arg0, [[V7]] : index
// CHECK-NEXT: [[V10:%[a-z0-9_-]+]] = arith.subi [[V8]], %arg0 : index
// CHECK-NEXT: [[V11:%[a-z0-9_-]+]] = arith.select [[V9]], [[V10]], %arg0 : index
// CHECK-NEXT: [[V12:%[a-z0-9_-]+]] = arith.divsi [[V11]], [[V6]] : index
// CHECK-NEXT: [[V13:%[a-z0-9_-]+]] = arith.subi [[V8]], [[V12]] : index
// CHECK-NEXT: [[V14:%[a-z0-9_-]+]] = arith.select [[V9]], [[V13]], [[V12]] : index
// CHECK-NEXT: [[V15:%[a-z0-9_-]+]] = arith.muli %arg2, %arg3 : index
// CHECK-NEXT: [[V16:%[a-z0-9_-]+]] = arith.muli [[V15]], %arg1 : index
// CHECK-NEXT: [[V17:%[a-z0-9_-]+]] = arith.remsi %arg0, [[V16]] : index
// CHECK-NEXT: [[V18:%[a-z0-9_-]+]] = arith.constant 0 : index
// CHECK-NEXT: [[V19:%[a-z0-9_-]+]] = arith.cmpi slt, [[V17]], [[V18]] : index
// CHECK-NEXT: [[V20:%[a-z0-9_-]+]] = arith.addi [[V17]], [[V16]] : index
// CHECK-NEXT: [[V21:%[a-z0-9_-]+]] = arith.select [[V19]], [[V20]], [[V17]] : index
// CHECK-NEXT: [[V22:%[a-z0-9_-]+]] = arith.muli %arg2, %arg3 : index
// CHECK-NEXT: [[V23:%[a-z0-9_-]+]] = arith.muli [[V22]], %arg1 : index
// CHECK-NEXT: [[V24:%[a-z0-9_-]+]] = arith.remsi %arg0, [[V23]] : index
// CHECK-NEXT: [[V25:%[a-z0-9_-]+]] = arith.constant 0 : index
// CHECK-NEXT: [[V26:%[a-z0-9_-]+]] = arith.cmpi slt, [[V24]], [[V25]] : index
// CHECK-NEXT: [[V27:%[a-z0-9_-]+]] = arith.addi [[V24]], [[V23]] : index
// CHECK-NEXT: [[V28:%[a-z0-9_-]+]] = arith.select [[V26]], [[V27]], [[V24]] : index
// CHECK-NEXT: [[V29:%[a-z0-9_-]+]] = arith.muli %arg3, %arg1 : index
// CHECK-NEXT: [[V30:%[a-z0-9_-]+]] = arith.constant 0 : index
// CHECK-NEXT: [[V31:%[a-z0-9_-]+]] = arith.constant -1 : index
// CHECK-NEXT: [[V32:%[a-z0-9_-]+]] = arith.cmpi slt, [[V28]], [[V30]] : index
// CHECK-NEXT: [[V33:%[a-z0-9_-]+]] = arith.subi [[V31]], [[V28]] : index
// CHECK-NEXT: [[V34:%[a-z0-9_-]+]] = arith.select [[V32]], [[V33]], [[V28]] : index
// CHECK-NEXT: [[V35:%[a-z0-9_-]+]] = arith.divsi [[V34]], [[V29]] : index
// CHECK-NEXT: [[V36:%[a-z0-9_-]+]] = arith.subi [[V31]], [[V35]] : index
// CHECK-NEXT: [[V37:%[a-z0-9_-]+]] = arith.select [[V32]], [[V36]], [[V35]] : index
// CHECK-NEXT: [[V38:%[a-z0-9_-]+]] = arith.muli %arg2, %arg3 : index
// CHECK-NEXT: [[V39:%[a-z0-9_-]+]] = arith.muli [[V38]], %arg1 : index
// CHECK-NEXT: [[V40:%[a-z0-9_-]+]] = arith.remsi %arg0, [[V39]] : index
// CHECK-NEXT: [[V41:%[a-z0-9_-]+]] = arith.constant 0 : index
// CHECK-NEXT: [[V42:%[a-z0-9_-]+]] = arith.cmpi slt, [[V40]], [[V41]] : index
// CHECK-NEXT: [[V43:%[a-z0-9_-]+]] = arith.addi [[V40]], [[V39]] : index
// CHECK-NEXT: [[V44:%[a-z0-9_-]+]] = arith.select [[V42]], [[V43]], [[V40]] : index
// CHECK-NEXT: [[V45:%[a-z0-9_-]+]] = arith.muli %arg3, %arg1 : index
// CHECK-NEXT: [[V46:%[a-z0-9_-]+]] = arith.remsi [[V44]], [[V45]] : index
// CHECK-NEXT: [[V47:%[a-z0-9_-]+]] = arith.constant 0 : index
// CHECK-NEXT: [[V48:%[a-z0-9_-]+]] = arith.cmpi slt, [[V46]], [[V47]] : index
// CHECK-NEXT: [[V49:%[a-z0-9_-]+]] = arith.addi [[V46]], [[V45]] : index
// CHECK-NEXT: [[V50:%[a-z0-9_-]+]] = arith.select [[V48]], [[V49]], [[V46]] : index
// CHECK-NEXT: [[V51:%[a-z0-9_-]+]] = arith.muli %arg2, %arg3 : index
// CHECK-NEXT: [[V52:%[a-z0-9_-]+]] = arith.muli [[V51]], %arg1 : index
// CHECK-NEXT: [[V53:%[a-z0-9_-]+]] = arith.remsi %arg0, [[V52]] : index
// CHECK-NEXT: [[V54:%[a-z0-9_-]+]] = arith.constant 0 : index
// CHECK-NEXT: [[V55:%[a-z0-9_-]+]] = arith.cmpi slt, [[V53]], [[V54]] : index
// CHECK-NEXT: [[V56:%[a-z0-9_-]+]] = arith.addi [[V53]], [[V52]] : index
// CHECK-NEXT: [[V57:%[a-z0-9_-]+]] = arith.select [[V55]], [[V56]], [[V53]] : index
// CHECK-NEXT: [[V58:%[a-z0-9_-]+]] = arith.muli %arg3, %arg1 : index
// CHECK-NEXT: [[V59:%[a-z0-9_-]+]] = arith.remsi [[V57]], [[V58]] : index
// CHECK-NEXT: [[V60:%[a-z0-9_-]+]] = arith.constant 0 : index
// CHECK-NEXT: [[V61:%[a-z0-9_-]+]] = arith.cmpi slt, [[V59]], [[V60]] : index
// CHECK-NEXT: [[V62:%[a-z0-9_-]+]] = arith.addi [[V59]], [[V58]] : index
// CHECK-NEXT: [[V63:%[a-z0-9_-]+]] = arith.select [[V61]], [[V62]], [[V59]] : index
// CHECK-NEXT: [[V64:%[a-z0-9_-]+]] = arith.constant 0 : index
// CHECK-NEXT: [[V65:%[a-z0-9_-]+]] = arith.constant -1 : index
// CHECK-NEXT: [[V66:%[a-z0-9_-]+]] = arith.cmpi slt, [[V63]], [[V64]] : index
// CHECK-NEXT: [[V67:%[a-z0-9_-]+]] = arith.subi [[V65]], [[V63]] : index
// CHECK-NEXT: [[V68:%[a-z0-9_-]+]] = arith.select [[V66]], [[V67]], [[V63]] : index
// CHECK-NEXT: [[V69:%[a-z0-9_-]+]] = arith.divsi [[V68]], %arg1 : index
// CHECK-NEXT: [[V70:%[a-z0-9_-]+]] = arith.subi [[V65]], [[V69]] : index
// CHECK-NEXT: [[V71:%[a-z0-9_-]+]] = arith.select [[V66]], [[V70]], [[V69]] : index
// CHECK-NEXT: [[V72:%[a-z0-9_-]+]] = arith.muli %arg2, %arg3 : index
// CHECK-NEXT: [[V73:%[a-z0-9_-]+]] = arith.muli [[V72]], %arg1 : index
// CHECK-NEXT: [[V74:%[a-z0-9_-]+]] = arith.remsi %arg0, [[V73]] : index
// CHECK-NEXT: [[V75:%[a-z0-9_-]+]] = arith.constant 0 : index
// CHECK-NEXT: [[V76:%[a-z0-9_-]+]] = arith.cmpi slt, [[V74]], [[V75]] : index
// CHECK-NEXT: [[V77:%[a-z0-9_-]+]] = arith.addi [[V74]], [[V73]] : index
// CHECK-NEXT: [[V78:%[a-z0-9_-]+]] = arith.select [[V76]], [[V77]], [[V74]] : index
// CHECK-NEXT: [[V79:%[a-z0-9_-]+]] = arith.muli %arg3, %arg1 : index
// CHECK-NEXT: [[V80:%[a-z0-9_-]+]] = arith.remsi [[V78]], [[V79]] : index
// CHECK-NEXT: [[V81:%[a-z0-9_-]+]] = arith.constant 0 : index
// CHECK-NEXT: [[V82:%[a-z0-9_-]+]] = arith.cmpi slt, [[V80]], [[V81]] : index
// CHECK-NEXT: [[V83:%[a-z0-9_-]+]] = arith.addi [[V80]], [[V79]] : index
// CHECK-NEXT: [[V84:%[a-z0-9_-]+]] = arith.select [[V82]], [[V83]], [[V80]] : index
// CHECK-NEXT: [[V85:%[a-z0-9_-]+]] = arith.remsi [[V84]], %arg1 : index
// CHECK-NEXT: [[V86:%[a-z0-9_-]+]] = arith.constant 0 : index
// CHECK-NEXT: [[V87:%[a-z0-9_-]+]] = arith.cmpi slt, [[V85]], [[V86]] : index
// CHECK-NEXT: [[V88:%[a-z0-9_-]+]] = arith.addi [[V85]], %arg1 : index
// CHECK-NEXT: [[V89:%[a-z0-9_-]+]] = arith.select [[V87]], [[V88]], [[V85]] : index
// CHECK-NEXT: return [[V14]], [[V37]], [[V71]], [[V89]] : index, index, index, index
// CHECK-NEXT: }
// CHECK-LABEL: func.func @delin2
// CHECK-NEXT: [[V1:%[a-z0-9_-]+]] = arith.constant 5 : index
// CHECK-NEXT: [[V2:%[a-z0-9_-]+]] = arith.constant 1 : index
// CHECK-NEXT: [[V3:%[a-z0-9_-]+]] = arith.constant 0 : index
// CHECK-NEXT: return %arg0, [[V3]] : index, index
// CHECK-NEXT: }

func.func @folds(%n: index) -> (index, index) {
  %c3 = arith.constant 3 : index
  %0 = affine.apply affine_map<(d0) -> (d0 + 1)>(%c3)
  %1 = affine.apply affine_map<(d0)[s0] -> (d0 * 2 + s0)>(%n)[%c3]
  return %0, %1 : index, index
}
func.func @divs(%a: index, %b: index, %s: index) -> (index, index, index) {
  %0 = affine.apply affine_map<(d0)[s0] -> (d0 floordiv s0)>(%a)[%s]
  %1 = affine.apply affine_map<(d0)[s0] -> (d0 ceildiv s0)>(%a)[%s]
  %2 = affine.apply affine_map<(d0, d1)[s0] -> ((d0 + d1 * 3) mod s0)>(%a, %b)[%s]
  return %0, %1, %2 : index, index, index
}
func.func @minmax(%a: index, %b: index) -> (index, index) {
  %0 = affine.min affine_map<(d0)[s0] -> (d0 + 2, s0, 16)>(%a)[%b]
  %1 = affine.max affine_map<(d0) -> (d0 floordiv 4)>(%a)
  return %0, %1 : index, index
}
func.func @dyn_delin(%l: index, %a: index, %b: index, %c: index) -> (index, index, index, index) {
  %r:4 = affine.delinearize_index %l into (%a, %b, %c, %a) : index, index, index, index
  return %r#0, %r#1, %r#2, %r#3 : index, index, index, index
}
func.func @delin2(%l: index) -> (index, index) {
  %c5 = arith.constant 5 : index
  %c1 = arith.constant 1 : index
  %r:2 = affine.delinearize_index %l into (%c5, %c1) : index, index
  return %r#0, %r#1 : index, index
}
