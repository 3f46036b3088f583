// Seven modules in one file: the float exponential (and expm1), its stages from the
// fixed-point argument on (hls_fp_exp_t: hls_fp_exp_kr, then the tail it shares with the
// double one, hls_fp_exp64's), expm1's ending (hls_fp_expm1_t), tanh from expm1, and sinh
// and cosh from the halved exponentials.
/* verilator lint_off DECLFILENAME */
// binary32 exponential b^a (KIND 0: b = 2, 1: e, 2: 10), within 0.54 ulp, or (KIND 3)
// e^a - 1 within 1.46 ulp (hls_fp_expm1_t after stage 13, 18 stages); halved, for the
// hyperbolic functions (hls_fp_sinh), so that they do not overflow before their results
// do: (KIND 4) e^a / 2, (KIND 5) (e^a - 1) / 2 (below 2^-33 KIND 5 gives a itself,
// which hls_fp_sinh never uses). Staged: one
// product or one adder a stage, products no wider than their error budget needs (the
// widest 26 x 27: two DSP48E2). rtl-gen/src/fexp.rs is the same computation in Rust, bit
// for bit, with the error analysis; the constants and the 64-entry table of 2^(i/64) come
// from there (hls_fp_math_pkg).
//
// Stages: specials and the operand; x log2(b) as three partial products (24 x 17, 24 x 17,
// 24 x 6), then their sum; t = x log2(b) with 32 fraction bits (a right shift of 22 to 62);
// its sign, integer part k and fraction fields; u = f ln 2 (two partial products, their
// sum); a = 1/2 + u/6; u a; u (u a); p = u + u (u a) (= e^u - 1 to 2^-30.6); T p (two
// partial products, their sum); T (1 + p); the exponent k + 127 and a subnormal result's
// right shift; rounding and packing. With LAT >= STAGES a register ends every stage (extra
// latency is a delay line at the output); with LAT < STAGES the same logic is
// combinational, followed by LAT registers — the same bits either way.
module hls_fp_exp #(
    parameter int KIND = 1,
    parameter int LAT = 24
) (
    input  logic        clk,
    input  logic        ce,
    input  logic [31:0] a,
    output logic [31:0] y
);
    localparam bit M1 = (KIND == 3 || KIND == 5);  // e^a - 1
    localparam int HALF = (KIND >= 4) ? 1 : 0;      // halved: 1 off the exponent
    localparam int STAGES = M1 ? 18 : 16;
    localparam int R = (LAT >= STAGES) ? 1 : 0;  // registers per stage boundary
    localparam logic [39:0] C = hls_fp_math_pkg::exp_scale(2'((KIND >= 3) ? 1 : KIND));
    localparam int SPW = 33;                      // {special, its value}
    // The limit at minus infinity (0; expm1: -1, halved -1/2), and the result for
    // |a| < 2^-33 (1, halved 1/2; expm1: a).
    localparam logic [31:0] LOW = (KIND == 3) ? 32'hBF800000 : (KIND == 5) ? 32'hBF000000 : 32'd0;
    localparam logic [31:0] ONE = (KIND == 4) ? 32'h3F000000 : 32'h3F800000;

    // Stage 1: NaN, infinities, |x| >= 256 (infinite or zero; expm1: -1 for -infinity and
    // x <= -256), |x| < 2^-33 (one; expm1: x itself); the significand and the shift that
    // scales the product.
    logic [7:0] ex;
    logic neg, special;
    logic [31:0] special_val;
    assign ex = a[30:23];
    assign neg = a[31];
    always_comb begin
        special = 1'b1;
        if (ex == 8'hFF) special_val = (a[22:0] != '0) ? 32'h7FC00000 : neg ? LOW : 32'h7F800000;
        else if (ex >= 8'd135) special_val = neg ? LOW : 32'h7F800000;
        else if (ex < 8'd94) special_val = M1 ? a : ONE;
        else begin
            special = 1'b0;
            special_val = 32'd0;
        end
    end
    logic [SPW-1:0] sp1;
    logic neg1;
    logic [5:0] sh1;
    logic [23:0] m1;
    hls_delay #(.W(SPW + 1 + 6 + 24), .N(R)) st1 (
        .clk, .ce,
        .d({special, special_val, neg, 6'(8'd134 - ex), 1'b1, a[22:0]}),
        .q({sp1, neg1, sh1, m1})
    );
    // Stage 2: the partial products of m log2(b) 2^38.
    logic [SPW-1:0] sp2;
    logic neg2;
    logic [5:0] sh2;
    logic [40:0] pp0, pp1;
    logic [29:0] pp2;
    hls_delay #(.W(SPW + 1 + 6 + 41 + 41 + 30), .N(R)) st2 (
        .clk, .ce,
        .d({sp1, neg1, sh1, 41'(m1 * C[16:0]), 41'(m1 * C[33:17]), 30'(m1 * C[39:34])}),
        .q({sp2, neg2, sh2, pp0, pp1, pp2})
    );
    // Stage 3: their sum.
    logic [SPW-1:0] sp3;
    logic neg3;
    logic [5:0] sh3;
    logic [63:0] p3;
    hls_delay #(.W(SPW + 1 + 6 + 64), .N(R)) st3 (
        .clk, .ce,
        .d({sp2, neg2, sh2, 64'(pp0) + (64'(pp1) << 17) + (64'(pp2) << 34)}),
        .q({sp3, neg3, sh3, p3})
    );
    // Stage 4: t 2^32 = p 2^(ex - 156): shifted right by 22 + (134 - ex).
    logic [SPW-1:0] sp4;
    logic neg4;
    logic [41:0] t4;
    hls_delay #(.W(SPW + 1 + 42), .N(R)) st4 (
        .clk, .ce,
        .d({sp3, neg3, 42'((p3 >> 22) >> sh3)}),
        .q({sp4, neg4, t4})
    );
    if (M1) begin : g_expm1
        // Stages 5-18: e^x - 1 (hls_fp_expm1_t), with x's exponent and significand.
        logic [7:0] ex4;
        logic [23:0] m4;
        hls_delay #(.W(8 + 24), .N(4 * R)) keep (.clk, .ce, .d({ex, 1'b1, a[22:0]}), .q({ex4, m4}));
        hls_fp_expm1_t #(.R(R), .OUT(LAT - R * (STAGES - 1)), .HALF(HALF)) em1 (
            .clk, .ce, .sp(sp4), .neg(neg4), .t(t4), .ex(ex4), .m(m4), .y
        );
    end else begin : g_exp
        // Stages 5-16: 2^t (hls_fp_exp_t).
        hls_fp_exp_t #(.R(R), .OUT(LAT - R * (STAGES - 1)), .HALF(HALF)) pow2 (
            .clk, .ce, .sp(sp4), .neg(neg4), .t(t4), .y
        );
    end
endmodule

// The float exponential's stages from its fixed-point argument on (stages 5-16 of
// hls_fp_exp; the float power functions end with them too): 2^t for t = (-1)^neg t/2^32,
// |t| < 2^10 (with HALF, 2^(t - 1)), the special value passing through; then OUT
// registers. R: registers per stage boundary (0: combinational). rtl-gen/src/fexp.rs
// `exp2_fixed` is its mirror.
module hls_fp_exp_t #(
    parameter int R = 1,
    parameter int OUT = 1,
    parameter int HALF = 0
) (
    input  logic        clk,
    input  logic        ce,
    input  logic [32:0] sp,   // {special, its value}
    input  logic        neg,
    input  logic [41:0] t,
    output logic [31:0] y
);
    logic [32:0] sp13;
    logic signed [11:0] k13;
    logic [31:0] tab13;
    logic [25:0] tp13;
    hls_fp_exp_kr #(.R(R)) kr (.clk, .ce, .sp, .neg, .t, .sp13, .k13, .tab13, .tp13);
    // Stages 14-16: r = T (1 + p), 2^k, rounding (hls_fp_exp_tail).
    hls_fp_exp_tail #(.EW(8), .MW(23), .KW(12), .TPW(26), .R(R), .OUT(OUT))
        tail (.clk, .ce, .sp(sp13), .k(k13 - 12'(HALF)), .tab(tab13), .tp(tp13), .y);
endmodule

// Stages 5-13 of the float exponentials (exp2_kr in rtl-gen/src/fexp.rs up to r's sum):
// for t = (-1)^neg t/2^32, k = floor(t) and, for the fraction, the table entry T and T p
// (p = e^u - 1 of the fraction's low bits) whose sum is 2^(t - k) at 2^31.
module hls_fp_exp_kr #(
    parameter int R = 1
) (
    input  logic               clk,
    input  logic               ce,
    input  logic [32:0]        sp,   // {special, its value}
    input  logic               neg,
    input  logic [41:0]        t,
    output logic [32:0]        sp13,
    output logic signed [11:0] k13,
    output logic [31:0]        tab13,
    output logic [25:0]        tp13
);
    localparam int SPW = 33;
    logic [SPW-1:0] sp4;
    logic neg4;
    logic [41:0] t4;
    assign sp4 = sp;
    assign neg4 = neg;
    assign t4 = t;
    // Stage 5: t with its sign: k = floor(t), the fraction's top 6 bits and the other 26.
    logic signed [43:0] ts;
    assign ts = neg4 ? -$signed({2'b00, t4}) : $signed({2'b00, t4});
    logic [SPW-1:0] sp5;
    logic signed [11:0] k5;
    logic [5:0] i5;
    logic [25:0] f5;
    hls_delay #(.W(SPW + 12 + 6 + 26), .N(R)) st5 (
        .clk, .ce, .d({sp4, ts[43:32], ts[31:26], ts[25:0]}), .q({sp5, k5, i5, f5})
    );
    // Stage 6: f ln 2 as two partial products (26 x 17, 26 x 10), and the table entry.
    logic [SPW-1:0] sp6;
    logic signed [11:0] k6;
    logic [31:0] tab6;
    logic [42:0] fl0;
    logic [35:0] fl1;
    hls_delay #(.W(SPW + 12 + 32 + 43 + 36), .N(R)) st6 (
        .clk, .ce,
        .d({sp5, k5, hls_fp_math_pkg::exp_tab(i5),
            43'(f5) * 43'(hls_fp_math_pkg::EXP_LN2[16:0]),
            36'(f5) * 36'(hls_fp_math_pkg::EXP_LN2[26:17])}),
        .q({sp6, k6, tab6, fl0, fl1})
    );
    // Stage 7: their sum: u = f ln 2 (2^32 scale).
    /* verilator lint_off UNUSEDSIGNAL */
    logic [52:0] fu;  // (each product keeps its top bits only)
    /* verilator lint_on UNUSEDSIGNAL */
    assign fu = 53'(fl0) + (53'(fl1) << 17);
    logic [SPW-1:0] sp7;
    logic signed [11:0] k7;
    logic [31:0] tab7;
    logic [25:0] u7;
    hls_delay #(.W(SPW + 12 + 32 + 26), .N(R)) st7 (
        .clk, .ce, .d({sp6, k6, tab6, fu[52:27]}), .q({sp7, k7, tab7, u7})
    );
    // Stage 8: a = 1/2 + u/6 (17 x 16; a's top 17 bits go on).
    /* verilator lint_off UNUSEDSIGNAL */
    logic [32:0] u_r6;
    logic [31:0] a_full;
    /* verilator lint_on UNUSEDSIGNAL */
    assign u_r6 = 33'(u7[25:9]) * 33'(hls_fp_math_pkg::EXP_R6);
    assign a_full = 32'h8000_0000 + 32'(u_r6 >> 9);
    logic [SPW-1:0] sp8;
    logic signed [11:0] k8;
    logic [31:0] tab8;
    logic [25:0] u8;
    logic [16:0] a8;
    hls_delay #(.W(SPW + 12 + 32 + 26 + 17), .N(R)) st8 (
        .clk, .ce, .d({sp7, k7, tab7, u7, a_full[31:15]}), .q({sp8, k8, tab8, u8, a8})
    );
    // Stage 9: ua = u a (26 x 17; below 2^24.5, so ua / 2^8 fits 17 bits).
    /* verilator lint_off UNUSEDSIGNAL */
    logic [42:0] ua_full;
    /* verilator lint_on UNUSEDSIGNAL */
    assign ua_full = 43'(u8) * 43'(a8);
    logic [SPW-1:0] sp9;
    logic signed [11:0] k9;
    logic [31:0] tab9;
    logic [25:0] u9;
    logic [16:0] ua9;
    hls_delay #(.W(SPW + 12 + 32 + 26 + 17), .N(R)) st9 (
        .clk, .ce, .d({sp8, k8, tab8, u8, ua_full[41:25]}), .q({sp9, k9, tab9, u9, ua9})
    );
    // Stage 10: u (u a) (17 x 17).
    logic [SPW-1:0] sp10;
    logic signed [11:0] k10;
    logic [31:0] tab10;
    logic [25:0] u10;
    logic [33:0] uua10;
    hls_delay #(.W(SPW + 12 + 32 + 26 + 34), .N(R)) st10 (
        .clk, .ce,
        .d({sp9, k9, tab9, u9, 34'(u9[25:9]) * 34'(ua9)}),
        .q({sp10, k10, tab10, u10, uua10})
    );
    // Stage 11: p = u + u (u a).
    logic [SPW-1:0] sp11;
    logic signed [11:0] k11;
    logic [31:0] tab11;
    logic [25:0] p11;
    hls_delay #(.W(SPW + 12 + 32 + 26), .N(R)) st11 (
        .clk, .ce, .d({sp10, k10, tab10, u10 + 26'(uua10 >> 15)}), .q({sp11, k11, tab11, p11})
    );
    // Stage 12: T p as two partial products (26 x 17, 26 x 9).
    logic [SPW-1:0] sp12;
    logic signed [11:0] k12;
    logic [31:0] tab12;
    logic [42:0] tp0;
    logic [34:0] tp1;
    hls_delay #(.W(SPW + 12 + 32 + 43 + 35), .N(R)) st12 (
        .clk, .ce,
        .d({sp11, k11, tab11, 43'(tab11[31:6]) * 43'(p11[16:0]), 35'(tab11[31:6]) * 35'(p11[25:17])}),
        .q({sp12, k12, tab12, tp0, tp1})
    );
    // Stage 13: their sum.
    /* verilator lint_off UNUSEDSIGNAL */
    logic [51:0] tp;
    /* verilator lint_on UNUSEDSIGNAL */
    assign tp = 52'(tp0) + (52'(tp1) << 17);
    hls_delay #(.W(SPW + 12 + 32 + 26), .N(R)) st13 (
        .clk, .ce, .d({sp12, k12, tab12, tp[51:26]}), .q({sp13, k13, tab13, tp13})
    );
