// The double exponential and e^x - 1, with their stages from the fixed-point argument on
// (which the double power functions share) and expm1's small-argument path.
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
//
// KIND 3 is e^a - 1 (rtl-gen/src/fexp64.rs's `expm1` has the error analysis): for |a| >=
// 2^-7 the same stages up to 2^k r, then 2^k r - 1 in fixed point, normalised and rounded
// (hls_fp_expm1_64_tail, one stage more: 18); for |a| < 2^-7, beside them, a (1 + a q(a))
// with q a quintic by Horner (hls_fp_poly64_small); below 2^-54 the result is a.
module hls_fp_exp64 #(
    parameter int KIND = 1,
    parameter int LAT = 24
) (
    input  logic        clk,
    input  logic        ce,
    input  logic [63:0] a,
    output logic [63:0] y
);
    localparam bit M1 = KIND == 3;
    localparam int STAGES = M1 ? 18 : 17;
    localparam int R = (LAT >= STAGES) ? 1 : 0;  // registers per stage boundary
    localparam int SPW = 65;                      // {special, its value}
    localparam logic [63:0] PINF = 64'h7FF0_0000_0000_0000;
    // e^x's limit at -inf: 0; e^x - 1's: -1.
    localparam logic [63:0] LOW = M1 ? 64'hBFF0_0000_0000_0000 : 64'd0;

    // Stage 1: NaN, infinities, |x| >= 2048 (infinite, or the limit at -inf), |x| < 2^-60
    // (one; for e^x - 1, |x| < 2^-54: x itself); the significand and the right shift that
    // makes t (1033 - ex, 0 to 70).
    logic [10:0] ex;
    logic neg, special;
    logic [63:0] special_val;
    assign ex = a[62:52];
    assign neg = a[63];
    always_comb begin
        special = 1'b1;
        if (ex == 11'h7FF)
            special_val = (a[51:0] != '0) ? 64'h7FF8_0000_0000_0000 : neg ? LOW : PINF;
        else if (ex >= 11'd1034) special_val = neg ? LOW : PINF;
        else if (M1 && ex < 11'd969) special_val = a;
        else if (!M1 && ex < 11'd963) special_val = 64'h3FF0_0000_0000_0000;
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
    // Stages 2-4: t (hls_fp_exp64_arg).
    logic [SPW-1:0] sp4;
    logic neg4;
    logic [76:0] t4;
    hls_fp_exp64_arg #(.KIND(M1 ? 1 : KIND), .XW(SPW + 1), .R(R)) arg (
        .clk, .ce, .side({sp1, neg1}), .sh(sh1), .m(m1), .side_o({sp4, neg4}), .t(t4)
    );
    logic signed [78:0] t4s;
    assign t4s = neg4 ? -$signed({2'b00, t4}) : $signed({2'b00, t4});
    if (!M1) begin : g_exp
        // Stages 5-17: 2^t (hls_fp_exp64_t).
        hls_fp_exp64_t #(.R(R), .OUT(LAT - R * (STAGES - 1))) rest (
            .clk, .ce, .sp(sp4), .t(t4s), .y
        );
    end else begin : g_expm1
        // Stages 5-14: 2^t's table entry and T p (hls_fp_exp64_r).
        logic [SPW-1:0] sp14;
        logic signed [14:0] k14;
        logic [63:0] tab14;
        logic [51:0] tp14;
        hls_fp_exp64_r #(.R(R)) body (
            .clk, .ce, .sp(sp4), .t(t4s), .sp_o(sp14), .k(k14), .tab(tab14), .tp(tp14)
        );
        // Stages 2-15 beside them: the small-argument path, from stage 1's significand.
        logic small1;
        logic [10:0] ex1;
        hls_delay #(.W(12), .N(R)) st1m (
            .clk, .ce, .d({ex >= 11'd969 && ex < 11'd1016, ex}), .q({small1, ex1})
        );
        logic small15, sneg15;
        logic [118:0] sv15;
        logic signed [15:0] sw15;
        hls_fp_poly64_small #(.FN(0), .R(R)) poly (
            .clk, .ce, .use_poly(small1), .neg(neg1), .ex(ex1), .m(m1),
            .use_poly_o(small15), .neg_o(sneg15), .v(sv15), .w(sw15)
        );
        // Stages 15-18: 2^k r - 1, or the small path's value; normalised and rounded.
        hls_fp_expm1_64_tail #(.R(R), .OUT(LAT - R * (STAGES - 1))) tail (
            .clk, .ce, .sp(sp14), .k(k14), .tab(tab14), .tp(tp14),
            .use_poly(small15), .sneg(sneg15), .sv(sv15), .sw(sw15), .y
        );
    end
