#version 450
// y = a*x + y over n elements: two storage buffers and two push constants.
layout(local_size_x = 16) in;
layout(set = 0, binding = 0) readonly buffer X { float x[]; };
layout(set = 0, binding = 1) buffer Y { float y[]; };
layout(push_constant) uniform Params { float a; uint n; } p;
void main() {
    uint i = gl_GlobalInvocationID.x;
    if (i < p.n)
        y[i] = p.a * x[i] + y[i];
}
