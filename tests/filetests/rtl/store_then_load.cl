// tests/kernels/store_then_load.cl as a SystemVerilog snapshot.
// A store, then a load of the same buffer at an index only known at run time: the load
// must see the store when the indices meet.
kernel void store_then_load(global int *b, global int *out, int k, int x) {
    b[0] = x;
    out[0] = b[k] + 1;
    out[1] = b[1];
}
