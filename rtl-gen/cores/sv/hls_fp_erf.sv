// binary32 erf (KIND 0) and erfc (KIND 1) of a, within 0.68 ulp (OpenCL allows 16).
// rtl-gen/src/ferf.rs is the same computation in Rust, bit for bit, with the error
// analysis; the table and constants come from there (hls_fp_math_pkg). The double core's
// method (hls_fp_erf64.sv) at float widths, with T = log2 erfc |a| itself tabulated.
//
// Stages (R = 1; with LAT < STAGES the same logic is combinational, R = 0, followed by LAT
// registers; extra latency is a delay line at the output):
//   1      the specials; the interval j and u from |a|'s bits; the significand normalised
//   2-3    the table's four coefficients (read, registered again); beside them a^2, then
//          s = a^2 at 2^-34
//   4-9    T by Horner (a product a stage, its sum the next), beside it the series P(s)
//   10-18  2^T's fixed-point stages (hls_fp_exp_kr, from T at 2^-32); beside them the
//          series' a P (10-11), and for erfc 1 -+ it at 2^-58 (12-13)
//   19-21  erfc (a >= 0): 2^T rounded as the exponential rounds (hls_fp_exp_tail); the
//          others r (19), r 2^(k + 27) (20), 1 - it (erf) or 2 - it (erfc) at 2^-58 (21)
//   22-24  normalised, rounded (subnormal results too), packed (hls_fp_pack3)
module hls_fp_erf #(
    parameter int KIND = 0,
    parameter int LAT = 24
) (
    input  logic        clk,
    input  logic        ce,
    input  logic [31:0] a,
    output logic [31:0] y
);
    localparam bit ERFC = KIND == 1;
    localparam int STAGES = 24;
    localparam int R = (LAT >= STAGES) ? 1 : 0;
    localparam int OUT = LAT - R * STAGES;
    // ferf.rs's F and G; the fixed-point results' width.
    localparam int F = 34;
    localparam int G = 58;
    // Every fixed-point result has its leading one at bit 55 or above (the results are at
    // least 0.14 at 2^-58, and erf's product m P is at least 1.12 2^57): its top 31 bits
    // and a sticky bit for the rest, 32 bits at 2^(CUT - 1) of its scale, round the same
    // (the packing's 26 bits from the leading one reach down to bit 2 at most), with a
    // 32-bit normalising shift.
    localparam int VW = 32;
    localparam int CUT = 29;
    localparam int BW0 = hls_fp_math_pkg::ERF32_BW0;
    localparam int BW1 = hls_fp_math_pkg::ERF32_BW1;
    localparam int BW2 = hls_fp_math_pkg::ERF32_BW2;
    localparam int BW3 = hls_fp_math_pkg::ERF32_BW3;
    localparam int HW0 = hls_fp_math_pkg::ERF32_HW0;
    localparam int HW1 = hls_fp_math_pkg::ERF32_HW1;
    localparam int HW2 = hls_fp_math_pkg::ERF32_HW2;
    localparam logic [30:0] PINF = 31'h7F80_0000;
    localparam logic [30:0] SAT = 31'h4080_0000;        // 4
    localparam logic [30:0] ZERO_FROM = 31'h4180_0000;  // 16
    localparam logic [31:0] ONE = 32'h3F80_0000;

    // Stage 1: the special cases; j = (exponent - 124) 64 + six fraction bits, u = the
    // other 17 - 2^16 (table path, |a| in [2^-3, 16)); the significand normalised (series).
    logic [30:0] ax;
    logic neg;
    assign ax = a[30:0];
    assign neg = a[31];
    logic special;
    logic [31:0] sv;
    always_comb begin
        special = 1'b1;
        sv = 32'd0;
        if (ax > PINF) sv = 32'h7FC0_0000;
        else if (!ERFC && ax >= SAT) sv = {neg, ONE[30:0]};
        else if (ERFC && neg && ax >= SAT) sv = 32'h4000_0000;
        else if (ERFC && ax >= ZERO_FROM) sv = 32'd0;
        else if (ax == '0) sv = ERFC ? ONE : a;
        else special = 1'b0;
    end
    logic [8:0] j;
    assign j = {3'(ax[30:23] - 8'd124), ax[22:17]};
    logic signed [16:0] u;
    assign u = 17'($signed({1'b0, ax[16:0]}) - 18'sd65536);
    hls_fp_math_pkg::n24_t na;
    assign na = hls_fp_math_pkg::norm24(ax);
    logic [32:0] sp1;
    logic neg1, series1;
    logic [8:0] j1;
    logic signed [16:0] u1;
    logic [23:0] m1;
    logic signed [15:0] e1;
    hls_delay #(.W(33 + 2 + 9 + 17 + 24 + 16), .N(R)) st1 (
        .clk, .ce, .d({special, sv, neg, ax[30:23] < 8'd124, j, u, na.m, na.e}),
        .q({sp1, neg1, series1, j1, u1, m1, e1})
    );
    // Stages 2-3: the coefficients (a ROM mapped to block RAM is slow to its output without
    // its register: read, then registered again); beside them a^2 = m^2 2^(2e - 46), then
    // s = a^2 at 2^-F (e <= -4: a right shift of at least 20; s < 2^28).
    logic signed [BW0-1:0] b0_3;
    logic signed [BW1-1:0] b1_3;
    logic signed [BW2-1:0] b2_3;
    logic signed [BW3-1:0] b3_3;
    hls_delay #(.W(BW0 + BW1 + BW2 + BW3), .N(2 * R)) st3c (
        .clk, .ce,
        .d({hls_fp_math_pkg::erf32_b0(j1), hls_fp_math_pkg::erf32_b1(j1),
            hls_fp_math_pkg::erf32_b2(j1), hls_fp_math_pkg::erf32_b3(j1)}),
        .q({b0_3, b1_3, b2_3, b3_3})
    );
    // (m^2's slices' partial products registered, summed in stage 3 before the shift,
    // whose amount is worked out in stage 2: hls_fx_smul.)
    /* verilator lint_off UNUSEDSIGNAL */
    logic signed [49:0] mm2;  // (its two top bits: m^2 < 2^48)
    /* verilator lint_on UNUSEDSIGNAL */
    hls_fx_smul #(.AW(25), .BW(24), .R(R)) mul_mm (
        .clk, .ce, .a($signed({1'b0, m1})), .b(m1), .c(1'b0), .p(mm2)
    );
    logic [15:0] ssh1;
    assign ssh1 = 16'(16'sd12 - 16'sd2 * e1);
    logic [5:0] ssh2;
    logic far2;
    hls_delay #(.W(6 + 1), .N(R)) st2s (.clk, .ce, .d({ssh1[5:0], ssh1 >= 16'd64}), .q({ssh2, far2}));
    logic [27:0] s3;
    hls_delay #(.W(28), .N(R)) st3s (
        .clk, .ce, .d(far2 ? 28'd0 : 28'(48'(mm2) >> ssh2)), .q(s3)
    );
    logic [32:0] sp3;
    logic neg3, series3;
    logic signed [16:0] u3;
    logic [23:0] m3;
    logic signed [15:0] e3;
    hls_delay #(.W(33 + 2 + 17 + 24 + 16), .N(2 * R)) st3 (
        .clk, .ce, .d({sp1, neg1, series1, u1, m1, e1}), .q({sp3, neg3, series3, u3, m3, e3})
    );

    // Stages 4-9: T = ((b3 u + b2) u + b1) u + b0 at 2^-F, each product floored by 2^16.
    logic signed [BW3+16:0] p3;
    logic signed [BW2-1:0] b2_4;
    logic signed [BW1-1:0] b1_4;
    logic signed [BW0-1:0] b0_4;
    logic signed [16:0] u4;
    hls_delay #(.W(BW3 + 17 + BW2 + BW1 + BW0 + 17), .N(R)) st4 (
        .clk, .ce, .d({(BW3 + 17)'(b3_3) * (BW3 + 17)'(u3), b2_3, b1_3, b0_3, u3}),
        .q({p3, b2_4, b1_4, b0_4, u4})
    );
    logic signed [HW2-1:0] h2_5;
    logic signed [BW1-1:0] b1_5;
    logic signed [BW0-1:0] b0_5;
    logic signed [16:0] u5;
    hls_delay #(.W(HW2 + BW1 + BW0 + 17), .N(R)) st5 (
        .clk, .ce, .d({HW2'(b2_4) + HW2'(p3 >>> 16), b1_4, b0_4, u4}), .q({h2_5, b1_5, b0_5, u5})
    );
    // The last two steps as b 2^16 + h u, then >> 16 (the same floor): hls_fx_smul, the
    // slices' products of h registered with b 2^16, their sum the next stage's.
    localparam int P2W = ((BW1 + 16 > HW2 + 17) ? BW1 + 16 : HW2 + 17) + 1;
    localparam int P1W = ((BW0 + 16 > HW1 + 17) ? BW0 + 16 : HW1 + 17) + 1;
    /* verilator lint_off UNUSEDSIGNAL */
    logic signed [P2W-1:0] p2;  // (its 16 low bits fall below the floor)
    logic signed [P1W-1:0] p1;
    /* verilator lint_on UNUSEDSIGNAL */
    hls_fx_smul #(.AW(17), .BW(HW2), .BSIGNED(1'b1), .CW(BW1 + 16), .R(R)) mul_p2 (
        .clk, .ce, .a(u5), .b(h2_5), .c({b1_5, 16'd0}), .p(p2)
    );
    logic signed [BW0-1:0] b0_6;
    logic signed [16:0] u6;
    hls_delay #(.W(BW0 + 17), .N(R)) st6 (.clk, .ce, .d({b0_5, u5}), .q({b0_6, u6}));
    logic signed [HW1-1:0] h1_7;
    logic signed [BW0-1:0] b0_7;
    logic signed [16:0] u7;
    hls_delay #(.W(HW1 + BW0 + 17), .N(R)) st7 (
        .clk, .ce, .d({HW1'(p2 >>> 16), b0_6, u6}), .q({h1_7, b0_7, u7})
    );
    hls_fx_smul #(.AW(17), .BW(HW1), .BSIGNED(1'b1), .CW(BW0 + 16), .R(R)) mul_p1 (
        .clk, .ce, .a(u7), .b(h1_7), .c({b0_7, 16'd0}), .p(p1)
    );
    logic signed [HW0-1:0] t9;
    hls_delay #(.W(HW0), .N(R)) st9 (.clk, .ce, .d(HW0'(p1 >>> 16)), .q(t9));

    // Beside them (4-9), the series P = p0 + s (p1 + s (p2 + s p3)) at 2^-F, s trimmed
    // right by 12 and 6 in the first two products (ferf::series_trim).
    // (p2 + s p3 as p2 2^22 + s p3, then >> 22: p3's two slices' products registered with
    // p2 2^22, hls_fx_smul; p3 fits 30 bits.)
    /* verilator lint_off UNUSEDSIGNAL */
    logic signed [59:0] q3;  // (its 22 low bits fall below the floor)
    /* verilator lint_on UNUSEDSIGNAL */
    hls_fx_smul #(.AW(17), .BW(30), .BSIGNED(1'b1), .CW(37 + F - 12), .R(R)) mul_q3 (
        .clk, .ce, .a($signed({1'b0, s3[27:12]})), .b(30'(hls_fp_math_pkg::ERF32_P3)),
        .c({hls_fp_math_pkg::ERF32_P2, (F - 12)'(0)}), .p(q3)
    );
    logic [27:0] s4, s5, s6, s7;
    hls_delay #(.W(28), .N(R)) st4s (.clk, .ce, .d(s3), .q(s4));
    logic signed [33:0] hs2;
    hls_delay #(.W(34 + 28), .N(R)) st5q (
        .clk, .ce, .d({34'(q3 >>> (F - 12)), s4}), .q({hs2, s5})
    );
    // (q2 and q1: their slices' partial products registered, summed in the next stage
    // beside its addition; hls_fx_smul.)
    logic signed [56:0] q2;
    hls_fx_smul #(.AW(34), .BW(22), .R(R)) mul_q2 (
        .clk, .ce, .a(hs2), .b(s5[27:6]), .c(1'b0), .p(q2)
    );
    hls_delay #(.W(28), .N(R)) st6s (.clk, .ce, .d(s5), .q(s6));
    logic signed [35:0] hs1;
    hls_delay #(.W(36 + 28), .N(R)) st7q (
        .clk, .ce, .d({36'(hls_fp_math_pkg::ERF32_P1 + 37'(q2 >>> (F - 6))), s6}),
        .q({hs1, s7})
    );
    logic signed [64:0] q1;
    hls_fx_smul #(.AW(36), .BW(28), .R(R)) mul_q1 (.clk, .ce, .a(hs1), .b(s7), .c(1'b0), .p(q1));
    logic [35:0] pp9;  // (positive: P > 1.12)
    hls_delay #(.W(36), .N(R)) st9q (
        .clk, .ce, .d(36'(hls_fp_math_pkg::ERF32_P0 + 37'(q1 >>> F))), .q(pp9)
    );
    logic [32:0] sp9;
    logic neg9, series9;
    logic [23:0] m9;
    logic signed [15:0] e9;
    hls_delay #(.W(33 + 2 + 24 + 16), .N(6 * R)) st9s (
        .clk, .ce, .d({sp3, neg3, series3, m3, e3}), .q({sp9, neg9, series9, m9, e9})
    );
    // Stages 10-11: z = m P (erf a = z 2^(e - 23 - F); hls_fx_mul: the partial products,
    // then their sum); stage 12: for erfc, z 2^(e + 1) at 2^-G (e + 1 < 0); stage 13:
    // erf's value, or erfc's 1 -+ that, cut for the packing (a shift and an addition, a
    // stage each: the delay to stage 21 has room for both).
    logic [59:0] z11;
    hls_fx_mul #(.AW(36), .BW(24), .R(R)) mul_z (.clk, .ce, .a(pp9), .b(m9), .p(z11));
    // (The exponent's arithmetic is done beside the product's two stages.)
    logic [15:0] rsh9;
    assign rsh9 = 16'(-16'sd1 - e9);
    logic [5:0] rsh11;
    logic far11, neg11;
    logic signed [15:0] ws11;
    hls_delay #(.W(6 + 1 + 16 + 1), .N(2 * R)) st11 (
        .clk, .ce,
        .d({rsh9[5:0], rsh9 >= 16'd60, ERFC ? 16'(64 - G + CUT - 1) : e9 + 16'sd7 + 16'(CUT - 1),
            neg9}),  // (erf: e - 23 - F + 64)
        .q({rsh11, far11, ws11, neg11})
    );
    logic [59:0] w12;
    logic neg12;
    logic signed [15:0] ws12;
    hls_delay #(.W(60 + 1 + 16), .N(R)) st12 (
        .clk, .ce, .d({ERFC ? (far11 ? 60'd0 : z11 >> rsh11) : z11, neg11, ws11}),
        .q({w12, neg12, ws12})
    );
    logic [59:0] vse;
    assign vse = ERFC ? (neg12 ? (60'd1 << G) + w12 : (60'd1 << G) - w12) : w12;
    logic [VW-1:0] vs13;
    logic signed [15:0] ws13;
    hls_delay #(.W(VW + 16), .N(R)) st13 (
        .clk, .ce, .d({vse[59:CUT], vse[CUT-1:0] != '0, ws12}), .q({vs13, ws13})
    );
    logic [VW-1:0] vs21;
    logic signed [15:0] ws21;
    hls_delay #(.W(VW + 16), .N(8 * R)) st21s (
        .clk, .ce, .d({vs13, ws13}), .q({vs21, ws21})
    );

    // Stages 10-18: 2^T = 2^k r / 2^31 (hls_fp_exp_kr) from t = -((-T) >> 2) at 2^-32; the
    // special value and the path ride along in its bundle and beside it.
    logic [32:0] sp18;
    logic signed [11:0] k18;
    logic [31:0] tab18;
    logic [25:0] tp18;
    /* verilator lint_off UNUSEDSIGNAL */
    logic [HW0-1:0] tneg;  // (-T < 2^43: its two low bits fall below the 2^-32 grid)
    /* verilator lint_on UNUSEDSIGNAL */
    assign tneg = HW0'(-t9);
    hls_fp_exp_kr #(.R(R)) kr (
        .clk, .ce, .sp(sp9), .neg(1'b1), .t(42'(tneg >> (F - 32))), .sp13(sp18), .k13(k18),
        .tab13(tab18), .tp13(tp18)
    );
    logic neg18, series18;
    hls_delay #(.W(2), .N(9 * R)) st18 (.clk, .ce, .d({neg9, series9}), .q({neg18, series18}));
    // Stages 19-21, erfc for a >= 0: 2^T rounded (hls_fp_exp_tail).
    logic [31:0] ey21;
    hls_fp_exp_tail #(.EW(8), .MW(23), .KW(12), .TPW(26), .R(R), .OUT(R)) tail (
        .clk, .ce, .sp(sp18), .k(k18), .tab(tab18), .tp(tp18), .y(ey21)
    );
    // Stages 19-21, the others: r = T (1 + p) held below 2^32; r 2^(k + 27) (k in [-26, -1]
    // for |a| < 4: 2^T at 2^-G); 1 - it or 2 - it.
    logic [32:0] rsum;
    assign rsum = 33'(tab18) + 33'(tp18);
    logic [31:0] r19;
    logic signed [11:0] k19;
    hls_delay #(.W(32 + 12), .N(R)) st19 (
        .clk, .ce, .d({rsum[32] ? 32'hFFFF_FFFF : rsum[31:0], k18}), .q({r19, k19})
    );
    logic [58:0] low20;
    hls_delay #(.W(59), .N(R)) st20 (
        .clk, .ce, .d(59'(r19) << 6'(k19 + 12'sd27)), .q(low20)
    );
    logic [59:CUT] vte;  // (the low bits: low's, whose OR is the sticky bit)
    assign vte = 31'(((ERFC ? 60'd2 << G : 60'd1 << G) - 60'(low20)) >> CUT);
    logic [VW-1:0] vt21;
    hls_delay #(.W(VW), .N(R)) st21 (
        .clk, .ce, .d({vte[59:CUT], low20[CUT-1:0] != '0}), .q(vt21)
    );
    logic [32:0] sp21;
    logic neg21, series21;
    hls_delay #(.W(33 + 2), .N(3 * R)) st21p (
        .clk, .ce, .d({sp18, neg18, series18}), .q({sp21, neg21, series21})
    );
    // Stages 22-24: erfc's 2^T (with any special value) through as the special value, or
    // the fixed-point result normalised, rounded and packed.
    logic use_exp;
    assign use_exp = ERFC && !neg21 && !series21;
    logic [31:0] y24;
    hls_fp_pack3 #(.VW(VW), .R(R)) pack (
        .clk, .ce, .sp(use_exp ? {1'b1, ey21} : sp21), .neg(!ERFC && neg21),
        .v(series21 ? vs21 : vt21), .w(series21 ? ws21 : 16'(64 - G + CUT - 1)), .y(y24)
    );
    hls_delay #(.W(32), .N(OUT)) out (.clk, .ce, .d(y24), .q(y));
endmodule
