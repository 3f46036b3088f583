#version 450
// A tree reduction in shared memory, a barrier inside the loop: one sum per work-group.
layout(local_size_x = 32) in;
layout(set = 0, binding = 0) readonly buffer I { float x[]; };
layout(set = 0, binding = 1) writeonly buffer O { float sums[]; };
shared float part[32];
void main() {
    uint l = gl_LocalInvocationID.x;
    part[l] = x[gl_GlobalInvocationID.x];
    barrier();
    for (uint s = 16u; s > 0u; s >>= 1) {
        if (l < s) part[l] += part[l + s];
        barrier();
    }
    if (l == 0u) sums[gl_WorkGroupID.x] = part[0];
}
