/* A register bytecode loop dispatched by computed goto, as interpreters (lua's lvm.c
   with LUA_USE_JUMPTABLE) write it: a static table of label addresses, `goto *`, and a
   label address kept in a variable. MLIR 19 imports none of it. */
#include <stdio.h>

enum { SET, ADD, MUL, LOOP, HALT };  /* SET r k | ADD r s | MUL r s | LOOP r to | HALT r */

static long run(const int *code, long arg) {
  static void *const dispatch[] = {&&set, &&add, &&mul, &&loop, &&halt};
  long r[4] = {arg, 0, 0, 0};
  int pc = 0, a, b;
#define NEXT do { a = code[pc + 1]; b = code[pc + 2]; pc += 3; goto *dispatch[code[pc - 3]]; } while (0)
  NEXT;
set:  r[a] = b; NEXT;
add:  r[a] += r[b]; NEXT;
mul:  r[a] *= r[b]; NEXT;
loop: if (--r[a] > 0) pc = b * 3; NEXT;
halt: return r[a];
}

int main(void) {
  /* r1 = 0; do { r2 = r0; r2 *= r0; r1 += r2 } while (--r0 > 0): the sum of squares */
  static const int squares[] = {SET, 1, 0,  SET, 2, 0,  ADD, 2, 0,  MUL, 2, 0,
                                ADD, 1, 2,  LOOP, 0, 1,  HALT, 1, 0};
  long total = 0;
  for (long n = 1; n <= 20; n++)
    total = total * 3 + run(squares, n);
  void *resume = &&finish;
  printf("total = %ld\n", total);
  goto *resume;
finish:
  printf("sum of squares to 20 = %ld\n", run(squares, 20));
  return (int)(total % 7);
}
