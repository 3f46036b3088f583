// binary32 hypot(a, b) = sqrt(a^2 + b^2), correctly rounded (OpenCL allows 4 ulp), from
// exact integers: no scaling, no overflow or underflow on the way. With m >= n the
// magnitudes' significands normalised to 24 bits (mb, ms) and d the difference of their
// exponents:
//   - d >= 13: the result is m itself. sqrt(m^2 + n^2) = m (1 + t) with t < 2^(1-2d) <=
//     2^-25, less than half of m's ulp (at least 2^-24 m), and never a tie.
//   - otherwise the sum with two fraction bits, T' = 4 mb^2 + floor(4 ms^2 / 4^d), exact
//     but for the bits of ms^2 shifted out (told by ms's trailing zeros, no mask), lies in
//     [2^48, 2^51); T = T' or T' / 4 lies in [2^48, 2^50) and its integer square root
//     (hls_fx_isqrt, 25 steps) is the significand with one guard bit; the bits below (the
//     root's remainder, the two bits T' / 4 dropped, the shifted-out bits) are the sticky
//     bit. A square root of an integer is never halfway between two integers, so
//     nearest-even rounding (hls_fp_round) is exact rounding.
// A subnormal m is normalised like any other: the squares are exact whatever the scale,
// and a result below the normal range is shifted right before rounding, as the
// multiplier does. C99's special cases: an infinite operand gives +inf even beside a NaN;
// otherwise a NaN gives NaN; a zero operand gives the other's magnitude, exactly.
// The Rust model is math.rs's hypot32, the exact computation: the core must equal it to
// the bit.
//
// Latency: STAGES with the squares (hls_fp_sigmul) and the root (one step a stage); extra
// latency is a delay line after rounding. With LAT < STAGES: the package's combinational
// hypot32 followed by LAT registers.
module hls_fp_hypot #(
    parameter int LAT = 37
) (
    input  logic        clk,
    input  logic        ce,
    /* verilator lint_off UNUSEDSIGNAL */
    input  logic [31:0] a,  // (signs: hypot reads magnitudes)
    input  logic [31:0] b,
    /* verilator lint_on UNUSEDSIGNAL */
    output logic [31:0] y
);
    localparam int PL = hls_fp_pkg::sigmul_latency(24);
    localparam int RW = 25;                   // root bits: 24 significand, 1 guard
    localparam int STAGES = 3 + PL + 3 + RW + 2 + 2;
    localparam logic [30:0] PINF = 31'h7F80_0000;
    localparam logic [31:0] QNAN = 32'h7FC0_0000;

    if (LAT >= STAGES) begin : g_staged
        // Leading zeros of a significand (nonzero only for a subnormal) and trailing zeros
        // (nonzero argument): the complement of the leading one's position at the top of
        // 64 bits, the second with the bits reversed.
        function automatic logic [4:0] lzc(input logic [23:0] v);
            logic [5:0] p;
            p = hls_fp_pkg::lead64({v, 40'd0});
            return 5'(~p);
        endfunction
        function automatic logic [4:0] tzc(input logic [23:0] v);
            logic [63:0] r;
            logic [5:0] p;
            r = '0;
            for (int i = 0; i < 24; i++) r[63 - i] = v[i];
            p = hls_fp_pkg::lead64(r);
            return 5'(~p);
        endfunction

        // Stage 1: the special cases; m and n.
        logic [30:0] xa, ya;
        assign xa = a[30:0];
        assign ya = b[30:0];
        logic s1_special;
        logic [31:0] s1_special_val;
        logic [30:0] s1_m, s1_n;
        always_ff @(posedge clk) begin
            if (ce) begin
                s1_special <= xa >= PINF || ya >= PINF || xa == '0 || ya == '0;
                s1_special_val <= (xa == PINF || ya == PINF) ? {1'b0, PINF}
                                : (xa > PINF || ya > PINF) ? QNAN : {1'b0, xa | ya};
                s1_m <= (xa >= ya) ? xa : ya;
                s1_n <= (xa >= ya) ? ya : xa;
            end
        end
        // Stage 2: the significands, exponents (1 for a subnormal) and leading zeros.
        logic [23:0] sig_m, sig_n;
        assign sig_m = {s1_m[30:23] != '0, s1_m[22:0]};
        assign sig_n = {s1_n[30:23] != '0, s1_n[22:0]};
        logic s2_special;
        logic [31:0] s2_special_val;
        logic [30:0] s2_m;
        logic [23:0] s2_sm, s2_sn;
        logic [7:0] s2_em, s2_en;
        logic [4:0] s2_lm, s2_ln;
        always_ff @(posedge clk) begin
            if (ce) begin
                s2_special <= s1_special;
                s2_special_val <= s1_special_val;
                s2_m <= s1_m;
                s2_sm <= sig_m;
                s2_sn <= sig_n;
                s2_em <= (s1_m[30:23] == '0) ? 8'd1 : s1_m[30:23];
                s2_en <= (s1_n[30:23] == '0) ? 8'd1 : s1_n[30:23];
                s2_lm <= lzc(sig_m);
                s2_ln <= lzc(sig_n);
            end
        end
        // Stage 3: normalised; m's exponent E (biased, at most 0 for a subnormal m) and
        // the difference d.
        logic s3_special;
        logic [31:0] s3_special_val;
        logic [30:0] s3_m;
        logic [23:0] s3_mb, s3_ms;
        logic signed [9:0] s3_e, s3_d;
        always_ff @(posedge clk) begin
            if (ce) begin
                s3_special <= s2_special;
                s3_special_val <= s2_special_val;
                s3_m <= s2_m;
                s3_mb <= s2_sm << s2_lm;
                s3_ms <= s2_sn << s2_ln;
                s3_e <= $signed({2'd0, s2_em}) - $signed({5'd0, s2_lm});
                s3_d <= ($signed({2'd0, s2_em}) - $signed({5'd0, s2_lm}))
                      - ($signed({2'd0, s2_en}) - $signed({5'd0, s2_ln}));
            end
        end
        // The squares, PL stages; beside them m itself when d >= 13, and ms's trailing
        // zeros (ms^2 has twice as many).
        logic [47:0] mb2, ms2;
        hls_fp_sigmul #(.SW(24)) sq_m (.clk, .ce, .x(s3_mb), .z(s3_mb), .p(mb2));
        hls_fp_sigmul #(.SW(24)) sq_n (.clk, .ce, .x(s3_ms), .z(s3_ms), .p(ms2));
        logic far;
        assign far = s3_d > 10'sd12;
        logic p_special;
        logic [31:0] p_special_val;
        logic signed [9:0] p_e;
        logic [3:0] p_d;
        logic [4:0] p_tz;
        hls_delay #(.W(1 + 32 + 10 + 4 + 5), .N(PL)) side (
            .clk, .ce,
            .d({s3_special || far, s3_special ? s3_special_val : {1'b0, s3_m}, s3_e,
                4'(s3_d), tzc(s3_ms)}),
            .q({p_special, p_special_val, p_e, p_d, p_tz})
        );
        // Stages 6 to 8 compute T; the special result and m's exponent ride beside them.
        logic s8_special;
        logic [31:0] s8_special_val;
        logic signed [9:0] s7_e;
        hls_delay #(.W(1 + 32), .N(3)) side68 (
            .clk, .ce, .d({p_special, p_special_val}), .q({s8_special, s8_special_val})
        );
        hls_delay #(.W(10), .N(2)) side67 (.clk, .ce, .d(p_e), .q(s7_e));
        // Stage 6: 4 ms^2 / 4^d (a shift by an even amount up to 24); whether a set bit
        // fell off: ms^2's lowest one (at 2 tz) below 2d - 2.
        logic s6_lost;
        logic [49:0] s6_m2, s6_n2;
        always_ff @(posedge clk) begin
            if (ce) begin
                s6_m2 <= {mb2, 2'b00};
                s6_n2 <= {ms2, 2'b00} >> {p_d, 1'b0};
                s6_lost <= {1'b0, p_tz} + 6'd1 < {2'b00, p_d};  // 2 tz < 2d - 2
            end
        end
        // Stage 7: T' = 4 mb^2 + 4 ms^2 / 4^d.
        logic s7_lost;
        logic [50:0] s7_t;
        always_ff @(posedge clk) begin
            if (ce) begin
                s7_lost <= s6_lost;
                s7_t <= {1'b0, s6_m2} + {1'b0, s6_n2};
            end
        end
        // Stage 8: T in [2^48, 2^50): T' / 4 (the result's exponent one up) when T' >=
        // 2^50, T' otherwise.
        logic s8_lost;
        logic signed [9:0] s8_e;
        logic [49:0] s8_t;
        always_ff @(posedge clk) begin
            if (ce) begin
                s8_e <= s7_e + 10'(s7_t[50]);
                s8_t <= s7_t[50] ? 50'(s7_t[50:2]) : s7_t[49:0];
                s8_lost <= s7_lost || (s7_t[50] && s7_t[1:0] != '0);
            end
        end
        // The root, RW stages.
        logic [RW-1:0] root;
        logic signed [RW+4:0] rem;
        logic q_special, q_lost;
        logic [31:0] q_special_val;
        logic signed [9:0] q_e;
        hls_fx_isqrt #(.RW(RW), .SPS(1), .XW(1 + 32 + 1 + 10)) sqrt_t (
            .clk, .ce, .x(s8_t), .side({s8_special, s8_special_val, s8_lost, s8_e}),
            .y(root), .rem, .side_o({q_special, q_special_val, q_lost, q_e})
        );
        // Below the normal range (e < 1) the right shift 1 - e (at most 23: m >= 2^-149);
        // sticky: the root inexact, or a bit lost before it.
        logic exact, tiny;
        assign exact = rem == '0 || rem == ~$signed({4'd0, root, 1'b0});
        assign tiny = q_e <= 10'sd0;
        logic t_special, t_sticky;
        logic [31:0] t_special_val;
        logic signed [10:0] t_e;
        logic [RW-1:0] t_q;
        logic [4:0] t_sh, t_tz;
        always_ff @(posedge clk) begin
            if (ce) begin
                t_special <= q_special;
                t_special_val <= q_special_val;
                t_q <= root;
                t_e <= tiny ? '0 : 11'(q_e);
                t_sh <= tiny ? 5'(10'sd1 - q_e) : '0;
                t_tz <= tzc(root[23:0]);
                t_sticky <= !exact || q_lost;
            end
        end
        // The shift; a bit shifted out when the root's lowest one lies below it (the root
        // is at least 2^24, so its low 24 bits hold it whenever the shift matters).
        logic r_special;
        logic [31:0] r_special_val;
        logic signed [10:0] r_e;
        logic [26:0] r_f;
        always_ff @(posedge clk) begin
            if (ce) begin
                r_special <= t_special;
                r_special_val <= t_special_val;
                r_e <= t_e;
                r_f <= {t_q >> t_sh, 1'b0, t_sticky || (t_tz < t_sh)};
            end
        end
        hls_fp_round #(.EW(8), .MW(23), .EXTRA(LAT - STAGES)) round (
            .clk, .ce,
            .special(r_special),
            .special_val(r_special_val),
            .sign(1'b0),
            .e(r_e),
            .f(r_f),
            .y
        );
    end else begin : g_combinational
        hls_delay #(.W(32), .N(LAT)) delay (
            .clk, .ce, .d(hls_fp_math_pkg::hypot32(a, b)), .q(y)
        );
    end
endmodule
