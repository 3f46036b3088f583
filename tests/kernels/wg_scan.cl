// Work-group collectives (OpenCL C 2.0): each group's exclusive prefix sums and its total,
// as a scan's first pass computes them.
kernel __attribute__((reqd_work_group_size(64, 1, 1)))
void wg_scan(global const int *in, global int *out, global int *totals) {
  size_t i = get_global_id(0);
  int x = in[i];
  out[i] = work_group_scan_exclusive_add(x);
  int t = work_group_reduce_add(x);
  if (get_local_id(0) == 0)
    totals[get_group_id(0)] = t;
}
