// The other work-group collectives, over a 2-D group whose size comes from the launch:
// float scans and reductions (in the order of the linear local id), signed and unsigned
// scans, a broadcast from local id (1, 2), all and any.
kernel void wg_collectives(global const float *f, global const int *v, global float *fo,
                           global int *io) {
  size_t i = get_global_id(1) * get_global_size(0) + get_global_id(0);
  float x = f[i];
  int y = v[i];
  fo[3 * i] = work_group_scan_inclusive_max(x);
  fo[3 * i + 1] = work_group_reduce_min(x);
  fo[3 * i + 2] = work_group_reduce_add(x);
  io[5 * i] = work_group_broadcast(y, 1, 2);
  io[5 * i + 1] = work_group_any(y > 90);
  io[5 * i + 2] = work_group_all(y > -95);
  io[5 * i + 3] = work_group_scan_exclusive_min(y);
  io[5 * i + 4] = (int)work_group_scan_inclusive_max((uint)y ^ 0x80000000u);
}
