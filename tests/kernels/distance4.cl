// Iteration i reads a[i] and writes a[i + 4]: a dependence through global memory four
// iterations long, which affine analysis finds (a conservative distance of 1 would make the
// loop four times slower).
kernel void distance4(global int *a, int n) {
  for (int i = 0; i < n; i++)
    a[i + 4] = a[i] * 3 + 1;
}
