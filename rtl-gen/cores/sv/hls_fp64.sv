// Several cores in one file.
/* verilator lint_off DECLFILENAME */
// binary64 operator cores: the width-generic staged cores at 11/52 (each falls back to its
// hls_fp64_pkg function followed by LAT registers when the board gives fewer cycles than
// it has stages).
// binary64 adder/subtractor: hls_fp_add at 11/52 (a - b when sub = 1).
module hls_fp64_add #(
    parameter int LAT = 12,
    // Flush to zero (subnormal operands and results read as zero): hls_fp_round.
    parameter bit FTZ = 1'b0
) (
    input  logic        clk,
    input  logic        ce,
    input  logic        sub,
    input  logic [63:0] a,
    input  logic [63:0] b,
    output logic [63:0] y
);
    hls_fp_add #(.EW(11), .MW(52), .LAT(LAT), .FTZ(FTZ)) core (.clk, .ce, .a, .b({b[63] ^ sub, b[62:0]}), .y);
endmodule

// binary64 multiplier (hls_fp_mul at 11/52).
module hls_fp64_mul #(
    parameter int LAT = 12,
    // Flush to zero (subnormal operands and results read as zero): hls_fp_round.
    parameter bit FTZ = 1'b0,
    // The DSP block's multiplier (hls_fp_sigmul): 27 x 18 takes six 26 x 17 products and
    // three rows in LUTs; 18 x 18 takes nine 18 x 18.
    parameter int DSP_A = 18,
    parameter int DSP_B = 18,
    // The DSP block's primitive (hls_dsp_mul; boards::DspPrimitive): 0 inferred.
    parameter int DSP_PRIM = 0
) (
    input  logic        clk,
    input  logic        ce,
    input  logic [63:0] a,
    input  logic [63:0] b,
    output logic [63:0] y
);
    hls_fp_mul #(.EW(11), .MW(52), .LAT(LAT), .FTZ(FTZ),
        .DSP_A(DSP_A), .DSP_B(DSP_B), .DSP_PRIM(DSP_PRIM)
    ) core (
        .clk, .ce, .a, .b, .y
    );
endmodule

// binary64 divider (hls_fp_div at 11/52).
module hls_fp64_div #(
    parameter int LAT = 57,
    // Flush to zero (subnormal operands and results read as zero): hls_fp_round.
    parameter bit FTZ = 1'b0
) (
    input  logic        clk,
    input  logic        ce,
    input  logic [63:0] a,
    input  logic [63:0] b,
    output logic [63:0] y
);
    hls_fp_div #(.EW(11), .MW(52), .LAT(LAT), .FTZ(FTZ)) core (.clk, .ce, .a, .b, .y);
endmodule

// binary64 square root (hls_fp_sqrt at 11/52).
module hls_fp64_sqrt #(
    parameter int LAT = 55,
    // Flush to zero (subnormal operands and results read as zero): hls_fp_round.
    parameter bit FTZ = 1'b0
) (
    input  logic        clk,
    input  logic        ce,
    input  logic [63:0] a,
    output logic [63:0] y
);
    hls_fp_sqrt #(.EW(11), .MW(52), .LAT(LAT), .FTZ(FTZ)) core (.clk, .ce, .a, .y);
endmodule

// binary64 fused multiply-add (hls_fp_fma at 11/52).
module hls_fp64_fma #(
    parameter int LAT = 15,
    // Flush to zero (subnormal operands and results read as zero): hls_fp_round.
    parameter bit FTZ = 1'b0,
    // The DSP block's multiplier (hls_fp_sigmul, as hls_fp64_mul).
    parameter int DSP_A = 18,
    parameter int DSP_B = 18,
    // The DSP block's primitive (hls_dsp_mul; boards::DspPrimitive): 0 inferred.
    parameter int DSP_PRIM = 0
) (
    input  logic        clk,
    input  logic        ce,
    input  logic [63:0] a,
    input  logic [63:0] b,
    input  logic [63:0] c,
    output logic [63:0] y
);
    hls_fp_fma #(.EW(11), .MW(52), .LAT(LAT), .FTZ(FTZ),
        .DSP_A(DSP_A), .DSP_B(DSP_B), .DSP_PRIM(DSP_PRIM)
    ) core (
        .clk, .ce, .a, .b, .c, .y
    );
endmodule
