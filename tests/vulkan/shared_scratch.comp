#version 450
// Shared memory without a barrier: each invocation keeps a running prefix in its own
// slots of a work-group array (banked on-chip memory), then writes its total.
layout(local_size_x = 16) in;
layout(set = 0, binding = 0) readonly buffer I { uint x[]; };
layout(set = 0, binding = 1) writeonly buffer O { uint o[]; };
shared uint scratch[16 * 4];
void main() {
    uint l = gl_LocalInvocationID.x, g = gl_GlobalInvocationID.x;
    for (uint k = 0u; k < 4u; ++k)
        scratch[l * 4u + k] = x[g] * (k + 1u) + (k > 0u ? scratch[l * 4u + k - 1u] : 0u);
    o[g] = scratch[l * 4u + 3u] ^ l;
}
