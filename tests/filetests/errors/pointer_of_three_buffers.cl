// args: compile {file} -o {out}
// A pointer chosen among three buffers at run time has no hardware: the diagnostic shows
// the source line.
kernel void pick(global int *a, global int *b, global int *c, int k) {
    size_t i = get_global_id(0);
    global int *p = k == 0 ? a : (k == 1 ? b : c);
    p[i] = 1;
}