endmodule

// The double exponential's stages 2-4: |t| = m 2^(ex - 1075) log2(b) at 2^-64 (b = 2, e,
// 10 for KIND 0, 1, 2), from the significand m and the right shift sh = 1033 - ex; `side`
// rides along. Three stages (R = 1: registers; R = 0: combinational).
module hls_fp_exp64_arg #(
    parameter int KIND = 1,
    parameter int XW = 1,
    parameter int R = 1
) (
    input  logic          clk,
    input  logic          ce,
    input  logic [XW-1:0] side,
    input  logic [6:0]    sh,
    input  logic [52:0]   m,
    output logic [XW-1:0] side_o,
    output logic [76:0]   t
);
    localparam logic [73:0] C = hls_fp_math_pkg::exp64_scale(2'(KIND));
    // Stage 2: m log2(b) 2^72 as five partial products (53 x 17, the last 53 x 6).
    logic [XW-1:0] side2;
    logic [6:0] sh2;
    logic [69:0] pc0, pc1, pc2, pc3;
    logic [58:0] pc4;
    hls_delay #(.W(XW + 7 + 4 * 70 + 59), .N(R)) st2 (
        .clk, .ce,
        .d({side, sh, 70'(m) * 70'(C[16:0]), 70'(m) * 70'(C[33:17]),
            70'(m) * 70'(C[50:34]), 70'(m) * 70'(C[67:51]), 59'(m) * 59'(C[73:68])}),
        .q({side2, sh2, pc0, pc1, pc2, pc3, pc4})
    );
    // Stage 3: their sum (below 2^127).
    logic [XW-1:0] side3;
    logic [6:0] sh3;
    logic [126:0] p3;
    hls_delay #(.W(XW + 7 + 127), .N(R)) st3 (
        .clk, .ce,
        .d({side2, sh2, 127'(pc0) + (127'(pc1) << 17) + (127'(pc2) << 34)
                      + (127'(pc3) << 51) + (127'(pc4) << 68)}),
        .q({side3, sh3, p3})
    );
    // Stage 4: t 2^64 = p 2^(ex - 1083): shifted right by 50 + (1033 - ex); |t| < 2^13.
    hls_delay #(.W(XW + 77), .N(R)) st4 (
        .clk, .ce, .d({side3, 77'((p3 >> 50) >> sh3)}), .q({side_o, t})
    );
endmodule

// The small-argument path of expm1 (FN 0: |x| in [2^-54, 2^-7)) and log1p (FN 1: [2^-54,
// 2^-13)); rtl-gen/src/fexp64.rs's `poly_small`: x at 2^-64, signed (58 bits); q by Horner
// at 2^-64 (expm1: 1/2 + x (1/6 + x (1/24 + x (1/120 + x (1/720 + x/5040)))); log1p: -1/2
// + x (1/3 + x (-1/4 + x/5))), a product and a sum per step; 1 + x q at 2^64; the
// significand times it: v 2^w is the result before rounding. 14 stages either way (log1p's
// shorter Horner waits at the end; R = 1: registers; R = 0: combinational).
module hls_fp_poly64_small #(
    parameter int FN = 0,
    parameter int R = 1
) (
    input  logic                clk,
    input  logic                ce,
    input  logic                use_poly,
    input  logic                neg,
    input  logic [10:0]         ex,
    input  logic [52:0]         m,
    output logic                use_poly_o,
    output logic                neg_o,
    output logic [118:0]        v,
    output logic signed [15:0]  w
);
    localparam int N = (FN == 1) ? 4 : 6;  // coefficients
    function automatic logic signed [64:0] coef(input int i);
        if (FN == 1) begin
            case (i)
                0: return hls_fp_math_pkg::LOG1P_C0;
                1: return hls_fp_math_pkg::LOG1P_C1;
                2: return hls_fp_math_pkg::LOG1P_C2;
                default: return hls_fp_math_pkg::LOG1P_C3;
            endcase
        end
        case (i)
            0: return 65'(hls_fp_math_pkg::EXPM1_C0);
            1: return 65'(hls_fp_math_pkg::EXPM1_C1);
            2: return 65'(hls_fp_math_pkg::EXPM1_C2);
            3: return 65'(hls_fp_math_pkg::EXPM1_C3);
            4: return 65'(hls_fp_math_pkg::EXPM1_C4);
            default: return 65'(hls_fp_math_pkg::EXPM1_C5);
        endcase
    endfunction
    localparam int CW = 2 + 53 + 16;  // what rides along: {use_poly, neg, m, w}
    // Stage 2: x 2^64 = m 2^(ex - 1011), signed.
    logic [56:0] mag;
    assign mag = (ex >= 11'd1011) ? 57'(m) << 3'(ex - 11'd1011) : 57'(m) >> 6'(11'd1011 - ex);
    logic [CW-1:0] c2;
    logic signed [57:0] x2;
    hls_delay #(.W(CW + 58), .N(R)) st2 (
        .clk, .ce,
        .d({use_poly, neg, m, 16'(ex) - 16'sd1139, neg ? -$signed({1'b0, mag}) : $signed({1'b0, mag})}),
        .q({c2, x2})
    );
    // Stages 3-12 (log1p: 3-8): h = c_i + x h (the product, then the sum), from the last
    // coefficient.
    logic [CW-1:0] cs [N];
    logic signed [57:0] xs [N];
    logic signed [64:0] hs [N];
    assign cs[N-1] = c2;
    assign xs[N-1] = x2;
    assign hs[N-1] = coef(N - 1);
    for (genvar i = N - 2; i >= 0; i--) begin : g_horner
        // x and h shifted right before their product (fexp64::EXPM1_TRIM, flog64::LOG1P_TRIM).
        localparam int SX = (FN == 1) ? ((i == 0) ? 11 : (i == 1) ? 25 : 38)
                          : ((i == 0) ? 6 : (i == 1) ? 15 : (i == 2) ? 24 : (i == 3) ? 34 : 44);
        localparam int SH = (FN == 1) ? ((i == 0) ? 23 : (i == 1) ? 36 : 49)
                          : ((i == 0) ? 11 : (i == 1) ? 18 : (i == 2) ? 25 : (i == 3) ? 32 : 39);
        localparam int WX = 58 - SX, WH = 65 - SH, WP = WX + WH;
        logic signed [WX-1:0] xt;
        logic signed [WH-1:0] ht;
        assign xt = WX'(xs[i+1] >>> SX);
        assign ht = WH'(hs[i+1] >>> SH);
        logic [CW-1:0] cp;
        logic signed [57:0] xp;
        logic signed [WP-1:0] prod;
        hls_delay #(.W(CW + 58 + WP), .N(R)) st_p (
            .clk, .ce, .d({cs[i+1], xs[i+1], WP'(xt) * WP'(ht)}), .q({cp, xp, prod})
        );
        // Back at 2^-64.
        logic signed [64:0] back;
        if (SX + SH <= 64) begin : g_right
            /* verilator lint_off UNUSEDSIGNAL */
            logic signed [WP-1:0] prod_s;  // (h keeps what fits in 65 bits)
            /* verilator lint_on UNUSEDSIGNAL */
            assign prod_s = prod >>> (64 - SX - SH);
            assign back = 65'(prod_s);
        end else begin : g_left
            assign back = 65'(prod) <<< (SX + SH - 64);
        end
        hls_delay #(.W(CW + 58 + 65), .N(R)) st_a (
            .clk, .ce, .d({cp, xp, coef(i) + back}), .q({cs[i], xs[i], hs[i]})
        );
    end
    // Stage 13: x q; stage 14: 1 + x q at 2^64; stage 15: the significand times it.
    logic [CW-1:0] c13, c14;
    logic signed [122:0] xq13;
    hls_delay #(.W(CW + 123), .N(R)) st13 (
        .clk, .ce, .d({cs[0], 123'(xs[0]) * 123'(hs[0])}), .q({c13, xq13})
    );
    /* verilator lint_off UNUSEDSIGNAL */
    logic signed [122:0] xq_s;  // (1 + x q keeps bits 64 and up)
    /* verilator lint_on UNUSEDSIGNAL */
    assign xq_s = xq13 >>> 64;
    logic [65:0] s14;
    hls_delay #(.W(CW + 66), .N(R)) st14 (
        .clk, .ce, .d({c13, 66'(66'sh1_0000_0000_0000_0000 + 66'(xq_s))}), .q({c14, s14})
    );
    hls_delay #(.W(2 + 119 + 16), .N(R * (1 + 2 * (6 - N)))) st15 (
        .clk, .ce, .d({c14[CW-1:CW-2], 119'(c14[CW-3:16]) * 119'(s14), c14[15:0]}),
        .q({use_poly_o, neg_o, v, w})
    );
