// The double arctangents: atan2, atan, asin, acos, and the fixed-point divider, square root
// and product they are built from.
/* verilator lint_off DECLFILENAME */

// binary64 atan2(a, b): hls_fp_arctan64 with KIND 0.
module hls_fp_atan2_64 #(
    parameter int LAT = 57
) (
    input  logic        clk,
    input  logic        ce,
    input  logic [63:0] a,
    input  logic [63:0] b,
    output logic [63:0] y
);
    hls_fp_arctan64 #(.KIND(0), .LAT(LAT)) core (.clk, .ce, .a, .b, .y);
endmodule

// binary64 atan a (KIND 1), asin a (2), acos a (3): hls_fp_arctan64.
module hls_fp_atan64 #(
    parameter int KIND = 1,
    parameter int LAT = 57
) (
    input  logic        clk,
    input  logic        ce,
    input  logic [63:0] a,
    output logic [63:0] y
);
    hls_fp_arctan64 #(.KIND(KIND), .LAT(LAT)) core (.clk, .ce, .a, .b(64'd0), .y);
endmodule

// binary64 atan2(a, b) (KIND 0), atan a (1), asin a (2), acos a (3), within 0.51 ulp
// (OpenCL allows 6, 5, 4, 4). rtl-gen/src/fatan64.rs is the same computation in Rust, bit
// for bit, with the error analysis; the table and constants come from there
// (hls_fp_math_pkg).
//
// Stages: the specials and both operands' significands normalised to 64 bits (atan: b =
// 1); for asin and acos sqrt(1 - a^2) beside a (hls_fp_co_side64, 36 stages: a^2, 2^128
// minus it, normalised, its square root); then hls_fp_atan64_core (56 stages). 57 stages
// for atan2 and atan, 93 for asin and acos. With LAT >= STAGES a register ends every stage
// (extra latency is a delay line at the output); with LAT < STAGES the same logic is
// combinational, followed by LAT registers.
module hls_fp_arctan64 #(
    parameter int KIND = 0,
    parameter int LAT = 57
) (
    input  logic        clk,
    input  logic        ce,
    input  logic [63:0] a,
    /* verilator lint_off UNUSEDSIGNAL */
    input  logic [63:0] b,  // (atan2's x; the others read a alone)
    /* verilator lint_on UNUSEDSIGNAL */
    output logic [63:0] y
);
    localparam bit CO = KIND >= 2;
    localparam int FRONT = CO ? 37 : 1;
    localparam int STAGES = FRONT + 56;
    localparam int R = (LAT >= STAGES) ? 1 : 0;
    localparam int OUT = LAT - R * (STAGES - 1);
    localparam int SPW = 65;
    localparam logic [62:0] PINF = 63'h7FF0_0000_0000_0000;
    localparam logic [62:0] ONE = 63'h3FF0_0000_0000_0000;
    localparam logic [62:0] PI_4 = 63'h3FE9_21FB_5444_2D18;
    localparam logic [62:0] PI_2 = 63'h3FF9_21FB_5444_2D18;
    localparam logic [62:0] PI_3_4 = 63'h4002_D97C_7F33_21D2;
    localparam logic [62:0] PI = 63'h4009_21FB_5444_2D18;
    localparam logic [63:0] QNAN = 64'h7FF8_0000_0000_0000;

    // Stage 1: the special cases; y's and x's significands (atan: x = 1) normalised.
    logic [62:0] ay, ax;
    logic sy, xneg;
    assign ay = a[62:0];
    assign ax = (KIND == 1) ? ONE : b[62:0];
    assign sy = a[63];
    assign xneg = (KIND == 0) ? b[63] : 1'b0;
    logic special;
    logic [63:0] sv;
    always_comb begin
        special = 1'b1;
        sv = 64'd0;
        if (!CO) begin
            // atan2 (atan: x = 1), C99 Annex F.
            if (ay > PINF || ax > PINF) sv = QNAN;
            else if (ay == '0) sv = {sy, xneg ? PI : 63'd0};
            else if (ax == '0) sv = {sy, PI_2};
            else if (ay == PINF) sv = {sy, (ax != PINF) ? PI_2 : xneg ? PI_3_4 : PI_4};
            else if (ax == PINF) sv = {sy, xneg ? PI : 63'd0};
            else special = 1'b0;
        end else begin
            if (ay > ONE) sv = QNAN;
            else if (ay == ONE) sv = (KIND == 2) ? {sy, PI_2} : {1'b0, sy ? PI : 63'd0};
            else if (ay == '0) sv = (KIND == 2) ? a : {1'b0, PI_2};
            else special = 1'b0;
        end
    end
    logic [63:0] my, mx;
    logic signed [13:0] ey, ex;
    hls_fp_norm64 norm_y (.a(ay), .m(my), .e(ey));
    hls_fp_norm64 norm_x (.a(ax), .m(mx), .e(ex));
    logic [SPW-1:0] sp1;
    logic neg1, xneg1;
    /* verilator lint_off UNUSEDSIGNAL */
    // (asin and acos read a's magnitude again, atan2 and atan its normalised form only)
    logic [63:0] my1, mx1;
    logic signed [13:0] ey1, ex1;
    logic [62:0] ay1;
    /* verilator lint_on UNUSEDSIGNAL */
    hls_delay #(.W(SPW + 2 + 2 * 64 + 2 * 14 + 63), .N(R)) st1 (
        .clk, .ce,
        .d({special, sv, (KIND == 3) ? 1'b0 : sy, (KIND == 3) ? sy : xneg, my, mx, ey, ex, ay}),
        .q({sp1, neg1, xneg1, my1, mx1, ey1, ex1, ay1})
    );
    // asin: atan2(a, sqrt(1 - a^2)); acos: atan2(sqrt(1 - a^2), a).
    logic [SPW-1:0] spf;
    logic negf, xnegf;
    logic [63:0] myf, mxf;
    logic signed [13:0] eyf, exf;
    if (CO) begin : g_co
        logic [63:0] s, m_d;
        logic signed [13:0] es, e_d;
        hls_fp_co_side64 #(.R(R)) co (.clk, .ce, .a(ay1), .s, .e(es));
        hls_delay #(.W(SPW + 2 + 64 + 14), .N(36 * R)) wait_x (
            .clk, .ce, .d({sp1, neg1, xneg1, my1, ey1}), .q({spf, negf, xnegf, m_d, e_d})
        );
        assign myf = (KIND == 2) ? m_d : s;
        assign eyf = (KIND == 2) ? e_d : es;
        assign mxf = (KIND == 2) ? s : m_d;
        assign exf = (KIND == 2) ? es : e_d;
    end else begin : g_two
        assign {spf, negf, xnegf, myf, eyf, mxf, exf} = {sp1, neg1, xneg1, my1, ey1, mx1, ex1};
    end
    hls_fp_atan64_core #(.R(R), .OUT(OUT)) core (
        .clk, .ce, .sp(spf), .neg(negf), .xneg(xnegf), .my(myf), .ey(eyf), .mx(mxf), .ex(exf), .y
    );
endmodule

// A finite nonzero magnitude's significand with its leading one at bit 63 and its exponent:
// a = m 2^(e - 63) (subnormals normalised). Combinational.
module hls_fp_norm64 (
    input  logic [62:0]        a,
    output logic [63:0]        m,
    output logic signed [13:0] e
);
    logic [63:0] sig;
    assign sig = {11'd0, a[62:52] != '0, a[51:0]};
    logic [5:0] lead;
    always_comb begin
        lead = '0;
        for (int i = 0; i < 53; i++) if (sig[i]) lead = 6'(i);
    end
    assign m = sig << (6'd63 - lead);
    // max(ex, 1) - 1023 - (lz - 11), lz = 63 - lead.
    assign e = $signed({3'd0, (a[62:52] == '0) ? 11'd1 : a[62:52]}) - 14'sd1075
             + $signed({8'd0, lead});
endmodule

// sqrt(1 - a^2) for 0 < |a| < 1 as a 64-bit significand s and exponent e (s 2^(e - 63)),
// 36 stages (R = 0: combinational): a^2 at 2^-128 (a product, 2 stages); w = 2^128 minus
// it (all ones when it vanished) (a stage); normalised by an even shift (a stage); its
// integer square root (hls_fx_isqrt, 32 stages). rtl-gen/src/fatan64.rs's `co_side`.
module hls_fp_co_side64 #(
    parameter int R = 1
) (
    input  logic               clk,
    input  logic               ce,
    input  logic [62:0]        a,
    output logic [63:0]        s,
    output logic signed [13:0] e
);
    logic [52:0] m;
    assign m = {a[62:52] != '0, a[51:0]};
    logic [105:0] p;
    logic signed [12:0] sh, sh2;
    assign sh = $signed({1'b0, (a[62:52] == '0) ? 12'd2 : {a[62:52], 1'b0}}) - 13'sd2022;
    hls_fx_mul #(.AW(53), .BW(53), .R(R)) sq (.clk, .ce, .a(m), .b(m), .p);
    hls_delay #(.W(13), .N(2 * R)) sh_wait (.clk, .ce, .d(sh), .q(sh2));
    logic [127:0] x2, w, w3;
    always_comb begin
        if (sh2 >= 0) x2 = {22'd0, p} << sh2;
        else if (sh2 > -13'sd128) x2 = {22'd0, p} >> (-sh2);
        else x2 = '0;
    end
    assign w = (x2 == '0) ? '1 : -x2;
    hls_delay #(.W(128), .N(R)) st3 (.clk, .ce, .d(w), .q(w3));
    // Half the even shift: the leading zeros, halved.
    logic [5:0] lh;
    always_comb begin
        lh = '0;
        for (int i = 0; i < 128; i++) if (w3[i]) lh = 6'((127 - i) >> 1);
    end
    logic [127:0] wn4;
    logic [5:0] lh4, lh_d;
    hls_delay #(.W(128 + 6), .N(R)) st4 (
        .clk, .ce, .d({w3 << {lh, 1'b0}, lh}), .q({wn4, lh4})
    );
    /* verilator lint_off UNUSEDSIGNAL */
    logic signed [68:0] s_rem;  // (the root's exactness: not needed here)
    /* verilator lint_on UNUSEDSIGNAL */
    hls_fx_isqrt #(.XW(6), .R(R)) sqrt_w (
        .clk, .ce, .x(wn4), .side(lh4), .y(s), .rem(s_rem), .side_o(lh_d)
    );
    assign e = -14'sd1 - $signed({8'd0, lh_d});
endmodule

// The double arctangent's common stages (rtl-gen/src/fatan64.rs's `core`): atan2 of the
// finite nonzero magnitudes y = my 2^(ey - 63) and x = mx 2^(ex - 63) (leading ones at
// bit 63), pi minus it for x < 0 (`xneg`), sign `neg`; or the special value `sp` carries.
// 55 stages (R = 0: combinational), then OUT registers:
//   the smaller n over the larger d (swap), their exponents' distance; i = round(128 n/d)
//   from 20 bits of each (a 9-bit restoring division); n and d on a common 72-bit scale,
//   i d, i n, the table entry and the base (atan c, pi/2 -+ atan c or pi - atan c); num =
//   128 n - i d and den = 128 d + i n; |num| and both leading ones; their top 64 bits;
//   Q = a 2^62 / b (hls_fx_div, 32 stages); Q^2 (2), q'^2 at 2^-64 (1); three Horner
//   steps (a product, 2, then its coefficient, 1); T = Q (1 - R) (2); T on the 2^-70 grid;
//   base +- it, or T 2^(eq - 62) itself; normalised, rounded (hls_fp_pack64 with SUB).
module hls_fp_atan64_core #(
    parameter int R = 1,
    parameter int OUT = 1
) (
    input  logic               clk,
    input  logic               ce,
    input  logic [64:0]        sp,
    input  logic               neg,
    input  logic               xneg,
    input  logic [63:0]        my,
    input  logic signed [13:0] ey,
    input  logic [63:0]        mx,
    input  logic signed [13:0] ex,
    output logic [63:0]        y
);
    localparam int SPW = 65;
    // Stage 1: which is smaller; the exponents' distance.
    logic swap;
    assign swap = ey > ex || (ey == ex && my > mx);
    logic [SPW-1:0] sp1;
    logic neg1, xneg1, swap1;
    logic [63:0] mn1, md1;
    logic [13:0] dx1;
    hls_delay #(.W(SPW + 3 + 128 + 14), .N(R)) st1 (
        .clk, .ce,
        .d({sp, neg, xneg, swap, swap ? mx : my, swap ? my : mx, 14'(swap ? ey - ex : ex - ey)}),
        .q({sp1, neg1, xneg1, swap1, mn1, md1, dx1})
    );
    // Stage 2: t = floor(((n_20 2^8) >> dx) / d_20), i = (t + 1) >> 1 (0 past dx = 8).
    logic [8:0] t;
    logic [27:0] rem;
    always_comb begin
        rem = {mn1[63:44], 8'd0} >> dx1;
        t = '0;
        for (int k = 8; k >= 0; k--) begin
            if (rem >= 28'(md1[63:44]) << k) begin
                rem = rem - (28'(md1[63:44]) << k);
                t[k] = 1'b1;
            end
        end
    end
    logic [7:0] i;
    assign i = (dx1 > 14'd8) ? 8'd0 : 8'(({1'b0, t} + 10'd1) >> 1);
    logic [SPW-1:0] sp2;
    logic neg2, xneg2, swap2;
    logic [63:0] mn2, md2;
    logic [13:0] dx2;
    logic [7:0] i2;
    hls_delay #(.W(SPW + 3 + 128 + 14 + 8), .N(R)) st2 (
        .clk, .ce, .d({sp1, neg1, xneg1, swap1, mn1, md1, dx1, i}),
        .q({sp2, neg2, xneg2, swap2, mn2, md2, dx2, i2})
    );
    // Stage 3: n and d at a common scale (i = 0: no rotation, q' = q and its exponent
    // apart); i d and i n; the base and whether T adds to it.
    logic [71:0] n, d;
    logic signed [15:0] extra;
    assign n = (i2 != '0) ? {8'd0, mn2} << (4'd8 - dx2[3:0]) : {mn2, 8'd0};
    assign d = {md2, 8'd0};
    assign extra = (i2 != '0) ? 16'sd0 : -$signed({2'd0, dx2});
    logic [71:0] tab, base;
    assign tab = hls_fp_math_pkg::atan64_tab(i2);
    always_comb begin
        case ({swap2, xneg2})
            2'b00: base = tab;
            2'b10: base = hls_fp_math_pkg::ATAN64_PI_2 - tab;
            2'b01: base = hls_fp_math_pkg::ATAN64_PI - tab;
            default: base = hls_fp_math_pkg::ATAN64_PI_2 + tab;
        endcase
    end
    logic [SPW-1:0] sp3;
    logic neg3, tiny3, plus3;
    logic [71:0] n3, d3, base3;
    logic [79:0] id3, in3;
    logic signed [15:0] extra3;
    hls_delay #(.W(SPW + 3 + 3 * 72 + 2 * 80 + 16), .N(R)) st3 (
        .clk, .ce,
        .d({sp2, neg2, i2 == '0 && !swap2 && !xneg2, swap2 == xneg2, n, d, base,
            80'(i2) * 80'(d), 80'(i2) * 80'(n), extra}),
        .q({sp3, neg3, tiny3, plus3, n3, d3, base3, id3, in3, extra3})
    );
    // Stage 4: num = 128 n - i d, den = 128 d + i n (exact).
    logic signed [80:0] num4;
    logic [80:0] den4;
    logic [SPW-1:0] sp4;
    logic neg4, tiny4, plus4;
    logic [71:0] base4;
    logic signed [15:0] extra4;
    hls_delay #(.W(SPW + 3 + 81 + 81 + 72 + 16), .N(R)) st4 (
        .clk, .ce,
        .d({sp3, neg3, tiny3, plus3, $signed({2'd0, n3, 7'd0}) - $signed({1'b0, id3}),
            {2'd0, d3, 7'd0} + {1'b0, in3}, base3, extra3}),
        .q({sp4, neg4, tiny4, plus4, num4, den4, base4, extra4})
    );
    // Stage 5: |num|, both leading ones, q''s exponent eq; whether T adds to the base.
    logic [80:0] an;
    assign an = num4[80] ? 81'(-num4) : 81'(num4);
    logic [6:0] pa, pb;
    always_comb begin
        pa = '0;
        pb = '0;
        for (int k = 0; k < 81; k++) begin
            if (an[k]) pa = 7'(k);
            if (den4[k]) pb = 7'(k);
        end
    end
    logic [SPW-1:0] sp5;
    logic neg5, tiny5, add5;
    logic [80:0] an5, den5;
    logic [6:0] pa5, pb5;
    logic [71:0] base5;
    logic signed [15:0] eq5;
    hls_delay #(.W(SPW + 3 + 2 * 81 + 14 + 72 + 16), .N(R)) st5 (
        .clk, .ce,
        .d({sp4, neg4, tiny4, plus4 == !num4[80], an, den4, pa, pb, base4,
            16'($signed({9'd0, pa})) - 16'($signed({9'd0, pb})) + extra4}),
        .q({sp5, neg5, tiny5, add5, an5, den5, pa5, pb5, base5, eq5})
    );
    // Stage 6: their top 64 bits.
    logic [63:0] a6, b6;
    logic [63:0] ta, tb;
    always_comb begin
        ta = (pa5 >= 7'd63) ? 64'(an5 >> (pa5 - 7'd63)) : 64'(an5 << (7'd63 - pa5));
        tb = 64'(den5 >> (pb5 - 7'd63));  // (den >= 2^78)
    end
    // The side bundle waits for T (stage 52).
    localparam int SIDEW = SPW + 3 + 72 + 16;
    logic [SIDEW-1:0] side6, side_t;
    hls_delay #(.W(128 + SIDEW), .N(R)) st6 (
        .clk, .ce, .d({ta, tb, sp5, neg5, tiny5, add5, base5, eq5}), .q({a6, b6, side6})
    );
    // Stages 7-38: Q = floor(a 2^62 / b) in (2^61, 2^63).
    logic [62:0] q38;
    hls_fx_div #(.W(64), .Q(63), .R(R)) div (.clk, .ce, .a(a6), .b(b6), .q(q38));
    hls_delay #(.W(SIDEW), .N(46 * R)) side_wait (.clk, .ce, .d(side6), .q(side_t));
    logic signed [15:0] eq38;
    hls_delay #(.W(16), .N(32 * R)) eq_wait (.clk, .ce, .d(side6[15:0]), .q(eq38));
    // Stages 39-41: Q^2; q'^2 = Q^2 2^(2 eq - 60) at 2^-64 (below 2^49: eq <= -7).
    logic [125:0] qq40;
    logic [62:0] q40, q41;
    logic signed [15:0] eq40;
    hls_fx_mul #(.AW(63), .BW(63), .R(R)) sq (.clk, .ce, .a(q38), .b(q38), .p(qq40));
    hls_delay #(.W(63 + 16), .N(2 * R)) st40 (.clk, .ce, .d({q38, eq38}), .q({q40, eq40}));
    logic signed [16:0] ush;
    assign ush = 17'sd60 - 17'(2 * eq40);
    logic [51:0] u2_41;
    hls_delay #(.W(52 + 63), .N(R)) st41 (
        .clk, .ce, .d({(ush < 17'sd128) ? 52'(qq40 >> ush[6:0]) : 52'd0, q40}),
        .q({u2_41, q41})
    );
    // Stages 42-50: Horner, h5 = 1/5 - q'^2/7, h3 = 1/3 - q'^2 h5, r = q'^2 h3.
    /* verilator lint_off UNUSEDSIGNAL */
    logic [115:0] m7, m5, m3;  // (each step keeps the product's top bits: >> 64)
    /* verilator lint_on UNUSEDSIGNAL */
    logic [51:0] u2_43, u2_44, u2_46, u2_47;
    logic [62:0] q50;
    logic [63:0] h5, h3;
    logic [64:0] om;
    hls_fx_mul #(.AW(52), .BW(64), .R(R)) mul7 (
        .clk, .ce, .a(u2_41), .b(hls_fp_math_pkg::ATAN64_C7), .p(m7)
    );
    hls_delay #(.W(52), .N(2 * R)) u_43 (.clk, .ce, .d(u2_41), .q(u2_43));
    hls_delay #(.W(64 + 52), .N(R)) st44 (
        .clk, .ce, .d({hls_fp_math_pkg::ATAN64_C5 - 64'(m7[115:64]), u2_43}), .q({h5, u2_44})
    );
    hls_fx_mul #(.AW(52), .BW(64), .R(R)) mul5 (.clk, .ce, .a(u2_44), .b(h5), .p(m5));
    hls_delay #(.W(52), .N(2 * R)) u_46 (.clk, .ce, .d(u2_44), .q(u2_46));
    hls_delay #(.W(64 + 52), .N(R)) st47 (
        .clk, .ce, .d({hls_fp_math_pkg::ATAN64_C3 - 64'(m5[115:64]), u2_46}), .q({h3, u2_47})
    );
    hls_fx_mul #(.AW(52), .BW(64), .R(R)) mul3 (.clk, .ce, .a(u2_47), .b(h3), .p(m3));
    hls_delay #(.W(63), .N(9 * R)) q_50 (.clk, .ce, .d(q41), .q(q50));
    hls_delay #(.W(65), .N(R)) st50 (
        .clk, .ce, .d({1'b1, 64'd0} - {13'd0, m3[115:64]}), .q(om)
    );
    /* verilator lint_off UNUSEDSIGNAL */
    logic [127:0] mt;  // (T is its top 64 bits)
    /* verilator lint_on UNUSEDSIGNAL */
    hls_fx_mul #(.AW(63), .BW(65), .R(R)) mult (.clk, .ce, .a(q50), .b(om), .p(mt));
    // Stage 53: T on the 2^-70 grid: T 2^(eq + 8) (eq + 8 <= 1).
    logic [63:0] tt;
    assign tt = mt[127:64];
    logic signed [15:0] eq_t;
    assign eq_t = side_t[15:0];
    logic signed [16:0] tsh;
    assign tsh = 17'(eq_t) + 17'sd8;
    logic [71:0] tf;
    always_comb begin
        if (tsh >= 0) tf = {8'd0, tt} << tsh[0];
        else if (tsh > -17'sd64) tf = {8'd0, tt} >> (-tsh);
        else tf = '0;
    end
    logic [SIDEW-1:0] side54;
    logic [63:0] t54;
    logic [71:0] tf54;
    hls_delay #(.W(SIDEW + 64 + 72), .N(R)) st54 (
        .clk, .ce, .d({side_t, tt, tf}), .q({side54, t54, tf54})
    );
    // Stage 55: T 2^(eq - 62) alone, or base +- T at 2^-70.
    logic [SPW-1:0] sp54;
    logic neg54, tiny54, add54;
    logic [71:0] base54;
    logic signed [15:0] eq54;
    assign {sp54, neg54, tiny54, add54, base54, eq54} = side54;
    logic [SPW-1:0] sp55;
    logic neg55;
    logic [71:0] v55;
    logic signed [15:0] w55;
    hls_delay #(.W(SPW + 1 + 72 + 16), .N(R)) st55 (
        .clk, .ce,
        .d({sp54, neg54, tiny54 ? {8'd0, t54} : add54 ? base54 + tf54 : base54 - tf54,
            tiny54 ? eq54 - 16'sd62 : -16'sd70}),
        .q({sp55, neg55, v55, w55})
    );
    // Stages 56-57: normalised, rounded (subnormal results too), packed.
    hls_fp_pack64 #(.VW(72), .R(R), .OUT(OUT), .SUB(1)) pack (
        .clk, .ce, .sp(sp55), .neg(neg55), .v(v55), .w(w55), .y
    );
endmodule

// floor(a 2^(Q-1) / b) for a < 2b (both W bits), Q non-restoring steps, SPS to a stage:
// ceil(Q / SPS) stages (R = 0: combinational). The trial remainder t = r - b starts at a -
// b; each step's bit is t >= 0, and the next t is 2t - b after a 1, 2t + b after a 0 (the
// restoring remainder r was kept, so 2r - b = 2(t + b) - b): one adder a step, its second
// operand b or its complement by the sign, and the bits are the restoring division's.
module hls_fx_div #(
    parameter int W = 64,
    parameter int Q = 63,
    parameter int SPS = 2,
    parameter int R = 1
) (
    input  logic         clk,
    input  logic         ce,
    input  logic [W-1:0] a,
    input  logic [W-1:0] b,
    output logic [Q-1:0] q
);
    localparam int ST = (Q + SPS - 1) / SPS;
    /* verilator lint_off UNUSEDSIGNAL */
    logic signed [W+1:0] t [ST + 1];  // (in [-b, b); the last is not needed)
    logic [W-1:0] d [ST + 1];
    /* verilator lint_on UNUSEDSIGNAL */
    logic [Q-1:0] qs [ST + 1];
    assign t[0] = $signed({2'b00, a}) - $signed({2'b00, b});
    assign d[0] = b;
    assign qs[0] = '0;
    for (genvar g = 0; g < ST; g++) begin : g_stage
        logic signed [W+1:0] tn;
        logic [Q-1:0] qn;
        always_comb begin
            tn = t[g];
            qn = qs[g];
            for (int k = 0; k < SPS; k++) begin
                if (g * SPS + k < Q) begin
                    qn = {qn[Q-2:0], !tn[W+1]};
                    if (tn[W+1]) tn = (tn <<< 1) + $signed({2'b00, d[g]});
                    else tn = (tn <<< 1) - $signed({2'b00, d[g]});
                end
            end
        end
        hls_delay #(.W(W + 2 + W + Q), .N(R)) st (
            .clk, .ce, .d({tn, d[g], qn}), .q({t[g+1], d[g+1], qs[g+1]})
        );
    end
    assign q = qs[ST];
endmodule

// floor(sqrt(x)) for a 2 RW-bit x (RW root bits: 64 for the double arctangent, 25 for the
// float hypot): RW non-restoring steps, SPS to a stage: ceil(RW / SPS) stages (R = 0:
// combinational); `side` rides along. The signed remainder s takes two radicand bits a
// step: 4s + bits - (4 root + 1) after a 1, + (4 root + 3) after a 0 (the restoring
// remainder was kept); the bit is s >= 0. One adder a step, the restoring square root's
// bits. `rem` is the last s: the root is exact (x = y^2) when it is 0 or, after a last 0
// bit, -(2y + 1), whose two's complement is ~(2y).
module hls_fx_isqrt #(
    parameter int RW = 64,
    parameter int SPS = 2,
    parameter int XW = 1,
    parameter int R = 1
) (
    input  logic                 clk,
    input  logic                 ce,
    input  logic [2*RW-1:0]      x,
    input  logic [XW-1:0]        side,
    output logic [RW-1:0]        y,
    output logic signed [RW+4:0] rem,
    output logic [XW-1:0]        side_o
);
    localparam int ST = (RW + SPS - 1) / SPS;
    logic signed [RW+4:0] r [ST + 1];  // (|s| < 2^(RW+2): 4 s and the two bits side by side)
    /* verilator lint_off UNUSEDSIGNAL */
    logic [2*RW-1:0] xs [ST + 1];  // (the last is not needed)
    /* verilator lint_on UNUSEDSIGNAL */
    logic [RW-1:0] root [ST + 1];
    logic [XW-1:0] sd [ST + 1];
    assign r[0] = '0;
    assign xs[0] = x;
    assign root[0] = '0;
    assign sd[0] = side;
    for (genvar g = 0; g < ST; g++) begin : g_stage
        // After n steps the root has n bits and |s| <= 2^(n+1); a step's 4 s + bits and
        // its sum stay below 2^(n+4): the stage's adders are WG bits wide, not RW + 5
        // (the early steps' remainders are small; half the adder bits of a full-width
        // design).
        localparam int NE = ((g + 1) * SPS < RW) ? (g + 1) * SPS : RW;
        localparam int WG = NE + 4;
        logic signed [WG-1:0] rn;
        logic [2*RW-1:0] xn;
        logic [RW-1:0] qn;
        always_comb begin
            rn = WG'(r[g]);
            xn = xs[g];
            qn = root[g];
            for (int k = 0; k < SPS; k++) begin
                if (g * SPS + k < RW) begin
                    if (rn[WG-1])
                        rn = $signed({rn[WG-3:0], xn[2*RW-1:2*RW-2]}) + $signed(WG'({qn, 2'b11}));
                    else
                        rn = $signed({rn[WG-3:0], xn[2*RW-1:2*RW-2]}) - $signed(WG'({qn, 2'b01}));
                    xn = xn << 2;
                    qn = {qn[RW-2:0], !rn[WG-1]};
                end
            end
        end
        hls_delay #(.W(RW + 5 + 2 * RW + RW + XW), .N(R)) st (
            .clk, .ce, .d({(RW + 5)'(rn), xn, qn, sd[g]}),
            .q({r[g+1], xs[g+1], root[g+1], sd[g+1]})
        );
    end
    assign y = root[ST];
    assign rem = r[ST];
    assign side_o = sd[ST];
endmodule

// The unsigned product a b: partial products of a and 17-bit slices of b (one multiplier
// block each on ECP5 and DSP48E2), then their sum: 2 stages (R = 0: combinational).
module hls_fx_mul #(
    parameter int AW = 64,
    parameter int BW = 64,
    parameter int R = 1
) (
    input  logic               clk,
    input  logic               ce,
    input  logic [AW-1:0]      a,
    input  logic [BW-1:0]      b,
    output logic [AW+BW-1:0]   p
);
    localparam int NS = (BW + 16) / 17;
    localparam int PW = AW + 17;
    logic [NS*17-1:0] bx;
    assign bx = (NS * 17)'(b);
    logic [NS*PW-1:0] pp, pp_r;
    for (genvar g = 0; g < NS; g++) begin : g_pp
        assign pp[g*PW +: PW] = PW'(a) * PW'(bx[g*17 +: 17]);
    end
    hls_delay #(.W(NS * PW), .N(R)) st_pp (.clk, .ce, .d(pp), .q(pp_r));
    logic [AW+BW-1:0] sum;
    always_comb begin
        sum = '0;
        for (int g = 0; g < NS; g++) sum = sum + ((AW + BW)'(pp_r[g*PW +: PW]) << (17 * g));
    end
    hls_delay #(.W(AW + BW), .N(R)) st_sum (.clk, .ce, .d(sum), .q(p));
endmodule
