// Several cores in one file.
/* verilator lint_off DECLFILENAME */
// binary64 operator cores around hls_fp64_pkg: the combinational function, then LAT
// registers with clock enable (the board's latency). Correctly rounded (nearest even),
// subnormals kept.
// binary64 adder/subtractor: hls_fp_add at 11/52 (a - b when sub = 1).
module hls_fp64_add #(
    parameter int LAT = 12
) (
    input  logic        clk,
    input  logic        ce,
    input  logic        sub,
    input  logic [63:0] a,
    input  logic [63:0] b,
    output logic [63:0] y
);
    hls_fp_add #(.EW(11), .MW(52), .LAT(LAT)) core (.clk, .ce, .a, .b({b[63] ^ sub, b[62:0]}), .y);
endmodule

// binary64 multiplier. With LAT >= STAGES (10) staged: classify; six 26 x 17 partial
// products (a DSP block each) and three rows in LUTs for the significands' top bits,
// reduced by carry-save adders to two; the 106-bit product; its leading one (a tree); the exponent and the shift for a
// normal or subnormal result, every exponent-only term computed a stage early; the shift
// in two steps with the sticky bit from a mask; round; pack. Otherwise combinational
// (hls_fp64_pkg::fmul64) followed by LAT registers.
module hls_fp64_mul #(
    parameter int LAT = 12
) (
    input  logic        clk,
    input  logic        ce,
    input  logic [63:0] a,
    input  logic [63:0] b,
    output logic [63:0] y
);
    localparam int STAGES = 10;
    if (LAT >= STAGES) begin : g_staged
        // Stage 1: special operands; the significands as three 18-bit chunks each.
        logic [10:0] ex, ez;
        logic nan_x, nan_z, inf_x, inf_z, zero_x, zero_z;
        assign ex = a[62:52];
        assign ez = b[62:52];
        assign nan_x = ex == 11'h7FF && a[51:0] != 52'd0;
        assign nan_z = ez == 11'h7FF && b[51:0] != 52'd0;
        assign inf_x = ex == 11'h7FF && a[51:0] == 52'd0;
        assign inf_z = ez == 11'h7FF && b[51:0] == 52'd0;
        assign zero_x = a[62:0] == 63'd0;
        assign zero_z = b[62:0] == 63'd0;
        logic s1_special, s1_sign;
        logic [63:0] s1_special_val;
        logic [53:0] s1_fx, s1_fz;
        logic signed [13:0] s1_em;
        always_ff @(posedge clk) begin
            if (ce) begin
                s1_sign <= a[63] ^ b[63];
                s1_special <= ex == 11'h7FF || ez == 11'h7FF || zero_x || zero_z;
                // NaN in, or inf x 0: the quiet NaN; inf otherwise; a zero operand: zero.
                if (nan_x || nan_z || (inf_x && zero_z) || (inf_z && zero_x))
                    s1_special_val <= hls_fp64_pkg::QNAN64;
                else if (inf_x || inf_z)
                    s1_special_val <= {a[63] ^ b[63], 11'h7FF, 52'd0};
                else
                    s1_special_val <= {a[63] ^ b[63], 63'd0};
                s1_fx <= {1'b0, ex != 11'd0, a[51:0]};
                s1_fz <= {1'b0, ez != 11'd0, b[51:0]};
                // Biased exponent of the product's bit L is L + em.
                s1_em <= $signed({3'd0, (ex == 11'd0) ? 11'd1 : ex})
                       + $signed({3'd0, (ez == 11'd0) ? 11'd1 : ez}) - 14'sd1127;
            end
        end
        // Stage 2: six 26 x 17 partial products (a DSP48E2 each: 27 x 18 signed), and in
        // LUTs the rows of the significands' top bits (fx[52] times fz; fx[51:0] times
        // fz[52:51]).
        logic s2_special, s2_sign;
        logic [63:0] s2_special_val;
        logic signed [13:0] s2_em;
        logic [42:0] pp [2][3];
        logic [105:0] s2_e0, s2_e1, s2_e2;
        always_ff @(posedge clk) begin
            if (ce) begin
                s2_special <= s1_special;
                s2_special_val <= s1_special_val;
                s2_sign <= s1_sign;
                s2_em <= s1_em;
                for (int i = 0; i < 2; i++)
                    for (int j = 0; j < 3; j++)
                        pp[i][j] <= {17'd0, s1_fx[26*i +: 26]} * {26'd0, s1_fz[17*j +: 17]};
                s2_e0 <= s1_fx[52] ? {53'd0, s1_fz[52:0]} << 52 : 106'd0;
                s2_e1 <= s1_fz[51] ? {54'd0, s1_fx[51:0]} << 51 : 106'd0;
                s2_e2 <= s1_fz[52] ? {54'd0, s1_fx[51:0]} << 52 : 106'd0;
            end
        end
        // Stage 3: pp[i][j] sits at 26 i + 17 j; with the three LUT rows, seven rows
        // reduced to two by carry-save adders (no carry chain), modulo 2^106 (the product
        // is below it).
        function automatic logic [211:0] csa(input logic [105:0] u, input logic [105:0] v, input logic [105:0] w);
            return {u ^ v ^ w, ((u & v) | (v & w) | (u & w)) << 1};
        endfunction
        logic [105:0] r [7];
        logic [105:0] t0s, t0c, t1s, t1c, t2s, t2c, t3s, t3c, t4s, t4c;
        always_comb begin
            r[0] = {20'd0, pp[1][1], pp[0][0]};                 // 0 and 43
            r[1] = {3'd0, pp[1][2], pp[0][1], 17'd0};           // 17 and 60
            r[2] = {29'd0, pp[0][2], 34'd0};                    // 34
            r[3] = {37'd0, pp[1][0], 26'd0};                    // 26
            r[4] = s2_e0;
            r[5] = s2_e1;
            r[6] = s2_e2;
            {t0s, t0c} = csa(r[0], r[1], r[2]);
            {t1s, t1c} = csa(r[3], r[4], r[5]);
            {t2s, t2c} = csa(t0s, t0c, t1s);
            {t3s, t3c} = csa(t1c, r[6], t2s);
            {t4s, t4c} = csa(t2c, t3s, t3c);
        end
        logic s3_special, s3_sign;
        logic [63:0] s3_special_val;
        logic signed [13:0] s3_em;
        logic [105:0] s3_s, s3_c;
        always_ff @(posedge clk) begin
            if (ce) begin
                s3_special <= s2_special;
                s3_special_val <= s2_special_val;
                s3_sign <= s2_sign;
                s3_em <= s2_em;
                s3_s <= t4s;
                s3_c <= t4c;
            end
        end
        // Stage 4: the product (below 2^106: the carry-save bits above drop out exactly).
        logic s4_special, s4_sign;
        logic [63:0] s4_special_val;
        logic signed [13:0] s4_em;
        logic [105:0] s4_p;
        always_ff @(posedge clk) begin
            if (ce) begin
                s4_special <= s3_special;
                s4_special_val <= s3_special_val;
                s4_sign <= s3_sign;
                s4_em <= s3_em;
                s4_p <= s3_s + s3_c;
            end
        end
        // Stage 5: the leading one; beside it the exponent-only terms of stage 6.
        logic [5:0] lead_hi, lead_lo;
        assign lead_hi = hls_fp_pkg::lead64({22'd0, s4_p[105:64]});
        assign lead_lo = hls_fp_pkg::lead64(s4_p[63:0]);
        logic s5_special, s5_sign, s5_right_tiny, s5_gone_tiny;
        logic [63:0] s5_special_val;
        logic [105:0] s5_p;
        logic [6:0] s5_lead, s5_sh_tiny;
        logic signed [13:0] s5_em, s5_t0;
        always_ff @(posedge clk) begin
            if (ce) begin
                s5_special <= s4_special;
                s5_special_val <= s4_special_val;
                s5_sign <= s4_sign;
                s5_p <= s4_p;
                s5_lead <= (s4_p[105:64] != 42'd0) ? {1'b1, lead_hi} : {1'b0, lead_lo};
                s5_em <= s4_em;
                s5_t0 <= 14'sd1 - s4_em;
                // Below the normal range the right shift no longer depends on the leading
                // one: L - 55 + 1 - (L + em) = -54 - em.
                s5_right_tiny <= s4_em < -14'sd54;
                s5_gone_tiny <= s4_em < -14'sd160;
                s5_sh_tiny <= (s4_em < -14'sd54) ? 7'(-14'sd54 - s4_em) : 7'(s4_em + 14'sd54);
            end
        end
        // Stage 6: exponent and shift (right with sticky, or left) that puts the leading
        // one at bit 55, or lower for a subnormal result.
        logic tiny;
        assign tiny = $signed({7'd0, s5_lead}) < s5_t0;
        logic s6_special, s6_sign, s6_right, s6_gone;
        logic [63:0] s6_special_val;
        logic [105:0] s6_p;
        logic [6:0] s6_sh;
        logic signed [13:0] s6_e;
        always_ff @(posedge clk) begin
            if (ce) begin
                s6_special <= s5_special;
                s6_special_val <= s5_special_val;
                s6_sign <= s5_sign;
                s6_p <= s5_p;
                s6_e <= tiny ? 14'sd0 : $signed({7'd0, s5_lead}) + s5_em;
                s6_right <= tiny ? s5_right_tiny : s5_lead > 7'd55;
                s6_gone <= tiny && s5_gone_tiny;
                s6_sh <= tiny ? s5_sh_tiny : ((s5_lead > 7'd55) ? s5_lead - 7'd55 : 7'd55 - s5_lead);
            end
        end
        // Stages 7 and 8: the shift (by the multiple of 8, then the rest); a right shift's
        // dropped bits from a mask beside the first step.
        logic [105:0] mask, coarse;
        assign mask = ~({106{1'b1}} << s6_sh);
        assign coarse = s6_right ? (s6_p >> {s6_sh[6:3], 3'b000}) : (s6_p << {s6_sh[6:3], 3'b000});
        logic s7_special, s7_sign, s7_right, s7_lost;
        logic [63:0] s7_special_val;
        logic [105:0] s7_coarse;
        logic [2:0] s7_fine;
        logic signed [13:0] s7_e;
        always_ff @(posedge clk) begin
            if (ce) begin
                s7_special <= s6_special;
                s7_special_val <= s6_special_val;
                s7_sign <= s6_sign;
                s7_e <= s6_e;
                s7_right <= s6_right;
                s7_fine <= s6_sh[2:0];
                s7_lost <= s6_right && (s6_gone ? s6_p != 106'd0 : (s6_p & mask) != 106'd0);
                s7_coarse <= s6_gone ? 106'd0 : coarse;
            end
        end
        logic s8_special, s8_sign;
        logic [63:0] s8_special_val;
        logic [55:0] s8_f;
        logic signed [13:0] s8_e;
        always_ff @(posedge clk) begin
            if (ce) begin
                s8_special <= s7_special;
                s8_special_val <= s7_special_val;
                s8_sign <= s7_sign;
                s8_e <= s7_e;
                s8_f <= (s7_right ? 56'(s7_coarse >> s7_fine) : 56'(s7_coarse << s7_fine))
                      | {55'd0, s7_lost};
            end
        end
        // Stages 9 and 10: round and pack.
        hls_fp_round #(.EW(11), .MW(52), .EXTRA(LAT - STAGES)) round (
            .clk, .ce,
            .special(s8_special),
            .special_val(s8_special_val),
            .sign(s8_sign),
            .e(s8_e),
            .f(s8_f),
            .y
        );
    end else begin : g_combinational
        hls_delay #(.W(64), .N(LAT)) delay (.clk(clk), .ce(ce), .d(hls_fp64_pkg::fmul64(a, b)), .q(y));
    end
endmodule

// binary64 divider (hls_fp_div at 11/52).
module hls_fp64_div #(
    parameter int LAT = 57
) (
    input  logic        clk,
    input  logic        ce,
    input  logic [63:0] a,
    input  logic [63:0] b,
    output logic [63:0] y
);
    hls_fp_div #(.EW(11), .MW(52), .LAT(LAT)) core (.clk, .ce, .a, .b, .y);
endmodule

// binary64 square root (hls_fp_sqrt at 11/52).
module hls_fp64_sqrt #(
    parameter int LAT = 58
) (
    input  logic        clk,
    input  logic        ce,
    input  logic [63:0] a,
    output logic [63:0] y
);
    hls_fp_sqrt #(.EW(11), .MW(52), .LAT(LAT)) core (.clk, .ce, .a, .y);
endmodule

module hls_fp64_fma #(
    parameter int LAT = 20
) (
    input  logic        clk,
    input  logic        ce,
    input  logic [63:0] a,
    input  logic [63:0] b,
    input  logic [63:0] c,
    output logic [63:0] y
);
    hls_delay #(.W(64), .N(LAT)) delay (.clk(clk), .ce(ce), .d(hls_fp64_pkg::ffma64(a, b, c)), .q(y));
endmodule