endmodule

// expm1's last stages (rtl-gen/src/fexp64.rs's `expm1`): r = T (1 + p) below 2; 2^k r - 1
// as v 2^w (k >= 0: r - 2^-k, nothing subtracted past k = 63; k < 0: 1 - 2^k r at 2^-118,
// exactly 1 for k <= -55), or the small path's v 2^w; the leading one to the top of 119
// bits, 55 bits and a sticky bit kept; rounded to nearest even and packed (past the largest
// double: infinite), or the special value.
module hls_fp_expm1_64_tail #(
    parameter int R = 1,
    parameter int OUT = 1
) (
    input  logic               clk,
    input  logic               ce,
    input  logic [64:0]        sp,   // {special, its value}
    input  logic signed [14:0] k,
    input  logic [63:0]        tab,
    input  logic [51:0]        tp,
    input  logic               use_poly,
    input  logic               sneg,
    input  logic [118:0]       sv,
    input  logic signed [15:0] sw,
    output logic [63:0]        y
);
    localparam int SPW = 65;
    // Stage 15: r.
    logic [64:0] rsum;
    assign rsum = 65'(tab) + 65'(tp);
    logic [SPW-1:0] sp15;
    logic signed [14:0] k15;
    logic [63:0] r15;
    hls_delay #(.W(SPW + 15 + 64), .N(R)) st15 (
        .clk, .ce, .d({sp, k, rsum[64] ? {64{1'b1}} : rsum[63:0]}), .q({sp15, k15, r15})
    );
    // Stage 16: v 2^w and the sign, from r or from the small path.
    logic [118:0] vm;
    logic signed [15:0] wm;
    always_comb begin
        if (k15 < 0) begin
            wm = -16'sd118;
            if (k15 <= -15'sd55) vm = 119'(1) << 118;
            else vm = (119'(1) << 118) - (119'(r15) << 6'(7'sd55 + 7'(k15)));
        end else begin
            wm = 16'(k15) - 16'sd63;
            vm = 119'(r15) - ((k15 <= 15'sd63) ? 119'(1) << 6'(15'sd63 - k15) : 119'd0);
        end
    end
    logic [SPW-1:0] sp16;
    logic neg16;
    logic [118:0] v16;
    logic signed [15:0] w16;
    hls_delay #(.W(SPW + 1 + 119 + 16), .N(R)) st16 (
        .clk, .ce,
        .d({sp15, use_poly ? sneg : k15 < 0, use_poly ? sv : vm, use_poly ? sw : wm}),
        .q({sp16, neg16, v16, w16})
    );
    // Stages 17-18: normalised, rounded, packed (hls_fp_pack64).
    hls_fp_pack64 #(.VW(119), .R(R), .OUT(OUT)) pack (
        .clk, .ce, .sp(sp16), .neg(neg16), .v(v16), .w(w16), .y
    );
endmodule

// +-v 2^w (v > 0) rounded to the nearest double, ties to even (past the largest: infinite),
// or the special value sp carries: the leading one's place, v shifted to put it at the top
// and 55 bits and a sticky bit kept, the exponent lead + w + 1023 (a stage); rounding and
// packing, then OUT registers. With SUB a result below the smallest normal is rounded as a
// subnormal (or zero): the significand 1 - e places right, what falls off kept as sticky;
// without it (expm1, sinh, cosh: their results are never subnormal) that logic is left out.
module hls_fp_pack64 #(
    parameter int VW = 119,
    parameter int R = 1,
    parameter int OUT = 1,
    parameter bit SUB = 1'b0
) (
    input  logic               clk,
    input  logic               ce,
    input  logic [64:0]        sp,   // {special, its value}
    input  logic               neg,
    input  logic [VW-1:0]      v,
    input  logic signed [15:0] w,
    output logic [63:0]        y
);
    localparam int SPW = 65;
    localparam int LW = $clog2(VW);
    // The leading one's place, v shifted to put it at the top, the exponent.
    logic [LW-1:0] lead;
    always_comb begin
        lead = '0;
        for (int i = 0; i < VW; i++) if (v[i]) lead = LW'(i);
    end
    /* verilator lint_off UNUSEDSIGNAL */
    logic [VW-1:0] nv;  // (its top bit is the hidden one)
    /* verilator lint_on UNUSEDSIGNAL */
    assign nv = v << (LW'(VW - 1) - lead);
    logic [SPW-1:0] sp_r;
    logic neg_r;
    logic signed [15:0] e_r;
    logic [54:0] f_r;
    hls_delay #(.W(SPW + 1 + 16 + 55), .N(R)) st (
        .clk, .ce,
        .d({sp, neg, 16'(lead) + w + 16'sd1023, nv[VW-2:VW-55], nv[VW-56:0] != '0}),
        .q({sp_r, neg_r, e_r, f_r})
    );
    // Rounding and packing.
    logic [63:0] res;
    logic [54:0] fs;  // a subnormal's {fraction, guard, round, sticky} (shifted: no hidden bit)
    logic [5:0] dsh;
    assign dsh = 6'(16'sd1 - e_r);
    always_comb begin
        if (16'sd1 - e_r >= 16'sd56) fs = 55'd1;  // (only the sticky bit: the hidden one)
        else fs = 55'(({1'b1, f_r} >> dsh) | 56'(56'({1'b1, f_r} << (6'd56 - dsh)) != '0));
    end
    assign res = sp_r[SPW-1] ? sp_r[63:0]
               : (e_r >= 16'sd2047) ? {neg_r, 63'h7FF0_0000_0000_0000}
               : (SUB && e_r <= 16'sd0) ? {neg_r, 63'(fs[54:3]) + 63'(fs[2] && (fs[3] || fs[1] || fs[0]))}
               : {neg_r, {e_r[10:0], f_r[54:3]} + 63'(f_r[2] && (f_r[3] || f_r[1] || f_r[0]))};
    hls_delay #(.W(64), .N(OUT)) out (.clk, .ce, .d(res), .q(y));
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
    logic [SPW-1:0] sp14;
    logic signed [14:0] k14;
    logic [63:0] tab14;
    logic [51:0] tp14;
    hls_fp_exp64_r #(.R(R)) body (
        .clk, .ce, .sp, .t, .sp_o(sp14), .k(k14), .tab(tab14), .tp(tp14)
    );
    // Stages 15-17: r = T (1 + p), 2^k, rounding (hls_fp_exp_tail, in hls_fp_exp.sv).
    hls_fp_exp_tail #(.EW(11), .MW(52), .KW(15), .TPW(52), .R(R), .OUT(OUT))
        tail (.clk, .ce, .sp(sp14), .k(k14), .tab(tab14), .tp(tp14), .y);
endmodule

// Stages 5-14 of the double exponential: from t, k = floor(t), T = 2^(t's first 12
// fraction bits) at 2^63 and T p (p = e^u - 1 for the rest, u), all after 10 stages.
module hls_fp_exp64_r #(
    parameter int R = 1
) (
    input  logic               clk,
    input  logic               ce,
    input  logic [64:0]        sp,  // {special, its value}
    input  logic signed [78:0] t,
    output logic [64:0]        sp_o,
    output logic signed [14:0] k,
    output logic [63:0]        tab,
    output logic [51:0]        tp
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
    logic [102:0] tpw;  // (the product keeps its top bits only)
    /* verilator lint_on UNUSEDSIGNAL */
    assign tpw = 103'(tp0) + (103'(tp1) << 17) + (103'(tp2) << 34);
    hls_delay #(.W(SPW + 15 + 64 + 52), .N(R)) st14 (
        .clk, .ce, .d({sp13, k13, tab13, tpw[102:51]}), .q({sp_o, k, tab, tp})
    );
endmodule
