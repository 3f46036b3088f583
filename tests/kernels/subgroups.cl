// The scalar work-item built-ins of §2.9: linear ids, the global offset (0: the host
// interface has no offset registers) and sub-groups of one work-item each.
kernel void subgroups(global uint *o) {
  size_t i = get_global_id(0);
  o[i] = get_global_offset(0) + 10 * get_global_linear_id() + 1000 * get_local_linear_id() + 100000 * get_sub_group_size() + 1000000 * get_num_sub_groups() + get_sub_group_id() * 7 + get_sub_group_local_id() * 13 + get_enqueued_local_size(0) * 17 + get_max_sub_group_size()*19;
}
