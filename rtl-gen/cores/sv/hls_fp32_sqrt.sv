// IEEE-754 binary32 square root (hls_fp_sqrt at 8/23): correctly rounded, subnormal
// inputs.
module hls_fp32_sqrt #(
    parameter int LAT = 28,
    // Flush to zero (subnormal operands and results read as zero): hls_fp_round.
    parameter bit FTZ = 1'b0
) (
    input  logic        clk,
    input  logic        ce,
    input  logic [31:0] a,
    output logic [31:0] y
);
    hls_fp_sqrt #(.EW(8), .MW(23), .LAT(LAT), .FTZ(FTZ)) core (.clk, .ce, .a, .y);
endmodule
