// Sub-group collectives over sub-groups of one work-item (get_sub_group_size() is 1): a
// reduction or inclusive scan is the operand, an exclusive scan the identity.
kernel void subgroup_collectives(global const int *in, global int *out) {
  size_t i = get_global_id(0);
  int x = in[i];
  out[4 * i] = sub_group_reduce_add(x);
  out[4 * i + 1] = sub_group_scan_exclusive_max(x);
  out[4 * i + 2] = sub_group_broadcast(x, 0) + sub_group_scan_inclusive_min(x);
  out[4 * i + 3] = sub_group_all(x > 0) + 2 * sub_group_any(x < 0);
}
