// IEEE-754 binary16 fused multiply-add a * b + c, rounded once to nearest even: the
// operands widened to float (exact), the float fma rounded to odd, then narrowed to half.
// Rounding to odd keeps a sticky last bit, so with float's 24 bits (two more than twice
// half's 11) the narrowing rounds as the exact sum would; rounding the float fma to nearest
// instead can land on a half tie the exact sum is not on. Latency LAT (at least 2 for the
// staged float fma; the narrowing takes the last cycle) with clock enable.
module hls_fp16_fma #(
    parameter int LAT = 14,
    parameter int DSP_A = 18,  // the DSP block, for the float fma's products
    parameter int DSP_B = 18
) (
    input  logic        clk,
    input  logic        ce,
    input  logic [15:0] a,
    input  logic [15:0] b,
    input  logic [15:0] c,
    output logic [15:0] y
);
    localparam int INNER = (LAT >= 2) ? LAT - 1 : 1;
    logic [31:0] r;
    hls_fp32_fma #(.LAT(INNER), .ODD(1'b1), .DSP_A(DSP_A), .DSP_B(DSP_B)) core (
        .clk, .ce,
        .a(hls_fp_pkg::f16_to_f32(a)),
        .b(hls_fp_pkg::f16_to_f32(b)),
        .c(hls_fp_pkg::f16_to_f32(c)),
        .y(r)
    );
    hls_delay #(.W(16), .N(LAT - INNER)) narrow (.clk, .ce, .d(hls_fp_pkg::f32_to_f16(r, 2'd0)), .q(y));
endmodule
