#version 450
// A buffer of vec4 (std430, stride 16): component-wise arithmetic, swizzles and dot.
layout(local_size_x = 16) in;
layout(set = 0, binding = 0) readonly buffer P { vec4 p[]; };
layout(set = 0, binding = 1) writeonly buffer Q { vec4 q[]; };
layout(set = 0, binding = 2) writeonly buffer L { float len[]; };
void main() {
    uint i = gl_GlobalInvocationID.x;
    vec4 v = p[i];
    q[i] = v.wzyx * 2.0 - vec4(1.0, 2.0, 3.0, 4.0);
    len[i] = dot(v, vec4(0.5)) + sqrt(dot(v.xyz, v.xyz));
}
