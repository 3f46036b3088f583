; SPIR 1.2 (spir64): vload4 / vstore4 by their mangled names (Dv4_f is float4, PU3AS1 a
; global pointer), a float4 multiply, and a scalar argument. Written for hls-build.
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024"
target triple = "spir64-unknown-unknown"

define spir_kernel void @vec4_scale(float addrspace(1)* %in, float addrspace(1)* %out, float %s) nounwind {
entry:
  %gid = call spir_func i64 @_Z13get_global_idj(i32 0) nounwind readnone
  %v = call spir_func <4 x float> @_Z6vload4mPU3AS1Kf(i64 %gid, float addrspace(1)* %in) nounwind
  %si = insertelement <4 x float> undef, float %s, i32 0
  %ss = shufflevector <4 x float> %si, <4 x float> undef, <4 x i32> zeroinitializer
  %w = fmul <4 x float> %v, %ss
  call spir_func void @_Z7vstore4Dv4_fmPU3AS1f(<4 x float> %w, i64 %gid, float addrspace(1)* %out) nounwind
  ret void
}

declare spir_func <4 x float> @_Z6vload4mPU3AS1Kf(i64, float addrspace(1)*) nounwind
declare spir_func void @_Z7vstore4Dv4_fmPU3AS1f(<4 x float>, i64, float addrspace(1)*) nounwind
declare spir_func i64 @_Z13get_global_idj(i32) nounwind readnone

!opencl.kernels = !{!0}
!opencl.spir.version = !{!6}
!opencl.ocl.version = !{!6}
!0 = !{void (float addrspace(1)*, float addrspace(1)*, float)* @vec4_scale, !1, !2, !3, !4, !5}
!1 = !{!"kernel_arg_addr_space", i32 1, i32 1, i32 0}
!2 = !{!"kernel_arg_access_qual", !"none", !"none", !"none"}
!3 = !{!"kernel_arg_type", !"float*", !"float*", !"float"}
!4 = !{!"kernel_arg_type_qual", !"const", !"", !""}
!5 = !{!"kernel_arg_name", !"in", !"out", !"s"}
!6 = !{i32 1, i32 2}
