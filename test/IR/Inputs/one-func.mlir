func.func @one() {
  return
}
