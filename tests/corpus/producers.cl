// corpus: global=64 local=16 elems=256 n=4 cflags=-O2
// Constructs that clang-15's default flags and llvm-spirv-15 produce (issue 32): each
// kernel below exercises one.

// A private array zero-initialised in a loop: clang makes a memset of it, which the
// translator writes as OpCopyMemorySized from an OpConstantNull byte array.
kernel void private_zeroed(global const int *a, global int *out) {
    size_t i = get_global_id(0);
    int hist[16];
    for (int k = 0; k < 16; k++) hist[k] = 0;
    for (int k = 0; k < 8; k++) hist[a[(i + k) % 256] & 15] += 1;
    int s = 0;
    for (int k = 0; k < 16; k++) s += hist[k] * k;
    out[i] = s;
}

// The same with a larger array: the fill becomes a loop of stores, not 128 of them.
kernel void private_zeroed_big(global const int *a, global int *out) {
    size_t i = get_global_id(0);
    int hist[128];
    for (int k = 0; k < 128; k++) hist[k] = 0;
    for (int k = 0; k < 8; k++) hist[a[(i + k) % 256] & 127] += k + 1;
    out[i] = hist[a[i] & 127] + hist[i & 127];
}

// Private arrays inside a struct, reached through a pointer bitcast: `= {0}` is a memset
// of the struct's bytes, and the helper takes it as a generic `acc_t *`.
typedef struct { float v[4]; int w[4]; } acc_t;
static void push(acc_t *a, int k, float x) { a->v[k & 3] += x; a->w[k & 3] += 1; }
kernel void struct_zeroed(global const float *b, global float *out) {
    size_t i = get_global_id(0);
    acc_t a = {0};
    for (int k = 0; k < 8; k++) push(&a, k + (int)i, b[(i + k) % 256]);
    float s = 0.0f;
    for (int k = 0; k < 4; k++) s += a.v[k] * (float)a.w[k];
    out[i] = s;
}

// A whole struct copied (a byte copy between two struct variables at -O0 and -O1).
kernel void struct_copied(global const float *b, global float *out) {
    size_t i = get_global_id(0);
    acc_t a;
    for (int k = 0; k < 4; k++) { a.v[k] = b[(i + k) % 256]; a.w[k] = k; }
    acc_t c = a;
    c.v[i & 3] = 0.0f;
    out[i] = c.v[0] + c.v[1] + c.v[2] + c.v[3] + (float)c.w[i & 3];
}

// Arrays as struct members, filled and read in loops.
typedef struct { int lo[4]; float hi[4]; } pair_t;
kernel void struct_arrays(global const int *a, global const float *b, global float *out) {
    size_t i = get_global_id(0);
    pair_t p;
    for (int k = 0; k < 4; k++) { p.lo[k] = a[(i + k) % 256]; p.hi[k] = b[(i + k) % 256]; }
    float s = 0.0f;
    for (int k = 0; k < 4; k++) s += p.hi[k] * (float)p.lo[(k + (int)i) & 3];
    out[i] = s;
}

// Zeroing a global buffer in a loop: the translator calls its own byte-wise memset helper.
kernel void zero_buffer(global float *out, int n) {
    size_t i = get_global_id(0);
    for (int k = 0; k < n; k++) out[i * 4 + k] = 0.0f;
}

// A float4 built from a float3 and an undefined lane: OpUndef in a constant composite.
kernel void float3_widen(global const float *a, global float4 *out) {
    size_t i = get_global_id(0);
    float3 v = (float3)(a[i], 1.0f, 2.0f);
    out[i] = (float4)(v * 2.0f, 0.0f).xyzw;
}

// A value only defined on one path reaches a phi as OpUndef.
kernel void undef_phi(global const int *a, global int *out) {
    size_t i = get_global_id(0);
    int x;
    if (a[i] > 0) x = a[i] * 3;
    out[i] = a[i] > 0 ? x : -1;
}
