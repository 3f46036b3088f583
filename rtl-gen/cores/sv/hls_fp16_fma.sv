// IEEE-754 binary16 fused multiply-add a * b + c, rounded once to nearest even: the
// operands widened to float (exact), the float fma rounded to odd, then narrowed to half.
// Rounding to odd keeps a sticky last bit, so with float's 24 bits (two more than twice
// half's 11) the narrowing rounds as the exact sum would; rounding the float fma to nearest
// instead can land on a half tie the exact sum is not on. Fixed latency LAT with clock
// enable: the widening registered (1 cycle), the staged float fma (13), the staged
// narrowing (3), the rest a delay line; fewer cycles give the float fma fewer (down to its
// combinational form) and then the narrowing.
module hls_fp16_fma #(
    parameter int LAT = 17,
    parameter int DSP_A = 18,  // the DSP block, for the float fma's products
    parameter int DSP_B = 18,
    // The DSP block's primitive (hls_dsp_mul; boards::DspPrimitive): 0 inferred.
    parameter int DSP_PRIM = 0
) (
    input  logic        clk,
    input  logic        ce,
    input  logic [15:0] a,
    input  logic [15:0] b,
    input  logic [15:0] c,
    output logic [15:0] y
);
    // Cycles for the widening, the float fma and the narrowing.
    localparam int WIDEN = (LAT >= 17) ? 1 : 0;
    localparam int NARROW = (LAT >= 16) ? 3 : (LAT >= 2 ? 1 : 0);
    localparam int INNER = LAT - WIDEN - NARROW;
    logic [95:0] wide;
    hls_delay #(.W(96), .N(WIDEN)) widen (
        .clk, .ce,
        .d({hls_fp_pkg::f16_to_f32(a), hls_fp_pkg::f16_to_f32(b), hls_fp_pkg::f16_to_f32(c)}),
        .q(wide)
    );
    logic [31:0] r;
    hls_fp32_fma #(.LAT(INNER), .ODD(1'b1),
        .DSP_A(DSP_A), .DSP_B(DSP_B), .DSP_PRIM(DSP_PRIM)
    ) core (
        .clk, .ce, .a(wide[95:64]), .b(wide[63:32]), .c(wide[31:0]), .y(r)
    );
    hls_fp_narrow #(.EWI(8), .MWI(23), .EWO(5), .MWO(10), .MODE(2'd0), .LAT(NARROW)) narrow (
        .clk, .ce, .a(r), .y
    );
endmodule
