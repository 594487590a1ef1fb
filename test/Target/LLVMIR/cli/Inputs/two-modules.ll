define void @ok() {
  ret void
}

; -----

define void @broken() {
  bogus
}
