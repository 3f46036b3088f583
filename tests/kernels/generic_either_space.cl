// A generic pointer that points into a global buffer or a private array, decided per
// work-item at run time (a tagged pointer: each access goes to both memories under
// complementary predicates).
static int twice_at(int *p, int k) { return p[k] * 2; }
static int *pick(int c, int *x, int *y) { return c ? x : y; }
kernel void generic_either_space(global int *a, global int *out) {
    size_t i = get_global_id(0);
    int priv[4] = {i, i * 3, -5, 7};
    priv[a[i] & 3] += 1;
    int *p = pick(a[i] > 0, &a[i & ~3], priv);
    out[i] = twice_at(p, 1) + twice_at(p, 3);
}
