#version 450
// A uniform block of scalars (std140) becomes control registers, like push constants.
layout(local_size_x = 16) in;
layout(set = 0, binding = 0) buffer Data { float data[]; };
layout(set = 0, binding = 1) uniform Limits { float lo; float hi; uint stride; };
void main() {
    uint i = gl_GlobalInvocationID.x * stride;
    data[i] = clamp(data[i], lo, hi);
}
