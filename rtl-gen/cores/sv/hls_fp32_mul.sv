// IEEE-754 binary32 multiplier: round to nearest even, subnormal inputs and outputs,
// infinities, NaN (quiet NaN 0x7FC00000 out): hls_fp_mul at 8/23. Fixed latency LAT cycles
// with clock enable.
module hls_fp32_mul #(
    parameter int LAT = 8,
    // Flush to zero (subnormal operands and results read as zero): hls_fp_round.
    parameter bit FTZ = 1'b0,
    // The DSP block's multiplier, signed operand widths (hls_fp_sigmul): 27 x 18 (DSP48E2)
    // multiplies a 24-bit significand by 17 bits at once (two products per 24 x 24);
    // 18 x 18 (ECP5, Cyclone V) takes 12 x 17, 12 x 17 and 12 x 7, the last 12 x 7 in LUTs.
    parameter int DSP_A = 18,
    parameter int DSP_B = 18,
    // The DSP block's primitive (hls_dsp_mul; boards::DspPrimitive): 0 inferred.
    parameter int DSP_PRIM = 0
) (
    input  logic        clk,
    input  logic        ce,
    input  logic [31:0] a,
    input  logic [31:0] b,
    output logic [31:0] y
);
    hls_fp_mul #(.EW(8), .MW(23), .LAT(LAT), .FTZ(FTZ),
        .DSP_A(DSP_A), .DSP_B(DSP_B), .DSP_PRIM(DSP_PRIM)
    ) core (
        .clk, .ce, .a, .b, .y
    );
endmodule
