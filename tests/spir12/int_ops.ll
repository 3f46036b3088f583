; SPIR 1.2 (spir64): integer built-ins by their mangled names, signed and unsigned
; (i = int, j = uint): mul_hi, rotate, clamp, add_sat, popcount. Written for hls-build.
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024"
target triple = "spir64-unknown-unknown"

define spir_kernel void @int_ops(i32 addrspace(1)* %a, i32 addrspace(1)* %b, i32 addrspace(1)* %out) nounwind {
entry:
  %gid = call spir_func i64 @_Z13get_global_idj(i32 0) nounwind readnone
  %pa = getelementptr inbounds i32, i32 addrspace(1)* %a, i64 %gid
  %pb = getelementptr inbounds i32, i32 addrspace(1)* %b, i64 %gid
  %x = load i32, i32 addrspace(1)* %pa, align 4
  %y = load i32, i32 addrspace(1)* %pb, align 4
  %hi = call spir_func i32 @_Z6mul_hiii(i32 %x, i32 %y) nounwind readnone
  %uhi = call spir_func i32 @_Z6mul_hijj(i32 %x, i32 %y) nounwind readnone
  %rot = call spir_func i32 @_Z6rotateii(i32 %x, i32 %y) nounwind readnone
  %cl = call spir_func i32 @_Z5clampiii(i32 %x, i32 -1000, i32 1000) nounwind readnone
  %sat = call spir_func i32 @_Z7add_satii(i32 %x, i32 %y) nounwind readnone
  %pop = call spir_func i32 @_Z8popcounti(i32 %x) nounwind readnone
  %base = mul i64 %gid, 6
  %p0 = getelementptr inbounds i32, i32 addrspace(1)* %out, i64 %base
  store i32 %hi, i32 addrspace(1)* %p0, align 4
  %p1 = getelementptr inbounds i32, i32 addrspace(1)* %p0, i64 1
  store i32 %uhi, i32 addrspace(1)* %p1, align 4
  %p2 = getelementptr inbounds i32, i32 addrspace(1)* %p0, i64 2
  store i32 %rot, i32 addrspace(1)* %p2, align 4
  %p3 = getelementptr inbounds i32, i32 addrspace(1)* %p0, i64 3
  store i32 %cl, i32 addrspace(1)* %p3, align 4
  %p4 = getelementptr inbounds i32, i32 addrspace(1)* %p0, i64 4
  store i32 %sat, i32 addrspace(1)* %p4, align 4
  %p5 = getelementptr inbounds i32, i32 addrspace(1)* %p0, i64 5
  store i32 %pop, i32 addrspace(1)* %p5, align 4
  ret void
}

declare spir_func i64 @_Z13get_global_idj(i32) nounwind readnone
declare spir_func i32 @_Z6mul_hiii(i32, i32) nounwind readnone
declare spir_func i32 @_Z6mul_hijj(i32, i32) nounwind readnone
declare spir_func i32 @_Z6rotateii(i32, i32) nounwind readnone
declare spir_func i32 @_Z5clampiii(i32, i32, i32) nounwind readnone
declare spir_func i32 @_Z7add_satii(i32, i32) nounwind readnone
declare spir_func i32 @_Z8popcounti(i32) nounwind readnone

!opencl.kernels = !{!0}
!opencl.spir.version = !{!6}
!opencl.ocl.version = !{!6}
!0 = !{void (i32 addrspace(1)*, i32 addrspace(1)*, i32 addrspace(1)*)* @int_ops, !1, !2, !3, !4, !5}
!1 = !{!"kernel_arg_addr_space", i32 1, i32 1, i32 1}
!2 = !{!"kernel_arg_access_qual", !"none", !"none", !"none"}
!3 = !{!"kernel_arg_type", !"int*", !"int*", !"int*"}
!4 = !{!"kernel_arg_type_qual", !"const", !"const", !""}
!5 = !{!"kernel_arg_name", !"a", !"b", !"out"}
!6 = !{i32 1, i32 2}
