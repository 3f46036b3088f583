#version 450
// Specialization constants: the work-group size and a float factor (--spec 0=… --spec 1=…).
layout(local_size_x_id = 0) in;
layout(constant_id = 1) const float K = 2.0;
layout(constant_id = 2) const uint OFFSET = 3u;
layout(set = 0, binding = 0) buffer D { float d[]; };
void main() {
    uint i = gl_GlobalInvocationID.x;
    d[i] = d[i] * K + float(gl_WorkGroupSize.x + OFFSET);
}
