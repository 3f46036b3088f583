// The double sine, cosine and tangent: several modules in one file.
/* verilator lint_off DECLFILENAME */
// binary64 sine (KIND 0: y) or cosine (KIND 1: y) or both (KIND 2: y and y2, one
// reduction), within 0.51 ulp, staged: Payne-Hanek
// reduction with a ROM of 2/pi, a table of sin and cos at i/128 and two short polynomials
// in b^2. rtl-gen/src/fsin64.rs is the same computation in Rust, bit for bit, with the
// error analysis; the ROM, tables and constants come from there (hls_fp_math_pkg).
//
// Stages: specials (NaN and infinities: NaN; below 2^-27 x or 1) and the ROM address; the
// ROM word (256 bits of 2/pi); the 183-bit window; x's significand times it as four partial
// products (modulo 2^183); their sum, v = x 2/pi mod 4 on a 2^-128 grid; the quadrant and
// r' = v - round(v) as sign and magnitude; its leading one; r' normalised to 64 bits; times
// pi/2 (partial products); their sum, r normalised; |r| on a 2^-72 grid, a = i/128 the
// nearest and b = |r| - a; b normalised (b = r when a = 0) beside sin a and cos a from the
// table; u = b^2 (three products of halves, their sum, onto the 2^-72 grid); s' and c' by
// Horner (three products, each as narrow as its error allows, then its sum and coefficient:
// two stages apiece); sin b = b (1 - s') (partial products, then b minus their sum); the
// quadrant's choice and sign, sin b on the grid; x1 c' and x2 sin b (partial products), x1 -
// x1 c' +- x2 sin b; the leading one, the normalised significand; rounding and packing.
// With LAT >= STAGES a register ends every stage (extra latency is a delay line at the
// output); with LAT < STAGES the same logic is combinational, followed by LAT registers.
module hls_fp_trig64 #(
    parameter int KIND = 0,
    parameter int LAT = 40
) (
    input  logic        clk,
    input  logic        ce,
    input  logic [63:0] a,
    output logic [63:0] y,
    output logic [63:0] y2  // KIND 2: the cosine (else 0)
);
    localparam int STAGES = 28;
    localparam int R = (LAT >= STAGES) ? 1 : 0;  // registers per stage boundary
    localparam int SPW = 65;                      // {special, its value}
    localparam logic [63:0] PI_2 = hls_fp_math_pkg::SIN64_PI_2;
    // Horner's coefficients: 1/6 (2^-56), 1/120 and 1/5040 (2^-40), 1/2 (2^-60), 1/24 and
    // 1/720 (2^-44).
    localparam logic [63:0] S1 = hls_fp_math_pkg::SIN64_S1;
    localparam logic [63:0] S2 = hls_fp_math_pkg::SIN64_S2;
    localparam logic [63:0] S3 = hls_fp_math_pkg::SIN64_S3;
    localparam logic [63:0] C1 = hls_fp_math_pkg::SIN64_C1;
    localparam logic [63:0] C2 = hls_fp_math_pkg::SIN64_C2;
    localparam logic [63:0] C3 = hls_fp_math_pkg::SIN64_C3;

    // Stage 1: special values; the ROM address of 2/pi's window, p0 = 2174 - ex (a word
    // of 64 bits, then a shift below 64).
    logic [10:0] ex;
    logic special;
    logic [63:0] special_val;
    logic [10:0] p0;
    assign ex = a[62:52];
    assign p0 = 11'(12'd2174 - {1'b0, ex});
    always_comb begin
        special = 1'b1;
        if (ex == 11'h7FF) special_val = 64'h7FF8_0000_0000_0000;
        else if (ex < 11'd996) special_val = (KIND == 1) ? 64'h3FF0_0000_0000_0000 : a;
        else begin
            special = 1'b0;
            special_val = 64'd0;
        end
    end
    logic [SPW-1:0] sp1;
    logic xs1;
    logic [52:0] m1;
    logic [4:0] k1;
    logic [5:0] bsh1;
    hls_delay #(.W(SPW + 1 + 53 + 5 + 6), .N(R)) st1 (
        .clk, .ce, .d({special, special_val, a[63], 1'b1, a[51:0], p0[10:6], p0[5:0]}),
        .q({sp1, xs1, m1, k1, bsh1})
    );
    // Stage 2: the ROM word.
    logic [SPW-1:0] sp2;
    logic xs2;
    logic [52:0] m2;
    logic [5:0] bsh2;
    logic [255:0] word2;
    hls_delay #(.W(SPW + 1 + 53 + 6 + 256), .N(R)) st2 (
        .clk, .ce, .d({sp1, xs1, m1, bsh1, hls_fp_math_pkg::sin64_two_over_pi(k1)}),
        .q({sp2, xs2, m2, bsh2, word2})
    );
    // Stage 3: the window (183 bits).
    /* verilator lint_off UNUSEDSIGNAL */
    logic [255:0] win;  // (183 bits kept)
    /* verilator lint_on UNUSEDSIGNAL */
    assign win = word2 >> bsh2;
    logic [SPW-1:0] sp3;
    logic xs3;
    logic [52:0] m3;
    logic [182:0] w3;
    hls_delay #(.W(SPW + 1 + 53 + 183), .N(R)) st3 (
        .clk, .ce, .d({sp2, xs2, m2, win[182:0]}), .q({sp3, xs3, m3, w3})
    );
    // Stage 4: M W modulo 2^183 as four partial products (M in slices of 17 bits, each
    // product only as wide as what its place keeps).
    logic [SPW-1:0] sp4;
    logic xs4;
    logic [182:0] pw0;
    logic [165:0] pw1;
    logic [148:0] pw2;
    logic [131:0] pw3;
    hls_delay #(.W(SPW + 1 + 183 + 166 + 149 + 132), .N(R)) st4 (
        .clk, .ce,
        .d({sp3, xs3, 183'(w3) * 183'(m3[16:0]), 166'(w3) * 166'(m3[33:17]),
            149'(w3) * 149'(m3[50:34]), 132'(w3) * 132'(m3[52:51])}),
        .q({sp4, xs4, pw0, pw1, pw2, pw3})
    );
    // Stage 5: their sum; v = x 2/pi mod 4 on a 2^-128 grid (130 bits).
    /* verilator lint_off UNUSEDSIGNAL */
    logic [182:0] mw;  // (v is its bits from 53 up)
    /* verilator lint_on UNUSEDSIGNAL */
    assign mw = pw0 + {pw1, 17'd0} + {pw2, 34'd0} + {pw3, 51'd0};
    logic [SPW-1:0] sp5;
    logic xs5;
    logic [129:0] v5;
    hls_delay #(.W(SPW + 1 + 130), .N(R)) st5 (
        .clk, .ce, .d({sp4, xs4, mw[182:53]}), .q({sp5, xs5, v5})
    );
    // Stage 6: the quadrant q = round(v) mod 4; r' = v - round(v) as sign and magnitude.
    logic [129:0] vr;
    logic signed [128:0] rp;
    assign vr = v5 + (130'd1 << 127);
    assign rp = $signed({1'b0, vr[127:0]}) - $signed({2'b01, 127'd0});
    logic [SPW-1:0] sp6;
    logic xs6, negr6;
    logic [1:0] q6;
    logic [127:0] mr6;
    hls_delay #(.W(SPW + 1 + 1 + 2 + 128), .N(R)) st6 (
        .clk, .ce, .d({sp5, xs5, rp[128], vr[129:128], 128'(rp[128] ? -rp : rp)}),
        .q({sp6, xs6, negr6, q6, mr6})
    );
    // Stage 7: the leading one of |r'| (66 to 127 for every double).
    logic [6:0] lead_r;
    assign lead_r = (mr6[127:64] != '0) ? {1'b1, hls_fp_pkg::lead64(mr6[127:64])}
                                         : {1'b0, hls_fp_pkg::lead64(mr6[63:0])};
    logic [SPW-1:0] sp7;
    logic xs7, negr7;
    logic [1:0] q7;
    logic [127:0] mr7;
    logic [6:0] lead7;
    hls_delay #(.W(SPW + 1 + 1 + 2 + 128 + 7), .N(R)) st7 (
        .clk, .ce, .d({sp6, xs6, negr6, q6, mr6, lead_r}), .q({sp7, xs7, negr7, q7, mr7, lead7})
    );
    // Stage 8: |r'| normalised to 64 bits (truncated).
    /* verilator lint_off UNUSEDSIGNAL */
    logic [127:0] rnorm;  // (64 bits kept)
    /* verilator lint_on UNUSEDSIGNAL */
    assign rnorm = mr7 >> (lead7 - 7'd63);
    logic [SPW-1:0] sp8;
    logic xs8, negr8;
    logic [1:0] q8;
    logic [63:0] rm8;
    logic [6:0] lead8;
    hls_delay #(.W(SPW + 1 + 1 + 2 + 64 + 7), .N(R)) st8 (
        .clk, .ce, .d({sp7, xs7, negr7, q7, rnorm[63:0], lead7}), .q({sp8, xs8, negr8, q8, rm8, lead8})
    );
    // Stage 9: r' pi/2 as four partial products (pi/2 in slices of 17 bits).
    logic [SPW-1:0] sp9;
    logic xs9, negr9;
    logic [1:0] q9;
    logic [6:0] lead9;
    logic [80:0] pr0, pr1, pr2;
    logic [76:0] pr3;
    hls_delay #(.W(SPW + 1 + 1 + 2 + 7 + 3 * 81 + 77), .N(R)) st9 (
        .clk, .ce,
        .d({sp8, xs8, negr8, q8, lead8, 81'(rm8) * 81'(PI_2[16:0]), 81'(rm8) * 81'(PI_2[33:17]),
            81'(rm8) * 81'(PI_2[50:34]), 77'(rm8) * 77'(PI_2[63:51])}),
        .q({sp9, xs9, negr9, q9, lead9, pr0, pr1, pr2, pr3})
    );
    // Stage 10: their sum; r = r_m 2^er with r_m's leading one at bit 63.
    /* verilator lint_off UNUSEDSIGNAL */
    logic [127:0] rpi;  // (its top 64 bits kept)
    /* verilator lint_on UNUSEDSIGNAL */
    assign rpi = 128'(pr0) + (128'(pr1) << 17) + (128'(pr2) << 34) + (128'(pr3) << 51);
    logic [SPW-1:0] sp10;
    logic xs10, negr10;
    logic [1:0] q10;
    logic [63:0] rm10;
    logic signed [10:0] er10;
    hls_delay #(.W(SPW + 1 + 1 + 2 + 64 + 11), .N(R)) st10 (
        .clk, .ce,
        .d({sp9, xs9, negr9, q9, rpi[127] ? rpi[127:64] : rpi[126:63],
            $signed({4'd0, lead9}) - (rpi[127] ? 11'sd190 : 11'sd191)}),
        .q({sp10, xs10, negr10, q10, rm10, er10})
    );
    // Stage 11: |r| on a 2^-72 grid (shifted right by -(er + 64)); i = the nearest
    // multiple of 1/128; b = |r| - i/128 (signed, |b| <= 2^64 of the grid).
    logic [10:0] sh11;
    logic [71:0] r_fx;
    logic [7:0] i_r;
    assign sh11 = 11'(-(er10 + 11'sd64));
    assign r_fx = (sh11 >= 11'd72) ? 72'd0 : 72'({rm10, 8'd0} >> sh11[6:0]);
    /* verilator lint_off UNUSEDSIGNAL */
    logic [72:0] r_up;  // (i from its bits 65 up)
    /* verilator lint_on UNUSEDSIGNAL */
    assign r_up = 73'(r_fx) + (73'd1 << 64);
    assign i_r = 8'(r_up >> 65);
    logic [SPW-1:0] sp11;
    logic xs11, negr11;
    logic [1:0] q11;
    logic [63:0] rm11;
    logic signed [10:0] er11;
    logic [6:0] i11;
    logic signed [72:0] bfx11;
    hls_delay #(.W(SPW + 1 + 1 + 2 + 64 + 11 + 7 + 73), .N(R)) st11 (
        .clk, .ce,
        .d({sp10, xs10, negr10, q10, rm10, er10, i_r[6:0],
            $signed({1'b0, r_fx}) - $signed({1'b0, 72'(i_r) << 65})}),
        .q({sp11, xs11, negr11, q11, rm11, er11, i11, bfx11})
    );
    // Stage 12: b normalised to 64 bits (b = r itself when i = 0; b = 0: significand 0);
    // sin(i/128) and cos(i/128).
    logic [64:0] mb;
    logic [6:0] lb;
    logic [63:0] bm;
    logic signed [10:0] eb;
    logic negb;
    assign mb = 65'(bfx11[72] ? -bfx11 : bfx11);
    assign lb = mb[64] ? 7'd64 : {1'b0, hls_fp_pkg::lead64(mb[63:0])};
    always_comb begin
        if (i11 == '0) begin
            negb = 1'b0;
            bm = rm11;
            eb = er11;
        end else if (mb == '0) begin
            negb = 1'b0;
            bm = '0;
            eb = -11'sd200;
        end else begin
            negb = bfx11[72];
            bm = mb[64] ? mb[64:1] : 64'(mb[63:0] << (7'd63 - lb));
            eb = $signed({4'd0, lb}) - 11'sd135;
        end
    end
    logic [SPW-1:0] sp12;
    logic xs12, negr12, negb12;
    logic [1:0] q12;
    logic [6:0] i12;
    logic [63:0] bm12;
    logic signed [10:0] eb12;
    logic [72:0] sa12, ca12;
    hls_delay #(.W(SPW + 3 + 2 + 7 + 64 + 11 + 2 * 73), .N(R)) st12 (
        .clk, .ce,
        .d({sp11, xs11, negr11, negb, q11, i11, bm, eb, hls_fp_math_pkg::sin64_sin_a(i11),
            hls_fp_math_pkg::sin64_cos_a(i11)}),
        .q({sp12, xs12, negr12, negb12, q12, i12, bm12, eb12, sa12, ca12})
    );
    // For each output, the quadrant's choice (sin|r| or cos|r|) and the result's sign: the
    // sine's (q 0: sin r, 1: cos r, 2: -sin r, 3: -cos r; odd in x) and the cosine's (q 0:
    // cos r, 1: -sin r, 2: -cos r, 3: sin r). They travel with b, i and the table entries.
    logic want_s, neg_s, want_c, neg_c;
    assign want_s = !q12[0];
    assign neg_s = ((q12[1]) != (want_s && negr12)) != xs12;
    assign want_c = q12[0];
    assign neg_c = (q12 == 2'd1 || q12 == 2'd2) != (want_c && negr12);
    localparam int CW = SPW + 5 + 7 + 64 + 11 + 2 * 73;  // what rides along from stage 13
    logic [CW-1:0] carry12;
    assign carry12 = {sp12, (KIND == 1) ? want_c : want_s, (KIND == 1) ? neg_c : neg_s,
                      want_c, neg_c, negb12, i12, bm12, eb12, sa12, ca12};
    // Stage 13: b^2 from b's top 58 bits as three products of 29-bit halves.
    logic [28:0] bhi, blo;
    assign bhi = bm12[63:35];
    assign blo = bm12[34:6];
    logic [CW-1:0] carry13;
    logic [57:0] hh, hl, ll;
    hls_delay #(.W(CW + 3 * 58), .N(R)) st13 (
        .clk, .ce, .d({carry12, 58'(bhi) * 58'(bhi), 58'(bhi) * 58'(blo), 58'(blo) * 58'(blo)}),
        .q({carry13, hh, hl, ll})
    );
    // Stage 14: b^2 (116 bits: b^2 = it 2^(2 eb + 12)).
    logic [CW-1:0] carry14;
    logic [115:0] b2_14;
    hls_delay #(.W(CW + 116), .N(R)) st14 (
        .clk, .ce, .d({carry13, (116'(hh) << 58) + (116'(hl) << 30) + 116'(ll)}),
        .q({carry14, b2_14})
    );
    // Stage 15: u = b^2 on the 2^-72 grid (shifted right by -2 eb - 84, at least 60).
    logic signed [10:0] eb14;
    logic [11:0] ush;
    assign eb14 = carry14[2 * 73 + 10 -: 11];
    assign ush = 12'(-(12'(eb14) <<< 1) - 12'sd84);
    logic [CW-1:0] carry15;
    logic [56:0] u15;
    hls_delay #(.W(CW + 57), .N(R)) st15 (
        .clk, .ce, .d({carry14, (ush >= 12'd116) ? 57'd0 : 57'(b2_14 >> ush[6:0])}),
        .q({carry15, u15})
    );
    // Stage 16: the innermost Horner steps, 1/120 - u/5040 (2^-40) and 1/24 - u/720
    // (2^-44).
    /* verilator lint_off UNUSEDSIGNAL */
    logic [40:0] us3;  // (kept from 2^-40 up)
    logic [55:0] uc3;  // (kept from 2^-44 up)
    /* verilator lint_on UNUSEDSIGNAL */
    assign us3 = 41'(u15[56:44]) * 41'(S3);
    assign uc3 = 56'(u15[56:36]) * 56'(C3);
    logic [CW-1:0] carry16;
    logic [56:0] u16;
    logic [33:0] sin16;
    logic [39:0] cin16;
    hls_delay #(.W(CW + 57 + 34 + 40), .N(R)) st16 (
        .clk, .ce, .d({carry15, u15, 34'(S2) - 34'(us3 >> 28), 40'(C2) - 40'(uc3 >> 36)}),
        .q({carry16, u16, sin16, cin16})
    );
    // Stage 17: u (that) as partial products (u at 2^-49 and 2^-56; that in slices).
    logic [CW-1:0] carry17;
    logic [56:0] u17;
    logic [50:0] sm0, sm1;
    logic [57:0] cm0, cm1;
    logic [46:0] cm2;
    hls_delay #(.W(CW + 57 + 2 * 51 + 2 * 58 + 47), .N(R)) st17 (
        .clk, .ce,
        .d({carry16, u16, 51'(u16[56:23]) * 51'(sin16[16:0]), 51'(u16[56:23]) * 51'(sin16[33:17]),
            58'(u16[56:16]) * 58'(cin16[16:0]), 58'(u16[56:16]) * 58'(cin16[33:17]),
            47'(u16[56:16]) * 47'(cin16[39:34])}),
        .q({carry17, u17, sm0, sm1, cm0, cm1, cm2})
    );
    // Stage 18: 1/6 - u (1/120 - u/5040) (2^-56) and 1/2 - u (1/24 - u/720) (2^-60).
    /* verilator lint_off UNUSEDSIGNAL */
    logic [67:0] us2;  // (kept from 2^-56 up)
    logic [80:0] uc2;  // (kept from 2^-60 up)
    /* verilator lint_on UNUSEDSIGNAL */
    assign us2 = 68'(sm0) + (68'(sm1) << 17);
    assign uc2 = 81'(cm0) + (81'(cm1) << 17) + (81'(cm2) << 34);
    logic [CW-1:0] carry18;
    logic [56:0] u18;
    logic [53:0] smid18;
    logic [59:0] cmid18;
    hls_delay #(.W(CW + 57 + 54 + 60), .N(R)) st18 (
        .clk, .ce, .d({carry17, u17, 54'(S1) - 54'(us2 >> 33), 60'(C1) - 60'(uc2 >> 40)}),
        .q({carry18, u18, smid18, cmid18})
    );
    // Stage 19: s' = u (that) and c' likewise, as four partial products each (u at 2^-64
    // and 2^-72).
    logic [CW-1:0] carry19;
    logic [65:0] su0, su1, su2;
    logic [51:0] su3;
    logic [73:0] cu0, cu1, cu2;
    logic [65:0] cu3;
    hls_delay #(.W(CW + 3 * 66 + 52 + 3 * 74 + 66), .N(R)) st19 (
        .clk, .ce,
        .d({carry18, 66'(u18[56:8]) * 66'(smid18[16:0]), 66'(u18[56:8]) * 66'(smid18[33:17]),
            66'(u18[56:8]) * 66'(smid18[50:34]), 52'(u18[56:8]) * 52'(smid18[53:51]),
            74'(u18) * 74'(cmid18[16:0]), 74'(u18) * 74'(cmid18[33:17]),
            74'(u18) * 74'(cmid18[50:34]), 66'(u18) * 66'(cmid18[59:51])}),
        .q({carry19, su0, su1, su2, su3, cu0, cu1, cu2, cu3})
    );
    // Stage 20: s' (2^-68) and c' (2^-72).
    /* verilator lint_off UNUSEDSIGNAL */
    logic [102:0] us1;  // (kept from 2^-68 up)
    logic [116:0] uc1;  // (kept from 2^-72 up)
    /* verilator lint_on UNUSEDSIGNAL */
    assign us1 = 103'(su0) + (103'(su1) << 17) + (103'(su2) << 34) + (103'(su3) << 51);
    assign uc1 = 117'(cu0) + (117'(cu1) << 17) + (117'(cu2) << 34) + (117'(cu3) << 51);
    logic [CW-1:0] carry20;
    logic [51:0] s20;
    logic [56:0] c20;
    hls_delay #(.W(CW + 52 + 57), .N(R)) st20 (
        .clk, .ce, .d({carry19, 52'(us1 >> 52), 57'(uc1 >> 60)}), .q({carry20, s20, c20})
    );
    // Stage 21: (b's top 47 bits) s' as three partial products.
    logic [46:0] bm20;  // (b's top 47 bits)
    assign bm20 = carry20[11 + 2 * 73 + 17 +: 47];
    logic [CW-1:0] carry21;
    logic [56:0] c21;
    logic [63:0] sb0, sb1;
    logic [64:0] sb2;
    hls_delay #(.W(CW + 57 + 2 * 64 + 65), .N(R)) st21 (
        .clk, .ce,
        .d({carry20, c20, 64'(bm20) * 64'(s20[16:0]), 64'(bm20) * 64'(s20[33:17]),
            65'(bm20) * 65'(s20[51:34])}),
        .q({carry21, c21, sb0, sb1, sb2})
    );
    // Stage 22: sin b = b (1 - s') = b 2^68 - that 2^17 (132 bits: sin b = it 2^(eb - 68)).
    logic [63:0] bm21;
    assign bm21 = carry21[11 + 2 * 73 +: 64];
    logic [CW-1:0] carry22;
    logic [56:0] c22;
    logic [131:0] sbf22;
    hls_delay #(.W(CW + 57 + 132), .N(R)) st22 (
        .clk, .ce,
        .d({carry21, c21, (132'(bm21) << 68)
                          - ((132'(sb0) + (132'(sb1) << 17) + (132'(sb2) << 34)) << 17)}),
        .q({carry22, c22, sbf22})
    );
    // Stages 23-28: the value the quadrant asks for, rounded (hls_fp_sin64_tail); for
    // KIND 2 the cosine beside the sine (its special value: NaN, or 1 for a tiny x).
    logic [SPW-1:0] sp22;
    logic want22, neg22, negb22;
    /* verilator lint_off UNUSEDSIGNAL */
    logic wantc22, negc22;  // (KIND 2's cosine)
    /* verilator lint_on UNUSEDSIGNAL */
    logic [6:0] i22;
    logic [63:0] bm22;
    logic signed [10:0] eb22;
    logic [72:0] sa22, ca22;
    assign {sp22, want22, neg22, wantc22, negc22, negb22, i22, bm22, eb22, sa22, ca22} = carry22;
    hls_fp_sin64_tail #(.R(R), .OUT(LAT - R * (STAGES - 1))) tail_y (
        .clk, .ce, .sp(sp22), .want(want22), .neg(neg22), .negb(negb22), .i(i22),
        .bzero(bm22 == '0), .eb(eb22), .sa(sa22), .ca(ca22), .cp(c22), .sbf(sbf22), .y
    );
    if (KIND == 2) begin : g_cos
        hls_fp_sin64_tail #(.R(R), .OUT(LAT - R * (STAGES - 1))) tail_y2 (
            .clk, .ce,
            .sp({sp22[64], (sp22[63:0] == 64'h7FF8_0000_0000_0000) ? 64'h7FF8_0000_0000_0000
                                                                   : 64'h3FF0_0000_0000_0000}),
            .want(wantc22), .neg(negc22), .negb(negb22), .i(i22), .bzero(bm22 == '0),
            .eb(eb22), .sa(sa22), .ca(ca22), .cp(c22), .sbf(sbf22), .y(y2)
        );
    end else begin : g_one
        assign y2 = 64'd0;
    end
endmodule

// The last six stages of the double sine and cosine (hls_fp_trig64): from sin b (`sbf`,
// 132 bits: sin b = it 2^(eb - 68)), c' (cos b = 1 - c', 2^-72) and the table entries, the
// value the quadrant asks for (`want`: sin|r| = sin a cos b + cos a sin b, else cos|r| = cos
// a cos b - sin a sin b; for i = 0 and sin|r|, sin b itself, normalised), with sign `neg`,
// rounded; or the special value `sp` carries. R: registers per stage boundary; then OUT
// registers.
module hls_fp_sin64_tail #(
    parameter int R = 1,
    parameter int OUT = 1
) (
    input  logic               clk,
    input  logic               ce,
    input  logic [64:0]        sp,
    input  logic               want,
    input  logic               neg,
    input  logic               negb,
    input  logic [6:0]         i,
    input  logic               bzero,
    input  logic signed [10:0] eb,
    input  logic [72:0]        sa,
    input  logic [72:0]        ca,
    input  logic [56:0]        cp,
    input  logic [131:0]       sbf,
    output logic [63:0]        y
);
    localparam int SPW = 65;
    // Stage 23: the small case's significand (sin b's top 64 bits, sticky below) and
    // exponent; otherwise sin b on the 2^-72 grid (shifted right by -eb - 4, signed) and the
    // products' operands.
    logic is_small;
    logic [63:0] kept_s;
    logic sticky_s;
    logic signed [10:0] e_s;
    logic [10:0] sbsh;
    /* verilator lint_off UNUSEDSIGNAL */
    logic [131:0] sbm;  // (sin b is at most 2^64 of the grid)
    /* verilator lint_on UNUSEDSIGNAL */
    assign is_small = i == '0 && want;
    assign kept_s = sbf[131] ? sbf[131:68] : sbf[130:67];
    assign sticky_s = sbf[131] ? sbf[67:0] != '0 : sbf[66:0] != '0;
    assign e_s = eb + (sbf[131] ? 11'sd63 : 11'sd62);
    assign sbsh = 11'(-eb - 11'sd4);
    assign sbm = (sbsh >= 11'd132) ? 132'd0 : sbf >> sbsh[7:0];
    logic [SPW-1:0] sp23;
    logic want23, neg23, small23, zero23, sticky23;
    logic [63:0] kept23;
    logic signed [10:0] e23;
    logic [72:0] x1_23;
    logic [64:0] x2_23;  // (its top 65 bits)
    logic [56:0] cp23;
    logic signed [66:0] sb23;
    /* verilator lint_off UNUSEDSIGNAL */
    logic [72:0] x2;  // (its top 65 bits used)
    /* verilator lint_on UNUSEDSIGNAL */
    assign x2 = want ? ca : sa;
    hls_delay #(.W(SPW + 5 + 64 + 11 + 73 + 65 + 57 + 67), .N(R)) st23 (
        .clk, .ce,
        .d({sp, want, neg, is_small, bzero, sticky_s, kept_s, e_s,
            want ? sa : ca, x2[72:8], cp,
            negb ? -$signed({1'b0, 66'(sbm)}) : $signed({1'b0, 66'(sbm)})}),
        .q({sp23, want23, neg23, small23, zero23, sticky23, kept23, e23, x1_23, x2_23, cp23, sb23})
    );
    // Stage 24: x1 c' (x1's top 57 bits, c' in slices of 17 bits) and x2 sin b (x2's top 65
    // bits, sin b in slices) as partial products.
    logic [SPW-1:0] sp24;
    logic want24, neg24, small24, zero24, sticky24;
    logic [63:0] kept24;
    logic signed [10:0] e24;
    logic [72:0] x1_24;
    logic [73:0] pc0, pc1, pc2;
    logic [62:0] pc3;
    logic signed [83:0] ps0, ps1, ps2;
    logic signed [81:0] ps3;
    hls_delay #(.W(SPW + 5 + 64 + 11 + 73 + 3 * 74 + 63 + 3 * 84 + 82), .N(R)) st24 (
        .clk, .ce,
        .d({sp23, want23, neg23, small23, zero23, sticky23, kept23, e23, x1_23,
            74'(x1_23[72:16]) * 74'(cp23[16:0]), 74'(x1_23[72:16]) * 74'(cp23[33:17]),
            74'(x1_23[72:16]) * 74'(cp23[50:34]), 63'(x1_23[72:16]) * 63'(cp23[56:51]),
            84'($signed({1'b0, x2_23})) * $signed({1'b0, sb23[16:0]}),
            84'($signed({1'b0, x2_23})) * $signed({1'b0, sb23[33:17]}),
            84'($signed({1'b0, x2_23})) * $signed({1'b0, sb23[50:34]}),
            82'($signed({1'b0, x2_23})) * 82'($signed(sb23[66:51]))}),
        .q({sp24, want24, neg24, small24, zero24, sticky24, kept24, e24, x1_24,
            pc0, pc1, pc2, pc3, ps0, ps1, ps2, ps3})
    );
    // Stage 25: x1 cos b = x1 - x1 c' (2^-72), x2 sin b (2^-72, floor), their sum or
    // difference.
    /* verilator lint_off UNUSEDSIGNAL */
    logic [113:0] p1;          // (kept from 2^-72 up)
    logic signed [132:0] p2;   // (kept from 2^-72 up)
    /* verilator lint_on UNUSEDSIGNAL */
    assign p1 = 114'(pc0) + (114'(pc1) << 17) + (114'(pc2) << 34) + (114'(pc3) << 51);
    assign p2 = 133'(ps0) + (133'(ps1) <<< 17) + (133'(ps2) <<< 34) + (133'(ps3) <<< 51);
    logic signed [74:0] q1, q2;
    assign q1 = $signed({2'b00, x1_24}) - $signed({17'd0, 58'(p1 >> 56)});
    assign q2 = 75'(p2 >>> 64);
    logic [SPW-1:0] sp25;
    logic neg25, small25, zero25, sticky25;
    logic [63:0] kept25;
    logic signed [10:0] e25;
    /* verilator lint_off UNUSEDSIGNAL */
    logic signed [74:0] val25;  // (positive)
    /* verilator lint_on UNUSEDSIGNAL */
    hls_delay #(.W(SPW + 4 + 64 + 11 + 75), .N(R)) st25 (
        .clk, .ce,
        .d({sp24, neg24, small24, zero24, sticky24, kept24, e24, want24 ? q1 + q2 : q1 - q2}),
        .q({sp25, neg25, small25, zero25, sticky25, kept25, e25, val25})
    );
    // Stage 26: the value's leading one (63 to 72).
    logic [6:0] lead_v;
    assign lead_v = (val25[73:64] != '0) ? 7'd64 + 7'(hls_fp_pkg::lead64({54'd0, val25[73:64]}))
                                         : 7'(hls_fp_pkg::lead64(val25[63:0]));
    logic [SPW-1:0] sp26;
    logic neg26, small26, zero26, sticky26;
    logic [63:0] kept26;
    logic signed [10:0] e26;
    logic [73:0] val26;
    logic [6:0] lead26;
    hls_delay #(.W(SPW + 4 + 64 + 11 + 74 + 7), .N(R)) st26 (
        .clk, .ce,
        .d({sp25, neg25, small25, zero25, sticky25, kept25, e25, val25[73:0], lead_v}),
        .q({sp26, neg26, small26, zero26, sticky26, kept26, e26, val26, lead26})
    );
    // Stage 27: the significand with its leading one at bit 63, sticky below, exponent;
    // the small case's instead when it applies (a zero sin b: a signed zero).
    logic [6:0] vsh;
    logic [63:0] f_l;
    logic sticky_l;
    assign vsh = lead26 - 7'd63;
    assign f_l = 64'(val26 >> vsh);
    assign sticky_l = (val26 & ~({74{1'b1}} << vsh)) != '0;
    logic [SPW-1:0] sp27;
    logic neg27, sticky27;
    /* verilator lint_off UNUSEDSIGNAL */
    logic [63:0] f27;  // (its leading one implied)
    /* verilator lint_on UNUSEDSIGNAL */
    logic signed [10:0] e27;
    hls_delay #(.W(SPW + 2 + 64 + 11), .N(R)) st27 (
        .clk, .ce,
        .d({sp26[64] || (small26 && zero26), sp26[64] ? sp26[63:0] : {neg26, 63'd0}, neg26,
            small26 ? sticky26 : sticky_l, small26 ? kept26 : f_l,
            small26 ? e26 : $signed({4'd0, lead26}) - 11'sd72}),
        .q({sp27, neg27, sticky27, f27, e27})
    );
    // Stage 28: round to nearest even and pack in one carry chain; then the rest of the
    // latency.
    logic up;
    assign up = f27[10] && (f27[9:0] != '0 || sticky27 || f27[11]);
    logic [63:0] res;
    assign res = sp27[64] ? sp27[63:0]
               : {neg27, {11'(e27 + 11'sd1023), f27[62:11]} + 63'(up)};
    hls_delay #(.W(64), .N(OUT)) out (.clk, .ce, .d(res), .q(y));
endmodule

// binary64 sine (KIND 0) or cosine (KIND 1): hls_fp_trig64 with one output.
module hls_fp_sin64 #(
    parameter int KIND = 0,
    parameter int LAT = 40
) (
    input  logic        clk,
    input  logic        ce,
    input  logic [63:0] a,
    output logic [63:0] y
);
    /* verilator lint_off UNUSEDSIGNAL */
    logic [63:0] none;  // (KIND 0 and 1 have one output)
    /* verilator lint_on UNUSEDSIGNAL */
    hls_fp_trig64 #(.KIND(KIND), .LAT(LAT)) trig (.clk, .ce, .a, .y, .y2(none));
endmodule

// binary64 tangent: sin x / cos x, both from one hls_fp_trig64 (each within 0.501 ulp),
// divided by the correctly rounded double divider: within 2.5 ulp (OpenCL allows 5). The
// trigonometric stages get 28 cycles of LAT (fewer when LAT is short: then half of it), the
// divider the rest.
module hls_fp_tan64 #(
    parameter int LAT = 85
) (
    input  logic        clk,
    input  logic        ce,
    input  logic [63:0] a,
    output logic [63:0] y
);
    localparam int LAT_TRIG = (LAT >= 30) ? 28 : LAT / 2;
    logic [63:0] s, c;
    hls_fp_trig64 #(.KIND(2), .LAT(LAT_TRIG)) trig (.clk, .ce, .a, .y(s), .y2(c));
    hls_fp_div #(.EW(11), .MW(52), .LAT(LAT - LAT_TRIG)) div (.clk, .ce, .a(s), .b(c), .y);
endmodule
