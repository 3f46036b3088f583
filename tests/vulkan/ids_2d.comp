#version 450
// Built-in inputs in two dimensions: global, local, group ids and the group count.
layout(local_size_x = 8, local_size_y = 4) in;
layout(set = 0, binding = 0) writeonly buffer O { uint o[]; };
void main() {
    uvec3 g = gl_GlobalInvocationID, l = gl_LocalInvocationID, w = gl_WorkGroupID;
    uint width = gl_NumWorkGroups.x * gl_WorkGroupSize.x;
    uint idx = g.y * width + g.x;
    o[idx] = (w.y * gl_NumWorkGroups.x + w.x) * 1000u + l.y * 8u + l.x + gl_LocalInvocationIndex * 100000u;
}
