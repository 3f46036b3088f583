// Three modules in one file: the float exponential, its stages from the fixed-point
// argument on (hls_fp_exp_t), and the tail it shares with the double one (hls_fp_exp64).
/* verilator lint_off DECLFILENAME */
// binary32 exponential b^a (KIND 0: b = 2, 1: e, 2: 10), within 0.54 ulp, staged: one
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
    localparam int STAGES = 16;
    localparam int R = (LAT >= STAGES) ? 1 : 0;  // registers per stage boundary
    localparam logic [39:0] C = hls_fp_math_pkg::exp_scale(2'(KIND));
    localparam int SPW = 33;                      // {special, its value}

    // Stage 1: NaN, infinities, |x| >= 256 (infinite or zero), |x| < 2^-33 (one); the
    // significand and the shift that scales the product.
    logic [7:0] ex;
    logic neg, special;
    logic [31:0] special_val;
    assign ex = a[30:23];
    assign neg = a[31];
    always_comb begin
        special = 1'b1;
        if (ex == 8'hFF) special_val = (a[22:0] != '0) ? 32'h7FC00000 : neg ? 32'd0 : 32'h7F800000;
        else if (ex >= 8'd135) special_val = neg ? 32'd0 : 32'h7F800000;
        else if (ex < 8'd94) special_val = 32'h3F800000;
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
    // Stages 5-16: 2^t (hls_fp_exp_t).
    hls_fp_exp_t #(.R(R), .OUT(LAT - R * (STAGES - 1))) pow2 (
        .clk, .ce, .sp(sp4), .neg(neg4), .t(t4), .y
    );
endmodule

// The float exponential's stages from its fixed-point argument on (stages 5-16 of
// hls_fp_exp; the float power functions end with them too): 2^t for t = (-1)^neg t/2^32,
// |t| < 2^10, the special value passing through; then OUT registers. R: registers per stage
// boundary (0: combinational). rtl-gen/src/fexp.rs `exp2_fixed` is its mirror.
module hls_fp_exp_t #(
    parameter int R = 1,
    parameter int OUT = 1
) (
    input  logic        clk,
    input  logic        ce,
    input  logic [32:0] sp,   // {special, its value}
    input  logic        neg,
    input  logic [41:0] t,
    output logic [31:0] y
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
    logic [SPW-1:0] sp13;
    logic signed [11:0] k13;
    logic [31:0] tab13;
    logic [25:0] tp13;
    hls_delay #(.W(SPW + 12 + 32 + 26), .N(R)) st13 (
        .clk, .ce, .d({sp12, k12, tab12, tp[51:26]}), .q({sp13, k13, tab13, tp13})
    );
    // Stages 14-16: r = T (1 + p), 2^k, rounding (hls_fp_exp_tail).
    hls_fp_exp_tail #(.EW(8), .MW(23), .KW(12), .TPW(26), .R(R), .OUT(OUT))
        tail (.clk, .ce, .sp(sp13), .k(k13), .tab(tab13), .tp(tp13), .y);
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
