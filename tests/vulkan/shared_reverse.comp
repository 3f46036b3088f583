#version 450
// Shared memory with barrier(): each work-group reverses its 64 elements.
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) readonly buffer I { float i_[]; };
layout(set = 0, binding = 1) writeonly buffer O { float o[]; };
shared float tile[64];
void main() {
    uint l = gl_LocalInvocationID.x;
    tile[l] = i_[gl_GlobalInvocationID.x];
    barrier();
    o[gl_GlobalInvocationID.x] = tile[63u - l];
}
