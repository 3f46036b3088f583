// A loop nest in one work-item: the outer loop is sequenced, the inner loop pipelined.
kernel void nested(global const int *in, global int *out, int rows, int cols) {
    for (int r = 0; r < rows; r++) {
        int bias = r * r;
        for (int c = 0; c < cols; c++)
            out[r * cols + c] = in[r * cols + c] + bias;
    }
}
