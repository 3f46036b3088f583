// The memory interface and control alone: one load and one store per work-item and no
// arithmetic but the addresses. Its Fmax calibrates the families' `interface_fmax_mhz`,
// the clock the kernel frame (AXI queues, stall, work-item counters, control slave)
// reaches, which the delay model's prediction takes as a floor for every kernel with
// global memory.
kernel void copy(global const int *a, global int *b) {
    size_t i = get_global_id(0);
    b[i] = a[i];
}
