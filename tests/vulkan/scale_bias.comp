#version 450
// Integer and float push constants of mixed types; instance-named buffers.
layout(local_size_x = 32) in;
layout(set = 0, binding = 0) readonly buffer In { int v[]; } src;
layout(set = 0, binding = 1) writeonly buffer Out { float v[]; } dst;
layout(push_constant) uniform Params { float scale; float bias; int shift; uint mask; } pc;
void main() {
    uint i = gl_GlobalInvocationID.x;
    int q = (src.v[i] >> pc.shift) & int(pc.mask);
    dst.v[i] = float(q) * pc.scale + pc.bias;
}
