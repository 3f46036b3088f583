; SPIR 1.2 (spir, 32-bit addresses): the spir_kernel calling convention, built-ins as calls
; to Itanium-mangled names (appendix A), kernel argument metadata. Written for hls-build.
target datalayout = "e-p:32:32:32-i1:8:8-i8:8:8-i16:16:16-i32:32:32-i64:64:64-f32:32:32-f64:64:64-v16:16:16-v24:32:32-v32:32:32-v48:64:64-v64:64:64-v96:128:128-v128:128:128-v192:256:256-v256:256:256-v512:512:512-v1024:1024:1024"
target triple = "spir-unknown-unknown"

define spir_kernel void @saxpy(float addrspace(1)* %x, float addrspace(1)* %y, float %a) nounwind {
entry:
  %i = call spir_func i32 @_Z13get_global_idj(i32 0) nounwind readnone
  %px = getelementptr inbounds float, float addrspace(1)* %x, i32 %i
  %py = getelementptr inbounds float, float addrspace(1)* %y, i32 %i
  %vx = load float, float addrspace(1)* %px, align 4
  %vy = load float, float addrspace(1)* %py, align 4
  %r = call spir_func float @_Z3madfff(float %a, float %vx, float %vy) nounwind readnone
  %s = call spir_func float @_Z4sqrtf(float %r) nounwind readnone
  %m = call spir_func float @_Z4fmaxff(float %s, float %vy) nounwind readnone
  store float %m, float addrspace(1)* %py, align 4
  ret void
}

declare spir_func i32 @_Z13get_global_idj(i32) nounwind readnone
declare spir_func float @_Z3madfff(float, float, float) nounwind readnone
declare spir_func float @_Z4sqrtf(float) nounwind readnone
declare spir_func float @_Z4fmaxff(float, float) nounwind readnone

!opencl.kernels = !{!0}
!opencl.spir.version = !{!6}
!opencl.ocl.version = !{!6}
!0 = !{void (float addrspace(1)*, float addrspace(1)*, float)* @saxpy, !1, !2, !3, !4, !5}
!1 = !{!"kernel_arg_addr_space", i32 1, i32 1, i32 0}
!2 = !{!"kernel_arg_access_qual", !"none", !"none", !"none"}
!3 = !{!"kernel_arg_type", !"float*", !"float*", !"float"}
!4 = !{!"kernel_arg_type_qual", !"", !"", !""}
!5 = !{!"kernel_arg_name", !"x", !"y", !"a"}
!6 = !{i32 1, i32 2}
