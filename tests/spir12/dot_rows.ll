; SPIR 1.2 (spir64): a loop with phis, one row of a matrix-vector product per work-item,
; fma by its mangled name. Written for hls-build.
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024"
target triple = "spir64-unknown-unknown"

define spir_kernel void @dot_rows(float addrspace(1)* %m, float addrspace(1)* %v, float addrspace(1)* %out, i32 %n) nounwind {
entry:
  %row = call spir_func i64 @_Z13get_global_idj(i32 0) nounwind readnone
  %n64 = sext i32 %n to i64
  %start = mul i64 %row, %n64
  %any = icmp sgt i32 %n, 0
  br i1 %any, label %loop, label %done

loop:
  %k = phi i64 [ 0, %entry ], [ %k1, %loop ]
  %acc = phi float [ 0.0, %entry ], [ %acc1, %loop ]
  %at = add i64 %start, %k
  %pm = getelementptr inbounds float, float addrspace(1)* %m, i64 %at
  %pv = getelementptr inbounds float, float addrspace(1)* %v, i64 %k
  %x = load float, float addrspace(1)* %pm, align 4
  %y = load float, float addrspace(1)* %pv, align 4
  %acc1 = call spir_func float @_Z3fmafff(float %x, float %y, float %acc) nounwind readnone
  %k1 = add i64 %k, 1
  %more = icmp slt i64 %k1, %n64
  br i1 %more, label %loop, label %done

done:
  %sum = phi float [ 0.0, %entry ], [ %acc1, %loop ]
  %po = getelementptr inbounds float, float addrspace(1)* %out, i64 %row
  store float %sum, float addrspace(1)* %po, align 4
  ret void
}

declare spir_func i64 @_Z13get_global_idj(i32) nounwind readnone
declare spir_func float @_Z3fmafff(float, float, float) nounwind readnone

!opencl.kernels = !{!0}
!opencl.spir.version = !{!6}
!opencl.ocl.version = !{!6}
!0 = !{void (float addrspace(1)*, float addrspace(1)*, float addrspace(1)*, i32)* @dot_rows, !1, !2, !3, !4, !5}
!1 = !{!"kernel_arg_addr_space", i32 1, i32 1, i32 1, i32 0}
!2 = !{!"kernel_arg_access_qual", !"none", !"none", !"none", !"none"}
!3 = !{!"kernel_arg_type", !"float*", !"float*", !"float*", !"int"}
!4 = !{!"kernel_arg_type_qual", !"const", !"const", !"", !""}
!5 = !{!"kernel_arg_name", !"m", !"v", !"out", !"n"}
!6 = !{i32 1, i32 2}
