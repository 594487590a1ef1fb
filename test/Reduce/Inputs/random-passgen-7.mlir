// A random runnable program: test/difftest/passgen.py 7 (input of test/Reduce/random-program.mlir).
func.func private @print_i64(i64)
memref.global "private" @g0 : memref<8xi64> = dense<1>
func.func @f0(%arg0: i32) -> (f32) {
  %c0_i = arith.constant 0 : index
  %v1 = arith.constant 0 : i64
  %v2 = arith.cmpi eq, %v1, %v1 : i64
  %v3 = arith.constant -2.250000e+00 : f32
  return %v3 : f32
}
func.func private @f1(%arg0: i64, %arg1: f32) -> (i8) {
  %c0_i = arith.constant 0 : index
  %v4 = arith.constant true
  %v5 = scf.if %v4 -> (i8) {
    %v6 = arith.constant 2147483647 : i32
    %v7 = arith.cmpi ule, %v6, %v6 : i32
    %v8 = arith.constant -100 : i8
    scf.yield %v8 : i8
  } else {
    %v9 = arith.constant -32768 : i16
    %v10 = arith.constant 16383 : i16
    %v11 = arith.andi %v9, %v10 : i16
    %v12 = arith.constant 1 : i16
    %v13 = arith.ori %v11, %v12 : i16
    %v14 = arith.ceildivsi %v9, %v13 : i16
    %v15 = arith.constant 0x7FF0000000000000 : f64
    %v16 = arith.addf %v15, %v15 : f64
    %v17 = arith.subi %v12, %v14 : i16
    %v18 = arith.constant -2147483648 : i32
    %v19 = math.ctpop %v18 : i32
    %v20 = arith.constant -1 : i8
    scf.yield %v20 : i8
  }
  %v21 = math.ctlz %arg0 : i64
  return %v5 : i8
}
func.func private @f2(%arg0: f64, %arg1: i64, %arg2: f32) -> (index, i1, f64) {
  %c0_i = arith.constant 0 : index
  %v22 = scf.execute_region -> i8 {
    %v23 = arith.constant 1 : index
    %v24 = arith.constant 3 : index
    %v25 = arith.constant 3 : index
    %v26 = arith.constant 42 : i16
    %v29 = scf.for %i27 = %v23 to %v24 step %v25 iter_args(%acc28 = %v26) -> (i16) {
      %v30 = arith.constant 7 : index
      %v31 = index.cmp ult(%v30, %v25)
      %v32 = arith.constant 2 : i8
      %v33 = arith.addi %v32, %v32 : i8
      %v34 = arith.cmpi uge, %v26, %acc28 : i16
      %v35 = index.constant 1023
      %v36 = index.constant 1
      %v37 = index.and %v23, %v35
      %v38 = index.or %v37, %v36
      %v39 = index.remu %v30, %v38
      %v40 = arith.truncf %arg0 : f64 to f32
      scf.yield %acc28 : i16
    }
    %v41 = arith.constant 0 : index
    %v42 = arith.constant 7 : index
    %v43 = arith.constant 1 : index
    %v46 = scf.for %i44 = %v41 to %v42 step %v43 iter_args(%acc45 = %v23) -> (index) {
      %v47 = math.copysign %arg0, %arg0 : f64
      %v48 = index.constant 1023
      %v49 = index.constant 1
      %v50 = index.and %acc45, %v48
      %v51 = index.or %v50, %v49
      %v52 = index.remu %v24, %v51
      scf.yield %v24 : index
    }
    %v53 = arith.constant 5 : index
    %v54 = arith.remui %v41, %v53 : index
    %v55 = scf.index_switch %v54 -> i16
    case 0 {
      %v56 = memref.alloca() : memref<2x3xi32>
      %v57 = arith.constant 2147483647 : i32
      %v58 = arith.constant 0 : index
      %v59 = arith.constant 0 : index
      memref.store %v57, %v56[%v58, %v59] : memref<2x3xi32>
      %v60 = arith.constant 0 : index
      %v61 = arith.constant 1 : index
      memref.store %v57, %v56[%v60, %v61] : memref<2x3xi32>
      %v62 = arith.constant 0 : index
      %v63 = arith.constant 2 : index
      memref.store %v57, %v56[%v62, %v63] : memref<2x3xi32>
      %v64 = arith.constant 1 : index
      %v65 = arith.constant 0 : index
      memref.store %v57, %v56[%v64, %v65] : memref<2x3xi32>
      %v66 = arith.constant 1 : index
      %v67 = arith.constant 1 : index
      memref.store %v57, %v56[%v66, %v67] : memref<2x3xi32>
      %v68 = arith.constant 1 : index
      %v69 = arith.constant 2 : index
      memref.store %v57, %v56[%v68, %v69] : memref<2x3xi32>
      %v70 = arith.constant 2 : index
      %v71 = arith.remui %v60, %v70 : index
      %v72 = arith.constant 3 : index
      %v73 = arith.remui %v53, %v72 : index
      memref.store %v57, %v56[%v71, %v73] : memref<2x3xi32>
      %v74 = arith.constant 2 : index
      %v75 = arith.remui %v73, %v74 : index
      %v76 = arith.constant 3 : index
      %v77 = arith.remui %v75, %v76 : index
      %v78 = memref.load %v56[%v75, %v77] : memref<2x3xi32>
      %v79 = arith.constant 2 : index
      %v80 = arith.remui %v64, %v79 : index
      %v81 = memref.subview %v56[%v80, 0] [1, 3] [1, 1] : memref<2x3xi32> to memref<3xi32, strided<[1], offset: ?>>
      %v82 = arith.constant 0 : index
      %v83 = memref.load %v81[%v82] : memref<3xi32, strided<[1], offset: ?>>
      %v84 = arith.constant 11 : index
      scf.yield %v29 : i16
    }
    case 1 {
      %v85 = arith.constant false
      %v86 = arith.select %v85, %v24, %v41 : index
      %v87 = arith.remf %arg2, %arg2 : f32
      %v88 = arith.constant -2 : index
      %v89 = index.cmp sge(%v53, %v88)
      scf.yield %v29 : i16
    }
    case 2 {
      %v90 = index.cmp slt(%v25, %v53)
      %v91 = arith.constant 2147483647 : i32
      %v92 = arith.constant 2 : i32
      %v93 = arith.cmpi ugt, %v91, %v92 : i32
      %v94 = arith.maxsi %v54, %v25 : index
      %v95 = arith.constant 3 : i16
      scf.yield %v95 : i16
    }
    default {
      %v96 = memref.get_global @g0 : memref<8xi64>
      %v97 = arith.constant 8 : index
      %v98 = arith.remui %v54, %v97 : index
      %v99 = memref.load %v96[%v98] : memref<8xi64>
      %v100 = arith.constant 5 : index
      %v101 = arith.constant 9223372036854775807 : i64
      memref.store %v101, %v96[%v100] : memref<8xi64>
      scf.yield %v29 : i16
    }
    %v102 = arith.constant 2 : i16
    %v103 = arith.sitofp %v102 : i16 to f32
    %v105 = arith.constant 42 : i8
    cf.switch %v105 : i8, [default: ^join104, -2: ^join104]
  ^join104:
    %v106 = arith.maxui %arg1, %arg1 : i64
    %v107 = arith.constant false
    %v108 = arith.ori %v107, %v107 : i1
    %v109 = arith.constant 0xFFF0000000000000 : f64
    %v110 = arith.constant 3.000000e+00 : f64
    %v111 = arith.constant -2.250000e+00 : f64
    %v112 = math.fma %v109, %v110, %v111 : f64
    %v113 = arith.maxsi %v108, %v107 : i1
    cf.cond_br %v107, ^t114, ^join114
  ^t114:
    %v115 = arith.constant 3 : i16
    %v116 = arith.cmpi ne, %v29, %v115 : i16
    %v117 = arith.constant -7.500000e-01 : f32
    %v118 = arith.mulf %v103, %v117 : f32
    cf.br ^join114
  ^join114:
    %v119 = memref.get_global @g0 : memref<8xi64>
    %v120 = arith.constant 7 : index
    %v121 = memref.load %v119[%v120] : memref<8xi64>
    %v122 = arith.constant 5 : index
    memref.store %v106, %v119[%v122] : memref<8xi64>
    %v123 = arith.constant 1 : i8
    %v124 = arith.addi %v123, %v123 : i8
    %v125 = arith.maxsi %v124, %v123 : i8
    %v126 = arith.constant 5 : index
    %v127 = arith.remui %v43, %v126 : index
    %v128 = scf.index_switch %v127 -> i8
    case 0 {
      %v129 = arith.constant 63 : i8
      %v130 = arith.andi %v123, %v129 : i8
      %v131 = arith.constant 1 : i8
      %v132 = arith.ori %v130, %v131 : i8
      %v133 = arith.divsi %v124, %v132 : i8
      %v134 = arith.constant 42 : i32
      %v135 = func.call @f0(%v134) : (i32) -> (f32)
      %v136 = memref.alloc() : memref<4x4xf64>
      %v137 = arith.constant 0 : index
      %v138 = arith.constant 0 : index
      memref.store %v112, %v136[%v137, %v138] : memref<4x4xf64>
      %v139 = arith.constant 0 : index
      %v140 = arith.constant 1 : index
      memref.store %v112, %v136[%v139, %v140] : memref<4x4xf64>
      %v141 = arith.constant 0 : index
      %v142 = arith.constant 2 : index
      memref.store %v112, %v136[%v141, %v142] : memref<4x4xf64>
      %v143 = arith.constant 0 : index
      %v144 = arith.constant 3 : index
      memref.store %v112, %v136[%v143, %v144] : memref<4x4xf64>
      %v145 = arith.constant 1 : index
      %v146 = arith.constant 0 : index
      memref.store %v112, %v136[%v145, %v146] : memref<4x4xf64>
      %v147 = arith.constant 1 : index
      %v148 = arith.constant 1 : index
      memref.store %v112, %v136[%v147, %v148] : memref<4x4xf64>
      %v149 = arith.constant 1 : index
      %v150 = arith.constant 2 : index
      memref.store %v112, %v136[%v149, %v150] : memref<4x4xf64>
      %v151 = arith.constant 1 : index
      %v152 = arith.constant 3 : index
      memref.store %v112, %v136[%v151, %v152] : memref<4x4xf64>
      %v153 = arith.constant 2 : index
      %v154 = arith.constant 0 : index
      memref.store %v112, %v136[%v153, %v154] : memref<4x4xf64>
      %v155 = arith.constant 2 : index
      %v156 = arith.constant 1 : index
      memref.store %v112, %v136[%v155, %v156] : memref<4x4xf64>
      %v157 = arith.constant 2 : index
      %v158 = arith.constant 2 : index
      memref.store %v112, %v136[%v157, %v158] : memref<4x4xf64>
      %v159 = arith.constant 2 : index
      %v160 = arith.constant 3 : index
      memref.store %v112, %v136[%v159, %v160] : memref<4x4xf64>
      %v161 = arith.constant 3 : index
      %v162 = arith.constant 0 : index
      memref.store %v112, %v136[%v161, %v162] : memref<4x4xf64>
      %v163 = arith.constant 3 : index
      %v164 = arith.constant 1 : index
      memref.store %v112, %v136[%v163, %v164] : memref<4x4xf64>
      %v165 = arith.constant 3 : index
      %v166 = arith.constant 2 : index
      memref.store %v112, %v136[%v165, %v166] : memref<4x4xf64>
      %v167 = arith.constant 3 : index
      %v168 = arith.constant 3 : index
      memref.store %v112, %v136[%v167, %v168] : memref<4x4xf64>
      %v169 = arith.constant 0 : index
      %v170 = arith.constant 4 : index
      %v171 = arith.remui %v126, %v170 : index
      memref.store %v110, %v136[%v169, %v171] : memref<4x4xf64>
      %v172 = arith.constant 4 : index
      %v173 = arith.remui %v137, %v172 : index
      %v174 = arith.constant 1 : index
      memref.store %arg0, %v136[%v173, %v174] : memref<4x4xf64>
      %v175 = arith.constant 4 : index
      %v176 = arith.remui %v24, %v175 : index
      %v177 = arith.constant 4 : index
      %v178 = arith.remui %v127, %v177 : index
      memref.store %v109, %v136[%v176, %v178] : memref<4x4xf64>
      %v179 = arith.constant 4 : index
      %v180 = arith.remui %v176, %v179 : index
      %v181 = arith.constant 4 : index
      %v182 = arith.remui %v158, %v181 : index
      %v183 = memref.load %v136[%v180, %v182] : memref<4x4xf64>
      %v184 = memref.load %v136[%c0_i, %c0_i] : memref<4x4xf64>
      memref.dealloc %v136 : memref<4x4xf64>
      scf.yield %v133 : i8
    }
    case 1 {
      %v185 = index.maxs %v126, %v25
      %v186 = index.cmp ult(%v122, %v42)
      scf.yield %v105 : i8
    }
    default {
      %v187 = arith.cmpf ole, %v110, %v109 : f64
      %v188 = arith.constant 7 : i32
      %v189 = func.call @f0(%v188) : (i32) -> (f32)
      %v190 = arith.constant 7 : index
      %v191 = arith.constant 63 : index
      %v192 = arith.andi %v190, %v191 : index
      %v193 = arith.shli %v23, %v192 : index
      scf.yield %v105 : i8
    }
    scf.yield %v105 : i8
  }
  %v194 = math.ceil %arg2 : f32
  %v195 = arith.constant true
  scf.if %v195 {
    %v196 = arith.minimumf %arg0, %arg0 : f64
    %v197 = arith.truncf %v196 : f64 to f32
    %v198 = arith.constant 9223372036854775807 : index
    %v199 = arith.constant 5 : index
    %v200 = arith.remui %v198, %v199 : index
    %v201 = scf.index_switch %v200 -> i16
    case 4 {
      %v202 = arith.sitofp %v22 : i8 to f32
      %v203 = index.maxu %v198, %v200
      %v204 = arith.minimumf %arg2, %arg2 : f32
      %v205 = arith.constant 100 : i16
      scf.yield %v205 : i16
    }
    default {
      %v206 = arith.constant -32768 : i16
      scf.yield %v206 : i16
    }
    %v207 = arith.constant 63 : i8
    %v208 = arith.andi %v22, %v207 : i8
    %v209 = arith.constant 1 : i8
    %v210 = arith.ori %v208, %v209 : i8
    %v211 = arith.divui %v22, %v210 : i8
  } else {
    %v212 = arith.constant 3.000000e+00 : f64
    %v213 = arith.addf %v212, %arg0 : f64
    %v214 = arith.constant -100 : i32
    %v215 = arith.constant 31 : i32
    %v216 = arith.andi %v214, %v215 : i32
    %v217 = arith.shrui %v214, %v216 : i32
    %v218 = arith.constant 1 : index
    %v219 = arith.constant 1 : index
    %v220 = arith.constant 1 : index
    %v224, %v225 = scf.for %i221 = %v218 to %v219 step %v220 iter_args(%acc222 = %arg1, %acc223 = %arg1) -> (i64, i64) {
      %v226 = arith.constant -2 : index
      %v227 = index.and %i221, %v226
      %v228 = index.mul %v227, %v220
      %v229 = arith.constant 1 : i16
      %v230 = arith.cmpi ule, %v229, %v229 : i16
      %v231 = arith.mulf %v194, %v194 : f32
      scf.yield %acc222, %acc222 : i64, i64
    }
    %v232 = arith.constant 2 : index
    %v233 = arith.constant 0 : index
    %v234, %v235 = scf.while (%i236 = %v233, %a237 = %arg1) : (index, i64) -> (index, i64) {
      %v240 = arith.cmpi ult, %i236, %v232 : index
      scf.condition(%v240) %i236, %a237 : index, i64
    } do {
    ^bb0(%i238: index, %a239: i64):
      %v241 = index.sub %v232, %v233
      %v242 = arith.constant 3.000000e+00 : f64
      %v243 = arith.minimumf %v242, %v213 : f64
      %v244 = arith.constant 1 : index
      %v245 = arith.addi %i238, %v244 : index
      %v246 = arith.constant 3 : i64
      scf.yield %v245, %v246 : index, i64
    }
  }
  %v247 = arith.addf %arg0, %arg0 : f64
  %v248 = arith.cmpi ule, %arg1, %arg1 : i64
  %v249 = arith.constant 42 : i16
  %v250 = arith.muli %v249, %v249 : i16
  %v251 = arith.constant 7 : i32
  %v252 = arith.constant 31 : i32
  %v253 = arith.andi %v251, %v252 : i32
  %v254 = arith.shrui %v251, %v253 : i32
  %v255 = arith.constant 9223372036854775807 : index
  %v256 = arith.constant 63 : index
  %v257 = arith.andi %v255, %v256 : index
  %v258 = arith.shrsi %v255, %v257 : index
  return %v256, %v248, %v247 : index, i1, f64
}
func.func @f3(%arg0: f32, %arg1: i16, %arg2: i32, %arg3: i32) -> (i16) {
  %c0_i = arith.constant 0 : index
  %v259 = arith.constant -7.500000e-01 : f32
  %v260 = arith.divf %v259, %arg0 : f32
  %v263 = arith.constant -100 : index
  %v264 = arith.constant 5 : index
  %v265 = arith.remui %v263, %v264 : index
  %v266 = arith.constant 0 : index
  %v267 = arith.constant false
  cf.br ^h261(%v266, %v267 : index, i1)
^h261(%i268: index, %h269: i1):
  %v270 = arith.cmpi slt, %i268, %v265 : index
  cf.cond_br %v270, ^body261, ^join261(%h269 : i1)
^body261:
  %v271 = math.sqrt %arg0 : f32
  %v272 = arith.constant 0 : i32
  %v273 = arith.cmpi ule, %v272, %arg3 : i32
  %v274 = arith.constant 1 : index
  %v275 = arith.addi %i268, %v274 : index
  %v276 = arith.constant false
  cf.br ^h261(%v275, %v276 : index, i1)
^join261(%j262: i1):
  %v277 = arith.constant false
  %v278 = scf.if %v277 -> (i32) {
    %v279 = memref.get_global @g0 : memref<8xi64>
    %v280 = arith.constant 8 : index
    %v281 = arith.remui %v266, %v280 : index
    %v282 = memref.load %v279[%v281] : memref<8xi64>
    %v283 = arith.constant 8 : index
    %v284 = arith.remui %v264, %v283 : index
    memref.store %v282, %v279[%v284] : memref<8xi64>
    scf.yield %arg3 : i32
  } else {
    %v285 = arith.constant -0.000000e+00 : f64
    %v286 = math.sqrt %v285 : f64
    scf.if %v277 {
      %v287 = arith.constant 42 : i64
      %v288, %v289, %v290 = func.call @f2(%v286, %v287, %v259) : (f64, i64, f32) -> (index, i1, f64)
      %v291 = index.constant 63
      %v292 = index.and %v266, %v291
      %v293 = index.shru %v264, %v292
      %v294 = arith.constant 2147483647 : i32
      %v295 = arith.andi %v294, %arg3 : i32
      %v296 = index.maxs %v291, %v291
    } else {
      %v297 = memref.get_global @g0 : memref<8xi64>
      %v298 = arith.constant 3 : index
      %v299 = memref.load %v297[%v298] : memref<8xi64>
      %v300 = arith.constant 8 : index
      %v301 = arith.remui %v264, %v300 : index
      memref.store %v299, %v297[%v301] : memref<8xi64>
      %v302 = memref.alloca() : memref<8xindex>
      %v303 = arith.constant 0 : index
      memref.store %v300, %v302[%v303] : memref<8xindex>
      %v304 = arith.constant 1 : index
      memref.store %v300, %v302[%v304] : memref<8xindex>
      %v305 = arith.constant 2 : index
      memref.store %v300, %v302[%v305] : memref<8xindex>
      %v306 = arith.constant 3 : index
      memref.store %v300, %v302[%v306] : memref<8xindex>
      %v307 = arith.constant 4 : index
      memref.store %v300, %v302[%v307] : memref<8xindex>
      %v308 = arith.constant 5 : index
      memref.store %v300, %v302[%v308] : memref<8xindex>
      %v309 = arith.constant 6 : index
      memref.store %v300, %v302[%v309] : memref<8xindex>
      %v310 = arith.constant 7 : index
      memref.store %v300, %v302[%v310] : memref<8xindex>
      %v311 = arith.constant 8 : index
      %v312 = arith.remui %v301, %v311 : index
      memref.store %v263, %v302[%v312] : memref<8xindex>
      %v313 = arith.constant 8 : index
      %v314 = arith.remui %v264, %v313 : index
      %v315 = memref.load %v302[%v314] : memref<8xindex>
    }
    scf.yield %arg2 : i32
  }
  return %arg1 : i16
}
func.func @main() -> i32 {
  %v316 = arith.constant 2 : i32
  %v317 = func.call @f0(%v316) : (i32) -> (f32)
  %v318 = arith.cmpf uno, %v317, %v317 : f32
  %v319 = arith.constant 0.000000e+00 : f32
  %v320 = arith.addf %v317, %v319 : f32
  %v321 = arith.constant 1.234500e+04 : f32
  %v322 = arith.select %v318, %v321, %v320 : f32
  %v323 = arith.bitcast %v322 : f32 to i32
  %v324 = arith.extui %v323 : i32 to i64
  func.call @print_i64(%v324) : (i64) -> ()
  %v325 = arith.constant -1 : i32
  %v326 = func.call @f0(%v325) : (i32) -> (f32)
  %v327 = arith.cmpf uno, %v326, %v326 : f32
  %v328 = arith.constant 0.000000e+00 : f32
  %v329 = arith.addf %v326, %v328 : f32
  %v330 = arith.constant 1.234500e+04 : f32
  %v331 = arith.select %v327, %v330, %v329 : f32
  %v332 = arith.bitcast %v331 : f32 to i32
  %v333 = arith.extui %v332 : i32 to i64
  func.call @print_i64(%v333) : (i64) -> ()
  %v334 = arith.constant 1.500000e+00 : f32
  %v335 = arith.constant 32767 : i16
  %v336 = arith.constant 100 : i32
  %v337 = arith.constant -2147483648 : i32
  %v338 = func.call @f3(%v334, %v335, %v336, %v337) : (f32, i16, i32, i32) -> (i16)
  %v339 = arith.extui %v338 : i16 to i64
  func.call @print_i64(%v339) : (i64) -> ()
  %v340 = arith.constant 0x7F800000 : f32
  %v341 = arith.constant 0 : i16
  %v342 = arith.constant 7 : i32
  %v343 = arith.constant 2147483647 : i32
  %v344 = func.call @f3(%v340, %v341, %v342, %v343) : (f32, i16, i32, i32) -> (i16)
  %v345 = arith.extui %v344 : i16 to i64
  func.call @print_i64(%v345) : (i64) -> ()
  %ok = arith.constant 0 : i32
  return %ok : i32
}
