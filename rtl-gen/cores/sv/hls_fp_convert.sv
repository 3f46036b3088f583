// Several cores in one file.
/* verilator lint_off DECLFILENAME */
// Float-format conversions as cores. Widening (half -> float, float -> double) is exact:
// the hls_fp_pkg function, then LAT registers with clock enable. Narrowing is the staged
// hls_fp_narrow: rounds in direction MODE (0 nearest even, 1 toward zero, 2 toward +inf,
// 3 toward -inf), keeps subnormals, overflows to infinity or the largest finite value as
// the direction says, and quiets NaNs keeping their top payload bits.
module hls_fp16_to_fp32 #(
    parameter int LAT = 1
) (
    input  logic        clk,
    input  logic        ce,
    input  logic [15:0] a,
    output logic [31:0] y
);
    hls_delay #(.W(32), .N(LAT)) delay (.clk, .ce, .d(hls_fp_pkg::f16_to_f32(a)), .q(y));
endmodule

module hls_fp32_to_fp16 #(
    parameter int LAT = 1,
    parameter logic [1:0] MODE = 2'd0
) (
    input  logic        clk,
    input  logic        ce,
    input  logic [31:0] a,
    output logic [15:0] y
);
    hls_fp_narrow #(.EWI(8), .MWI(23), .EWO(5), .MWO(10), .MODE(MODE), .LAT(LAT)) core (.clk, .ce, .a, .y);
endmodule

module hls_fp32_to_fp64 #(
    parameter int LAT = 1
) (
    input  logic        clk,
    input  logic        ce,
    input  logic [31:0] a,
    output logic [63:0] y
);
    hls_delay #(.W(64), .N(LAT)) delay (.clk, .ce, .d(hls_fp_pkg::f32_to_f64(a)), .q(y));
endmodule

module hls_fp64_to_fp32 #(
    parameter int LAT = 1,
    parameter logic [1:0] MODE = 2'd0
) (
    input  logic        clk,
    input  logic        ce,
    input  logic [63:0] a,
    output logic [31:0] y
);
    hls_fp_narrow #(.EWI(11), .MWI(52), .EWO(8), .MWO(23), .MODE(MODE), .LAT(LAT)) core (.clk, .ce, .a, .y);
endmodule
