// An IEEE-754 operand's magnitude (EW exponent and MW fraction bits) as the staged cores
// read it: NaN, infinity, zero, the significand with its hidden bit (0 for a subnormal),
// and the exponent as the arithmetic uses it (1 for a subnormal: the smallest normal's
// scale). One place for the classification every core starts from. With FTZ a subnormal
// reads as zero (denormals-are-zero): the significand's hidden bit is then always 1, a
// constant the cores' leading-zero logic folds away.
/* verilator lint_off DECLFILENAME */
module hls_fp_classify #(
    parameter int EW = 8,
    parameter int MW = 23,
    parameter bit FTZ = 1'b0
) (
    input  logic [EW+MW-1:0] x,
    output logic             nan,
    output logic             inf,
    output logic             zero,
    output logic [MW:0]      sig,
    output logic [EW-1:0]    e
);
    logic [EW-1:0] field;
    assign field = x[EW+MW-1:MW];
    assign nan = field == '1 && x[MW-1:0] != '0;
    assign inf = field == '1 && x[MW-1:0] == '0;
    assign zero = FTZ ? field == '0 : x == '0;
    assign sig = {FTZ || field != '0, x[MW-1:0]};
    assign e = (field == '0) ? EW'(1) : field;
endmodule

// Flush to zero at a core's edge (FTZ cores whose latency is too short for the staged
// datapath: their combinational form is IEEE, so the operands are flushed before it and
// the result after): a subnormal becomes the zero of its sign. Flushing the IEEE result is
// what the staged cores compute too (hls_fp_round, FTZ), so both forms agree to the bit.
module hls_fp_flush #(
    parameter int EW = 8,
    parameter int MW = 23,
    parameter bit FTZ = 1'b1
) (
    input  logic [EW+MW:0] x,
    output logic [EW+MW:0] y
);
    assign y = (FTZ && x[EW+MW-1:MW] == '0) ? {x[EW+MW], (EW+MW)'(0)} : x;
endmodule

// The combinational form of an arithmetic core (OP "add", "mul", "div", "fma", "sqrt";
// float or double by EW), for a latency too short for its staged datapath: the package
// function, its operands and result flushed with FTZ (hls_fp_flush), then LAT registers.
// One place for all five cores' fallbacks.
module hls_fp_combinational #(
    parameter int EW = 8,
    parameter int MW = 23,
    parameter int LAT = 1,
    parameter string OP = "add",
    parameter bit FTZ = 1'b0,
    parameter bit ODD = 1'b0  // the fma rounded to odd (float only)
) (
    input  logic           clk,
    input  logic           ce,
    input  logic [EW+MW:0] a,
    // (b and c as OP needs them: sqrt reads neither, only the fma reads c)
    /* verilator lint_off UNUSEDSIGNAL */
    input  logic [EW+MW:0] b,
    input  logic [EW+MW:0] c,
    /* verilator lint_on UNUSEDSIGNAL */
    output logic [EW+MW:0] y
);
    localparam int W = EW + MW + 1;
    logic [W-1:0] fa, fb, fc, r, fr;
    hls_fp_flush #(.EW(EW), .MW(MW), .FTZ(FTZ)) flush_a (.x(a), .y(fa));
    hls_fp_flush #(.EW(EW), .MW(MW), .FTZ(FTZ)) flush_b (.x(b), .y(fb));
    hls_fp_flush #(.EW(EW), .MW(MW), .FTZ(FTZ)) flush_c (.x(c), .y(fc));
    if (EW == 8) begin : g_f32
        always_comb begin
            case (OP)
                "mul": r = W'(hls_fp_pkg::fmul32(32'(fa), 32'(fb)));
                "div": r = W'(hls_fp_pkg::fdiv32(32'(fa), 32'(fb)));
                "fma": r = W'(hls_fp_pkg::ffma32(32'(fa), 32'(fb), 32'(fc), ODD));
                "sqrt": r = W'(hls_fp_pkg::fsqrt32(32'(fa)));
                default: r = W'(hls_fp_pkg::fadd32(32'(fa), 32'(fb)));
            endcase
        end
    end else begin : g_f64
        always_comb begin
            case (OP)
                "mul": r = W'(hls_fp64_pkg::fmul64(64'(fa), 64'(fb)));
                "div": r = W'(hls_fp64_pkg::fdiv64(64'(fa), 64'(fb)));
                "fma": r = W'(hls_fp64_pkg::ffma64(64'(fa), 64'(fb), 64'(fc)));
                "sqrt": r = W'(hls_fp64_pkg::fsqrt64(64'(fa)));
                default: r = W'(hls_fp64_pkg::fadd64(64'(fa), 64'(fb)));
            endcase
        end
    end
    // (A square root is never subnormal: flushing it changes nothing.)
    hls_fp_flush #(.EW(EW), .MW(MW), .FTZ(FTZ)) flush_r (.x(r), .y(fr));
    hls_delay #(.W(W), .N(LAT)) delay (.clk, .ce, .d(fr), .q(y));
endmodule
