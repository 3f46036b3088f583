// The double hyperbolic functions: sinh, cosh (18 stages) and tanh (their quotient).
/* verilator lint_off DECLFILENAME */
// binary64 sinh (KIND 0), cosh (KIND 1) or tanh (KIND 2) of a. rtl-gen/src/fsinh64.rs is
// the same computation in Rust, bit for bit, with the error analysis (sinh, cosh within
// 0.53 ulp; tanh, sinh / cosh both rounded, within 2.5 ulp; OpenCL allows 4, 4, 5).
//
// sinh and cosh: hls_fp_hyp64 (18 stages). tanh: hls_fp_hyp64 and the double divider at
// their own stage counts (18, 57) when LAT allows, else half of LAT each (their
// combinational forms, or fewer registers); +-1 for |a| >= 32 and for infinities.
module hls_fp_sinh64 #(
    parameter int KIND = 0,
    parameter int LAT = 18
) (
    input  logic        clk,
    input  logic        ce,
    input  logic [63:0] a,
    output logic [63:0] y
);
    if (KIND != 2) begin : g_sinh_cosh
        /* verilator lint_off UNUSEDSIGNAL */
        logic [63:0] s, c;  // (one of the two is the result)
        /* verilator lint_on UNUSEDSIGNAL */
        hls_fp_hyp64 #(.LAT(LAT)) hyp (.clk, .ce, .a, .s, .c);
        assign y = (KIND == 0) ? s : c;
    end else begin : g_tanh
        localparam int LAT_HYP = (LAT >= 75) ? 18 : LAT / 2;
        logic [63:0] s, c, q;
        hls_fp_hyp64 #(.LAT(LAT_HYP)) hyp (.clk, .ce, .a, .s, .c);
        hls_fp_div #(.EW(11), .MW(52), .LAT(LAT - LAT_HYP)) div (.clk, .ce, .a(s), .b(c), .y(q));
        // |a| >= 32 or infinite (not NaN): +-1, whatever the quotient.
        logic one, one_d, neg_d;
        assign one = a[62:52] >= 11'd1028 && !(a[62:52] == 11'h7FF && a[51:0] != '0);
        hls_delay #(.W(2), .N(LAT)) side (.clk, .ce, .d({one, a[63]}), .q({one_d, neg_d}));
        assign y = one_d ? {neg_d, 63'h3FF0_0000_0000_0000} : q;
    end
endmodule

// sinh a (s) and cosh a (c), 18 stages: the specials and the significand; t = |a| log2 e
// (hls_fp_exp64_arg, 3 stages); e^|a| = 2^k r and e^-|a| = 2^k2 r2 by two copies of the
// exponential's stages (hls_fp_exp64_r on t and -t, 10 stages); r and r2 (a stage); with d
// = k - k2, r 2^62 -+ r2 2^(62 - d) (0 past d = 62), or for sinh with |a| in [2^-27, 2^-5)
// the small path (hls_fp_sinh64_small, beside the others); normalised and rounded, each
// (hls_fp_pack64). With LAT >= 18 a register ends every stage (extra latency is a delay
// line at the output); with LAT < 18 the same logic is combinational, followed by LAT
// registers.
module hls_fp_hyp64 #(
    parameter int LAT = 18
) (
    input  logic        clk,
    input  logic        ce,
    input  logic [63:0] a,
    output logic [63:0] s,
    output logic [63:0] c
);
    localparam int STAGES = 18;
    localparam int R = (LAT >= STAGES) ? 1 : 0;
    localparam int OUT = LAT - R * (STAGES - 1);
    localparam int SPW = 65;
    localparam logic [62:0] PINF = 63'h7FF0_0000_0000_0000;
    localparam logic [63:0] ONE = 64'h3FF0_0000_0000_0000;
    // Stage 1: NaN, infinities, |a| >= 2048 (infinite), |a| < 2^-27 (sinh a, cosh 1); the
    // significand and the right shift that makes t.
    logic [10:0] ex;
    logic neg, special, use_poly;
    logic [63:0] sv_s, sv_c;
    assign ex = a[62:52];
    assign neg = a[63];
    always_comb begin
        special = 1'b1;
        if (ex == 11'h7FF && a[51:0] != '0) begin
            sv_s = 64'h7FF8_0000_0000_0000;
            sv_c = 64'h7FF8_0000_0000_0000;
        end else if (ex >= 11'd1034) begin
            sv_s = {neg, PINF};
            sv_c = {1'b0, PINF};
        end else if (ex < 11'd996) begin
            sv_s = a;
            sv_c = ONE;
        end else begin
            special = 1'b0;
            sv_s = 64'd0;
            sv_c = 64'd0;
        end
    end
    assign use_poly = ex >= 11'd996 && ex < 11'd1018;
    logic [SPW-1:0] sps1, spc1;
    logic neg1;
    logic [10:0] ex1;
    logic [52:0] m1;
    hls_delay #(.W(2 * SPW + 1 + 11 + 53), .N(R)) st1 (
        .clk, .ce,
        .d({special, sv_s, special, sv_c, neg, ex, 1'b1, a[51:0]}),
        .q({sps1, spc1, neg1, ex1, m1})
    );
    // Stages 2-4: t = |a| log2 e at 2^-64.
    logic [SPW-1:0] sps4, spc4;
    logic [76:0] t4;
    hls_fp_exp64_arg #(.KIND(1), .XW(2 * SPW), .R(R)) arg (
        .clk, .ce, .side({sps1, spc1}), .sh(7'(11'd1033 - ex1)), .m(m1),
        .side_o({sps4, spc4}), .t(t4)
    );
    // Stages 5-14: e^|a| and e^-|a| (the special values ride along, one in each).
    logic [SPW-1:0] sps14, spc14;
    logic signed [14:0] k14, k2_14;
    logic [63:0] tab14, tab2_14;
    logic [51:0] tp14, tp2_14;
    hls_fp_exp64_r #(.R(R)) up (
        .clk, .ce, .sp(sps4), .t($signed({2'b00, t4})),
        .sp_o(sps14), .k(k14), .tab(tab14), .tp(tp14)
    );
    hls_fp_exp64_r #(.R(R)) down (
        .clk, .ce, .sp(spc4), .t(-$signed({2'b00, t4})),
        .sp_o(spc14), .k(k2_14), .tab(tab2_14), .tp(tp2_14)
    );
    // Stages 2-15 beside them: sinh's small path, and the sign.
    logic poly1, poly15, neg15;
    logic [126:0] pv15;
    logic signed [15:0] pw15;
    hls_delay #(.W(1), .N(R)) st1p (.clk, .ce, .d(use_poly), .q(poly1));
    hls_fp_sinh64_small #(.R(R)) poly (
        .clk, .ce, .use_poly(poly1), .neg(neg1), .ex(ex1), .m(m1),
        .use_poly_o(poly15), .neg_o(neg15), .v(pv15), .w(pw15)
    );
    // Stage 15: r and r2, held below 2.
    logic [64:0] rsum, rsum2;
    assign rsum = 65'(tab14) + 65'(tp14);
    assign rsum2 = 65'(tab2_14) + 65'(tp2_14);
    logic [SPW-1:0] sps15, spc15;
    logic signed [14:0] k15, k2_15;
    logic [63:0] r15, r2_15;
    hls_delay #(.W(2 * SPW + 30 + 128), .N(R)) st15 (
        .clk, .ce,
        .d({sps14, spc14, k14, k2_14, rsum[64] ? {64{1'b1}} : rsum[63:0],
            rsum2[64] ? {64{1'b1}} : rsum2[63:0]}),
        .q({sps15, spc15, k15, k2_15, r15, r2_15})
    );
    // Stage 16: e^|a| -+ e^-|a| at 2^(k - 125) (halved: w = k - 126), or the small path's.
    logic [14:0] d;
    logic [126:0] near, far;
    assign d = 15'(k15 - k2_15);
    assign near = 127'(r15) << 62;
    assign far = (d > 15'd62) ? 127'd0 : 127'(r2_15) << 6'(15'd62 - d);
    logic [SPW-1:0] sps16, spc16;
    logic neg16;
    logic [126:0] vs16, vc16;
    logic signed [15:0] ws16, wc16;
    hls_delay #(.W(2 * SPW + 1 + 2 * 127 + 32), .N(R)) st16 (
        .clk, .ce,
        .d({sps15, spc15, neg15, poly15 ? pv15 : near - far, near + far,
            poly15 ? pw15 : 16'(k15) - 16'sd126, 16'(k15) - 16'sd126}),
        .q({sps16, spc16, neg16, vs16, vc16, ws16, wc16})
    );
    // Stages 17-18: each normalised, rounded, packed.
    hls_fp_pack64 #(.VW(127), .R(R), .OUT(OUT)) pack_s (
        .clk, .ce, .sp(sps16), .neg(neg16), .v(vs16), .w(ws16), .y(s)
    );
    hls_fp_pack64 #(.VW(127), .R(R), .OUT(OUT)) pack_c (
        .clk, .ce, .sp(spc16), .neg(1'b0), .v(vc16), .w(wc16), .y(c)
    );
endmodule

// sinh's path for |a| in [2^-27, 2^-5) (rtl-gen/src/fsinh64.rs's `sinh_small`): |a| at
// 2^-64 (59 bits); b = a^2; P = 1/6 + b (1/120 + b (1/5040 + b/362880)) by Horner at 2^-64,
// a product and a sum per step; 1 + b P at 2^64; the significand times it: v 2^w is sinh
// |a| before rounding. 11 stages and 3 to wait (R = 1: registers; R = 0: combinational).
module hls_fp_sinh64_small #(
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
    output logic [126:0]        v,
    output logic signed [15:0]  w
);
    localparam logic [63:0] CS [4] = '{
        hls_fp_math_pkg::SINH64_C0, hls_fp_math_pkg::SINH64_C1, hls_fp_math_pkg::SINH64_C2,
        hls_fp_math_pkg::SINH64_C3
    };
    localparam int CW = 2 + 53 + 16;  // what rides along: {use_poly, neg, m, w}
    // Stage 2: |a| 2^64 = m 2^(ex - 1011).
    logic [CW-1:0] c2;
    logic [58:0] a2;
    hls_delay #(.W(CW + 59), .N(R)) st2 (
        .clk, .ce,
        .d({use_poly, neg, m, 16'(ex) - 16'sd1139,
            (ex >= 11'd1011) ? 59'(m) << 3'(ex - 11'd1011) : 59'(m) >> 6'(11'd1011 - ex)}),
        .q({c2, a2})
    );
    // Stage 3: b = a^2 at 2^-64.
    /* verilator lint_off UNUSEDSIGNAL */
    logic [117:0] aa;  // (b keeps bits 64 and up)
    /* verilator lint_on UNUSEDSIGNAL */
    assign aa = 118'(a2) * 118'(a2);
    logic [CW-1:0] cs [4];
    logic [53:0] bs [4];
    logic [63:0] hs [4];
    hls_delay #(.W(CW + 54), .N(R)) st3 (.clk, .ce, .d({c2, aa[117:64]}), .q({cs[3], bs[3]}));
    assign hs[3] = CS[3];
    // Stages 4-9: h = c_i + b h (the product, then the sum), from h = 1/362880; b and h
    // shifted right before each product (fsinh64::SINH_TRIM).
    for (genvar i = 2; i >= 0; i--) begin : g_horner
        localparam int SB = (i == 0) ? 15 : (i == 1) ? 31 : 47;
        localparam int SH = (i == 0) ? 19 : (i == 1) ? 29 : 39;
        localparam int WP = (54 - SB) + (64 - SH);
        logic [53-SB:0] bt;
        logic [63-SH:0] ht;
        assign bt = bs[i+1][53:SB];
        assign ht = hs[i+1][63:SH];
        logic [CW-1:0] cp;
        logic [53:0] bp;
        logic [WP-1:0] prod;
        hls_delay #(.W(CW + 54 + WP), .N(R)) st_p (
            .clk, .ce, .d({cs[i+1], bs[i+1], WP'(bt) * WP'(ht)}), .q({cp, bp, prod})
        );
        logic [63:0] back;
        if (SB + SH <= 64) begin : g_right
            /* verilator lint_off UNUSEDSIGNAL */
            logic [WP-1:0] prod_s;  // (h keeps what fits in 64 bits)
            /* verilator lint_on UNUSEDSIGNAL */
            assign prod_s = prod >> (64 - SB - SH);
            assign back = 64'(prod_s);
        end else begin : g_left
            assign back = 64'(prod) << (SB + SH - 64);
        end
        hls_delay #(.W(CW + 54 + 64), .N(R)) st_a (
            .clk, .ce, .d({cp, bp, CS[i] + back}), .q({cs[i], bs[i], hs[i]})
        );
    end
    // Stage 10: b P (P's top 54 bits); stage 11: 1 + b P at 2^64; stage 12: the significand
    // times it.
    logic [CW-1:0] c10, c11;
    /* verilator lint_off UNUSEDSIGNAL */
    logic [107:0] bp10;  // (1 + b P keeps bits 54 and up)
    /* verilator lint_on UNUSEDSIGNAL */
    hls_delay #(.W(CW + 108), .N(R)) st10 (
        .clk, .ce, .d({cs[0], 108'(bs[0]) * 108'(hs[0][63:10])}), .q({c10, bp10})
    );
    logic [64:0] s11;
    hls_delay #(.W(CW + 65), .N(R)) st11 (
        .clk, .ce, .d({c10, 65'h1_0000_0000_0000_0000 + 65'(bp10[107:54])}), .q({c11, s11})
    );
    // Stages 12-15: the product, and three to wait for the other path.
    hls_delay #(.W(2 + 127 + 16), .N(4 * R)) st12 (
        .clk, .ce, .d({c11[CW-1:CW-2], 127'(c11[CW-3:16]) * 127'(s11), c11[15:0]}),
        .q({use_poly_o, neg_o, v, w})
    );
endmodule
