// Float-format conversions as standalone cores: the hls_fp_pkg functions the datapath uses
// inline, followed by LAT registers with clock enable. Widening (half -> float, float ->
// double) is exact; narrowing rounds in direction MODE (0 nearest even, 1 toward zero,
// 2 toward +inf, 3 toward -inf), keeps subnormals, overflows to infinity or the largest
// finite value as the direction says, and quiets NaNs keeping their top payload bits.
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
    hls_delay #(.W(16), .N(LAT)) delay (.clk, .ce, .d(hls_fp_pkg::f32_to_f16(a, MODE)), .q(y));
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
    hls_delay #(.W(32), .N(LAT)) delay (.clk, .ce, .d(hls_fp_pkg::f64_to_f32(a, MODE)), .q(y));
endmodule
