// Two modules in one file: the double exponential and its stages from the fixed-point
// argument on, which the double power functions share.
/* verilator lint_off DECLFILENAME */
// binary64 exponential b^a (KIND 0: b = 2, 1: e, 2: 10), within 0.51 ulp, staged: every
// product as partial products of one 17-bit slice of its narrower operand (one multiplier
// block each), summed in the next stage. rtl-gen/src/fexp64.rs is the same computation in
// Rust, bit for bit, with the error analysis; the constants and the two 64-entry tables
// (2^(i/64), 2^(j/4096) - 1) come from there (hls_fp_math_pkg).
//
// Stages: specials and the operand; m log2(b) (five partial products), their sum; t with 64
// fraction bits (a right shift); its sign, integer part k, two table indices and g; u =
// g ln 2 and T1 d (partial products), their sums (u, T = T1 (1 + d)); u^2; the bracket
// 1/2 + u/6 + u^2/24; u^2 times it; p = u + that (= e^u - 1); T p (partial products), its
// sum; r = T + T p; the exponent k + 1023 and a subnormal result's right shift; rounding
// and packing. With LAT >= STAGES a register ends every stage (extra latency is a delay
// line at the output); with LAT < STAGES the same logic is combinational, followed by LAT
// registers — the same bits either way.
module hls_fp_exp64 #(
    parameter int KIND = 1,
    parameter int LAT = 24
) (
    input  logic        clk,
    input  logic        ce,
    input  logic [63:0] a,
    output logic [63:0] y
);
    localparam int STAGES = 17;
    localparam int R = (LAT >= STAGES) ? 1 : 0;  // registers per stage boundary
    localparam logic [73:0] C = hls_fp_math_pkg::exp64_scale(2'(KIND));
    localparam int SPW = 65;                      // {special, its value}

    // Stage 1: NaN, infinities, |x| >= 2048 (infinite or zero), |x| < 2^-60 (one); the
    // significand and the right shift that makes t (1033 - ex, 0 to 70).
    logic [10:0] ex;
    logic neg, special;
    logic [63:0] special_val;
    assign ex = a[62:52];
    assign neg = a[63];
    always_comb begin
        special = 1'b1;
        if (ex == 11'h7FF)
            special_val = (a[51:0] != '0) ? 64'h7FF8_0000_0000_0000
                        : neg ? 64'd0 : 64'h7FF0_0000_0000_0000;
        else if (ex >= 11'd1034) special_val = neg ? 64'd0 : 64'h7FF0_0000_0000_0000;
        else if (ex < 11'd963) special_val = 64'h3FF0_0000_0000_0000;
        else begin
            special = 1'b0;
            special_val = 64'd0;
        end
    end
    logic [SPW-1:0] sp1;
    logic neg1;
    logic [6:0] sh1;
    logic [52:0] m1;
    hls_delay #(.W(SPW + 1 + 7 + 53), .N(R)) st1 (
        .clk, .ce,
        .d({special, special_val, neg, 7'(11'd1033 - ex), 1'b1, a[51:0]}),
        .q({sp1, neg1, sh1, m1})
    );
    // Stage 2: m log2(b) 2^72 as five partial products (53 x 17, the last 53 x 6).
    logic [SPW-1:0] sp2;
    logic neg2;
    logic [6:0] sh2;
    logic [69:0] pc0, pc1, pc2, pc3;
    logic [58:0] pc4;
    hls_delay #(.W(SPW + 1 + 7 + 4 * 70 + 59), .N(R)) st2 (
        .clk, .ce,
        .d({sp1, neg1, sh1, 70'(m1) * 70'(C[16:0]), 70'(m1) * 70'(C[33:17]),
            70'(m1) * 70'(C[50:34]), 70'(m1) * 70'(C[67:51]), 59'(m1) * 59'(C[73:68])}),
        .q({sp2, neg2, sh2, pc0, pc1, pc2, pc3, pc4})
    );
    // Stage 3: their sum (below 2^127).
    logic [SPW-1:0] sp3;
    logic neg3;
    logic [6:0] sh3;
    logic [126:0] p3;
    hls_delay #(.W(SPW + 1 + 7 + 127), .N(R)) st3 (
        .clk, .ce,
        .d({sp2, neg2, sh2, 127'(pc0) + (127'(pc1) << 17) + (127'(pc2) << 34)
                            + (127'(pc3) << 51) + (127'(pc4) << 68)}),
        .q({sp3, neg3, sh3, p3})
    );
    // Stage 4: t 2^64 = p 2^(ex - 1083): shifted right by 50 + (1033 - ex); |t| < 2^13.
    logic [SPW-1:0] sp4;
    logic neg4;
    logic [76:0] t4;
    hls_delay #(.W(SPW + 1 + 77), .N(R)) st4 (
        .clk, .ce, .d({sp3, neg3, 77'((p3 >> 50) >> sh3)}), .q({sp4, neg4, t4})
    );
    // Stages 5-17: 2^t (hls_fp_exp64_t).
    hls_fp_exp64_t #(.R(R), .OUT(LAT - R * (STAGES - 1))) rest (
        .clk, .ce, .sp(sp4), .t(neg4 ? -$signed({2'b00, t4}) : $signed({2'b00, t4})), .y
    );
endmodule

// The double exponential's stages from its fixed-point argument on (hls_fp_exp64 and the
// double power functions share them): 2^t for t on a 2^-64 grid (|t| < 2^14; the result
// is infinite or zero well inside that), or the special value `sp` carries, after 13 stages
// (R = 1: registers; R = 0: combinational) and OUT registers.
module hls_fp_exp64_t #(
    parameter int R = 1,
    parameter int OUT = 1
) (
    input  logic               clk,
    input  logic               ce,
    input  logic [64:0]        sp,  // {special, its value}
    input  logic signed [78:0] t,
    output logic [63:0]        y
);
    localparam int SPW = 65;
    localparam logic [50:0] LN2 = hls_fp_math_pkg::EXP64_LN2;
    // Stage 5: k = floor(t), the fraction's top 6 bits (T1's index), the next 6 (T2's) and
    // the other 52 (g).
    logic [SPW-1:0] sp5;
    logic signed [14:0] k5;
    logic [5:0] i5, j5;
    logic [51:0] g5;
    hls_delay #(.W(SPW + 15 + 6 + 6 + 52), .N(R)) st5 (
        .clk, .ce, .d({sp, t[78:64], t[63:58], t[57:52], t[51:0]}), .q({sp5, k5, i5, j5, g5})
    );
    // Stage 6: g ln 2 as three partial products (52 x 17); the two table entries.
    logic [SPW-1:0] sp6;
    logic signed [14:0] k6;
    logic [63:0] t1_6;
    logic [56:0] d2_6;
    logic [68:0] gl0, gl1, gl2;
    hls_delay #(.W(SPW + 15 + 64 + 57 + 3 * 69), .N(R)) st6 (
        .clk, .ce,
        .d({sp5, k5, hls_fp_math_pkg::exp64_t1(i5), hls_fp_math_pkg::exp64_d2(j5),
            69'(g5) * 69'(LN2[16:0]), 69'(g5) * 69'(LN2[33:17]), 69'(g5) * 69'(LN2[50:34])}),
        .q({sp6, k6, t1_6, d2_6, gl0, gl1, gl2})
    );
    // Stage 7: u = g ln 2 (2^64 scale, below 2^51.5); T1 d as four partial products (64 x
    // 17, the last 64 x 6).
    /* verilator lint_off UNUSEDSIGNAL */
    logic [102:0] gl;  // (the product keeps its top bits only)
    /* verilator lint_on UNUSEDSIGNAL */
    assign gl = 103'(gl0) + (103'(gl1) << 17) + (103'(gl2) << 34);
    logic [SPW-1:0] sp7;
    logic signed [14:0] k7;
    logic [63:0] t1_7;
    logic [51:0] u7;
    logic [80:0] td0, td1, td2;
    logic [69:0] td3;
    hls_delay #(.W(SPW + 15 + 64 + 52 + 3 * 81 + 70), .N(R)) st7 (
        .clk, .ce,
        .d({sp6, k6, t1_6, gl[102:51], 81'(t1_6) * 81'(d2_6[16:0]), 81'(t1_6) * 81'(d2_6[33:17]),
            81'(t1_6) * 81'(d2_6[50:34]), 70'(t1_6) * 70'(d2_6[56:51])}),
        .q({sp7, k7, t1_7, u7, td0, td1, td2, td3})
    );
    // Stage 8: T = T1 + T1 d (2^63 scale); u^2 from u's top 40 bits, as three partial
    // products (40 x 17, the last 40 x 6).
    /* verilator lint_off UNUSEDSIGNAL */
    logic [120:0] td;  // (the product keeps its top bits only)
    /* verilator lint_on UNUSEDSIGNAL */
    assign td = 121'(td0) + (121'(td1) << 17) + (121'(td2) << 34) + (121'(td3) << 51);
    logic [SPW-1:0] sp8;
    logic signed [14:0] k8;
    logic [63:0] tab8;
    logic [51:0] u8;
    logic [56:0] uu0, uu1;
    logic [45:0] uu2;
    hls_delay #(.W(SPW + 15 + 64 + 52 + 57 + 57 + 46), .N(R)) st8 (
        .clk, .ce,
        .d({sp7, k7, t1_7 + 64'(td[120:63]), u7, 57'(u7[51:12]) * 57'(u7[28:12]),
            57'(u7[51:12]) * 57'(u7[45:29]), 46'(u7[51:12]) * 46'(u7[51:46])}),
        .q({sp8, k8, tab8, u8, uu0, uu1, uu2})
    );
    // Stage 9: u^2 (2^64 scale, below 2^39); u/6 at 2^40 (28 x 26).
    /* verilator lint_off UNUSEDSIGNAL */
    logic [79:0] uu;  // (the product keeps its top bits only)
    logic [53:0] u_r6;
    /* verilator lint_on UNUSEDSIGNAL */
    assign uu = 80'(uu0) + (80'(uu1) << 17) + (80'(uu2) << 34);
    assign u_r6 = 54'(u8[51:24]) * 54'(hls_fp_math_pkg::EXP64_R6);
    logic [SPW-1:0] sp9;
    logic signed [14:0] k9;
    logic [63:0] tab9;
    logic [51:0] u9;
    logic [38:0] u2_9;
    logic [25:0] u6_9;
    hls_delay #(.W(SPW + 15 + 64 + 52 + 39 + 26), .N(R)) st9 (
        .clk, .ce, .d({sp8, k8, tab8, u8, uu[78:40], u_r6[53:28]}),
        .q({sp9, k9, tab9, u9, u2_9, u6_9})
    );
    // Stage 10: the bracket q = 1/2 + u/6 + u^2/24 at 2^40 (u^2/24: 15 x 24).
    /* verilator lint_off UNUSEDSIGNAL */
    logic [38:0] u2_r24;
    /* verilator lint_on UNUSEDSIGNAL */
    assign u2_r24 = 39'(u2_9[38:24]) * 39'(hls_fp_math_pkg::EXP64_R24);
    logic [SPW-1:0] sp10;
    logic signed [14:0] k10;
    logic [63:0] tab10;
    logic [51:0] u10;
    logic [38:0] u2_10;
    logic [39:0] q10;
    hls_delay #(.W(SPW + 15 + 64 + 52 + 39 + 40), .N(R)) st10 (
        .clk, .ce,
        .d({sp9, k9, tab9, u9, u2_9, 40'h80_0000_0000 + 40'(u6_9) + 40'(u2_r24[38:28])}),
        .q({sp10, k10, tab10, u10, u2_10, q10})
    );
    // Stage 11: u^2 q as three partial products (39 x 17, the last 39 x 6).
    logic [SPW-1:0] sp11;
    logic signed [14:0] k11;
    logic [63:0] tab11;
    logic [51:0] u11;
    logic [55:0] uq0, uq1;
    logic [44:0] uq2;
    hls_delay #(.W(SPW + 15 + 64 + 52 + 56 + 56 + 45), .N(R)) st11 (
        .clk, .ce,
        .d({sp10, k10, tab10, u10, 56'(u2_10) * 56'(q10[16:0]), 56'(u2_10) * 56'(q10[33:17]),
            45'(u2_10) * 45'(q10[39:34])}),
        .q({sp11, k11, tab11, u11, uq0, uq1, uq2})
    );
    // Stage 12: p = u + u^2 q (= e^u - 1, 2^64 scale, below 2^52).
    /* verilator lint_off UNUSEDSIGNAL */
    logic [78:0] uq;  // (the product keeps its top bits only)
    /* verilator lint_on UNUSEDSIGNAL */
    assign uq = 79'(uq0) + (79'(uq1) << 17) + (79'(uq2) << 34);
    logic [SPW-1:0] sp12;
    logic signed [14:0] k12;
    logic [63:0] tab12;
    /* verilator lint_off UNUSEDSIGNAL */
    logic [51:0] p12;  // (T p takes its top 51 bits)
    /* verilator lint_on UNUSEDSIGNAL */
    hls_delay #(.W(SPW + 15 + 64 + 52), .N(R)) st12 (
        .clk, .ce, .d({sp11, k11, tab11, u11 + 52'(uq[78:40])}), .q({sp12, k12, tab12, p12})
    );
    // Stage 13: T p from T's top 52 bits and p's top 51, as three partial products (52 x 17).
    logic [SPW-1:0] sp13;
    logic signed [14:0] k13;
    logic [63:0] tab13;
    logic [68:0] tp0, tp1, tp2;
    hls_delay #(.W(SPW + 15 + 64 + 3 * 69), .N(R)) st13 (
        .clk, .ce,
        .d({sp12, k12, tab12, 69'(tab12[63:12]) * 69'(p12[17:1]),
            69'(tab12[63:12]) * 69'(p12[34:18]), 69'(tab12[63:12]) * 69'(p12[51:35])}),
        .q({sp13, k13, tab13, tp0, tp1, tp2})
    );
    // Stage 14: their sum (2^63 scale).
    /* verilator lint_off UNUSEDSIGNAL */
    logic [102:0] tp;  // (the product keeps its top bits only)
    /* verilator lint_on UNUSEDSIGNAL */
    assign tp = 103'(tp0) + (103'(tp1) << 17) + (103'(tp2) << 34);
    logic [SPW-1:0] sp14;
    logic signed [14:0] k14;
    logic [63:0] tab14;
    logic [51:0] tp14;
    hls_delay #(.W(SPW + 15 + 64 + 52), .N(R)) st14 (
        .clk, .ce, .d({sp13, k13, tab13, tp[102:51]}), .q({sp14, k14, tab14, tp14})
    );
    // Stages 15-17: r = T (1 + p), 2^k, rounding (hls_fp_exp_tail, in hls_fp_exp.sv).
    hls_fp_exp_tail #(.EW(11), .MW(52), .KW(15), .TPW(52), .R(R), .OUT(OUT))
        tail (.clk, .ce, .sp(sp14), .k(k14), .tab(tab14), .tp(tp14), .y);
endmodule
