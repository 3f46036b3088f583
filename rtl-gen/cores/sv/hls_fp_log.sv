// Two modules in one file: the float logarithm, and log1p built on it.
/* verilator lint_off DECLFILENAME */
// binary32 logarithm log_b a (KIND 0: b = 2, 1: e, 2: 10), within 0.52 ulp, staged: one
// product or one adder a stage, each product as narrow as its error budget allows.
// rtl-gen/src/flog.rs is the same computation in Rust, bit for bit, with the error
// analysis; the tables and constants come from there (hls_fp_math_pkg).
//
// Stages: specials and a subnormal's leading zeros; the significand normalised; m into
// [0.75, 1.5) and the table entries (r = 1/m to 9 fraction bits, -log_b r); z = m r - 1,
// exact; P(z) = c (1 - z/2 + z^2/3 - z^3/4) by Horner, a product and an add a stage (the
// widest as two partial products); z P; e log_b 2 - log_b r + z P; sign and magnitude;
// its leading one; the normalising shift; rounding and packing. With LAT >= STAGES a
// register ends every stage (extra latency is a delay line at the output); with LAT <
// STAGES the same logic is combinational, followed by LAT registers.
module hls_fp_log #(
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
    localparam int SPW = 33;                      // {special, its value}
    localparam logic [1:0] K = 2'(KIND);
    localparam logic signed [34:0] B0 = hls_fp_math_pkg::log_coef(K, 2'd0);
    localparam logic signed [34:0] B1 = hls_fp_math_pkg::log_coef(K, 2'd1);
    localparam logic signed [34:0] B2 = hls_fp_math_pkg::log_coef(K, 2'd2);
    localparam logic signed [34:0] B3 = hls_fp_math_pkg::log_coef(K, 2'd3);
    localparam logic signed [43:0] LOG2 = hls_fp_math_pkg::log_2(K);

    // Stage 1: NaN, negative (the quiet NaN), zero (-inf), +inf; a subnormal's leading
    // zeros.
    logic [7:0] ex;
    logic special;
    logic [31:0] special_val;
    assign ex = a[30:23];
    always_comb begin
        special = 1'b1;
        if (ex == 8'hFF) special_val = (a[22:0] != '0 || a[31]) ? 32'h7FC00000 : 32'h7F800000;
        else if (a[30:0] == '0) special_val = 32'hFF800000;
        else if (a[31]) special_val = 32'h7FC00000;
        else begin
            special = 1'b0;
            special_val = 32'd0;
        end
    end
    // (A subnormal's leading one at p < 23 goes up by 23 - p; for others unused.)
    /* verilator lint_off UNUSEDSIGNAL */
    logic [5:0] lz;
    /* verilator lint_on UNUSEDSIGNAL */
    assign lz = 6'd23 - hls_fp_pkg::lead64({41'd0, a[22:0]});
    logic [SPW-1:0] sp1;
    logic [7:0] ex1;
    logic [22:0] fr1;
    logic [4:0] lz1;
    hls_delay #(.W(SPW + 8 + 23 + 5), .N(R)) st1 (
        .clk, .ce, .d({special, special_val, ex, a[22:0], lz[4:0]}), .q({sp1, ex1, fr1, lz1})
    );
    // Stage 2: the significand with its leading one at bit 23; the unbiased exponent.
    logic [23:0] mant;
    logic signed [9:0] e;
    assign mant = (ex1 == '0) ? 24'(fr1) << lz1 : {1'b1, fr1};
    assign e = (ex1 == '0) ? -10'sd126 - $signed({5'd0, lz1}) : $signed({2'b00, ex1}) - 10'sd127;
    logic [SPW-1:0] sp2;
    logic [23:0] m2;
    logic signed [9:0] e2;
    hls_delay #(.W(SPW + 24 + 10), .N(R)) st2 (.clk, .ce, .d({sp1, mant, e}), .q({sp2, m2, e2}));
    // Stage 3: m into [0.75, 1.5) (25 bits, 2^24 scale) and the exponent with it; the table
    // entries of floor(m 128) - 96.
    logic big;
    logic [24:0] mm;
    logic [6:0] j;
    assign big = m2 >= 24'hC0_0000;
    assign mm = big ? {1'b0, m2} : {m2, 1'b0};
    assign j = 7'(mm[24:17] - 8'd96);
    logic [SPW-1:0] sp3;
    logic [24:0] m3;
    logic signed [9:0] e3;
    logic [9:0] r3;
    logic signed [40:0] l3;
    hls_delay #(.W(SPW + 25 + 10 + 10 + 41), .N(R)) st3 (
        .clk, .ce,
        .d({sp2, mm, big ? e2 + 10'sd1 : e2, hls_fp_math_pkg::log_recip(j),
            hls_fp_math_pkg::log_neg_r(K, j)}),
        .q({sp3, m3, e3, r3, l3})
    );
    // Stage 4: z = m r - 1 (2^33 scale, exact, |z| < 2^26).
    /* verilator lint_off UNUSEDSIGNAL */
    logic [34:0] mr;  // (below 2^34.6: z fits 27 bits)
    /* verilator lint_on UNUSEDSIGNAL */
    assign mr = 35'(m3) * 35'(r3);
    // Beside it, e log_b 2 as two partial products (log_b 2's low 17 bits, unsigned, and
    // the rest).
    logic [SPW-1:0] sp4;
    logic signed [26:0] ea0;
    logic signed [36:0] ea1;
    logic signed [40:0] l4;
    logic signed [26:0] z4;
    hls_delay #(.W(SPW + 27 + 37 + 41 + 27), .N(R)) st4 (
        .clk, .ce,
        .d({sp3, 27'(e3) * $signed({10'd0, LOG2[16:0]}), 37'(e3) * 37'($signed(LOG2[43:17])),
            l3, 27'(mr - 35'h2_0000_0000)}),
        .q({sp4, ea0, ea1, l4, z4})
    );
    // Stage 5: s3 = c/3 + z (-c/4) (2^20 scale); e log_b 2 summed beside.
    logic signed [30:0] zb3;
    assign zb3 = 31'($signed(z4[26:16])) * 31'(B3);  // (z >> 16) c/4
    logic signed [52:0] ea;
    assign ea = 53'(ea0) + (53'(ea1) <<< 17);
    logic [SPW-1:0] sp5;
    logic signed [52:0] ea5;
    logic signed [40:0] l5;
    logic signed [26:0] z5;
    logic signed [20:0] s3_5;
    hls_delay #(.W(SPW + 53 + 41 + 27 + 21), .N(R)) st5 (
        .clk, .ce, .d({sp4, ea, l4, z4, 21'(B2) + 21'(zb3 >>> 17)}), .q({sp5, ea5, l5, z5, s3_5})
    );
    // Stage 6: z s3 (18 x 21).
    logic [SPW-1:0] sp6;
    logic signed [52:0] ea6;
    logic signed [40:0] l6;
    logic signed [26:0] z6;
    logic signed [38:0] zs3;
    hls_delay #(.W(SPW + 53 + 41 + 27 + 39), .N(R)) st6 (
        .clk, .ce,
        .d({sp5, ea5, l5, z5, 39'($signed(z5[26:9])) * 39'(s3_5)}),
        .q({sp6, ea6, l6, z6, zs3})
    );
    // Stage 7: s2 = -c/2 + z s3 (2^27 scale).
    logic [SPW-1:0] sp7;
    logic signed [52:0] ea7;
    logic signed [40:0] l7;
    logic signed [26:0] z7;
    logic signed [27:0] s2_7;
    hls_delay #(.W(SPW + 53 + 41 + 27 + 28), .N(R)) st7 (
        .clk, .ce, .d({sp6, ea6, l6, z6, 28'(B1) + 28'(zs3 >>> 17)}), .q({sp7, ea7, l7, z7, s2_7})
    );
    // Stage 8: z s2 as two partial products (its low 17 bits unsigned, the rest signed).
    logic [SPW-1:0] sp8;
    logic signed [52:0] ea8;
    logic signed [40:0] l8;
    logic signed [26:0] z8;
    logic signed [44:0] pp0;
    logic signed [37:0] pp1;
    hls_delay #(.W(SPW + 53 + 41 + 27 + 45 + 38), .N(R)) st8 (
        .clk, .ce,
        .d({sp7, ea7, l7, z7, 45'(z7) * $signed({28'd0, s2_7[16:0]}), 38'(z7) * 38'($signed(s2_7[27:17]))}),
        .q({sp8, ea8, l8, z8, pp0, pp1})
    );
    // Stage 9: P = c + z s2 (2^32 scale).
    logic signed [55:0] zs2;
    assign zs2 = 56'(pp0) + (56'(pp1) <<< 17);
    logic [SPW-1:0] sp9;
    logic signed [52:0] ea9;
    logic signed [40:0] l9;
    logic signed [26:0] z9;
    logic signed [34:0] p9;
    hls_delay #(.W(SPW + 53 + 41 + 27 + 35), .N(R)) st9 (
        .clk, .ce, .d({sp8, ea8, l8, z8, B0 + 35'(zs2 >>> 28)}), .q({sp9, ea9, l9, z9, p9})
    );
    // Stage 10: z P as two partial products.
    logic [SPW-1:0] sp10;
    logic signed [52:0] ea10;
    logic signed [40:0] l10;
    logic signed [44:0] qq0;
    logic signed [44:0] qq1;
    hls_delay #(.W(SPW + 53 + 41 + 45 + 45), .N(R)) st10 (
        .clk, .ce,
        .d({sp9, ea9, l9, 45'(z9) * $signed({28'd0, p9[16:0]}), 45'(z9) * 45'($signed(p9[34:17]))}),
        .q({sp10, ea10, l10, qq0, qq1})
    );
    // Stage 11: q = z P (2^54 scale).
    logic signed [62:0] zp;
    assign zp = 63'(qq0) + (63'(qq1) <<< 17);
    logic [SPW-1:0] sp11;
    logic signed [52:0] ea11;
    logic signed [40:0] l11;
    logic signed [51:0] q11;
    hls_delay #(.W(SPW + 53 + 41 + 52), .N(R)) st11 (
        .clk, .ce, .d({sp10, ea10, l10, 52'(zp >>> 11)}), .q({sp11, ea11, l11, q11})
    );
    // Stage 12: the sum e log_b 2 - log_b r + z P (2^54 scale).
    logic [SPW-1:0] sp12;
    logic signed [63:0] r12;
    hls_delay #(.W(SPW + 64), .N(R)) st12 (
        .clk, .ce,
        .d({sp11, (64'(ea11) <<< 12) + (64'(l11) <<< 14) + 64'(q11)}),
        .q({sp12, r12})
    );
    // Stage 13: sign and magnitude (zero: log 1 = +0, a special result from here on).
    logic [SPW-1:0] sp13;
    logic neg13;
    logic [62:0] mag13;
    hls_delay #(.W(SPW + 1 + 63), .N(R)) st13 (
        .clk, .ce,
        .d({sp12[32] || r12 == '0, sp12[32] ? sp12[31:0] : 32'd0, r12[63],
            63'(r12[63] ? -r12 : r12)}),
        .q({sp13, neg13, mag13})
    );
    // Stage 14: the leading one (at 30 to 62).
    logic [SPW-1:0] sp14;
    logic neg14;
    logic [62:0] mag14;
    logic [5:0] lead14;
    hls_delay #(.W(SPW + 1 + 63 + 6), .N(R)) st14 (
        .clk, .ce,
        .d({sp13, neg13, mag13, hls_fp_pkg::lead64({1'b0, mag13})}),
        .q({sp14, neg14, mag14, lead14})
    );
    // Stage 15: {significand, guard, round, sticky}: shifted right by lead - 26, what falls
    // off as sticky; the biased exponent lead + 73 (never subnormal, never past the range).
    logic [5:0] sh;
    logic [25:0] kept;  // (its bit 26, the leading one, is implied)
    assign sh = lead14 - 6'd26;
    assign kept = 26'(mag14 >> sh);
    logic [SPW-1:0] sp15;
    logic neg15;
    logic [7:0] ef15;
    logic [25:0] f15;
    hls_delay #(.W(SPW + 1 + 8 + 26), .N(R)) st15 (
        .clk, .ce,
        .d({sp14, neg14, 8'(lead14) + 8'd73,
            {kept[25:1], kept[0] || (mag14 & ~(63'h7FFF_FFFF_FFFF_FFFF << sh)) != '0}}),
        .q({sp15, neg15, ef15, f15})
    );
    // Stage 16: round to nearest even and pack in one carry chain (hls_fp_pkg::round_word32);
    // then the rest of the latency.
    logic [31:0] res;
    assign res = sp15[32] ? sp15[31:0] : {neg15, hls_fp_pkg::round_word32(ef15, f15)};
    hls_delay #(.W(32), .N(LAT - R * (STAGES - 1))) out (.clk, .ce, .d(res), .q(y));
endmodule

// binary32 log1p a = ln(1 + a) from the float logarithm, adders, divider and fma
// (rtl-gen/src/flog.rs `log1p`, with the error analysis: within 1.1 ulp, OpenCL allows 2):
// - |a| >= 2^-12: u = a + 1 (the adder, 8 stages), v = u - 1 (8; exact), c = a - v (8;
//   exact: the rounding error of a + 1), then ln u (hls_fp_log, beside the subtractions and
//   the divider) + c / u (the divider, 28; the sum by the adder, 8): 60 stages. ln(u + c) =
//   ln u + c/u - c^2/(2u^2)..., and the dropped terms are under 2^-37 of the result.
// - |a| < 2^-12: fma(-a/2, a, a) = a - a^2/2 rounded once (hls_fp_fma; -a/2 exact, the
//   exponent one less, or -a itself for the smallest exponents, where a^2 is far below
//   half a's ulp either way); a^3/3 is under 2^-25.6 of a.
// - a = -1: -infinity; a < -1, -infinity or a NaN: the quiet NaN; +infinity: +infinity.
// Each part at its own stage count when LAT allows (more: a delay line at the output),
// else LAT shared in proportion (their shorter forms compute the same bits).
module hls_fp_log1p #(
    parameter int LAT = 60
) (
    input  logic        clk,
    input  logic        ce,
    input  logic [31:0] a,
    output logic [31:0] y
);
    localparam int FULL = 8 + 8 + 8 + 28 + 8;
    localparam int LA = (LAT >= FULL) ? 8 : LAT * 8 / FULL;
    localparam int LB = LA;
    localparam int LC = LA;
    localparam int LD = (LAT >= FULL) ? 28 : LAT * 28 / FULL;
    localparam int LE = (LAT >= FULL) ? 8 : LAT - LA - LB - LC - LD;
    localparam int BODY = LA + LB + LC + LD + LE;
    localparam int OUT = LAT - BODY;
    logic [31:0] u, v, c, q, l, u_d, a_d, s;
    // u = a + 1, v = u - 1, c = a - v.
    hls_fp_add #(.EW(8), .MW(23), .LAT(LA)) add_u (.clk, .ce, .a, .b(32'h3F80_0000), .y(u));
    hls_fp_add #(.EW(8), .MW(23), .LAT(LB)) sub_v (.clk, .ce, .a(u), .b(32'hBF80_0000), .y(v));
    hls_delay #(.W(32), .N(LA + LB)) keep_a (.clk, .ce, .d(a), .q(a_d));
    hls_fp_add #(.EW(8), .MW(23), .LAT(LC)) sub_c (.clk, .ce, .a(a_d), .b({~v[31], v[30:0]}), .y(c));
    // ln u beside them; c / u; their sum.
    hls_fp_log #(.KIND(1), .LAT(LB + LC + LD)) ln_u (.clk, .ce, .a(u), .y(l));
    hls_delay #(.W(32), .N(LB + LC)) keep_u (.clk, .ce, .d(u), .q(u_d));
    hls_fp_div #(.EW(8), .MW(23), .LAT(LD)) div (.clk, .ce, .a(c), .b(u_d), .y(q));
    hls_fp_add #(.EW(8), .MW(23), .LAT(LE)) add_s (.clk, .ce, .a(l), .b(q), .y(s));
    // The small path: fma(-a/2, a, a).
    logic [31:0] h, f;
    assign h = (a[30:23] >= 8'd2) ? {~a[31], a[30:23] - 8'd1, a[22:0]} : {~a[31], a[30:0]};
    hls_fp_fma #(.EW(8), .MW(23), .LAT(BODY)) fma (.clk, .ce, .a(h), .b(a), .c(a), .y(f));
    // Beside them: the path and the special results.
    logic nan, m_one, p_inf, tiny, nan_d, m_one_d, p_inf_d, tiny_d;
    assign nan = a[30:0] > 31'h7F80_0000 || (a[31] && a[30:0] > 31'h3F80_0000);
    assign m_one = a == 32'hBF80_0000;
    assign p_inf = a == 32'h7F80_0000;
    assign tiny = a[30:0] < 31'(hls_fp_math_pkg::LOG1PF_SMALL);
    hls_delay #(.W(4), .N(BODY)) side (
        .clk, .ce, .d({nan, m_one, p_inf, tiny}), .q({nan_d, m_one_d, p_inf_d, tiny_d})
    );
    logic [31:0] res;
    assign res = nan_d ? 32'h7FC0_0000 : m_one_d ? 32'hFF80_0000 : p_inf_d ? 32'h7F80_0000
               : tiny_d ? f : s;
    hls_delay #(.W(32), .N(OUT)) out (.clk, .ce, .d(res), .q(y));
endmodule
