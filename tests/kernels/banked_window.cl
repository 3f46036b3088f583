// Four reads of one on-chip array per iteration, under each memory decoration the
// on-chip memory issue names. The fill loop is a loop of its own (not a memcpy: the
// +0.5f keeps clang from turning it into OpCopyMemorySized).
#define WINDOW(NAME, ATTR)                                                        \
  kernel void NAME(global const float *restrict in, global float *restrict out,   \
                   int n) {                                                       \
    float buf[256] ATTR;                                                          \
    for (int i = 0; i < n; i++)                                                   \
      buf[i] = in[i] + 0.5f;                                                      \
    for (int i = 0; i < n / 4; i++)                                               \
      out[i] = (buf[4 * i] * buf[4 * i + 3]) - (buf[4 * i + 1] * buf[4 * i + 2]); \
  }

WINDOW(window_plain, )
WINDOW(window_banks4, __attribute__((annotate("{numbanks:4}"))))
WINDOW(window_banks2_doublepump, __attribute__((annotate("{numbanks:2}{pump:2}"))))
WINDOW(window_doublepump, __attribute__((annotate("{pump:2}"))))
WINDOW(window_replicates2, __attribute__((annotate("{max_replicates:2}"))))
WINDOW(window_register, __attribute__((annotate("{register:1}"))))
WINDOW(window_lutram, __attribute__((annotate("{memory:MLAB}"))))

// Four reads a quarter of the array apart: cyclic banks cannot separate them (each index
// can be anything), block banks can — the array's bounds put buf[i] in the first quarter.
kernel void window_quarters(global const float *restrict in, global float *restrict out,
                            int n) {
  float buf[256];
  for (int i = 0; i < n; i++)
    buf[i] = in[i] + 0.5f;
  for (int i = 0; i < n / 4; i++)
    out[i] = (buf[i] + buf[i + 64]) + (buf[i + 128] + buf[i + 192]);
}
