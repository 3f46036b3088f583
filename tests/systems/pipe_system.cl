// Kernels that talk through pipes, for systems built with --connect (tests/pipes.rs):
// each is a single-work-item task, its retry loops blocking accesses.

// Reads a buffer into a pipe: producer -> consumer, and the head of the three stages.
__kernel void producer(__global const int *restrict src, __write_only pipe int out, int n) {
  for (int i = 0; i < n; i++) {
    int v = src[i] * 2 + 1;
    while (write_pipe(out, &v) != 0);
  }
}

// The middle of three stages: a pipe in, a pipe out.
__kernel void stage(__read_only pipe int inp, __write_only pipe int out, int n) {
  for (int i = 0; i < n; i++) {
    int v;
    while (read_pipe(inp, &v) != 0);
    int r = v * v - 7;
    while (write_pipe(out, &r) != 0);
  }
}

// Writes a pipe into a buffer.
__kernel void consumer(__read_only pipe int inp, __global int *restrict dst, int n) {
  for (int i = 0; i < n; i++) {
    int v;
    while (read_pipe(inp, &v) != 0);
    dst[i] = v - 3;
  }
}

// Fan-out: each element to two pipes, changed differently.
__kernel void split(__global const int *restrict src, __write_only pipe int a,
                    __write_only pipe int b, int n) {
  for (int i = 0; i < n; i++) {
    int x = src[i];
    int u = x + 100;
    int w = x * 5;
    while (write_pipe(a, &u) != 0);
    while (write_pipe(b, &w) != 0);
  }
}

// Fan-in: the two pipes' packets joined pairwise.
__kernel void join(__read_only pipe int a, __read_only pipe int b, __global int *restrict dst,
                   int n) {
  for (int i = 0; i < n; i++) {
    int u, w;
    while (read_pipe(a, &u) != 0);
    while (read_pipe(b, &w) != 0);
    dst[i] = u * w;
  }
}

// A pair that waits on each other from the start: each reads before it writes.
__kernel void ping(__read_only pipe int back, __write_only pipe int forth, int n) {
  for (int i = 0; i < n; i++) {
    int v;
    while (read_pipe(back, &v) != 0);
    v += 1;
    while (write_pipe(forth, &v) != 0);
  }
}

__kernel void pong(__read_only pipe int forth, __write_only pipe int back, int n) {
  for (int i = 0; i < n; i++) {
    int v;
    while (read_pipe(forth, &v) != 0);
    v *= 2;
    while (write_pipe(back, &v) != 0);
  }
}

// Fills pipe `first` with n packets before it writes `second`; `drain` reads them the
// other way round. `first` must hold all n packets: the pair deadlocks when it cannot.
__kernel void burst(__write_only pipe int first, __write_only pipe int second, int n) {
  for (int i = 0; i < n; i++) {
    int v = i;
    while (write_pipe(first, &v) != 0);
  }
  for (int i = 0; i < n; i++) {
    int v = -i;
    while (write_pipe(second, &v) != 0);
  }
}

__kernel void drain(__read_only pipe int first, __read_only pipe int second,
                    __global int *restrict dst, int n) {
  for (int i = 0; i < n; i++) {
    int v;
    while (read_pipe(second, &v) != 0);
    dst[n + i] = v;
  }
  for (int i = 0; i < n; i++) {
    int v;
    while (read_pipe(first, &v) != 0);
    dst[i] = v;
  }
}
