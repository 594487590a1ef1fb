; RUN: pytranslate -import-llvm %s | filecheck %s
; RUN: pytranslate -import-llvm %s | pytranslate --mlir-to-llvmir | filecheck %s --check-prefix=EXPORT

; allockind and allocsize are passthrough entries holding the integers LLVM stores for them
; (AllocFnKind bits; element-size argument << 32 | count argument, all ones when absent).

; CHECK: llvm.func @my_malloc(i64) -> (!llvm.ptr {llvm.noalias}) attributes {passthrough = [["allockind", "9"], ["allocsize", "4294967295"]]}
declare noalias ptr @my_malloc(i64) allockind("alloc,uninitialized") allocsize(0)
; CHECK: llvm.func @my_calloc(i64, i64) -> !llvm.ptr attributes {passthrough = [["allockind", "17"], ["allocsize", "1"]]}
declare ptr @my_calloc(i64, i64) allockind("alloc,zeroed") allocsize(0,1)
; CHECK: llvm.func @my_realloc(!llvm.ptr, i64) -> !llvm.ptr attributes {passthrough = [["allockind", "2"], ["allocsize", "8589934591"]]}
declare ptr @my_realloc(ptr, i64) allockind("realloc") allocsize(1)
; CHECK: llvm.func @my_free(!llvm.ptr) attributes {passthrough = [["allockind", "4"]]}
declare void @my_free(ptr) allockind("free")

; EXPORT: declare noalias ptr @my_malloc(i64) #[[M:[0-9]+]]
; EXPORT: declare ptr @my_calloc(i64, i64) #[[C:[0-9]+]]
; EXPORT: declare ptr @my_realloc(ptr, i64) #[[R:[0-9]+]]
; EXPORT: declare void @my_free(ptr) #[[F:[0-9]+]]
; EXPORT: attributes #[[M]] = { allockind("alloc,uninitialized") allocsize(0) }
; EXPORT: attributes #[[C]] = { allockind("alloc,zeroed") allocsize(0,1) }
; EXPORT: attributes #[[R]] = { allockind("realloc") allocsize(1) }
; EXPORT: attributes #[[F]] = { allockind("free") }
