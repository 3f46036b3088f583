; args: compile {file} -o {out}
; An LLVM module for the host, not for SPIR: refused by name, before any translation.
target triple = "x86_64-unknown-linux-gnu"

define spir_kernel void @k(i32 addrspace(1)* %out) {
entry:
  store i32 1, i32 addrspace(1)* %out, align 4
  ret void
}
