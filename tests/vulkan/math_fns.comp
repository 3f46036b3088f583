#version 450
// GLSL.std.450 functions on the OpenCL cores: eight results per element.
layout(local_size_x = 16) in;
layout(set = 0, binding = 0) readonly buffer A { float a[]; };
layout(set = 0, binding = 1) readonly buffer B { float b[]; };
layout(set = 0, binding = 2) writeonly buffer O { float o[]; };
void main() {
    uint i = gl_GlobalInvocationID.x;
    float x = a[i], y = b[i];
    o[8 * i + 0] = exp(x * 0.125) + log(y);
    o[8 * i + 1] = sqrt(y) * inversesqrt(y + 1.0);
    o[8 * i + 2] = pow(y, 0.75);
    o[8 * i + 3] = sin(x) + cos(y);
    o[8 * i + 4] = floor(x) + fract(y * 3.5);
    o[8 * i + 5] = clamp(x, -2.0, 2.0) + mix(x, y, 0.25);
    o[8 * i + 6] = step(0.5, y) + smoothstep(0.0, 4.0, y);
    o[8 * i + 7] = abs(x) + min(x, y) + max(x, y) + atan(x, y);
}
