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

// binary64 multiplier. With LAT >= STAGES (10) staged like hls_fp32_mul: classify, and
// count the leading and trailing zeros of each significand; six 26 x 17 partial products (a
// DSP block each) and three rows in LUTs for the significands' top bits, summed by a tree
// of adders, a level a stage;
// the normalising shift by the sum of the leading-zero counts, building only the 55 bits
// rounding reads; a last one-bit step; the right shift of a subnormal result; round and
// pack. The sticky bit comes from the trailing-zero counts (a product's are its factors'
// sum), not from a mask over the product. Two subnormal operands make a zero (their
// product is far below the smallest subnormal), so one significand at most has leading
// zeros. Otherwise combinational (hls_fp64_pkg::fmul64) followed by LAT registers.
module hls_fp64_mul #(
    parameter int LAT = 12,
    // The DSP block's multiplier, signed operand widths (as hls_fp32_mul): 27 x 18 takes
    // six 26 x 17 products and three rows in LUTs; 18 x 18 takes nine 18 x 18.
    parameter int DSP_A = 18,
    parameter int DSP_B = 18
) (
    input  logic        clk,
    input  logic        ce,
    input  logic [63:0] a,
    input  logic [63:0] b,
    output logic [63:0] y
);
    localparam int STAGES = 10;
    if (LAT >= STAGES) begin : g_staged
        // Stage 1: special operands; exponent; leading and trailing zeros.
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
        // Leading zeros: the complement of the leading one's position with the significand
        // at the top of 64 bits; trailing zeros: the same with its bits reversed.
        function automatic logic [5:0] lzc53(input logic [52:0] v);
            return ~hls_fp_pkg::lead64({v, 11'd0});
        endfunction
        function automatic logic [5:0] tzc53(input logic [52:0] v);
            logic [63:0] r;
            r = '0;
            for (int i = 0; i < 53; i++) r[63 - i] = v[i];
            return ~hls_fp_pkg::lead64(r);
        endfunction
        logic s1_special, s1_sign;
        logic [63:0] s1_special_val;
        logic [52:0] s1_fx, s1_fz;
        logic [5:0] s1_lzx, s1_lzz, s1_tzx, s1_tzz;
        logic signed [13:0] s1_e;
        always_ff @(posedge clk) begin
            if (ce) begin
                s1_sign <= a[63] ^ b[63];
                // A special operand, or two subnormals (their product rounds to zero).
                s1_special <= ex == 11'h7FF || ez == 11'h7FF || zero_x || zero_z
                           || (ex == 11'd0 && ez == 11'd0);
                // NaN in, or inf x 0: the quiet NaN; inf otherwise; else zero.
                if (nan_x || nan_z || (inf_x && zero_z) || (inf_z && zero_x))
                    s1_special_val <= hls_fp64_pkg::QNAN64;
                else if (inf_x || inf_z)
                    s1_special_val <= {a[63] ^ b[63], 11'h7FF, 52'd0};
                else
                    s1_special_val <= {a[63] ^ b[63], 63'd0};
                s1_fx <= {ex != 11'd0, a[51:0]};
                s1_fz <= {ez != 11'd0, b[51:0]};
                s1_lzx <= lzc53({ex != 11'd0, a[51:0]});
                s1_lzz <= lzc53({ez != 11'd0, b[51:0]});
                s1_tzx <= tzc53({ex != 11'd0, a[51:0]});
                s1_tzz <= tzc53({ez != 11'd0, b[51:0]});
                // Biased exponent of the product with its leading one at bit 105.
                s1_e <= $signed({3'd0, (ex == 11'd0) ? 11'd1 : ex})
                      + $signed({3'd0, (ez == 11'd0) ? 11'd1 : ez}) - 14'sd1022;
            end
        end
        // Stages 2, 3, 4, 4b: the product (hls_fp_sigmul: DSP blocks and LUT rows, then a tree
        // of adders); beside it the zero counts: one significand at most has leading zeros
        // (two subnormals are special), so their sum is their OR, at most 52, and the shift
        // below has six levels; the product's trailing zeros are its factors' sum.
        logic [105:0] s4b_p;
        hls_fp_sigmul #(.SW(53), .DSP_A(DSP_A), .DSP_B(DSP_B)) sigmul (
            .clk, .ce, .x(s1_fx), .z(s1_fz), .p(s4b_p)
        );
        logic s4b_special, s4b_sign;
        logic [63:0] s4b_special_val;
        logic signed [13:0] s4b_e;
        logic [6:0] s4b_lzs, s4b_tzs;
        hls_delay #(.W(2 + 64 + 14 + 7 + 7), .N(hls_fp_pkg::sigmul_latency(53))) side (
            .clk, .ce,
            .d({s1_special, s1_sign, s1_special_val, s1_e, {1'b0, s1_lzx | s1_lzz},
                {1'b0, s1_tzx} + {1'b0, s1_tzz}}),
            .q({s4b_special, s4b_sign, s4b_special_val, s4b_e, s4b_lzs, s4b_tzs})
        );
        // Stage 5: shift by the estimate, building only the 55 bits kept; the exponent
        // for both outcomes (leading zeros lzs or lzs + 1: e - lzs and e + ~lzs, one adder
        // each) and the trailing zeros of the normalised word.
        logic [54:0] shifted;
        assign shifted = 55'((s4b_p << s4b_lzs[5:0]) >> 51);
        logic s5_special, s5_sign;
        logic [63:0] s5_special_val;
        logic signed [13:0] s5_e0, s5_e1;
        logic [7:0] s5_tz0;
        logic [54:0] s5_q;
        always_ff @(posedge clk) begin
            if (ce) begin
                s5_special <= s4b_special;
                s5_special_val <= s4b_special_val;
                s5_sign <= s4b_sign;
                s5_q <= shifted;
                s5_e0 <= s4b_e - $signed({7'd0, s4b_lzs});
                s5_e1 <= s4b_e + $signed({7'h7F, ~s4b_lzs});
                s5_tz0 <= {1'b0, s4b_tzs} + {1'b0, s4b_lzs};
            end
        end
        // Stage 6: the leading one to the top (one more step when the estimate fell short);
        // below the normal range (e < 1) the right shift 1 - e that a subnormal result needs
        // (0 otherwise, 63 when nothing is left: e <= -62, told from the bits).
        logic signed [13:0] e;
        logic tiny, gone;
        assign e = s5_q[54] ? s5_e0 : s5_e1;
        assign tiny = e[13] || e == 14'sd0;
        assign gone = e[13] && (!(&e[12:6]) || e[5:0] <= 6'd2);
        logic s6_special, s6_sign, s6_tiny;
        logic [63:0] s6_special_val;
        logic signed [13:0] s6_e;
        logic [5:0] s6_sh;
        logic [7:0] s6_tz;
        logic [53:0] s6_q;
        always_ff @(posedge clk) begin
            if (ce) begin
                s6_special <= s5_special;
                s6_special_val <= s5_special_val;
                s6_sign <= s5_sign;
                s6_q <= s5_q[54] ? s5_q[54:1] : s5_q[53:0];
                s6_e <= e;
                s6_tiny <= tiny;
                s6_sh <= !tiny ? 6'd0 : gone ? 6'd63 : 6'(14'sd1 - e);
                s6_tz <= s5_q[54] ? s5_tz0 : s5_tz0 + 8'd1;
            end
        end
        // Stage 7: shift (a subnormal result right); a bit below the guard bit is set when
        // the word's lowest set bit lies below 52 past the shift (the 53 significand bits and
        // the guard bit stay above it).
        logic s7_special, s7_sign;
        logic [63:0] s7_special_val;
        logic signed [13:0] s7_e;
        logic [55:0] s7_f;
        always_ff @(posedge clk) begin
            if (ce) begin
                s7_special <= s6_special;
                s7_special_val <= s6_special_val;
                s7_sign <= s6_sign;
                s7_e <= s6_tiny ? 14'sd0 : s6_e;
                s7_f <= {s6_q >> s6_sh, 1'b0, s6_tz < {2'd0, s6_sh} + 8'd52};
            end
        end
        // Stages 8 and 9 (and 10: the pipeline's tenth stage is the product's second
        // half): round and pack.
        hls_fp_round #(.EW(11), .MW(52), .EXTRA(LAT - STAGES)) round (
            .clk, .ce,
            .special(s7_special),
            .special_val(s7_special_val),
            .sign(s7_sign),
            .e(s7_e),
            .f(s7_f),
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
    parameter int LAT = 55
) (
    input  logic        clk,
    input  logic        ce,
    input  logic [63:0] a,
    output logic [63:0] y
);
    hls_fp_sqrt #(.EW(11), .MW(52), .LAT(LAT)) core (.clk, .ce, .a, .y);
endmodule

// binary64 fused multiply-add (hls_fp_fma at 11/52).
module hls_fp64_fma #(
    parameter int LAT = 15,
    // The DSP block's multiplier (hls_fp_sigmul, as hls_fp64_mul).
    parameter int DSP_A = 18,
    parameter int DSP_B = 18
) (
    input  logic        clk,
    input  logic        ce,
    input  logic [63:0] a,
    input  logic [63:0] b,
    input  logic [63:0] c,
    output logic [63:0] y
);
    hls_fp_fma #(.EW(11), .MW(52), .LAT(LAT), .DSP_A(DSP_A), .DSP_B(DSP_B)) core (
        .clk, .ce, .a, .b, .c, .y
    );
endmodule
