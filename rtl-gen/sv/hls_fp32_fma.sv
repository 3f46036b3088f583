// IEEE-754 binary32 fused multiply-add a * b + c with a single rounding (nearest even),
// subnormal inputs and outputs, infinities, NaN (quiet NaN 0x7FC00000 out). Fixed latency
// LAT cycles with clock enable.
//
// With LAT >= STAGES (13) the datapath of hls_ffma32 below is staged: classify and the
// exponents; four partial products (12 x 17, 12 x 17, 12 x 7 in DSP blocks; the other
// 12 x 7 in LUTs as carry-save rows) beside the exponent difference; their sum; the larger
// term first and the smaller aligned to it in two steps, what falls off as sticky (told by
// trailing-zero counts, no mask); the sum as one signed adder; its magnitude (a negation
// when negative); the leading and the lowest one; the exponent and one left shift that
// puts the leading one, or for a subnormal result the exponent-1 position, on top of a
// 27-bit window (no right shift: the sum sits below 27 zero bits), in two steps, the bits
// below the window as sticky (from the lowest one's place); rounding and packing
// (hls_fp_round). Extra latency is a delay line at the output. With LAT < STAGES it is all
// combinational, followed by LAT registers.
module hls_fp32_fma #(
    parameter int LAT = 14,
    // Round to odd instead of to nearest even (for hls_fp16_fma; see hls_fp_round).
    parameter bit ODD = 1'b0,
    // The DSP block's multiplier (as hls_fp32_mul): 27 x 18 takes 24 x 17 and 24 x 7;
    // smaller blocks 12 x 17, 12 x 17, 12 x 7 and the last 12 x 7 in LUTs.
    parameter int DSP_A = 18,
    parameter int DSP_B = 18
) (
    input  logic        clk,
    input  logic        ce,
    input  logic [31:0] a,
    input  logic [31:0] b,
    input  logic [31:0] c,
    output logic [31:0] y
);
    localparam int STAGES = 13;
    localparam bit WIDE = DSP_A >= 25 && DSP_B >= 18;
    function automatic logic [31:0] hls_ffma32(input logic [31:0] x, input logic [31:0] z, input logic [31:0] w);
        logic sp, sc, sign, eff_sub, p_inf, sticky;
        logic [7:0] ex, ez, ew;
        logic [47:0] p;
        logic signed [11:0] ep, ec, emax, e;
        logic [11:0] d;
        logic [52:0] xp, xc, big, little, sum;
        logic [6:0] lead;
        logic [26:0] norm;  // leading one at bit 26 (or lower: subnormal)
        logic signed [11:0] sh;
        logic [31:0] res;
        sp = x[31] ^ z[31];
        sc = w[31];
        ex = x[30:23]; ez = z[30:23]; ew = w[30:23];
        p_inf = ex == 8'hFF || ez == 8'hFF;
        res = 32'd0;
        if ((ex == 8'hFF && x[22:0] != 23'd0) || (ez == 8'hFF && z[22:0] != 23'd0) || (ew == 8'hFF && w[22:0] != 23'd0)) begin
            res = 32'h7FC00000;
        end else if (p_inf && (x[30:0] == 31'd0 || z[30:0] == 31'd0)) begin
            res = 32'h7FC00000;  // inf * 0
        end else if (p_inf) begin
            res = (ew == 8'hFF && sc != sp) ? 32'h7FC00000 : {sp, 8'hFF, 23'd0};
        end else if (ew == 8'hFF) begin
            res = w;
        end else if (x[30:0] == 31'd0 || z[30:0] == 31'd0) begin
            // Exact zero product: the sum is c, and for c = +-0 the IEEE sign rule.
            res = (w[30:0] == 31'd0) ? {sp & sc, 31'd0} : w;
        end else begin
            p = {ex != 8'd0, x[22:0]} * {ez != 8'd0, z[22:0]};
            // Both terms as integers times 2^(e - 176): the product P<<3, the addend c<<26.
            ep = $signed({4'd0, (ex == 8'd0) ? 8'd1 : ex}) + $signed({4'd0, (ez == 8'd0) ? 8'd1 : ez}) - 12'sd127;
            ec = $signed({4'd0, (ew == 8'd0) ? 8'd1 : ew});
            xp = {2'b00, p, 3'b000};
            xc = {3'b000, ew != 8'd0, w[22:0], 26'd0};
            if (w[30:0] == 31'd0) ec = ep;  // a zero addend aligns anywhere
            emax = (ep >= ec) ? ep : ec;
            big = (ep >= ec) ? xp : xc;
            little = (ep >= ec) ? xc : xp;
            d = 12'((ep >= ec) ? ep - ec : ec - ep);
            if (d > 12'd52) begin
                sticky = little != 53'd0;
                little = {52'd0, sticky};
            end else begin
                sticky = (little & ((53'd1 << d[5:0]) - 53'd1)) != 53'd0;
                little = (little >> d[5:0]) | {52'd0, sticky};
            end
            eff_sub = sp != sc;
            sign = (ep >= ec) ? sp : sc;
            if (eff_sub) begin
                if (little > big) begin
                    sum = little - big;
                    sign = !sign;
                end else begin
                    sum = big - little;
                end
            end else begin
                sum = big + little;
            end
            if (sum == 53'd0) begin
                res = 32'd0;  // exact cancellation rounds to +0
            end else begin
                lead = 7'd0;
                for (int i = 0; i < 53; i++) if (sum[i]) lead = 7'(i);
                // Biased exponent if the leading one is kept: value = 1.f * 2^(lead + emax - 176).
                e = $signed({5'd0, lead}) + emax - 12'sd49;
                // Place the leading one at bit 26 (or lower for a subnormal result).
                sh = $signed({5'd0, lead}) - 12'sd26 + ((e < 12'sd1) ? (12'sd1 - e) : 12'sd0);
                if (e < 12'sd1) e = 12'sd0;
                if (sh > 0) begin
                    if (sh > 12'sd52) begin
                        norm = {26'd0, sum != 53'd0};
                    end else begin
                        sticky = (sum & ((53'd1 << sh[5:0]) - 53'd1)) != 53'd0;
                        norm = 27'(sum >> sh[5:0]) | {26'd0, sticky};
                    end
                end else begin
                    norm = 27'(sum << 6'(-sh));
                end
                res = ODD ? hls_fp_pkg::round_odd32(sign, 13'(e), norm)
                          : hls_fp_pkg::round_pack32(sign, 13'(e), norm);
            end
        end
        return res;
    endfunction

    if (LAT >= STAGES) begin : g_staged
        // Stage 1: special operands; the exponents of the product and the addend (each
        // term an integer times 2^(e - 176): the product P << 3, the addend c << 26).
        logic [7:0] ex, ez, ew;
        logic sp, sc, p_inf, nan_in;
        assign ex = a[30:23];
        assign ez = b[30:23];
        assign ew = c[30:23];
        assign sp = a[31] ^ b[31];
        assign sc = c[31];
        assign p_inf = ex == 8'hFF || ez == 8'hFF;
        assign nan_in = (ex == 8'hFF && a[22:0] != 23'd0) || (ez == 8'hFF && b[22:0] != 23'd0)
                     || (ew == 8'hFF && c[22:0] != 23'd0);
        // Trailing zeros of a significand: the leading one's position with its bits reversed
        // (the aligned term's lowest one tells whether the alignment drops a set bit).
        function automatic logic [5:0] tzc24(input logic [23:0] v);
            logic [63:0] r;
            r = '0;
            for (int i = 0; i < 24; i++) r[63 - i] = v[i];
            return ~hls_fp_pkg::lead64(r);
        endfunction
        logic s1_special, s1_sp, s1_sc, s1_c_zero;
        logic [5:0] s1_tzx, s1_tzz, s1_tzw;
        logic [31:0] s1_special_val;
        logic [23:0] s1_fx, s1_fz, s1_fw;
        logic signed [11:0] s1_ep, s1_ec;
        always_ff @(posedge clk) begin
            if (ce) begin
                s1_sp <= sp;
                s1_sc <= sc;
                s1_special <= nan_in || p_inf || ew == 8'hFF || a[30:0] == 31'd0 || b[30:0] == 31'd0;
                if (nan_in || (p_inf && (a[30:0] == 31'd0 || b[30:0] == 31'd0)))
                    s1_special_val <= 32'h7FC00000;
                else if (p_inf)
                    s1_special_val <= (ew == 8'hFF && sc != sp) ? 32'h7FC00000 : {sp, 8'hFF, 23'd0};
                else if (ew == 8'hFF)
                    s1_special_val <= c;
                else  // an exact zero product: c, or for c = +-0 the IEEE sign rule
                    s1_special_val <= (c[30:0] == 31'd0) ? {sp & sc, 31'd0} : c;
                s1_fx <= {ex != 8'd0, a[22:0]};
                s1_fz <= {ez != 8'd0, b[22:0]};
                s1_fw <= {ew != 8'd0, c[22:0]};
                s1_c_zero <= c[30:0] == 31'd0;
                s1_tzx <= tzc24({ex != 8'd0, a[22:0]});
                s1_tzz <= tzc24({ez != 8'd0, b[22:0]});
                s1_tzw <= tzc24({ew != 8'd0, c[22:0]});
                s1_ep <= $signed({4'd0, (ex == 8'd0) ? 8'd1 : ex}) + $signed({4'd0, (ez == 8'd0) ? 8'd1 : ez}) - 12'sd127;
                s1_ec <= $signed({4'd0, (ew == 8'd0) ? 8'd1 : ew});
            end
        end
        // Stage 2: partial products; which term is larger by exponent, and by how much (a
        // zero addend aligns anywhere: it counts as the product's exponent).
        logic signed [11:0] ec_eff;
        assign ec_eff = s1_c_zero ? s1_ep : s1_ec;
        logic s2_special, s2_sp, s2_sc, s2_p_big;
        logic [31:0] s2_special_val;
        logic [23:0] s2_fw;
        logic [28:0] s2_lo, s2_mid;
        logic [18:0] s2_hi1, s2_hs, s2_hc;
        logic [40:0] s2_w0;
        logic [30:0] s2_w1;
        // fx[11:0] x fz[23:17] in LUTs (a fourth DSP block otherwise): its seven rows
        // reduced to two by carry-save adders, no carry chain; stage 3 adds them in.
        logic [18:0] rows [7];
        logic [18:0] t_s [5], t_c [5];
        always_comb begin
            for (int k = 0; k < 7; k++)
                rows[k] = s1_fz[17 + k] ? (19'(s1_fx[11:0]) << k) : 19'd0;
            t_s[0] = rows[0] ^ rows[1] ^ rows[2];
            t_c[0] = ((rows[0] & rows[1]) | (rows[1] & rows[2]) | (rows[0] & rows[2])) << 1;
            t_s[1] = rows[3] ^ rows[4] ^ rows[5];
            t_c[1] = ((rows[3] & rows[4]) | (rows[4] & rows[5]) | (rows[3] & rows[5])) << 1;
            t_s[2] = t_s[0] ^ t_c[0] ^ t_s[1];
            t_c[2] = ((t_s[0] & t_c[0]) | (t_c[0] & t_s[1]) | (t_s[0] & t_s[1])) << 1;
            t_s[3] = t_c[1] ^ rows[6] ^ t_s[2];
            t_c[3] = ((t_c[1] & rows[6]) | (rows[6] & t_s[2]) | (t_c[1] & t_s[2])) << 1;
            t_s[4] = t_s[3] ^ t_c[3] ^ t_c[2];
            t_c[4] = ((t_s[3] & t_c[3]) | (t_c[3] & t_c[2]) | (t_s[3] & t_c[2])) << 1;
        end
        logic signed [11:0] s2_emax;
        logic [11:0] s2_d;
        // Trailing zeros of the two terms as placed (the product's are its factors' sum).
        logic [6:0] s2_tzp, s2_tzc;
        logic s2_c_zero;
        always_ff @(posedge clk) begin
            if (ce) begin
                s2_special <= s1_special;
                s2_special_val <= s1_special_val;
                s2_sp <= s1_sp;
                s2_sc <= s1_sc;
                s2_fw <= s1_fw;
                // 12 x 17 fits one ECP5 MULT18X18D and one DSP48E2.
                s2_lo <= {17'd0, s1_fx[11:0]} * {12'd0, s1_fz[16:0]};
                s2_mid <= {17'd0, s1_fx[23:12]} * {12'd0, s1_fz[16:0]};
                s2_hs <= t_s[4];
                s2_hc <= t_c[4];
                s2_hi1 <= {7'd0, s1_fx[23:12]} * {12'd0, s1_fz[23:17]};
                s2_w0 <= WIDE ? 41'(s1_fx * s1_fz[16:0]) : 41'd0;
                s2_w1 <= WIDE ? 31'(s1_fx * s1_fz[23:17]) : 31'd0;
                s2_p_big <= s1_ep >= ec_eff;
                s2_emax <= (s1_ep >= ec_eff) ? s1_ep : ec_eff;
                s2_d <= 12'((s1_ep >= ec_eff) ? s1_ep - ec_eff : ec_eff - s1_ep);
                s2_tzp <= {1'b0, s1_tzx} + {1'b0, s1_tzz} + 7'd3;
                s2_tzc <= {1'b0, s1_tzw} + 7'd26;
                s2_c_zero <= s1_c_zero;
            end
        end
        // Stage 3: the product (one carry-save layer, one carry chain).
        logic [47:0] pa, pb, pc, pd, s1s, s1c, psum, pcarry;
        assign pa = {s2_hi1[18:0], s2_lo};
        assign pb = {7'd0, s2_mid, 12'd0};
        assign pc = {12'd0, s2_hs, 17'd0};
        assign pd = {12'd0, s2_hc, 17'd0};
        assign s1s = pa ^ pb ^ pc;
        assign s1c = {(pa[46:0] & pb[46:0]) | (pb[46:0] & pc[46:0]) | (pa[46:0] & pc[46:0]), 1'b0};
        assign psum = s1s ^ s1c ^ pd;
        assign pcarry = {(s1s[46:0] & s1c[46:0]) | (s1c[46:0] & pd[46:0]) | (s1s[46:0] & pd[46:0]), 1'b0};
        logic s3_special, s3_sp, s3_sc, s3_p_big, s3_far;
        logic [31:0] s3_special_val;
        logic [23:0] s3_fw;
        logic [47:0] s3_p;
        logic signed [11:0] s3_emax;
        logic [5:0] s3_d;
        // The smaller term's trailing zeros, and whether it is zero (a zero addend).
        logic [6:0] s3_tzl;
        logic s3_little_zero;
        always_ff @(posedge clk) begin
            if (ce) begin
                s3_tzl <= s2_p_big ? s2_tzc : s2_tzp;
                s3_little_zero <= s2_p_big && s2_c_zero;
                s3_special <= s2_special;
                s3_special_val <= s2_special_val;
                s3_sp <= s2_sp;
                s3_sc <= s2_sc;
                s3_fw <= s2_fw;
                s3_p <= WIDE ? {7'd0, s2_w0} + {s2_w1, 17'd0} : psum + pcarry;
                s3_p_big <= s2_p_big;
                s3_emax <= s2_emax;
                s3_far <= s2_d > 12'd52;
                s3_d <= s2_d[5:0];
            end
        end
        // Stage 4: the larger term, and the smaller shifted right by d's multiple of 8;
        // whether the whole shift drops a set bit, from the smaller term's lowest one.
        logic [52:0] xp, xc, big_t, little_t;
        assign xp = {2'b00, s3_p, 3'b000};
        assign xc = {3'b000, s3_fw, 26'd0};
        assign big_t = s3_p_big ? xp : xc;
        assign little_t = s3_p_big ? xc : xp;
        logic s4_special, s4_sub, s4_sign, s4_lost;
        logic [31:0] s4_special_val;
        logic [52:0] s4_big, s4_coarse;
        logic [2:0] s4_fine;
        logic signed [11:0] s4_emax;
        always_ff @(posedge clk) begin
            if (ce) begin
                s4_special <= s3_special;
                s4_special_val <= s3_special_val;
                s4_sub <= s3_sp != s3_sc;
                s4_sign <= s3_p_big ? s3_sp : s3_sc;
                s4_emax <= s3_emax;
                s4_big <= big_t;
                s4_fine <= s3_far ? 3'd0 : s3_d[2:0];
                s4_coarse <= s3_far ? 53'd0 : (little_t >> {s3_d[5:3], 3'b000});
                // A set bit shifted out: the lowest one lies below the shift d.
                s4_lost <= !s3_little_zero && (s3_far || s3_tzl < {1'b0, s3_d});
            end
        end
        // Stage 4b: the rest of the shift, the dropped bits as sticky.
        logic s4b_special, s4b_sub, s4b_sign;
        logic [31:0] s4b_special_val;
        logic [52:0] s4b_big, s4b_little;
        logic signed [11:0] s4b_emax;
        always_ff @(posedge clk) begin
            if (ce) begin
                s4b_special <= s4_special;
                s4b_special_val <= s4_special_val;
                s4b_sub <= s4_sub;
                s4b_sign <= s4_sign;
                s4b_emax <= s4_emax;
                s4b_big <= s4_big;
                s4b_little <= (s4_coarse >> s4_fine) | {52'd0, s4_lost};
            end
        end
        // Stage 5: the signed sum big +- little (one adder, the subtrahend inverted in its
        // LUTs, the carry in completing the subtraction).
        logic s5_special, s5_sign;
        logic [31:0] s5_special_val;
        logic [53:0] s5_diff;
        logic signed [11:0] s5_emax;
        always_ff @(posedge clk) begin
            if (ce) begin
                s5_special <= s4b_special;
                s5_special_val <= s4b_special_val;
                s5_sign <= s4b_sign;
                s5_emax <= s4b_emax;
                s5_diff <= {1'b0, s4b_big} + ({1'b0, s4b_little} ^ {54{s4b_sub}}) + 54'(s4b_sub);
            end
        end
        // Stage 6: its magnitude: a negative difference (little the larger, so nothing
        // was shifted off it) negated as its complement plus one, one more adder; the sign
        // flips with it. (Comparing first and subtracting the right way round costs a
        // comparator and an adder whose two operands both need inverting.)
        logic s6_special, s6_sign, neg;
        logic [31:0] s6_special_val;
        logic [52:0] s6_sum;
        logic signed [11:0] s6_emax;
        assign neg = s5_diff[53];
        always_ff @(posedge clk) begin
            if (ce) begin
                s6_special <= s5_special;
                s6_special_val <= s5_special_val;
                s6_sign <= s5_sign ^ neg;
                s6_emax <= s5_emax;
                s6_sum <= (s5_diff[52:0] ^ {53{neg}}) + 53'(neg);
            end
        end
        // Stage 7: the leading one, and the lowest (for the sticky bit: a bit of the sum is
        // lost below the window exactly when the lowest one is); an exact zero sum
        // (cancellation) rounds to +0.
        logic [5:0] lead, trail;
        logic [63:0] reversed;
        always_comb begin
            reversed = '0;
            for (int i = 0; i < 53; i++) reversed[63 - i] = s6_sum[i];
        end
        assign lead = hls_fp_pkg::lead64({11'd0, s6_sum});
        assign trail = ~hls_fp_pkg::lead64(reversed);
        logic s7_special, s7_sign;
        logic [31:0] s7_special_val;
        logic [52:0] s7_sum;
        logic [5:0] s7_lead, s7_tz;
        logic signed [11:0] s7_emax;
        always_ff @(posedge clk) begin
            if (ce) begin
                s7_special <= s6_special || s6_sum == 53'd0;
                s7_special_val <= s6_special ? s6_special_val : 32'd0;
                s7_sign <= s6_sign;
                s7_sum <= s6_sum;
                s7_lead <= lead;
                s7_tz <= trail;
                s7_emax <= s6_emax;
            end
        end
        // Stage 8: the biased exponent if the leading one is kept (value 1.f *
        // 2^(lead + emax - 176)), and one left shift t of the sum, read as the 80-bit word
        // {27 zeros, sum}, whose top 27 bits (the significand, guard and round bits) are
        // what rounding takes: 79 - lead puts the leading one on top; a subnormal result
        // (e < 1) instead takes emax + 29, the shift that leaves exponent 1, down to 0
        // (nothing but sticky bits left). No right shift, no second shifter.
        logic signed [11:0] e;
        logic tiny, t_neg;
        assign e = $signed({6'd0, s7_lead}) + s7_emax - 12'sd49;
        assign tiny = e < 12'sd1;
        assign t_neg = s7_emax < -12'sd29;
        logic s8_special, s8_sign;
        logic [31:0] s8_special_val;
        logic [52:0] s8_sum;
        logic [5:0] s8_tz;
        logic [6:0] s8_t;
        logic signed [10:0] s8_e;
        always_ff @(posedge clk) begin
            if (ce) begin
                s8_special <= s7_special;
                s8_special_val <= s7_special_val;
                s8_sign <= s7_sign;
                s8_sum <= s7_sum;
                s8_tz <= s7_tz;
                s8_e <= tiny ? 11'sd0 : 11'(e);
                s8_t <= !tiny ? 7'd79 - {1'b0, s7_lead} : t_neg ? 7'd0 : 7'(s7_emax + 12'sd29);
            end
        end
        // Stages 9 and 10: the shift, by t's multiple of 8 (keeping the 33 bits the rest
        // of the shift can bring into the window) and then the rest; the sticky bit: the
        // sum's bit i lands at i + t, below the window's 54 when the lowest one does.
        logic [32:0] window;
        assign window = 33'(({27'd0, s8_sum} << {s8_t[6:3], 3'b000}) >> 47);
        logic s9_special, s9_sign, s9_lost;
        logic [31:0] s9_special_val;
        logic [32:0] s9_coarse;
        logic [2:0] s9_fine;
        logic signed [10:0] s9_e;
        always_ff @(posedge clk) begin
            if (ce) begin
                s9_special <= s8_special;
                s9_special_val <= s8_special_val;
                s9_sign <= s8_sign;
                s9_e <= s8_e;
                s9_fine <= s8_t[2:0];
                s9_coarse <= window;
                s9_lost <= {1'b0, s8_tz} + s8_t < 7'd54;
            end
        end
        logic s10_special, s10_sign;
        logic [31:0] s10_special_val;
        logic [26:0] s10_norm;
        logic signed [10:0] s10_e;
        /* verilator lint_off UNUSEDSIGNAL */
        logic [32:0] fine;  // bits 6:0 are below the window
        /* verilator lint_on UNUSEDSIGNAL */
        assign fine = s9_coarse << s9_fine;
        always_ff @(posedge clk) begin
            if (ce) begin
                s10_special <= s9_special;
                s10_special_val <= s9_special_val;
                s10_sign <= s9_sign;
                s10_e <= s9_e;
                // The window's 26 bits and the sticky bit.
                s10_norm <= {fine[32:7], s9_lost};
            end
        end
        // Stages 11 and 12: round and pack.
        hls_fp_round #(.EW(8), .MW(23), .EXTRA(LAT - STAGES), .ODD(ODD)) round (
            .clk, .ce,
            .special(s10_special),
            .special_val(s10_special_val),
            .sign(s10_sign),
            .e(s10_e),
            .f(s10_norm),
            .y
        );
    end else begin : g_combinational
        logic [31:0] stage [LAT];
        always_ff @(posedge clk) begin
            if (ce) begin
                stage[0] <= hls_ffma32(a, b, c);
                for (int i = 1; i < LAT; i++) stage[i] <= stage[i-1];
            end
        end
        assign y = stage[LAT-1];
    end
endmodule
