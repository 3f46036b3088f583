#version 450
// A loop with a reduction: each invocation takes the dot product of one matrix row.
layout(local_size_x = 8) in;
layout(set = 0, binding = 0) readonly buffer M { float m[]; };
layout(set = 0, binding = 1) readonly buffer V { float v[]; };
layout(set = 0, binding = 2) writeonly buffer R { float r[]; };
layout(push_constant) uniform P { uint cols; };
void main() {
    uint row = gl_GlobalInvocationID.x;
    float acc = 0.0;
    for (uint k = 0; k < cols; ++k)
        acc += m[row * cols + k] * v[k];
    r[row] = acc;
}
