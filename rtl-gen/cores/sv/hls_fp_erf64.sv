// binary64 erf (KIND 0) or erfc (KIND 1) of a, within 0.51 ulp (OpenCL allows 16).
// rtl-gen/src/ferf64.rs is the same computation in Rust, bit for bit, with the error
// analysis; the table and constants come from there (hls_fp_math_pkg).
//
// erfc |a| = 2^T, T = L(|a|) - a^2 log2 e, L tabulated (384 intervals, degree 8 in u).
// Stages: the specials, the significand and |a| at 2^-64 (1); the interval j and u (2);
// the table's nine coefficients (3); Horner, a product and then its sum a step (4-19),
// beside a^2 (2-3), a^2 at 2^-64 (4), times log2 e (5), at 2^-64 (6); T (20); the
// exponential's stages (21-30, hls_fp_exp64_r); then erfc for a >= 0 rounded as the
// exponential rounds (hls_fp_exp_tail: 31-32, 33), else 1 - 2^k r (erf) or 2 - 2^k r
// (erfc, a < 0) at 2^-118 (31-32) or erf's series below 2^-3 (beside everything from stage
// 4: s = a^2, Q(s) by Horner, a product and a sum a step, (2/sqrt pi)(1 + s Q), times the
// significand), normalised and rounded (hls_fp_pack64, 33). 34 stages. With LAT >= 34 a
// register ends every stage (extra latency is a delay line at the output); with LAT < 34 the
// same logic is combinational, followed by LAT registers.
module hls_fp_erf64 #(
    parameter int KIND = 0,
    parameter int LAT = 34
) (
    input  logic        clk,
    input  logic        ce,
    input  logic [63:0] a,
    output logic [63:0] y
);
    localparam bit ERFC = KIND == 1;
    localparam int STAGES = 34;
    localparam int R = (LAT >= STAGES) ? 1 : 0;
    localparam int OUT = LAT - R * (STAGES - 1);
    localparam int SPW = 65;
    localparam logic [62:0] PINF = 63'h7FF0_0000_0000_0000;
    localparam logic [63:0] QNAN = 64'h7FF8_0000_0000_0000;
    localparam logic [63:0] ONE = 64'h3FF0_0000_0000_0000;
    localparam logic [63:0] TWO = 64'h4000_0000_0000_0000;

    // Stage 1: the special cases; the significand, the exponent (at least 1), |a| at 2^-64.
    logic [62:0] ax;
    logic neg;
    logic [10:0] ex, exs;
    assign ax = a[62:0];
    assign neg = a[63];
    assign ex = a[62:52];
    assign exs = (ex == '0) ? 11'd1 : ex;
    logic special;
    logic [63:0] sv;
    always_comb begin
        special = 1'b1;
        sv = 64'd0;
        if (ax > PINF) sv = QNAN;
        else if (ax >= 63'h4018_0000_0000_0000) begin  // |a| >= 6
            if (!ERFC) sv = {neg, ONE[62:0]};
            else if (neg) sv = TWO;
            else if (ax >= 63'h403C_0000_0000_0000) sv = 64'd0;  // a >= 28
            else special = 1'b0;
        end else if (!ERFC && ax == '0) sv = a;
        else if (ERFC && ex < 11'd968) sv = ONE;
        else special = 1'b0;
    end
    logic [52:0] m;
    assign m = {ex != '0, a[51:0]};
    logic [68:0] af;
    assign af = (ex >= 11'd1011) ? 69'(m) << (ex - 11'd1011) : 69'(m) >> (11'd1011 - ex);
    logic [SPW-1:0] sp1;
    logic neg1, series1;
    logic [10:0] ex1;
    logic [52:0] m1;
    logic [68:0] af1;
    hls_delay #(.W(SPW + 2 + 11 + 53 + 69), .N(R)) st1 (
        .clk, .ce, .d({special, sv, neg, !ERFC && ex < 11'd1020, exs, m, af}),
        .q({sp1, neg1, series1, ex1, m1, af1})
    );
    // Stage 2: the interval (segment from the leading one, six bits below it or below 2^0)
    // and u = (the rest - half) / 2^(b - 7) at 2^-64.
    logic [6:0] lead;
    always_comb begin
        lead = '0;
        for (int i = 0; i < 69; i++) if (af1[i]) lead = 7'(i);
    end
    logic [6:0] b;
    logic [2:0] seg;
    assign b = (lead >= 7'd64) ? lead : 7'd64;
    assign seg = (lead >= 7'd64) ? 3'(lead - 7'd63) : 3'd0;
    logic [8:0] j;
    assign j = {seg, 6'd0} + 9'(6'(af1 >> (b - 7'd6)));
    logic [68:0] rest;
    assign rest = af1 & ((69'd1 << (b - 7'd6)) - 69'd1);
    logic signed [65:0] u;
    assign u = 66'(($signed({1'b0, rest}) - $signed(70'd1 << (b - 7'd7))) <<< (7'd71 - b));
    logic [8:0] j2;
    logic signed [65:0] u2;
    hls_delay #(.W(9 + 66), .N(R)) st2 (.clk, .ce, .d({j, u}), .q({j2, u2}));
    // Stage 3: the coefficients.
    logic signed [69:0] bk [9];
    always_comb begin
        bk[0] = hls_fp_math_pkg::erf64_b0(j2);
        bk[1] = hls_fp_math_pkg::erf64_b1(j2);
        bk[2] = hls_fp_math_pkg::erf64_b2(j2);
        bk[3] = hls_fp_math_pkg::erf64_b3(j2);
        bk[4] = hls_fp_math_pkg::erf64_b4(j2);
        bk[5] = hls_fp_math_pkg::erf64_b5(j2);
        bk[6] = hls_fp_math_pkg::erf64_b6(j2);
        bk[7] = hls_fp_math_pkg::erf64_b7(j2);
        bk[8] = hls_fp_math_pkg::erf64_b8(j2);
    end
    logic [9*70-1:0] bk3;
    logic signed [65:0] u3;
    hls_delay #(.W(9 * 70 + 66), .N(R)) st3 (
        .clk, .ce,
        .d({bk[8], bk[7], bk[6], bk[5], bk[4], bk[3], bk[2], bk[1], bk[0], u2}),
        .q({bk3, u3})
    );
    // Stages 4-19: h_k = b_k + ((u >> t_k) h_(k+1)) >> (64 - t_k), t_k = 7 k + 3 (the
    // product a stage, its shift and sum the next); the coefficients and u wait.
    logic signed [69:0] h [9];
    logic [9*70-1:0] bw [9];
    logic signed [65:0] uw [9];
    assign h[8] = $signed(bk3[8*70 +: 70]);
    assign bw[8] = bk3;
    assign uw[8] = u3;
    for (genvar k = 7; k >= 0; k--) begin : g_horner
        // The operands no wider than their values (u >> T: 66 - T bits; h_(k+1): the bound
        // ferf64::horner_bits gives), so the multiplier is no larger than it must be.
        localparam int T = 7 * k + 3;
        localparam int UW = 66 - T;
        localparam int HW = hls_fp_math_pkg::erf64_hw(k + 1);
        localparam int PW = UW + HW;
        logic signed [UW-1:0] us;
        logic signed [HW-1:0] hn;
        assign us = UW'(uw[k+1] >>> T);
        assign hn = HW'(h[k+1]);
        logic signed [PW-1:0] p;
        logic signed [69:0] hk;
        logic [9*70-1:0] bp;
        logic signed [65:0] up;
        hls_delay #(.W(PW + 9 * 70 + 66), .N(R)) st_p (
            .clk, .ce, .d({PW'(us) * PW'(hn), bw[k+1], uw[k+1]}),
            .q({p, bp, up})
        );
        localparam int EW = (PW > 70) ? PW : 70;
        logic signed [EW-1:0] pe;
        assign pe = EW'(p);  // (sign-extended to the sum's width first)
        assign hk = $signed(bp[k*70 +: 70]) + 70'(pe >>> (64 - T));
        hls_delay #(.W(70 + 9 * 70 + 66), .N(R)) st_s (
            .clk, .ce, .d({hk, bp, up}), .q({h[k], bw[k], uw[k]})
        );
    end
    // Stages 2-6 beside them: a^2 at 2^-64 (s; m^2 2^(2 ex - 2086)), times log2 e at 2^-64.
    logic [105:0] mm3;
    hls_fx_mul #(.AW(53), .BW(53), .R(R)) sq (.clk, .ce, .a(m1), .b(m1), .p(mm3));
    logic [10:0] ex3;
    hls_delay #(.W(11), .N(2 * R)) ex_wait (.clk, .ce, .d(ex1), .q(ex3));
    logic [11:0] ssh;
    assign ssh = 12'd2086 - {ex3, 1'b0};
    logic [73:0] s4;
    hls_delay #(.W(74), .N(R)) st4 (
        .clk, .ce, .d((ssh < 12'd128) ? 74'(mm3 >> ssh[6:0]) : 74'd0), .q(s4)
    );
    logic [144:0] sl5;
    hls_delay #(.W(145), .N(R)) st5 (
        .clk, .ce, .d(145'(s4) * 145'(hls_fp_math_pkg::ERF64_LOG2E)), .q(sl5)
    );
    logic [74:0] sl6, sl19;
    hls_delay #(.W(75), .N(R)) st6 (.clk, .ce, .d(75'(sl5 >> 70)), .q(sl6));
    hls_delay #(.W(75), .N(13 * R)) sl_wait (.clk, .ce, .d(sl6), .q(sl19));
    // Stage 20: T = L - a^2 log2 e (the special value and the rest wait).
    logic [SPW-1:0] sp19, sp20;
    logic neg19, series19;
    hls_delay #(.W(SPW + 2), .N(18 * R)) side (.clk, .ce, .d({sp1, neg1, series1}), .q({sp19, neg19, series19}));
    logic signed [78:0] t20;
    logic neg20, series20;
    hls_delay #(.W(SPW + 2 + 79), .N(R)) st20 (
        .clk, .ce, .d({sp19, neg19, series19, 79'(h[0]) - $signed({4'd0, sl19})}),
        .q({sp20, neg20, series20, t20})
    );
    // Stages 21-30: 2^T = 2^k r (r = tab + tp).
    logic [SPW-1:0] sp30;
    logic signed [14:0] k30;
    logic [63:0] tab30;
    logic [51:0] tp30;
    hls_fp_exp64_r #(.R(R)) body (
        .clk, .ce, .sp(sp20), .t(t20), .sp_o(sp30), .k(k30), .tab(tab30), .tp(tp30)
    );
    logic neg30, series30;
    hls_delay #(.W(2), .N(10 * R)) side30 (.clk, .ce, .d({neg20, series20}), .q({neg30, series30}));
    // erfc for a >= 0: 2^T rounded as the exponential rounds it (31-32, then a register).
    logic [63:0] y_exp;
    hls_fp_exp_tail #(.EW(11), .MW(52), .KW(15), .TPW(52), .R(R), .OUT(R))
        tail (.clk, .ce, .sp(sp30), .k(k30), .tab(tab30), .tp(tp30), .y(y_exp));
    // Stage 31: r (held below 2).
    logic [64:0] rsum;
    assign rsum = 65'(tab30) + 65'(tp30);
    logic [SPW-1:0] sp31;
    logic signed [14:0] k31;
    logic [63:0] r31;
    logic neg31, series31;
    hls_delay #(.W(SPW + 15 + 64 + 2), .N(R)) st31 (
        .clk, .ce, .d({sp30, k30, rsum[64] ? {64{1'b1}} : rsum[63:0], neg30, series30}),
        .q({sp31, k31, r31, neg31, series31})
    );
    // erf's series (stages 5-22 from s): Q by Horner (the product a stage, its shift and
    // sum the next), w = 1 + s Q at 2^64, K w at 2^63, the significand times it.
    logic signed [63:0] qh [7];
    logic signed [63:0] sq_w [7];
    assign qh[6] = hls_fp_math_pkg::ERF64_Q6;
    assign sq_w[6] = $signed({1'b0, s4[62:0]});
    for (genvar k = 5; k >= 0; k--) begin : g_series
        // s and h_(k+1) shifted right by ferf64::series_trim's amounts before the product.
        localparam int A = (6 * k >= 2) ? 6 * k - 2 : 0;
        localparam int B = 6 * k + 2;
        localparam int PW = (64 - A) + (64 - B);
        logic signed [63-A:0] sa;
        logic signed [63-B:0] hb;
        assign sa = (64 - A)'(sq_w[k+1] >>> A);
        assign hb = (64 - B)'(qh[k+1] >>> B);
        logic signed [PW-1:0] p;
        logic signed [63:0] sp_k;
        hls_delay #(.W(PW + 64), .N(R)) st_p (
            .clk, .ce, .d({PW'(sa) * PW'(hb), sq_w[k+1]}), .q({p, sp_k})
        );
        hls_delay #(.W(128), .N(R)) st_s (
            .clk, .ce, .d({$signed(series_q(k)) + 64'(p >>> (64 - A - B)), sp_k}),
            .q({qh[k], sq_w[k]})
        );
    end
    function automatic logic signed [63:0] series_q(input int k);
        case (k)
            0: return hls_fp_math_pkg::ERF64_Q0;
            1: return hls_fp_math_pkg::ERF64_Q1;
            2: return hls_fp_math_pkg::ERF64_Q2;
            3: return hls_fp_math_pkg::ERF64_Q3;
            4: return hls_fp_math_pkg::ERF64_Q4;
            default: return hls_fp_math_pkg::ERF64_Q5;
        endcase
    endfunction
    logic signed [127:0] sqp;
    hls_delay #(.W(128), .N(R)) st_sq (.clk, .ce, .d(128'(sq_w[0]) * 128'(qh[0])), .q(sqp));
    logic [64:0] w18;  // (stage 18)
    hls_delay #(.W(65), .N(R)) st_w (
        .clk, .ce, .d(65'(66'sd1 <<< 64) + 65'(sqp >>> 64)), .q(w18)
    );
    logic [63:0] kw19;  // K w at 2^63 (below 2^63.2)
    hls_delay #(.W(64), .N(R)) st_kw (
        .clk, .ce, .d(64'((129'(hls_fp_math_pkg::ERF64_K) * 129'(w18)) >> 64)), .q(kw19)
    );
    logic [52:0] m19;
    hls_delay #(.W(53), .N(18 * R)) m_wait (.clk, .ce, .d(m1), .q(m19));
    logic [116:0] sv21;
    hls_delay #(.W(117), .N(2 * R)) st_v (
        .clk, .ce, .d(117'(m19) * 117'(kw19)), .q(sv21)
    );
    logic [116:0] sv31;
    hls_delay #(.W(117), .N(10 * R)) sv_wait (.clk, .ce, .d(sv21), .q(sv31));
    logic [10:0] ex31;
    hls_delay #(.W(11), .N(30 * R)) exw (.clk, .ce, .d(ex1), .q(ex31));
    // Stage 32: c - 2^k r at 2^-118 (c = 1 for erf, 2 for erfc), exactly c for k <= -55;
    // or the series' m K w at 2^(ex - 1138).
    logic [119:0] vc;
    assign vc = (ERFC ? 120'd1 << 119 : 120'd1 << 118) - (120'(r31) << 6'(15'sd55 + k31));
    logic [SPW-1:0] sp32;
    logic neg32;
    logic [119:0] v32;
    logic signed [15:0] w32;
    hls_delay #(.W(SPW + 1 + 120 + 16), .N(R)) st32 (
        .clk, .ce,
        .d({(!sp31[SPW-1] && !series31 && k31 <= -15'sd55)
                ? {1'b1, ERFC ? TWO : {neg31, ONE[62:0]}} : sp31,
            !ERFC && neg31,
            series31 ? 120'(sv31) : vc,
            series31 ? $signed({5'd0, ex31}) - 16'sd1138 : -16'sd118}),
        .q({sp32, neg32, v32, w32})
    );
    // Stage 33: normalised and rounded; then the choice and the rest of the latency.
    logic [63:0] y_pack;
    hls_fp_pack64 #(.VW(120), .R(R), .OUT(0), .SUB(1)) pack (
        .clk, .ce, .sp(sp32), .neg(neg32), .v(v32), .w(w32), .y(y_pack)
    );
    logic pos33;
    hls_delay #(.W(1), .N(33 * R)) pos_wait (.clk, .ce, .d(ERFC && !neg), .q(pos33));
    hls_delay #(.W(64), .N(OUT)) out (.clk, .ce, .d(pos33 ? y_exp : y_pack), .q(y));
endmodule
