// A tile staged in local memory by async copies: a strided gather of one column of a
// 64 x 8 matrix per work-group, work on the tile, and the result copied back.
kernel __attribute__((reqd_work_group_size(32, 1, 1)))
void wg_async_copy(global const float *in, global float *out) {
  local float tile[64];
  local float res[64];
  size_t g = get_group_id(0), l = get_local_id(0);
  event_t e = async_work_group_strided_copy(tile, in + g, 64, 8, 0);
  wait_group_events(1, &e);
  res[l] = tile[63 - l] * 2.0f;
  res[l + 32] = tile[31 - l] + 1.0f;
  barrier(CLK_LOCAL_MEM_FENCE);
  e = async_work_group_copy(out + 64 * g, res, 64, 0);
  wait_group_events(1, &e);
}
