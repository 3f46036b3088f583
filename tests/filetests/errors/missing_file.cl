// args: compile tests/filetests/errors/no_such_kernel.cl -o {out}
// A kernel file that does not exist.
