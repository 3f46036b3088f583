// An NDRange kernel on pipes: every work-item takes one packet (in work-item order), and
// only those with a positive packet send one on, so the write is under a predicate and
// the output is shorter than the input. float packets, a kernel the translator wraps.
__kernel void pipe_filter(__read_only pipe float inp, __global const float *restrict w,
                          __write_only pipe float out) {
  size_t i = get_global_id(0);
  float v;
  while (read_pipe(inp, &v) != 0);
  if (v > 0.0f) {
    float r = v * w[i];
    while (write_pipe(out, &r) != 0);
  }
}
