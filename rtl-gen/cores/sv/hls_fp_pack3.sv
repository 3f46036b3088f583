// v 2^(w - 64) (v nonzero, at most 64 bits) normalised, rounded to nearest even and packed
// as a binary32 with sign neg, subnormal results too: hls_fp_math_pkg's norm_pack in three
// stages (its mirror: norm_pack in rtl-gen/src/math.rs), for the float function cores that
// end in fixed point (hls_fp_arctan, hls_fp_erf). sp = {special, its value} passes through
// and wins. Stage 1: v's leading one moved to bit VW - 1, its top 26 bits and the sticky
// bit below them, the biased exponent; 2: a subnormal result shifted right into place
// (what falls off joins the sticky bit); 3: rounded and packed. R: registers per stage (0:
// combinational).
module hls_fp_pack3 #(
    parameter int VW = 38,
    parameter int R = 1
) (
    input  logic                clk,
    input  logic                ce,
    input  logic [32:0]         sp,
    input  logic                neg,
    input  logic [VW-1:0]       v,
    input  logic signed [15:0]  w,
    output logic [31:0]         y
);
    // (v's leading zeros as the complement of its leading one's place at the top of 64
    // bits: no subtraction in front of the shift.)
    logic [5:0] lz;
    assign lz = ~hls_fp_pkg::lead64({v, (64 - VW)'(0)});
    logic [VW-1:0] vn;
    assign vn = v << lz;
    logic [32:0] sp1;
    logic neg1;
    logic [26:0] f1;
    logic signed [15:0] be1;
    hls_delay #(.W(33 + 1 + 27 + 16), .N(R)) st1 (
        .clk, .ce,
        .d({sp, neg, vn[VW-1:VW-26], vn[VW-27:0] != '0, w + 16'sd63 + 16'(VW - 1) - 16'(lz)}),
        .q({sp1, neg1, f1, be1})
    );
    logic [26:0] f_sub;
    logic [15:0] rsh;
    assign rsh = 16'(16'sd1 - be1);
    always_comb begin
        if (rsh > 16'd26) f_sub = {26'd0, f1 != '0};
        else f_sub = (f1 >> rsh[4:0]) | {26'd0, (f1 & ((27'd1 << rsh[4:0]) - 27'd1)) != '0};
    end
    logic [32:0] sp2;
    logic neg2;
    logic [26:0] f2;
    /* verilator lint_off UNUSEDSIGNAL */
    logic signed [15:0] be2;  // (0 to 254 here: the callers' results are finite)
    /* verilator lint_on UNUSEDSIGNAL */
    hls_delay #(.W(33 + 1 + 27 + 16), .N(R)) st2 (
        .clk, .ce,
        .d({sp1, neg1, (be1 < 16'sd1) ? f_sub : f1, (be1 < 16'sd1) ? 16'sd0 : be1}),
        .q({sp2, neg2, f2, be2})
    );
    hls_delay #(.W(32), .N(R)) st3 (
        .clk, .ce,
        .d(sp2[32] ? sp2[31:0]
                   : {neg2, hls_fp_pkg::round_word32(f2[26] ? be2[7:0] : 8'd0, f2[25:0])}),
        .q(y)
    );
endmodule
