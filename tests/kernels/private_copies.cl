// A private array in a kernel without loops: work-items are pipelined, so several are in
// flight between their first and last access to `t`, and each needs a copy of its own.
#ifndef ATTR
#define ATTR
#endif
kernel void private_copies(global const float *restrict in, global float *restrict out) {
  int g = get_global_id(0);
  float t[16] ATTR;
  t[g & 15] = in[g];
  t[(g + 5) & 15] = in[g] * 2.0f;
  t[(g + 9) & 15] = in[g] - 1.0f;
  out[g] = (t[g & 15] + t[(g + 5) & 15]) * t[(g + 9) & 15]; // no a*b+c: pocl may fuse it
}
