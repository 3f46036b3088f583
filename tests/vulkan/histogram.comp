#version 450
// Atomics on a storage buffer: a 16-bin histogram.
layout(local_size_x = 16) in;
layout(set = 0, binding = 0) readonly buffer D { uint data[]; };
layout(set = 0, binding = 1) buffer H { uint bins[]; };
void main() {
    atomicAdd(bins[data[gl_GlobalInvocationID.x] & 15u], 1u);
}