endmodule

// The last three stages of the exponentials (hls_fp_exp, hls_fp_exp64): r = T + T p at
// 2^(W-1), held below 2, and the biased exponent k + bias; {significand, guard, round,
// sticky} from r, shifted right by 1 - e below the normal range (past MW + 3 only the
// sticky bit is left), exponent field 0 there; round to nearest even and pack in one carry
// chain (a carry out of the fraction moves into the exponent), or the special value, or
// infinity past the largest exponent; then OUT registers. R: registers per stage boundary
// (0: combinational).
module hls_fp_exp_tail #(
    parameter int EW = 8,
    parameter int MW = 23,
    parameter int KW = 12,
    parameter int TPW = 26,
    parameter int R = 1,
    parameter int OUT = 1
) (
    input  logic                    clk,
    input  logic                    ce,
    input  logic [EW+MW+1:0]        sp,   // {special, its value}
    input  logic signed [KW-1:0]    k,
    input  logic [EW+MW:0]          tab,
    input  logic [TPW-1:0]          tp,
    output logic [EW+MW:0]          y
);
    localparam int W = 1 + EW + MW;             // the format's width, and r's
    localparam int SH = $clog2(MW + 4);         // bits of a significant right shift
    localparam logic signed [KW-1:0] BIAS = KW'((1 << (EW - 1)) - 1);
    localparam logic signed [KW-1:0] EMAX = KW'((1 << EW) - 1);
    // r = T (1 + p), held below 2; the biased exponent.
    logic [W:0] rsum;
    assign rsum = (W + 1)'(tab) + (W + 1)'(tp);
    logic [W:0] sp1;
    logic signed [KW-1:0] e1;
    logic [W-1:0] r1;
    hls_delay #(.W(W + 1 + KW + W), .N(R)) st1 (
        .clk, .ce, .d({sp, k + BIAS, rsum[W] ? {W{1'b1}} : rsum[W-1:0]}), .q({sp1, e1, r1})
    );
    // {significand, guard, round, sticky}; the subnormal form.
    logic [MW+3:0] f;
    logic [MW+2:0] fsub;  // (shifted at least once: its top bit is 0)
    logic signed [KW-1:0] rs;
    assign f = {r1[W-1:W-MW-3], r1[W-MW-4:0] != '0};
    assign rs = KW'(1) - e1;
    always_comb begin
        if (rs > KW'(MW + 3)) fsub = (MW + 3)'(f != '0);
        else fsub = (MW + 3)'(f >> rs[SH-1:0])
                  | (MW + 3)'((f & ~({(MW + 4){1'b1}} << rs[SH-1:0])) != '0);
    end
    // The exponent field (0 for a subnormal: no hidden bit to keep), and whether it is past
    // the largest.
    logic [W:0] sp2;
    logic ovf2;
    logic [EW-1:0] ef2;
    logic [MW+2:0] f2;
    hls_delay #(.W(W + 1 + 1 + EW + MW + 3), .N(R)) st2 (
        .clk, .ce,
        .d({sp1, e1 >= EMAX, e1 >= KW'(1) ? e1[EW-1:0] : EW'(0), e1 >= KW'(1) ? f[MW+2:0] : fsub}),
        .q({sp2, ovf2, ef2, f2})
    );
    logic [W-1:0] res;
    assign res = sp2[W] ? sp2[W-1:0]
               : ovf2 ? {1'b0, {EW{1'b1}}, MW'(0)}
               : {1'b0, {ef2, f2[MW+2:3]} + (EW + MW)'(f2[2] && (f2[1] || f2[0] || f2[3]))};
    hls_delay #(.W(W), .N(OUT)) out (.clk, .ce, .d(res), .q(y));
endmodule

// expm1's stages after the exponential's first four (stages 5-18 of hls_fp_exp with KIND
// 3; rtl-gen/src/fexp.rs `expm1` is its mirror, with the error analysis). Two paths side by
// side, the one that counts chosen at stage 16 by x's exponent:
// - |x| >= 2^-5: 2^k r from hls_fp_exp_kr, then 2^k r - 1 as one 32-bit sum: for x > 0,
//   r - 2^(31 - k) (a run of ones from bit 31 - k up, added; nothing for k > 31); for x < 0,
//   (2^(31 - k) - r) >> (-k - 1), which is {ones, ~r} >> s plus one when r's s low bits are
//   zero (the sticky bit otherwise), s = -k - 1 capped at 31.
// - |x| < 2^-5: q = 1 + t (c1 + t (c2 + t c3)) by Horner on |t| (added or subtracted by
//   x's sign), then x's significand times q, its top 32 bits and a sticky bit.
// Then at most 7 places of normalising and one rounding to nearest even (with HALF, of
// half the value: the exponent one less).
module hls_fp_expm1_t #(
    parameter int R = 1,
    parameter int OUT = 1,
    parameter int HALF = 0
) (
    input  logic        clk,
    input  logic        ce,
    input  logic [32:0] sp,   // {special, its value}
    input  logic        neg,
    input  logic [41:0] t,    // |x| log2(e) at 2^32
    input  logic [7:0]  ex,   // x's exponent field and significand
    input  logic [23:0] m,
    output logic [31:0] y
);
    localparam int SPW = 33;
    localparam int CW = 1 + 8;  // {neg, ex}
    localparam logic [31:0] C1 = hls_fp_math_pkg::EXPM1F_C1;
    localparam logic [31:0] C2 = hls_fp_math_pkg::EXPM1F_C2;
    localparam logic [17:0] C3 = hls_fp_math_pkg::EXPM1F_C3;
    // The main path: 2^k r (stages 5-13), x's sign and fields beside it.
    logic [SPW-1:0] sp13;
    logic signed [11:0] k13;
    logic [31:0] tab13;
    logic [25:0] tp13;
    hls_fp_exp_kr #(.R(R)) kr (.clk, .ce, .sp, .neg, .t, .sp13, .k13, .tab13, .tp13);
    logic [CW-1:0] c13;
    hls_delay #(.W(CW), .N(9 * R)) keep (.clk, .ce, .d({neg, ex}), .q(c13));

    // The polynomial path, stages 5-14 (|t| < 2^27.53 at 2^32 when it counts).
    logic [27:0] tm;
    assign tm = t[27:0];
    // Stage 5: |t| c3 (18 x 18).
    logic n5, n6, n7, n8, n9;  // x's sign
    logic [27:0] tm5;
    logic [35:0] p3;
    hls_delay #(.W(1 + 28 + 36), .N(R)) s5 (
        .clk, .ce, .d({neg, tm, 36'(tm[27:10]) * 36'(C3)}), .q({n5, tm5, p3})
    );
    // Stage 6: h2 = c2 +- |t| c3 (at 2^32, below 2^29; its top 18 bits go on).
    /* verilator lint_off UNUSEDSIGNAL */
    logic [31:0] h2_full, h1_full;  // (the low bits and the zero top ones are not needed)
    /* verilator lint_on UNUSEDSIGNAL */
    assign h2_full = n5 ? C2 - 32'(p3 >> 14) : C2 + 32'(p3 >> 14);
    logic [27:0] tm6;
    logic [17:0] h2;
    hls_delay #(.W(1 + 28 + 18), .N(R)) s6 (
        .clk, .ce, .d({n5, tm5, h2_full[28:11]}), .q({n6, tm6, h2})
    );
    // Stage 7: |t| h2 (21 x 18).
    logic [27:0] tm7;
    logic [38:0] p2;
    hls_delay #(.W(1 + 28 + 39), .N(R)) s7 (
        .clk, .ce, .d({n6, tm6, 39'(tm6[27:7]) * 39'(h2)}), .q({n7, tm7, p2})
    );
    // Stage 8: h1 = c1 +- |t| h2 (below 2^31; its top 25 bits go on).
    logic [27:0] tm8;
    logic [24:0] h1;
    assign h1_full = n7 ? C1 - 32'(p2 >> 14) : C1 + 32'(p2 >> 14);
    hls_delay #(.W(1 + 28 + 25), .N(R)) s8 (
        .clk, .ce, .d({n7, tm7, h1_full[30:6]}), .q({n8, tm8, h1})
    );
    // Stage 9: |t| h1 (28 x 25) as two partial products (28 x 17, 28 x 8): the whole
    // product in one stage held the core to 81 MHz on ECP5 (its four multiplier blocks and
    // their sum in a row); the path has two stages to spare before stage 16 needs it.
    logic [44:0] p1a;
    logic [35:0] p1b;
    hls_delay #(.W(1 + 45 + 36), .N(R)) s9 (
        .clk, .ce, .d({n8, 45'(tm8) * 45'(h1[16:0]), 36'(tm8) * 36'(h1[24:17])}),
        .q({n9, p1a, p1b})
    );
    // Stage 10: their sum.
    logic n10;
    logic [52:0] p1;
    hls_delay #(.W(1 + 53), .N(R)) s10 (
        .clk, .ce, .d({n9, 53'(p1a) + (53'(p1b) << 17)}), .q({n10, p1})
    );
    // Stage 11: q = 1 +- |t| h1 (at 2^32, within 2^-5.5 of 1).
    logic [32:0] q;
    hls_delay #(.W(33), .N(R)) s11 (
        .clk, .ce,
        .d(n10 ? 33'h1_0000_0000 - 33'(p1 >> 26) : 33'h1_0000_0000 + 33'(p1 >> 26)),
        .q(q)
    );
    // Stage 12: x's significand times q, two partial products (24 x 17, 24 x 16).
    logic [7:0] ex11;
    logic [23:0] m11;
    hls_delay #(.W(8 + 24), .N(7 * R)) keep_s (.clk, .ce, .d({ex, m}), .q({ex11, m11}));
    logic [7:0] ex12;
    logic [40:0] mq0;
    logic [39:0] mq1;
    hls_delay #(.W(8 + 41 + 40), .N(R)) s12 (
        .clk, .ce, .d({ex11, 41'(m11) * 41'(q[16:0]), 40'(m11) * 40'(q[32:17])}),
        .q({ex12, mq0, mq1})
    );
    // Stage 13: their sum (top bit at 54 to 56).
    logic [7:0] ex13;
    logic [56:0] mq;
    hls_delay #(.W(8 + 57), .N(R)) s13 (
        .clk, .ce, .d({ex12, 57'(mq0) + (57'(mq1) << 17)}), .q({ex13, mq})
    );
    // Stage 14: {biased exponent of bit 31, significand, sticky}: bits 56..25, the value
    // g 2^(ex - 157).
    logic signed [11:0] pe14;
    logic [31:0] pg14;
    logic ps14;
    hls_delay #(.W(12 + 32 + 1), .N(R)) s14p (
        .clk, .ce, .d({12'(ex13) + 12'sd1, mq[56:25], mq[24:0] != '0}), .q({pe14, pg14, ps14})
    );

    // Stage 14: r = T (1 + p), held below 2.
    logic [32:0] rsum;
    assign rsum = 33'(tab13) + 33'(tp13);
    logic [SPW-1:0] sp14;
    logic [CW-1:0] c14;
    logic signed [11:0] k14;
    logic [31:0] r14;
    hls_delay #(.W(SPW + CW + 12 + 32), .N(R)) s14 (
        .clk, .ce,
        .d({sp13, c13, k13, rsum[32] ? 32'hFFFF_FFFF : rsum[31:0]}),
        .q({sp14, c14, k14, r14})
    );
    // Stage 15: the two addends of 2^k r - 1 (see above) and the sticky bit.
    logic neg14, small14;
    assign neg14 = c14[8];
    assign small14 = c14[7:0] < 8'(hls_fp_math_pkg::EXPM1F_SMALL);
    logic [4:0] s;
    assign s = (k14 < -12'sd32) ? 5'd31 : 5'(-k14 - 12'sd1);
    logic [31:0] add_a, add_b;
    logic low_zero;
    /* verilator lint_off UNUSEDSIGNAL */
    logic [63:0] shifted;  // (its top half falls off)
    /* verilator lint_on UNUSEDSIGNAL */
    assign shifted = {32'hFFFF_FFFF, ~r14} >> s;
    assign low_zero = (r14 & ~(32'hFFFF_FFFF << s)) == '0;
    always_comb begin
        if (!neg14) begin
            add_a = r14;
            add_b = (k14 > 12'sd31) ? 32'd0 : 32'hFFFF_FFFF << (5'd31 - k14[4:0]);
        end else begin
            add_a = shifted[31:0];
            add_b = 32'(low_zero);
        end
    end
    logic [SPW-1:0] sp15;
    logic neg15, small15, st15;
    logic signed [11:0] e15;
    logic [31:0] a15, b15;
    logic signed [11:0] pe15;
    logic [31:0] pg15;
    logic ps15;
    hls_delay #(.W(SPW + 3 + 12 + 64 + 12 + 32 + 1), .N(R)) s15 (
        .clk, .ce,
        .d({sp14, neg14, small14, neg14 && !low_zero, neg14 ? 12'sd126 : k14 + 12'sd127,
            add_a, add_b, pe14, pg14, ps14}),
        .q({sp15, neg15, small15, st15, e15, a15, b15, pe15, pg15, ps15})
    );
    // Stage 16: the sum, or the polynomial path's significand.
    logic [SPW-1:0] sp16;
    logic neg16, st16;
    logic signed [11:0] e16;
    logic [31:0] g16;
    hls_delay #(.W(SPW + 2 + 12 + 32), .N(R)) s16 (
        .clk, .ce,
        .d({sp15, neg15, small15 ? ps15 : st15, small15 ? pe15 : e15, small15 ? pg15 : a15 + b15}),
        .q({sp16, neg16, st16, e16, g16})
    );
    // Stage 17: normalised by up to 7 places; {significand, guard, round, sticky}.
    logic [2:0] lz;
    always_comb begin
        lz = 3'd7;
        for (int i = 6; i >= 0; i--) if (g16[31 - i]) lz = 3'(i);
    end
    /* verilator lint_off UNUSEDSIGNAL */
    logic [31:0] gn;  // (bit 31, the hidden bit, is left out)
    /* verilator lint_on UNUSEDSIGNAL */
    assign gn = g16 << lz;
    logic signed [11:0] en;
    assign en = e16 - 12'(lz) - 12'(HALF);
    logic [SPW-1:0] sp17;
    logic neg17, ovf17;
    logic [7:0] e17;
    logic [25:0] f17;  // (the hidden bit left out)
    hls_delay #(.W(SPW + 2 + 8 + 26), .N(R)) s17 (
        .clk, .ce,
        .d({sp16, neg16, en >= 12'sd255, en[7:0], gn[30:6], gn[5:0] != '0 || st16}),
        .q({sp17, neg17, ovf17, e17, f17})
    );
    // Stage 18: round to nearest even and pack (a carry out of the fraction moves into the
    // exponent, up to infinity).
    logic [31:0] res;
    assign res = sp17[SPW-1] ? sp17[SPW-2:0]
               : ovf17 ? {neg17, 8'hFF, 23'd0}
               : {neg17, {e17, f17[25:3]} + 31'(f17[2] && (f17[1] || f17[0] || f17[3]))};
    hls_delay #(.W(32), .N(OUT)) out (.clk, .ce, .d(res), .q(y));
endmodule

// binary32 tanh a = e / (e + 2) with e = expm1(2|a|), the sign a's (rtl-gen/src/fexp.rs
// `tanh`, with the error analysis: within 2.85 ulp over every float, OpenCL allows 5):
// 2|a| exactly
// (|a| < 9.5), the float expm1 (hls_fp_exp KIND 3, 18 stages), the float adder (8), the
// float divider (28), each at its own stage count when LAT allows (54; more: a delay line
// at the output), else LAT shared in proportion (their shorter forms compute the same bits);
// +-1 from |a| >= 9.5 (infinities too), the quiet NaN for a NaN.
module hls_fp_tanh #(
    parameter int LAT = 54
) (
    input  logic        clk,
    input  logic        ce,
    input  logic [31:0] a,
    output logic [31:0] y
);
    localparam int FULL = 18 + 8 + 28;
    localparam int L1 = (LAT >= FULL) ? 18 : LAT * 18 / FULL;
    localparam int L2 = (LAT >= FULL) ? 8 : LAT * 8 / FULL;
    localparam int L3 = (LAT >= FULL) ? 28 : LAT - L1 - L2;
    localparam int OUT = LAT - L1 - L2 - L3;
    logic [30:0] ax;
    assign ax = a[30:0];
    logic [31:0] a2, e, e_d, s;
    /* verilator lint_off UNUSEDSIGNAL */
    logic [31:0] q;  // (never negative: a's sign replaces its sign bit)
    /* verilator lint_on UNUSEDSIGNAL */
    // 2|a|: a subnormal's bits shifted left (it may become normal), else the exponent + 1.
    assign a2 = (ax[30:23] == '0) ? {ax, 1'b0} : {1'b0, ax + 31'h0080_0000};
    hls_fp_exp #(.KIND(3), .LAT(L1)) em1 (.clk, .ce, .a(a2), .y(e));
    hls_fp_add #(.EW(8), .MW(23), .LAT(L2)) add2 (.clk, .ce, .a(e), .b(32'h4000_0000), .y(s));
    hls_delay #(.W(32), .N(L2)) keep_e (.clk, .ce, .d(e), .q(e_d));
    hls_fp_div #(.EW(8), .MW(23), .LAT(L3)) div (.clk, .ce, .a(e_d), .b(s), .y(q));
    // Beside them: the sign, and the special results.
    logic nan, one, sign_d, nan_d, one_d;
    assign nan = ax > 31'h7F80_0000;
    assign one = ax >= 31'(hls_fp_math_pkg::TANHF_ONE);
    hls_delay #(.W(3), .N(L1 + L2 + L3)) side (
        .clk, .ce, .d({a[31], nan, one}), .q({sign_d, nan_d, one_d})
    );
    logic [31:0] res;
    assign res = nan_d ? 32'h7FC0_0000 : one_d ? {sign_d, 31'h3F80_0000} : {sign_d, q[30:0]};
    hls_delay #(.W(32), .N(OUT)) out (.clk, .ce, .d(res), .q(y));
