// tests/kernels/constant_table.cl as a SystemVerilog snapshot.
// Constant tables (program-scope `constant` arrays) become ROMs initialised in the
// bitstream: a gain table and a square table, both indexed by data.
constant float gains[8] = {0.125f, -0.25f, 0.5f, 1.0f, 1.5f, 2.0f, -4.0f, 8.0f};
constant int squares[16] = {0, 1, 4, 9, 16, 25, 36, 49, 64, 81, 100, 121, 144, 169, 196, 225};

kernel void constant_table(global const float *restrict x, global const int *restrict k,
                           global float *restrict y, global int *restrict z) {
  int i = get_global_id(0);
  int key = k[i];
  y[i] = gains[key & 7] * x[i];
  z[i] = squares[key & 15] + squares[(key >> 4) & 15];
}
