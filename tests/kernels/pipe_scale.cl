// A kernel between two pipes (AXI4-Stream ports): each packet read from `inp` is scaled,
// offset by a buffer element and written to `out`. The retry loops are blocking accesses:
// the hardware waits on the stream, one packet per cycle when both ends keep up.
__kernel void pipe_scale(__read_only pipe int inp, __global const int *restrict bias,
                         __write_only pipe int out, int n) {
  for (int i = 0; i < n; i++) {
    int v;
    while (read_pipe(inp, &v) != 0);
    int r = v * 3 + bias[i];
    while (write_pipe(out, &r) != 0);
  }
}