endmodule

// binary32 sinh a (KIND 0) and cosh a (KIND 1) from half the exponential of |a|, through
// the float adder and divider (rtl-gen/src/fexp.rs `sinh` and `cosh`, with the error
// analysis):
// - sinh: h = (e^|a| - 1) / 2 (hls_fp_exp KIND 5, 18 stages), d = 2h + 1 (the adder, 8),
//   q = h / d (the divider, 28), h + q (the adder, 8): 62 stages. That is (e^|a| - e^-|a|)
//   / 2 with every term positive, so nothing cancels near 0. |a| < 2^-12 gives a itself
//   (a^3/6 is under half its ulp); an infinite h (|a| > 89.42) gives infinity (q would be
//   infinity over infinity), and when 2h overflows d is infinite and q 0: h is the result.
// - cosh: h = e^|a| / 2 (hls_fp_exp KIND 4, 16 stages), q = (1/4) / h (the divider, 28),
//   h + q (the adder, 8): 52 stages. q <= 1/2 <= h; infinity for |a| > 89.42 on its own.
// Each part at its own stage count when LAT allows (more: a delay line at the output),
// else LAT shared in proportion (their shorter forms compute the same bits); a's sign for
// sinh, the quiet NaN for a NaN.
module hls_fp_sinh #(
    parameter int KIND = 0,
    parameter int LAT = 62
) (
    input  logic        clk,
    input  logic        ce,
    input  logic [31:0] a,
    output logic [31:0] y
);
    localparam int E = (KIND == 0) ? 18 : 16;  // the halved exponential
    localparam int D = (KIND == 0) ? 8 : 0;    // 2h + 1
    localparam int FULL = E + D + 28 + 8;
    localparam int L1 = (LAT >= FULL) ? E : LAT * E / FULL;
    localparam int L2 = (LAT >= FULL) ? D : LAT * D / FULL;
    localparam int L3 = (LAT >= FULL) ? 28 : LAT * 28 / FULL;
    localparam int L4 = (LAT >= FULL) ? 8 : LAT - L1 - L2 - L3;
    localparam int OUT = LAT - L1 - L2 - L3 - L4;
    logic [31:0] ax, h, num, den, h_d, q, qs;
    /* verilator lint_off UNUSEDSIGNAL */
    logic [31:0] s;  // (never negative: a sum of positives; sinh puts a's sign back)
    /* verilator lint_on UNUSEDSIGNAL */
    assign ax = {1'b0, a[30:0]};
    hls_fp_exp #(.KIND(KIND == 0 ? 5 : 4), .LAT(L1)) half_exp (.clk, .ce, .a(ax), .y(h));
    if (KIND == 0) begin : g_sinh
        // 2h: the exponent + 1, infinity from 2^127 on (h is normal where it counts).
        logic [31:0] h2;
        assign h2 = (h[30:23] >= 8'd254) ? 32'h7F80_0000 : h + 32'h0080_0000;
        hls_fp_add #(.EW(8), .MW(23), .LAT(L2)) add1 (.clk, .ce, .a(h2), .b(32'h3F80_0000), .y(den));
        hls_delay #(.W(32), .N(L2)) keep_h (.clk, .ce, .d(h), .q(num));
    end else begin : g_cosh
        assign den = h;
        assign num = 32'h3E80_0000;
    end
    hls_fp_div #(.EW(8), .MW(23), .LAT(L3)) div (.clk, .ce, .a(num), .b(den), .y(q));
    hls_delay #(.W(32), .N(L2 + L3)) keep_h2 (.clk, .ce, .d(h), .q(h_d));
    assign qs = (h_d[30:23] == 8'hFF) ? 32'd0 : q;
    hls_fp_add #(.EW(8), .MW(23), .LAT(L4)) add2 (.clk, .ce, .a(h_d), .b(qs), .y(s));
    // Beside them: the sign, and the special results.
    logic nan, tiny, nan_d, tiny_d;
    logic [31:0] a_d;
    assign nan = ax > 32'h7F80_0000;
    assign tiny = (KIND == 0) && ax < 32'(hls_fp_math_pkg::SINHF_X);
    hls_delay #(.W(2 + 32), .N(L1 + L2 + L3 + L4)) side (
        .clk, .ce, .d({nan, tiny, a}), .q({nan_d, tiny_d, a_d})
    );
    logic [31:0] res;
    assign res = nan_d ? 32'h7FC0_0000 : tiny_d ? a_d
               : {(KIND == 0) && a_d[31], s[30:0]};
    hls_delay #(.W(32), .N(OUT)) out (.clk, .ce, .d(res), .q(y));
endmodule
