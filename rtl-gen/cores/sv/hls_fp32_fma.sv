// IEEE-754 binary32 fused multiply-add a * b + c with a single rounding (nearest even),
// subnormal inputs and outputs, infinities, NaN (quiet NaN 0x7FC00000 out): hls_fp_fma at
// 8/23. Fixed latency LAT cycles with clock enable.
module hls_fp32_fma #(
    parameter int LAT = 13,
    // Flush to zero (subnormal operands and results read as zero): hls_fp_round.
    parameter bit FTZ = 1'b0,
    // Round to odd instead of to nearest even (for hls_fp16_fma; see hls_fp_round).
    parameter bit ODD = 1'b0,
    // The DSP block's multiplier (hls_fp_sigmul): 27 x 18 takes 24 x 17 and 24 x 7;
    // smaller blocks 12 x 17, 12 x 17, 12 x 7 and the last 12 x 7 in LUTs.
    parameter int DSP_A = 18,
    parameter int DSP_B = 18,
    // The DSP block's primitive (hls_dsp_mul; boards::DspPrimitive): 0 inferred.
    parameter int DSP_PRIM = 0
) (
    input  logic        clk,
    input  logic        ce,
    input  logic [31:0] a,
    input  logic [31:0] b,
    input  logic [31:0] c,
    output logic [31:0] y
);
    hls_fp_fma #(.EW(8), .MW(23), .LAT(LAT), .FTZ(FTZ), .ODD(ODD),
        .DSP_A(DSP_A), .DSP_B(DSP_B), .DSP_PRIM(DSP_PRIM)
    ) core (
        .clk, .ce, .a, .b, .c, .y
    );
endmodule
