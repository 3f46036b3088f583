#version 450
// Integer arithmetic and bits, signed and unsigned, with GLSL's min/max/clamp.
layout(local_size_x = 16) in;
layout(set = 0, binding = 0) readonly buffer A { int a[]; };
layout(set = 0, binding = 1) readonly buffer B { int b[]; };
layout(set = 0, binding = 2) writeonly buffer O { int o[]; };
void main() {
    uint i = gl_GlobalInvocationID.x;
    int x = a[i], y = b[i];
    uint ux = uint(x), uy = uint(y);
    o[6 * i + 0] = x * y + (x ^ (y << 3));
    o[6 * i + 1] = int(ux / (uy | 1u)) + int(ux % (uy | 1u));
    o[6 * i + 2] = y != 0 ? x / y : -1;
    o[6 * i + 3] = clamp(x, -1000, 1000) + min(x, y) - max(x, y);
    o[6 * i + 4] = int(min(ux, uy) >> 7) + abs(x % 97);
    o[6 * i + 5] = x >> (y & 31);
}
