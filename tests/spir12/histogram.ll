; SPIR 1.2 (spir64): OpenCL 1.2 atomics by their mangled names (atomic_inc on a volatile
; global int, PU3AS1Vi), a histogram of the low 4 bits. Written for hls-build.
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024"
target triple = "spir64-unknown-unknown"

define spir_kernel void @histogram(i32 addrspace(1)* %data, i32 addrspace(1)* %bins) nounwind {
entry:
  %gid = call spir_func i64 @_Z13get_global_idj(i32 0) nounwind readnone
  %pd = getelementptr inbounds i32, i32 addrspace(1)* %data, i64 %gid
  %x = load i32, i32 addrspace(1)* %pd, align 4
  %bin = and i32 %x, 15
  %b64 = zext i32 %bin to i64
  %pb = getelementptr inbounds i32, i32 addrspace(1)* %bins, i64 %b64
  %old = call spir_func i32 @_Z10atomic_incPU3AS1Vi(i32 addrspace(1)* %pb) nounwind
  ret void
}

declare spir_func i64 @_Z13get_global_idj(i32) nounwind readnone
declare spir_func i32 @_Z10atomic_incPU3AS1Vi(i32 addrspace(1)*) nounwind

!opencl.kernels = !{!0}
!opencl.spir.version = !{!6}
!opencl.ocl.version = !{!6}
!0 = !{void (i32 addrspace(1)*, i32 addrspace(1)*)* @histogram, !1, !2, !3, !4, !5}
!1 = !{!"kernel_arg_addr_space", i32 1, i32 1}
!2 = !{!"kernel_arg_access_qual", !"none", !"none"}
!3 = !{!"kernel_arg_type", !"int*", !"int*"}
!4 = !{!"kernel_arg_type_qual", !"const", !"volatile"}
!5 = !{!"kernel_arg_name", !"data", !"bins"}
!6 = !{i32 1, i32 2}
