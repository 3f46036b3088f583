// The float arctangents: atan2 and atan.
/* verilator lint_off DECLFILENAME */

// binary32 atan2(a, b): hls_fp_arctan with KIND 0.
module hls_fp_atan2 #(
    parameter int LAT = 47
) (
    input  logic        clk,
    input  logic        ce,
    input  logic [31:0] a,
    input  logic [31:0] b,
    output logic [31:0] y
);
    hls_fp_arctan #(.KIND(0), .LAT(LAT)) core (.clk, .ce, .a, .b, .y);
endmodule

// binary32 atan a (KIND 1): hls_fp_arctan.
module hls_fp_atan #(
    parameter int KIND = 1,
    parameter int LAT = 47
) (
    input  logic        clk,
    input  logic        ce,
    input  logic [31:0] a,
    output logic [31:0] y
);
    hls_fp_arctan #(.KIND(KIND), .LAT(LAT)) core (.clk, .ce, .a, .b(32'd0), .y);
endmodule

// binary32 atan2(a, b) (KIND 0) and atan a (1), within 0.63 ulp (OpenCL allows 6 and 5).
// rtl-gen/src/fatan.rs is the same computation in Rust, bit for bit, with the error
// analysis; the table and constants come from there (hls_fp_math_pkg). The double core's
// method (hls_fp_atan64.sv) at float widths.
//
// Stages (R = 1; with LAT < STAGES the same logic is combinational, R = 0, followed by LAT
// registers; extra latency is a delay line at the output):
//   1      the specials; both significands normalised (atan: b = 1)
//   2      the smaller n over the larger d (swap), their exponents' distance
//   3-11   i = round(128 n/d) from 12 bits of each (hls_fx_div, 9 quotient bits), 0 for 1
//   12     n and d on a common scale
//   13-14  i d and i n; beside them the table entry (read, registered again)
//   15     num = 128 n - i d, den = 128 d + i n (exact); the base (atan c, pi/2 -+ atan c
//          or pi - atan c)
//   16     |num| and its leading one, q''s exponent eq
//   17     the division's operands: the top G bits of |num| and of den
//   18-31  Q = floor(a 2^(QB-1) / b) (hls_fx_div, two steps a stage)
//   32-33  Q^2; 34: q'^2 at 2^-UF
//   35-36  q'^2 / 5; 37: 1/3 - it; 38-39: r = q'^2 (1/3 - q'^2/5)
//   40-41  Q r; 42: T = Q - Q r
//   43     T on the 2^-F grid; 44: base +- T, or T alone
//   45-47  normalised, rounded (subnormal results too), packed
module hls_fp_arctan #(
    parameter int KIND = 0,
    parameter int LAT = 47
) (
    input  logic        clk,
    input  logic        ce,
    input  logic [31:0] a,
    /* verilator lint_off UNUSEDSIGNAL */
    input  logic [31:0] b,  // (atan2's x; atan reads a alone)
    /* verilator lint_on UNUSEDSIGNAL */
    output logic [31:0] y
);
    localparam int STAGES = 47;
    localparam int R = (LAT >= STAGES) ? 1 : 0;
    localparam int OUT = LAT - R * STAGES;
    // fatan.rs's K, G, QB, UF, F.
    localparam int K = 12, G = 29, QB = 28, UF = 34, F = 36;
    localparam int IW = K + 8;                 // the index division's operands
    localparam int VW = F + 2;                 // the sum base +- T (below 4)
    localparam logic [30:0] PINF = 31'h7F80_0000;
    localparam logic [30:0] ONE = 31'h3F80_0000;
    localparam logic [30:0] PI_4 = 31'h3F49_0FDB;
    localparam logic [30:0] PI_2 = 31'h3FC9_0FDB;
    localparam logic [30:0] PI_3_4 = 31'h4016_CBE4;
    localparam logic [30:0] PI = 31'h4049_0FDB;
    localparam logic [31:0] QNAN = 32'h7FC0_0000;

    // Stage 1: the special cases (C99 Annex F); both significands normalised.
    logic [30:0] ay, ax;
    logic sy, xneg;
    assign ay = a[30:0];
    assign ax = (KIND == 1) ? ONE : b[30:0];
    assign sy = a[31];
    assign xneg = (KIND == 0) ? b[31] : 1'b0;
    logic special;
    logic [31:0] sv;
    always_comb begin
        special = 1'b1;
        sv = 32'd0;
        if (ay > PINF || ax > PINF) sv = QNAN;
        else if (ay == '0) sv = {sy, xneg ? PI : 31'd0};
        else if (ax == '0) sv = {sy, PI_2};
        else if (ay == PINF) sv = {sy, (ax != PINF) ? PI_2 : xneg ? PI_3_4 : PI_4};
        else if (ax == PINF) sv = {sy, xneg ? PI : 31'd0};
        else special = 1'b0;
    end
    hls_fp_math_pkg::n24_t ny, nx;
    assign ny = hls_fp_math_pkg::norm24(ay);
    assign nx = hls_fp_math_pkg::norm24(ax);
    logic [32:0] sp1;
    logic neg1, xneg1;
    hls_fp_math_pkg::n24_t ny1, nx1;
    hls_delay #(.W(33 + 2 + 2 * 40), .N(R)) st1 (
        .clk, .ce, .d({special, sv, sy, xneg, ny, nx}), .q({sp1, neg1, xneg1, ny1, nx1})
    );
    // Stage 2: which is smaller; the exponents' distance (only up to 9 matters).
    // (Each difference, and whether it passes 9, worked out side by side and chosen by
    // which exponent is larger: one adder deep.)
    logic swap, ygt;
    logic signed [15:0] d_yx, d_xy;
    assign d_yx = ny1.e - nx1.e;
    assign d_xy = nx1.e - ny1.e;
    assign ygt = d_xy[15];
    assign swap = ygt || (ny1.e == nx1.e && ny1.m > nx1.m);
    logic [8:0] dxw;  // (float exponents differ by less than 2^9)
    logic far;
    assign dxw = ygt ? d_yx[8:0] : d_xy[8:0];
    assign far = ygt ? d_yx > 16'sd9 : d_xy > 16'sd9;
    logic [32:0] sp2;
    logic neg2, xneg2, swap2;
    logic [23:0] mn2, md2;
    logic [3:0] dx2;  // (clamped at 9: the index's shift)
    logic [8:0] dxf2;  // (whole: q''s exponent when i = 0; below 2^9)
    hls_delay #(.W(33 + 3 + 48 + 4 + 9), .N(R)) st2 (
        .clk, .ce,
        .d({sp1, neg1, xneg1, swap, swap ? nx1.m : ny1.m, swap ? ny1.m : nx1.m,
            far ? 4'd9 : dxw[3:0], dxw[8:0]}),
        .q({sp2, neg2, xneg2, swap2, mn2, md2, dx2, dxf2})
    );
    // Stages 3-11: t = floor(((n_K 2^8) >> dx) / d_K) (n <= d: below 2^9), beside it the rest.
    localparam int SIDE2 = 33 + 3 + 48 + 4 + 9;
    logic [8:0] t11;
    logic [SIDE2-1:0] side11;
    hls_fx_div #(.W(IW), .Q(9), .SPS(1), .R(R)) idx (
        .clk, .ce, .a({mn2[23:24-K], 8'd0} >> dx2), .b({md2[23:24-K], 8'd0}), .q(t11)
    );
    hls_delay #(.W(SIDE2), .N(9 * R)) wait_idx (
        .clk, .ce, .d({sp2, neg2, xneg2, swap2, mn2, md2, dx2, dxf2}), .q(side11)
    );
    logic [32:0] sp11;
    logic neg11, xneg11, swap11;
    logic [23:0] mn11, md11;
    logic [3:0] dx11;
    logic [8:0] dxf11;
    assign {sp11, neg11, xneg11, swap11, mn11, md11, dx11, dxf11} = side11;
    // i = (t + 1) >> 1; 0 past dx = 8, and 0 for 1 (beside atan(1/128) the correction
    // would be as large as the result).
    logic [8:0] i_r;
    logic [7:0] i;
    assign i_r = (t11 + 9'd1) >> 1;
    assign i = (dx11 > 4'd8 || i_r < 9'd2) ? 8'd0 : i_r[7:0];
    // Stage 12: n and d at a common scale (i = 0: no rotation, q' = q, its exponent
    // apart); whether T is the result alone, or adds to the base.
    logic [31:0] n, d;
    logic [8:0] extra;  // (minus q''s exponent offset)
    assign n = (i != '0) ? {8'd0, mn11} << (4'd8 - dx11) : {mn11, 8'd0};
    assign d = {md11, 8'd0};
    assign extra = (i != '0) ? 9'd0 : dxf11;
    logic [32:0] sp12;
    logic neg12, tiny12, plus12, swap12, xneg12;
    logic [31:0] n12, d12;
    logic [7:0] i12;
    logic [8:0] extra12;
    hls_delay #(.W(33 + 5 + 64 + 8 + 9), .N(R)) st12 (
        .clk, .ce,
        .d({sp11, neg11, i == '0 && !swap11 && !xneg11, swap11 == xneg11, swap11, xneg11, n, d, i,
            extra}),
        .q({sp12, neg12, tiny12, plus12, swap12, xneg12, n12, d12, i12, extra12})
    );
    // Stages 13-14: i d and i n; beside them the table entry, and after it the base (atan
    // c, pi/2 -+ atan c or pi - atan c).
    logic [39:0] id14, in14;
    hls_fx_mul #(.AW(32), .BW(8), .R(R)) mul_d (.clk, .ce, .a(d12), .b(i12), .p(id14));
    hls_fx_mul #(.AW(32), .BW(8), .R(R)) mul_n (.clk, .ce, .a(n12), .b(i12), .p(in14));
    // (The table read in stage 13 and registered again in stage 14, the base from it in
    // stage 15: a ROM mapped to block RAM is slow to its output without its register.)
    logic [VW-1:0] tab14, base;
    logic swap14, xneg14;
    hls_delay #(.W(VW + 2), .N(2 * R)) st14t (
        .clk, .ce, .d({VW'(hls_fp_math_pkg::atan32_tab(i12)), swap12, xneg12}),
        .q({tab14, swap14, xneg14})
    );
    always_comb begin
        case ({swap14, xneg14})
            2'b00: base = tab14;
            2'b10: base = VW'(hls_fp_math_pkg::ATAN32_PI_2) - tab14;
            2'b01: base = VW'(hls_fp_math_pkg::ATAN32_PI) - tab14;
            default: base = VW'(hls_fp_math_pkg::ATAN32_PI_2) + tab14;
        endcase
    end
    logic [32:0] sp14;
    logic neg14, tiny14, plus14;
    logic [31:0] n14, d14;
    logic [8:0] extra14;
    hls_delay #(.W(33 + 3 + 64 + 9), .N(2 * R)) st14a (
        .clk, .ce, .d({sp12, neg12, tiny12, plus12, n12, d12, extra12}),
        .q({sp14, neg14, tiny14, plus14, n14, d14, extra14})
    );
    // Stage 15: num = 128 n - i d and its negation (side by side: |num| without a second
    // adder in a row), den = 128 d + i n (exact).
    logic signed [40:0] num15;
    logic [39:0] nnum15;  // (-num: |num| < 2^39)
    logic [39:0] den15;
    logic [32:0] sp15;
    logic neg15, tiny15, plus15;
    logic [VW-1:0] base15;
    logic [8:0] extra15;
    hls_delay #(.W(33 + 3 + 81 + 40 + VW + 9), .N(R)) st15 (
        .clk, .ce,
        .d({sp14, neg14, tiny14, plus14, $signed({2'd0, n14, 7'd0}) - $signed({1'b0, id14}),
            id14 - {1'b0, n14, 7'd0}, {1'b0, d14, 7'd0} + in14,
            base, extra14}),
        .q({sp15, neg15, tiny15, plus15, num15, nnum15, den15, base15, extra15})
    );
    // Stage 16: |num| and its leading one (den's is at bit 38 or 39); q''s exponent eq;
    // whether T adds to the base.
    logic [39:0] an;
    assign an = num15[40] ? nnum15 : num15[39:0];
    logic [5:0] pa;
    assign pa = hls_fp_pkg::lead64(64'(an));
    logic [32:0] sp16;
    logic neg16, tiny16, add16, zero16;
    logic [39:0] an16, den16;
    logic [5:0] pa16;
    logic [VW-1:0] base16;
    logic [8:0] extra16;
    hls_delay #(.W(33 + 4 + 80 + 6 + VW + 9), .N(R)) st16 (
        .clk, .ce,
        .d({sp15, neg15, tiny15, plus15 == !num15[40], num15 == '0, an, den15, pa, base15,
            extra15}),
        .q({sp16, neg16, tiny16, add16, zero16, an16, den16, pa16, base16, extra16})
    );
    logic signed [10:0] eq16;
    assign eq16 = 11'(pa16) - (den16[39] ? 11'sd39 : 11'sd38) - 11'(extra16);
    // Stage 17: the top G bits of |num| and of den.
    logic [G-1:0] ta, tb;
    always_comb begin
        ta = (pa16 >= 6'(G - 1)) ? G'(an16 >> (pa16 - 6'(G - 1))) : G'(an16 << (6'(G - 1) - pa16));
        tb = den16[39] ? G'(den16 >> (40 - G)) : G'(den16 >> (39 - G));
    end
    // The side bundle waits for T (stage 42).
    localparam int SIDEW = 33 + 4 + VW + 11;
    logic [SIDEW-1:0] side17, side_t;
    logic [G-1:0] a17, b17;
    hls_delay #(.W(2 * G + SIDEW), .N(R)) st17 (
        .clk, .ce, .d({ta, tb, sp16, neg16, tiny16, add16, zero16, base16, eq16}),
        .q({a17, b17, side17})
    );
    // Stages 18-31: Q = floor(a 2^(QB-1) / b) in (2^(QB-2), 2^QB).
    logic [QB-1:0] q31;
    hls_fx_div #(.W(G), .Q(QB), .SPS(2), .R(R)) div (.clk, .ce, .a(a17), .b(b17), .q(q31));
    hls_delay #(.W(SIDEW), .N(25 * R)) side_wait (.clk, .ce, .d(side17), .q(side_t));
    logic signed [10:0] eq31;
    hls_delay #(.W(11), .N(14 * R)) eq_wait (.clk, .ce, .d(side17[10:0]), .q(eq31));
    // Stages 32-34: Q^2; q'^2 = Q^2 2^(2 (eq - QB + 1) + UF) at 2^-UF (eq <= -6: below
    // 2^24).
    logic [2*QB-1:0] qq33;
    logic [QB-1:0] q33, q34;
    logic signed [10:0] eq33;
    hls_fx_mul #(.AW(QB), .BW(QB), .R(R)) sq (.clk, .ce, .a(q31), .b(q31), .p(qq33));
    hls_delay #(.W(QB + 11), .N(2 * R)) st33 (.clk, .ce, .d({q31, eq31}), .q({q33, eq33}));
    logic signed [12:0] ush;
    assign ush = 13'sd20 - 13'(2 * eq33);  // 2 (QB - 1 - eq) - UF
    logic [23:0] u34;
    hls_delay #(.W(24 + QB), .N(R)) st34 (
        .clk, .ce, .d({(ush < 13'sd56) ? 24'(qq33 >> ush[5:0]) : 24'd0, q33}), .q({u34, q34})
    );
    // Stages 35-39: h = 1/3 - q'^2/5, r = q'^2 h (each product's top bits: >> UF).
    /* verilator lint_off UNUSEDSIGNAL */
    logic [55:0] m5;
    logic [57:0] m3;
    logic [47:0] mq;
    /* verilator lint_on UNUSEDSIGNAL */
    logic [23:0] u36, u37;
    logic [33:0] h37;
    hls_fx_mul #(.AW(24), .BW(32), .R(R)) mul5 (
        .clk, .ce, .a(u34), .b(hls_fp_math_pkg::ATAN32_C5), .p(m5)
    );
    hls_delay #(.W(24), .N(2 * R)) u_36 (.clk, .ce, .d(u34), .q(u36));
    hls_delay #(.W(34 + 24), .N(R)) st37 (
        .clk, .ce, .d({hls_fp_math_pkg::ATAN32_C3 - 34'(m5[55:UF]), u36}), .q({h37, u37})
    );
    hls_fx_mul #(.AW(24), .BW(34), .R(R)) mul3 (.clk, .ce, .a(u37), .b(h37), .p(m3));
    // Stages 40-42: Q r, T = Q - Q r.
    logic [QB-1:0] q39, q42;
    hls_delay #(.W(QB), .N(5 * R)) q_39 (.clk, .ce, .d(q34), .q(q39));
    hls_fx_mul #(.AW(QB), .BW(20), .R(R)) mulq (.clk, .ce, .a(q39), .b(20'(m3[57:UF])), .p(mq));
    logic [QB-1:0] q41;
    hls_delay #(.W(QB), .N(2 * R)) q_41 (.clk, .ce, .d(q39), .q(q41));
    hls_delay #(.W(QB), .N(R)) st42 (.clk, .ce, .d(q41 - QB'(mq[47:UF])), .q(q42));
    // Stage 43: T on the 2^-F grid: T 2^(eq - QB + 1 + F) (eq + 9 <= 3).
    logic [32:0] sp42;
    logic neg42, tiny42, add42, zero42;
    logic [VW-1:0] base42;
    logic signed [10:0] eq42;
    assign {sp42, neg42, tiny42, add42, zero42, base42, eq42} = side_t;
    logic [QB-1:0] t42;
    assign t42 = zero42 ? '0 : q42;
    logic signed [11:0] tsh;
    assign tsh = 12'(eq42) + 12'sd9;
    logic [VW-1:0] tf;
    always_comb begin
        if (tsh >= 0) tf = VW'(t42) << tsh[1:0];
        else if (tsh > -12'sd40) tf = VW'(t42) >> (-tsh);
        else tf = '0;
    end
    logic [32:0] sp43;
    logic neg43, tiny43, add43;
    logic [VW-1:0] base43, tf43;
    logic [QB-1:0] t43;
    logic signed [10:0] eq43;
    hls_delay #(.W(33 + 3 + 2 * VW + QB + 11), .N(R)) st43 (
        .clk, .ce, .d({sp42, neg42, tiny42, add42, base42, tf, t42, eq42}),
        .q({sp43, neg43, tiny43, add43, base43, tf43, t43, eq43})
    );
    // Stage 44: T 2^(eq - QB + 1) alone, or base +- T at 2^-F.
    logic [32:0] sp44;
    logic neg44;
    logic [VW-1:0] v44;
    logic signed [15:0] w44;
    hls_delay #(.W(33 + 1 + VW + 16), .N(R)) st44 (
        .clk, .ce,
        .d({sp43, neg43, tiny43 ? VW'(t43) : add43 ? base43 + tf43 : base43 - tf43,
            tiny43 ? 16'(eq43) - 16'sd27 + 16'sd64 : 16'sd64 - 16'sd36}),
        .q({sp44, neg44, v44, w44})
    );
    // Stages 45-47: normalised, rounded (subnormal results too), packed (hls_fp_pack3).
    logic [31:0] y47;
    hls_fp_pack3 #(.VW(VW), .R(R)) pack (
        .clk, .ce, .sp(sp44), .neg(neg44), .v(v44), .w(w44), .y(y47)
    );
    hls_delay #(.W(32), .N(OUT)) tail (.clk, .ce, .d(y47), .q(y));
endmodule

// binary32 asin a (KIND 0) and acos a (1): atan2(a, s) and atan2(s, a) of s = sqrt(1 -
// a^2), with the float fma (1 - a^2 rounded once: no cancellation error), the float square
// root and hls_fp_arctan. s carries 0.75 ulp of relative error at most, which the
// arctangent passes on at most unchanged: within 2.2 ulp by analysis (rtl-gen/src/fatan.rs
// measures every float), where OpenCL allows 4. |a| > 1 gives 1 - a^2 < 0 and the square
// root's NaN; a = -1 gives s = +0 and atan2(+0, -1) = pi.
module hls_fp_asin #(
    parameter int KIND = 0,
    parameter int LAT = 88
) (
    input  logic        clk,
    input  logic        ce,
    input  logic [31:0] a,
    output logic [31:0] y
);
    // The fma's, the square root's and the arctangent's stages; below that LAT is shared
    // out in proportion, each part then its combinational form followed by registers.
    localparam int FULL = 13 + 28 + 47;
    localparam int LF = (LAT >= FULL) ? 13 : LAT * 13 / FULL;
    localparam int LS = (LAT >= FULL) ? 28 : LAT * 28 / FULL;
    localparam int LA = LAT - LF - LS;
    logic [31:0] r, s, a_d;
    hls_fp_fma #(.EW(8), .MW(23), .LAT(LF)) one_minus (
        .clk, .ce, .a({~a[31], a[30:0]}), .b(a), .c(32'h3F80_0000), .y(r)
    );
    hls_fp_sqrt #(.EW(8), .MW(23), .LAT(LS)) root (.clk, .ce, .a(r), .y(s));
    hls_delay #(.W(32), .N(LF + LS)) keep_a (.clk, .ce, .d(a), .q(a_d));
    hls_fp_arctan #(.KIND(0), .LAT(LA)) angle (
        .clk, .ce, .a(KIND == 0 ? a_d : s), .b(KIND == 0 ? s : a_d), .y
    );
endmodule
