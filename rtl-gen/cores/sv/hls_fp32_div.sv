// IEEE-754 binary32 divider (hls_fp_div at 8/23): correctly rounded, subnormals kept.
module hls_fp32_div #(
    parameter int LAT = 28,
    // Flush to zero (subnormal operands and results read as zero): hls_fp_round.
    parameter bit FTZ = 1'b0
) (
    input  logic        clk,
    input  logic        ce,
    input  logic [31:0] a,
    input  logic [31:0] b,
    output logic [31:0] y
);
    hls_fp_div #(.EW(8), .MW(23), .LAT(LAT), .FTZ(FTZ)) core (.clk, .ce, .a, .b, .y);
endmodule
