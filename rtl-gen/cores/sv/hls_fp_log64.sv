// Two modules in one file: the double logarithm and the stages before its rounding, which
// the double power functions share.
/* verilator lint_off DECLFILENAME */
// binary64 logarithm log_b a (KIND 0: b = 2, 1: e, 2: 10), within 0.51 ulp, staged: every
// wide product as partial products of 17-bit slices of one operand (a multiplier block
// each), summed in the next stage. rtl-gen/src/flog64.rs is the same computation in Rust,
// bit for bit, with the error analysis; the constants and tables come from there
// (hls_fp_math_pkg).
//
// Stages: specials and a subnormal's leading zeros; the significand normalised; m' in
// [0.75, 1.5) and the first table (r1, -log_b r1); z1 = m' r1 - 1, exact, beside e log_b 2
// as partial products; the second table (d2 = r2 - 1, -log_b r2); z1 r2 (partial
// products); z = z1 r2 - 1, exact; B = c/2 - z (c/3 - z (c/4 - z c/5)) by Horner (a
// product, then its sum and the coefficient, a stage each); w = z B and c z (partial
// products, their sums); z w (partial products, its sum); the sum e log_b 2 - log_b r1 -
// log_b r2 + c z - z w on a 2^-120 grid; sign and magnitude; its leading one; the
// normalising shift with the sticky bit; rounding and packing. With LAT >= STAGES a
// register ends every stage (extra latency is a delay line at the output); with LAT <
// STAGES the same logic is combinational, followed by LAT registers.
module hls_fp_log64 #(
    parameter int KIND = 1,
    parameter int LAT = 24
) (
    input  logic        clk,
    input  logic        ce,
    input  logic [63:0] a,
    output logic [63:0] y
);
    localparam bit L1P = KIND == 3;               // ln(1 + a)
    localparam int FRONT = L1P ? 3 : 0;           // stages forming 1 + a
    localparam int STAGES = 21 + FRONT;
    localparam int R = (LAT >= STAGES) ? 1 : 0;  // registers per stage boundary
    localparam int SPW = 66;                      // {small path, special, its value}

    // The logarithm's operand (for log1p: 1 + a rounded, FRONT stages on), the special
    // value, and log1p's correction.
    logic [SPW-1:0] pass;
    logic [10:0] lex;
    logic [51:0] lfrac;
    logic signed [71:0] corr;
    /* verilator lint_off UNUSEDSIGNAL */
    logic [63:0] small_y;  // (log1p's small path; unused otherwise)
    /* verilator lint_on UNUSEDSIGNAL */
    if (!L1P) begin : g_log
        // Stage 1: NaN, negative (the quiet NaN), zero (-inf), +inf.
        logic [10:0] ex;
        logic special;
        logic [63:0] special_val;
        assign ex = a[62:52];
        always_comb begin
            special = 1'b1;
            if (ex == 11'h7FF)
                special_val = (a[51:0] != '0 || a[63]) ? 64'h7FF8_0000_0000_0000
                            : 64'h7FF0_0000_0000_0000;
            else if (a[62:0] == '0) special_val = 64'hFFF0_0000_0000_0000;
            else if (a[63]) special_val = 64'h7FF8_0000_0000_0000;
            else begin
                special = 1'b0;
                special_val = 64'd0;
            end
        end
        assign pass = {1'b0, special, special_val};
        assign lex = ex;
        assign lfrac = a[51:0];
        assign corr = '0;
        assign small_y = '0;
    end else begin : g_log1p
        hls_fp_log1p64_front #(.R(R)) front (
            .clk, .ce, .a, .pass, .ex(lex), .frac(lfrac), .corr, .small_y
        );
    end
    // Stages 1-19 (after the front): the sum on a 2^-120 grid, its sign, magnitude and
    // leading one.
    logic [SPW-1:0] sp19;
    logic neg19, zero19;
    logic [130:0] mag19;
    logic [7:0] lead19;
    hls_fp_log64_sum #(.KIND(L1P ? 1 : KIND), .R(R), .PW(SPW)) sum (
        .clk, .ce, .pass, .ex(lex), .frac(lfrac), .corr,
        .pass_out(sp19), .neg(neg19), .mag(mag19), .lead(lead19), .zero(zero19)
    );
    // Stage 20: {significand without its hidden bit, guard, round, sticky}: shifted right by
    // lead - 55, what falls off as sticky; the biased exponent lead - 120 + 1023. A zero
    // sum (log 1 = +0) is a special result from here on.
    logic [6:0] sh;
    /* verilator lint_off UNUSEDSIGNAL */
    logic [130:0] kept;  // (56 bits: the hidden bit and 55 below it)
    /* verilator lint_on UNUSEDSIGNAL */
    assign sh = 7'(lead19 - 8'd55);
    assign kept = mag19 >> sh;
    logic small20;
    logic [64:0] sp20;
    logic neg20;
    logic [10:0] ef20;
    logic [54:0] f20;
    hls_delay #(.W(1 + 65 + 1 + 11 + 55), .N(R)) st20 (
        .clk, .ce,
        .d({sp19[65], sp19[64] || zero19, sp19[64] ? sp19[63:0] : 64'd0, neg19,
            11'(lead19) + 11'd903, {kept[54:1], kept[0] || (mag19 & ~({131{1'b1}} << sh)) != '0}}),
        .q({small20, sp20, neg20, ef20, f20})
    );
    // Stage 21: round to nearest even and pack in one carry chain (a carry out of the
    // fraction moves into the exponent), or log1p's small path; then the rest of the latency.
    logic [63:0] res;
    assign res = small20 ? small_y
               : sp20[64] ? sp20[63:0]
               : {neg20, {ef20, f20[54:3]} + 63'(f20[2] && (f20[1] || f20[0] || f20[3]))};
    hls_delay #(.W(64), .N(LAT - R * (STAGES - 1))) out (.clk, .ce, .d(res), .q(y));
endmodule

// log1p's front (rtl-gen/src/flog64.rs's `log1p` and `one_plus`), for hls_fp_log64 KIND 3:
// stage 1: the special values (NaN and a < -1: NaN; -1: -inf; +inf; |a| < 2^-54: a) and
// 1 + a exactly in 89 bits W (a >= 1: a's significand, the 1 added at its place or only a
// sticky bit; else the 1 at bit 87 and a's significand added or subtracted at its place);
// stage 2: W normalised (the leading one to bit 87: right by one, or left by up to 53);
// stage 3: rounded to the double u, and eps = (1 + a - u) / ulp(u) at 2^-32. u goes to the
// logarithm's stages; 8 stages later the correction c = eps 2^-52 / mu at 2^-120 joins
// them (1/mu = 2^-h r1 (1 - z1 + z1^2 - z1^3)). For |a| in [2^-54, 2^-13) the small path
// (hls_fp_poly64_small, FN 1) gives the result, ready when the logarithm's sum is.
module hls_fp_log1p64_front #(
    parameter int R = 1
) (
    input  logic               clk,
    input  logic               ce,
    input  logic [63:0]        a,
    output logic [65:0]        pass,   // {small path, special, its value}, after 3 stages
    output logic [10:0]        ex,     // u's fields, after 3 stages
    output logic [51:0]        frac,
    output logic signed [71:0] corr,   // after 11 stages
    output logic [63:0]        small_y // after 22 stages and then a register
);
    localparam logic [63:0] MINUS_ONE = 64'hBFF0_0000_0000_0000;
    // Stage 1.
    logic [10:0] xe;
    logic neg, special, use_poly;
    logic [63:0] special_val;
    assign xe = a[62:52];
    assign neg = a[63];
    always_comb begin
        special = 1'b1;
        if ((xe == 11'h7FF && a[51:0] != '0) || (neg && a[62:0] > MINUS_ONE[62:0]))
            special_val = 64'h7FF8_0000_0000_0000;
        else if (a == MINUS_ONE) special_val = 64'hFFF0_0000_0000_0000;
        else if (xe == 11'h7FF) special_val = 64'h7FF0_0000_0000_0000;
        else if (xe < 11'd969) special_val = a;
        else begin
            special = 1'b0;
            special_val = 64'd0;
        end
    end
    assign use_poly = !special && xe < 11'd1010;
    logic [52:0] m;
    assign m = {1'b1, a[51:0]};
    logic [88:0] w;
    logic signed [12:0] base;
    logic dust;
    always_comb begin
        if (xe >= 11'd1023) begin
            // The 1 at bit 1110 - xe (x's last place is bit 35).
            dust = xe > 11'd1110;
            w = (89'(m) << 35) + (dust ? 89'd0 : 89'(1) << 7'(11'd1110 - xe));
            base = 13'(xe) - 13'sd1023;
        end else begin
            dust = 1'b0;
            w = neg ? (89'(1) << 87) - (89'(m) << 6'(xe - 11'd988))
                    : (89'(1) << 87) + (89'(m) << 6'(xe - 11'd988));
            base = '0;
        end
    end
    logic [65:0] sp1;
    logic [88:0] w1;
    logic signed [12:0] base1;
    logic dust1, neg1;
    logic [10:0] xe1;
    logic [52:0] m1;
    hls_delay #(.W(66 + 89 + 13 + 1 + 1 + 11 + 53), .N(R)) st1 (
        .clk, .ce, .d({use_poly, special, special_val, w, base, dust, neg, xe, m}),
        .q({sp1, w1, base1, dust1, neg1, xe1, m1})
    );
    // Stage 2: the leading one to bit 87.
    logic [6:0] lead;
    always_comb begin
        lead = '0;
        for (int i = 0; i < 88; i++) if (w1[i]) lead = 7'(i);
    end
    logic [6:0] lz;
    assign lz = 7'd87 - lead;
    logic [65:0] sp2;
    logic [87:0] wn2;
    logic signed [12:0] eu2;
    logic dust2;
    hls_delay #(.W(66 + 88 + 13 + 1), .N(R)) st2 (
        .clk, .ce,
        .d({sp1, w1[88] ? w1[88:1] : 88'(w1 << lz),
            w1[88] ? base1 + 13'sd1 : base1 - $signed({6'd0, lz}), dust1 || (w1[88] && w1[0])}),
        .q({sp2, wn2, eu2, dust2})
    );
    // Stage 3: u (round to nearest even: a carry moves into the exponent), eps, mu.
    logic up;
    assign up = wn2[34] && (wn2[33:0] != '0 || dust2 || wn2[35]);
    logic signed [32:0] eps3;
    logic [39:0] mu3;
    logic [62:0] u3;
    hls_delay #(.W(66 + 63 + 33 + 40), .N(R)) st3 (
        .clk, .ce,
        .d({sp2, {11'(eu2 + 13'sd1023), wn2[86:35]} + 63'(up),
            $signed({1'b0, wn2[34:3]}) - (up ? 33'sh1_0000_0000 : 33'sd0), wn2[87:48]}),
        .q({pass, u3, eps3, mu3})
    );
    assign ex = u3[62:52];
    assign frac = u3[51:0];
    // Stages 4-10: the correction. m' = mu or mu / 2 (h), its reciprocal r1; z1 = m' r1 - 1
    // at 2^-30 and eps r1; z1^2; z1^3; P = 1 - z1 + z1^2 - z1^3; eps r1 P; shifted to 2^-120.
    logic h;
    logic [39:0] m40;
    assign h = mu3[39:38] == 2'b11;
    assign m40 = h ? mu3 >> 1 : mu3;
    logic h4;
    logic [39:0] m4;
    logic [9:0] r4;
    logic signed [32:0] eps4;
    hls_delay #(.W(1 + 40 + 10 + 33), .N(R)) st4 (
        .clk, .ce, .d({h, m40, hls_fp_math_pkg::log_recip(7'(m40[39:32] - 8'd96)), eps3}),
        .q({h4, m4, r4, eps4})
    );
    logic signed [50:0] mr;
    assign mr = $signed({1'b0, 50'(m4) * 50'(r4)}) - 51'sh1_0000_0000_0000;
    logic h5;
    logic signed [32:0] z5;
    logic signed [43:0] er5;
    hls_delay #(.W(1 + 33 + 44), .N(R)) st5 (
        .clk, .ce, .d({h4, 33'(mr >>> 18), 44'(eps4) * $signed({34'd0, r4})}),
        .q({h5, z5, er5})
    );
    /* verilator lint_off UNUSEDSIGNAL */
    logic signed [65:0] zz, zzz;  // (kept from 2^-30 up)
    /* verilator lint_on UNUSEDSIGNAL */
    assign zz = 66'(z5) * 66'(z5);
    logic h6;
    logic signed [32:0] z6, z2_6;
    logic signed [43:0] er6;
    hls_delay #(.W(1 + 33 + 33 + 44), .N(R)) st6 (
        .clk, .ce, .d({h5, z5, 33'(zz >>> 30), er5}), .q({h6, z6, z2_6, er6})
    );
    assign zzz = 66'(z2_6) * 66'(z6);
    logic h7;
    logic signed [32:0] z7, z2_7, z3_7;
    logic signed [43:0] er7;
    hls_delay #(.W(1 + 3 * 33 + 44), .N(R)) st7 (
        .clk, .ce, .d({h6, z6, z2_6, 33'(zzz >>> 30), er6}), .q({h7, z7, z2_7, z3_7, er7})
    );
    logic h8;
    logic signed [32:0] p8;
    logic signed [43:0] er8;
    hls_delay #(.W(1 + 33 + 44), .N(R)) st8 (
        .clk, .ce, .d({h7, 33'sh4000_0000 - z7 + z2_7 - z3_7, er7}), .q({h8, p8, er8})
    );
    logic h9;
    logic signed [76:0] c9;
    hls_delay #(.W(1 + 77), .N(R)) st9 (
        .clk, .ce, .d({h8, 77'(er8) * 77'(p8)}), .q({h9, c9})
    );
    hls_delay #(.W(72), .N(2 * R)) st10 (
        .clk, .ce, .d(72'(h9 ? c9 >>> 4 : c9 >>> 3)), .q(corr)
    );
    // Stages 2-22 beside them: the small path, and 7 stages to wait; its rounding.
    logic poly15, neg15;
    logic [118:0] v15;
    logic signed [15:0] w15;
    hls_fp_poly64_small #(.FN(1), .R(R)) poly (
        .clk, .ce, .use_poly(sp1[65]), .neg(neg1), .ex(xe1), .m(m1),
        .use_poly_o(poly15), .neg_o(neg15), .v(v15), .w(w15)
    );
    logic neg22;
    logic [118:0] v22;
    logic signed [15:0] w22;
    /* verilator lint_off UNUSEDSIGNAL */
    logic poly22;  // (the caller has the flag in pass)
    /* verilator lint_on UNUSEDSIGNAL */
    hls_delay #(.W(1 + 1 + 119 + 16), .N(7 * R)) st_wait (
        .clk, .ce, .d({poly15, neg15, v15, w15}), .q({poly22, neg22, v22, w22})
    );
    hls_fp_pack64 #(.VW(119), .R(R), .OUT(0)) pack (
        .clk, .ce, .sp(65'd0), .neg(neg22), .v(v22), .w(w22), .y(small_y)
    );
endmodule

// The double logarithm's stages before its rounding (hls_fp_log64 and the double power
// functions share them): for a positive finite nonzero binary64 `ex`, `frac` (anything when
// the caller's `pass` says the result is special), log_b of it on a 2^-120 grid as sign,
// magnitude (below 2^131) and the magnitude's leading one (61 to 130; `zero` when the sum is
// 0, x = 1), after 19 stages (R = 1) or none (R = 0). `pass` rides along unchanged; `corr`
// (on the same 2^-120 grid, 8 stages after x) is added before the sign is taken.
module hls_fp_log64_sum #(
    parameter int KIND = 1,
    parameter int R = 1,
    parameter int PW = 65
) (
    input  logic          clk,
    input  logic          ce,
    input  logic [PW-1:0] pass,
    input  logic [10:0]   ex,
    input  logic [51:0]   frac,
    input  logic signed [71:0] corr,  // added to the sum; it comes 8 stages after ex, frac
    output logic [PW-1:0] pass_out,
    output logic          neg,
    output logic [130:0]  mag,
    output logic [7:0]    lead,
    output logic          zero
);
    localparam int SPW = PW;  // what rides along
    localparam logic [1:0] K = 2'(KIND);
    localparam logic [64:0] C = hls_fp_math_pkg::log64_c(K);
    localparam logic [89:0] LOG2 = hls_fp_math_pkg::log64_log2(K);
    localparam logic signed [57:0] K5 = hls_fp_math_pkg::log64_coef(K, 2'd0);
    localparam logic signed [57:0] K4 = hls_fp_math_pkg::log64_coef(K, 2'd1);
    localparam logic signed [57:0] K3 = hls_fp_math_pkg::log64_coef(K, 2'd2);
    localparam logic signed [57:0] K2 = hls_fp_math_pkg::log64_coef(K, 2'd3);

    // Stage 1: a subnormal's leading zeros (its leading one at p: 51 - p).
    logic [SPW-1:0] sp1;
    logic [10:0] ex1;
    logic [51:0] fr1;
    logic [5:0] lz1;
    hls_delay #(.W(SPW + 11 + 52 + 6), .N(R)) st1 (
        .clk, .ce,
        .d({pass, ex, frac, 6'd51 - hls_fp_pkg::lead64({12'd0, frac})}),
        .q({sp1, ex1, fr1, lz1})
    );
    // Stage 2: the significand with its leading one at bit 52; the unbiased exponent.
    logic [52:0] mant;
    logic signed [11:0] e;
    assign mant = (ex1 == '0) ? 53'(fr1) << (lz1 + 6'd1) : {1'b1, fr1};
    assign e = (ex1 == '0) ? -12'sd1023 - $signed({6'd0, lz1}) : $signed({1'b0, ex1}) - 12'sd1023;
    logic [SPW-1:0] sp2;
    logic [52:0] m2;
    logic signed [11:0] e2;
    hls_delay #(.W(SPW + 53 + 12), .N(R)) st2 (.clk, .ce, .d({sp1, mant, e}), .q({sp2, m2, e2}));
    // Stage 3: m' into [0.75, 1.5) (54 bits, 2^53 scale) and the exponent with it; the
    // first table's entries for floor(m' 128) - 96.
    logic big;
    logic [53:0] mm;
    logic [6:0] j1;
    assign big = m2 >= 53'h18_0000_0000_0000;
    assign mm = big ? {1'b0, m2} : {m2, 1'b0};
    assign j1 = 7'(mm[53:46] - 8'd96);
    logic [SPW-1:0] sp3;
    logic [53:0] m3;
    logic signed [11:0] e3;
    logic [9:0] r1_3;
    logic signed [89:0] l1_3;
    hls_delay #(.W(SPW + 54 + 12 + 10 + 90), .N(R)) st3 (
        .clk, .ce,
        .d({sp2, mm, big ? e2 + 12'sd1 : e2, hls_fp_math_pkg::log_recip(j1),
            hls_fp_math_pkg::log64_neg_r1(K, j1)}),
        .q({sp3, m3, e3, r1_3, l1_3})
    );
    // Stage 4: z1 = m' r1 - 1 (2^-62 grid, exact, |z1| <= 2^55 of it); e log_b 2 as four
    // partial products (e times 26-bit slices of log_b 2).
    /* verilator lint_off UNUSEDSIGNAL */
    logic [63:0] mr;  // (within 2^55 of 2^62: z1 fits 57 bits)
    /* verilator lint_on UNUSEDSIGNAL */
    assign mr = 64'(m3) * 64'(r1_3);
    logic [SPW-1:0] sp4;
    logic signed [56:0] z1_4;
    logic signed [89:0] l1_4;
    logic signed [38:0] pa0, pa1, pa2;
    logic signed [24:0] pa3;
    hls_delay #(.W(SPW + 57 + 90 + 3 * 39 + 25), .N(R)) st4 (
        .clk, .ce,
        .d({sp3, 57'(mr - 64'h4000_0000_0000_0000), l1_3,
            39'(e3) * $signed({1'b0, LOG2[25:0]}), 39'(e3) * $signed({1'b0, LOG2[51:26]}),
            39'(e3) * $signed({1'b0, LOG2[77:52]}), 25'(e3) * $signed({1'b0, LOG2[89:78]})}),
        .q({sp4, z1_4, l1_4, pa0, pa1, pa2, pa3})
    );
    // Stage 5: the second table's entries for floor(z1 2^13) + 65; e log_b 2 in two halves.
    logic [7:0] j2;
    assign j2 = 8'(z1_4[56:49]) + 8'd65;
    logic [SPW-1:0] sp5;
    logic signed [56:0] z1_5;
    logic signed [18:0] d2_5;
    logic signed [89:0] l1_5, l2_5;
    logic signed [64:0] ea01_5, ea23_5;
    hls_delay #(.W(SPW + 57 + 19 + 2 * 90 + 2 * 65), .N(R)) st5 (
        .clk, .ce,
        .d({sp4, z1_4, hls_fp_math_pkg::log64_d2(j2), l1_4, hls_fp_math_pkg::log64_neg_r2(K, j2),
            65'(pa0) + (65'(pa1) <<< 26), 65'(pa2) + (65'(pa3) <<< 26)}),
        .q({sp5, z1_5, d2_5, l1_5, l2_5, ea01_5, ea23_5})
    );
    // Stage 6: z1 r2 as two partial products (r2 = 2^24 + d2: its low 17 bits, the rest);
    // e log_b 2 whole (2^-89).
    logic [24:0] r2;
    assign r2 = 25'h100_0000 + 25'(d2_5);
    logic [SPW-1:0] sp6;
    logic signed [18:0] d2_6;
    logic signed [89:0] l1_6, l2_6;
    logic signed [102:0] ea6;
    logic signed [74:0] q0;
    logic signed [65:0] q1;
    hls_delay #(.W(SPW + 19 + 2 * 90 + 103 + 75 + 66), .N(R)) st6 (
        .clk, .ce,
        .d({sp5, d2_5, l1_5, l2_5, 103'(ea01_5) + (103'(ea23_5) <<< 52),
            75'(z1_5) * $signed({1'b0, r2[16:0]}), 66'(z1_5) * $signed({1'b0, r2[24:17]})}),
        .q({sp6, d2_6, l1_6, l2_6, ea6, q0, q1})
    );
    // Stage 7: z = z1 r2 + d2 2^62 (= (1 + z1) r2 - 1, 2^-86 grid, exact, |z| <= 2^73 of
    // it); e log_b 2 - log_b r1.
    logic [SPW-1:0] sp7;
    logic signed [89:0] l2_7;
    logic signed [103:0] el7;
    logic signed [74:0] z7;
    hls_delay #(.W(SPW + 90 + 104 + 75), .N(R)) st7 (
        .clk, .ce,
        .d({sp6, l2_6, 104'(ea6) + 104'(l1_6),
            75'(q0) + (75'(q1) <<< 17) + (75'(d2_6) <<< 62)}),
        .q({sp7, l2_7, el7, z7})
    );
    // z on the grids its products need (floor, as arithmetic shifts).
    // Stage 8: s3 = c/4 - z c/5 (2^-28); E = e log_b 2 - log_b r1 - log_b r2 (2^-89).
    /* verilator lint_off UNUSEDSIGNAL */
    logic signed [44:0] zk5;  // (kept from 2^-28 up)
    /* verilator lint_on UNUSEDSIGNAL */
    assign zk5 = 45'($signed(z7[74:58])) * 45'(K5);
    logic [SPW-1:0] sp8;
    logic signed [104:0] e8;
    logic signed [74:0] z8;
    logic signed [28:0] s3_8;
    hls_delay #(.W(SPW + 105 + 75 + 29), .N(R)) st8 (
        .clk, .ce,
        .d({sp7, 105'(el7) + 105'(l2_7), z7, 29'(K4) - 29'(zk5 >>> 28)}),
        .q({sp8, e8, z8, s3_8})
    );
    // Stage 9: z s3 as two partial products (z at 2^-42; s3's low 17 bits, the rest).
    logic [SPW-1:0] sp9;
    logic signed [104:0] e9;
    logic signed [74:0] z9;
    logic signed [48:0] zs0;
    logic signed [42:0] zs1;
    hls_delay #(.W(SPW + 105 + 75 + 49 + 43), .N(R)) st9 (
        .clk, .ce,
        .d({sp8, e8, z8, 49'($signed(z8[74:44])) * $signed({1'b0, s3_8[16:0]}),
            43'($signed(z8[74:44])) * 43'($signed(s3_8[28:17]))}),
        .q({sp9, e9, z9, zs0, zs1})
    );
    // Stage 10: s2 = c/3 - z s3 (2^-42).
    /* verilator lint_off UNUSEDSIGNAL */
    logic signed [59:0] zs3;  // (kept from 2^-42 up)
    /* verilator lint_on UNUSEDSIGNAL */
    assign zs3 = 60'(zs0) + (60'(zs1) <<< 17);
    logic [SPW-1:0] sp10;
    logic signed [104:0] e10;
    logic signed [74:0] z10;
    logic signed [42:0] s2_10;
    hls_delay #(.W(SPW + 105 + 75 + 43), .N(R)) st10 (
        .clk, .ce, .d({sp9, e9, z9, 43'(K3) - 43'(zs3 >>> 28)}), .q({sp10, e10, z10, s2_10})
    );
    // Stage 11: z s2 as three partial products (z at 2^-56; s2 in slices of 17 bits).
    logic [SPW-1:0] sp11;
    logic signed [104:0] e11;
    logic signed [74:0] z11;
    logic signed [62:0] zt0, zt1;
    logic signed [53:0] zt2;
    hls_delay #(.W(SPW + 105 + 75 + 2 * 63 + 54), .N(R)) st11 (
        .clk, .ce,
        .d({sp10, e10, z10, 63'($signed(z10[74:30])) * $signed({1'b0, s2_10[16:0]}),
            63'($signed(z10[74:30])) * $signed({1'b0, s2_10[33:17]}),
            54'($signed(z10[74:30])) * 54'($signed(s2_10[42:34]))}),
        .q({sp11, e11, z11, zt0, zt1, zt2})
    );
    // Stage 12: B = c/2 - z s2 (2^-56).
    /* verilator lint_off UNUSEDSIGNAL */
    logic signed [87:0] zs2;  // (kept from 2^-56 up)
    /* verilator lint_on UNUSEDSIGNAL */
    assign zs2 = 88'(zt0) + (88'(zt1) <<< 17) + (88'(zt2) <<< 34);
    logic [SPW-1:0] sp12;
    logic signed [104:0] e12;
    logic signed [74:0] z12;
    logic signed [57:0] b12;
    hls_delay #(.W(SPW + 105 + 75 + 58), .N(R)) st12 (
        .clk, .ce, .d({sp11, e11, z11, K2 - 58'(zs2 >>> 42)}), .q({sp12, e12, z12, b12})
    );
    // Stage 13: w = z B as four partial products (z at 2^-67; B in slices of 17 bits); c z
    // likewise (the exact z; c in slices of 17 bits; base e: z itself).
    logic signed [55:0] z67;
    assign z67 = z12[74:19];
    logic [SPW-1:0] sp13;
    logic signed [104:0] e13;
    logic signed [55:0] z13;
    logic signed [74:0] z86_13;
    logic signed [73:0] zb0, zb1, zb2;
    logic signed [63:0] zb3;
    logic signed [92:0] zc0, zc1, zc2, zc3;
    hls_delay #(.W(SPW + 105 + 56 + 75 + 3 * 74 + 64 + 4 * 93), .N(R)) st13 (
        .clk, .ce,
        .d({sp12, e12, z67, z12, 74'(z67) * $signed({1'b0, b12[16:0]}),
            74'(z67) * $signed({1'b0, b12[33:17]}), 74'(z67) * $signed({1'b0, b12[50:34]}),
            64'(z67) * 64'($signed(b12[57:51])),
            93'(z12) * $signed({1'b0, C[16:0]}), 93'(z12) * $signed({1'b0, C[33:17]}),
            93'(z12) * $signed({1'b0, C[50:34]}), 93'(z12) * $signed({1'b0, C[64:51]})}),
        .q({sp13, e13, z13, z86_13, zb0, zb1, zb2, zb3, zc0, zc1, zc2, zc3})
    );
    // Stage 14: w (2^-66) and c z (2^-120).
    /* verilator lint_off UNUSEDSIGNAL */
    logic signed [113:0] zb;   // (kept from 2^-66 up)
    logic signed [144:0] zc;   // (kept from 2^-120 up)
    /* verilator lint_on UNUSEDSIGNAL */
    assign zb = 114'(zb0) + (114'(zb1) <<< 17) + (114'(zb2) <<< 34) + (114'(zb3) <<< 51);
    assign zc = 145'(zc0) + (145'(zc1) <<< 17) + (145'(zc2) <<< 34) + (145'(zc3) <<< 51);
    logic signed [110:0] cz;
    assign cz = (KIND == 1) ? (111'(z86_13) <<< 34) : 111'(zc >>> 30);
    logic [SPW-1:0] sp14;
    logic signed [104:0] e14;
    logic signed [55:0] z14;
    logic signed [56:0] w14;
    logic signed [110:0] cz14;
    hls_delay #(.W(SPW + 105 + 56 + 57 + 111), .N(R)) st14 (
        .clk, .ce, .d({sp13, e13, z13, 57'(zb >>> 57), cz}), .q({sp14, e14, z14, w14, cz14})
    );
    // Stage 15: z w as four partial products (w in slices of 17 bits); E + c z (2^-120).
    logic [SPW-1:0] sp15;
    logic signed [135:0] ec15;
    logic signed [73:0] zw0, zw1, zw2;
    logic signed [61:0] zw3;
    hls_delay #(.W(SPW + 136 + 3 * 74 + 62), .N(R)) st15 (
        .clk, .ce,
        .d({sp14, (136'(e14) <<< 31) + 136'(cz14), 74'(z14) * $signed({1'b0, w14[16:0]}),
            74'(z14) * $signed({1'b0, w14[33:17]}), 74'(z14) * $signed({1'b0, w14[50:34]}),
            62'(z14) * 62'($signed(w14[56:51]))}),
        .q({sp15, ec15, zw0, zw1, zw2, zw3})
    );
    // Stage 16: z w (2^-120).
    /* verilator lint_off UNUSEDSIGNAL */
    logic signed [112:0] zw;  // (kept from 2^-120 up)
    /* verilator lint_on UNUSEDSIGNAL */
    assign zw = 113'(zw0) + (113'(zw1) <<< 17) + (113'(zw2) <<< 34) + (113'(zw3) <<< 51);
    logic [SPW-1:0] sp16;
    logic signed [135:0] ec16;
    logic signed [99:0] zw16;
    hls_delay #(.W(SPW + 136 + 100), .N(R)) st16 (
        .clk, .ce, .d({sp15, ec15, 100'(zw >>> 13)}), .q({sp16, ec16, zw16})
    );
    // Stage 17: the sum e log_b 2 - log_b r1 - log_b r2 + c z - z w (2^-120), and the
    // caller's correction (log1p's; 0 for the others).
    logic signed [71:0] corr16;
    hls_delay #(.W(72), .N(8 * R)) corr_wait (.clk, .ce, .d(corr), .q(corr16));
    logic [SPW-1:0] sp17;
    logic signed [135:0] r17;
    hls_delay #(.W(SPW + 136), .N(R)) st17 (
        .clk, .ce, .d({sp16, ec16 - 136'(zw16) + 136'(corr16)}), .q({sp17, r17})
    );
    // Stage 18: sign and magnitude.
    /* verilator lint_off UNUSEDSIGNAL */
    logic [135:0] mag17;  // (below 2^131)
    /* verilator lint_on UNUSEDSIGNAL */
    assign mag17 = r17[135] ? 136'(-r17) : 136'(r17);
    logic [SPW-1:0] sp18;
    logic neg18, zero18;
    logic [130:0] mag18;
    hls_delay #(.W(SPW + 2 + 131), .N(R)) st18 (
        .clk, .ce, .d({sp17, r17[135], r17 == '0, mag17[130:0]}), .q({sp18, neg18, zero18, mag18})
    );
    // Stage 19: the leading one (at 61 to 130): in the top 64 bits, or else in the 64 below.
    logic [7:0] lead18;
    assign lead18 = (mag18[130:67] != '0) ? 8'd67 + 8'(hls_fp_pkg::lead64(mag18[130:67]))
                                        : 8'd3 + 8'(hls_fp_pkg::lead64(mag18[66:3]));
    hls_delay #(.W(SPW + 2 + 131 + 8), .N(R)) st19 (
        .clk, .ce, .d({sp18, neg18, zero18, mag18, lead18}), .q({pass_out, neg, zero, mag, lead})
    );
endmodule
