// IEEE-754 binary32 adder/subtractor (hls_fp_add at 8/23; a - b when sub = 1): round to
// nearest even, subnormal inputs and outputs, infinities, NaN (quiet NaN 0x7FC00000 out).
module hls_fp32_add #(
    parameter int LAT = 8,
    // Flush to zero (subnormal operands and results read as zero): hls_fp_round.
    parameter bit FTZ = 1'b0
) (
    input  logic        clk,
    input  logic        ce,
    input  logic        sub,
    input  logic [31:0] a,
    input  logic [31:0] b,
    output logic [31:0] y
);
    hls_fp_add #(.EW(8), .MW(23), .LAT(LAT), .FTZ(FTZ)) core (.clk, .ce, .a, .b({b[31] ^ sub, b[30:0]}), .y);
endmodule
