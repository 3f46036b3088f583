#version 450
// A data-dependent while loop per invocation: Collatz steps, capped.
layout(local_size_x = 16) in;
layout(set = 0, binding = 0) readonly buffer S { uint start[]; };
layout(set = 0, binding = 1) writeonly buffer T { uint steps[]; };
void main() {
    uint i = gl_GlobalInvocationID.x;
    uint x = start[i];
    uint n = 0;
    while (x != 1u && n < 200u) {
        x = (x & 1u) != 0u ? 3u * x + 1u : x >> 1;
        n++;
    }
    steps[i] = n;
}
