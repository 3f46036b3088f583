// IEEE-754 binary32 multiplier: round to nearest even, subnormal inputs and outputs,
// infinities, NaN (quiet NaN 0x7FC00000 out). Fixed latency LAT cycles with clock enable.
//
// With LAT >= 8 the datapath is staged: classify, and count the leading zeros (nonzero only
// for subnormals) and trailing zeros of each significand; the partial products (DSP
// blocks, tiled for the board's block: DSP_A x DSP_B signed bits); their sum; the
// normalising shift by the sum of the leading-zero counts, of which only the 26 bits the
// rounding reads are built; a last one-bit step; the right shift of a subnormal result; the
// rounding increment; the packing. The sticky bit needs no mask over the product: a
// product's trailing zeros are the sum of its factors', so "a bit below the guard
// position is set" is one small comparison. Extra latency is a delay line at the output.
// With LAT < 8 the whole function is combinational, followed by LAT registers.
module hls_fp32_mul #(
    parameter int LAT = 8,
    // The DSP block's multiplier, signed operand widths (hls_fp_sigmul): 27 x 18 (DSP48E2)
    // multiplies a 24-bit significand by 17 bits at once (two products per 24 x 24);
    // 18 x 18 (ECP5, Cyclone V) takes 12 x 17, 12 x 17 and 12 x 7, the last 12 x 7 in LUTs.
    parameter int DSP_A = 18,
    parameter int DSP_B = 18
) (
    input  logic        clk,
    input  logic        ce,
    input  logic [31:0] a,
    input  logic [31:0] b,
    output logic [31:0] y
);
    function automatic logic [31:0] hls_fmul32(input logic [31:0] x, input logic [31:0] z_in);
        logic sign, sticky;
        logic [7:0] ex, ez;
        logic [23:0] fx, fz;
        logic [47:0] p, q;
        logic [5:0] lz;
        logic signed [10:0] er;
        logic [10:0] rs;
        logic [31:0] res;
        sign = x[31] ^ z_in[31];
        ex = x[30:23]; ez = z_in[30:23];
        fx = {ex != 8'd0, x[22:0]};
        fz = {ez != 8'd0, z_in[22:0]};
        res = 32'd0;
        if ((ex == 8'hFF && x[22:0] != 23'd0) || (ez == 8'hFF && z_in[22:0] != 23'd0)) begin
            res = 32'h7FC00000;
        end else if (ex == 8'hFF || ez == 8'hFF) begin
            // inf * 0 is invalid; inf * anything else is inf.
            res = ((ex == 8'hFF && z_in[30:0] == 31'd0) || (ez == 8'hFF && x[30:0] == 31'd0))
                ? 32'h7FC00000 : {sign, 8'hFF, 23'd0};
        end else if (x[30:0] == 31'd0 || z_in[30:0] == 31'd0) begin
            res = {sign, 31'd0};
        end else begin
            p = fx * fz;
            lz = 6'd48;
            for (int i = 0; i <= 47; i++) if (p[i]) lz = 6'(47 - i);
            q = p << lz;
            // Biased exponent of the leading one at bit 47.
            er = $signed({3'd0, (ex == 8'd0) ? 8'd1 : ex}) + $signed({3'd0, (ez == 8'd0) ? 8'd1 : ez})
                 - 11'sd126 - $signed({5'd0, lz});
            sticky = 1'b0;
            if (er < 11'sd1) begin
                // Subnormal result: shift right, keep what falls off as sticky.
                rs = 11'd1 - er;
                if (rs > 11'd47) begin
                    sticky = q != 48'd0;
                    q = 48'd0;
                end else begin
                    sticky = (q & ((48'd1 << rs[5:0]) - 48'd1)) != 48'd0;
                    q = q >> rs[5:0];
                end
                er = 11'sd0;
            end
            sticky = sticky | (q[22:0] != 23'd0);
            res = hls_fp_pkg::round_pack32(sign, 13'(er), {q[47:24], q[23], 1'b0, sticky});
        end
        return res;
    endfunction

    localparam int STAGES = 8;

    if (LAT >= STAGES) begin : g_staged
        // Stage 1: classify; the exponent the product would have with its leading one at
        // bit 47 and no leading zeros (1.0 x 1.0 = 2^46: one leading zero, exponent 127);
        // the leading and trailing zeros of each significand.
        logic [7:0] ex, ez;
        logic nan_x, nan_z, inf_x, inf_z, zero_x, zero_z;
        assign ex = a[30:23];
        assign ez = b[30:23];
        assign nan_x = ex == 8'hFF && a[22:0] != 23'd0;
        assign nan_z = ez == 8'hFF && b[22:0] != 23'd0;
        assign inf_x = ex == 8'hFF && a[22:0] == 23'd0;
        assign inf_z = ez == 8'hFF && b[22:0] == 23'd0;
        assign zero_x = a[30:0] == 31'd0;
        assign zero_z = b[30:0] == 31'd0;
        // Leading zeros: the complement of the leading one's position with the significand
        // at the top of 64 bits; trailing zeros: the same with its bits reversed.
        function automatic logic [4:0] lzc24(input logic [23:0] v);
            logic [5:0] p;
            p = hls_fp_pkg::lead64({v, 40'd0});
            return 5'(~p);
        endfunction
        function automatic logic [4:0] tzc24(input logic [23:0] v);
            logic [63:0] r;
            logic [5:0] p;
            r = '0;
            for (int i = 0; i < 24; i++) r[63 - i] = v[i];
            p = hls_fp_pkg::lead64(r);
            return 5'(~p);
        endfunction
        logic s1_special, s1_inf, s1_nan, s1_sign;
        logic signed [10:0] s1_e;
        logic [23:0] s1_fx, s1_fz;
        logic [4:0] s1_lzx, s1_lzz, s1_tzx, s1_tzz;
        always_ff @(posedge clk) begin
            if (ce) begin
                // NaN in, or inf x 0: the quiet NaN; inf otherwise; a zero operand: zero.
                s1_nan <= nan_x || nan_z || (inf_x && zero_z) || (inf_z && zero_x);
                s1_special <= ex == 8'hFF || ez == 8'hFF || zero_x || zero_z;
                s1_inf <= inf_x || inf_z;
                s1_sign <= a[31] ^ b[31];
                s1_e <= $signed({3'd0, (ex == 8'd0) ? 8'd1 : ex})
                      + $signed({3'd0, (ez == 8'd0) ? 8'd1 : ez}) - 11'sd126;
                s1_fx <= {ex != 8'd0, a[22:0]};
                s1_fz <= {ez != 8'd0, b[22:0]};
                s1_lzx <= lzc24({ex != 8'd0, a[22:0]});
                s1_lzz <= lzc24({ez != 8'd0, b[22:0]});
                s1_tzx <= tzc24({ex != 8'd0, a[22:0]});
                s1_tzz <= tzc24({ez != 8'd0, b[22:0]});
            end
        end
        // Stages 2 and 3: the product (hls_fp_sigmul: DSP blocks, then one adder); beside it
        // the product's leading zeros, lzx + lzz or one more, and trailing zeros, tzx + tzz.
        logic [47:0] s3_p;
        hls_fp_sigmul #(.SW(24), .DSP_A(DSP_A), .DSP_B(DSP_B)) sigmul (
            .clk, .ce, .x(s1_fx), .z(s1_fz), .p(s3_p)
        );
        logic s3_special, s3_inf, s3_nan, s3_sign;
        logic signed [10:0] s3_e;
        logic [5:0] s3_lzs, s3_tzs;
        hls_delay #(.W(4 + 11 + 6 + 6), .N(hls_fp_pkg::sigmul_latency(24))) side (
            .clk, .ce,
            .d({s1_special, s1_inf, s1_nan, s1_sign, s1_e, {1'b0, s1_lzx} + {1'b0, s1_lzz},
                {1'b0, s1_tzx} + {1'b0, s1_tzz}}),
            .q({s3_special, s3_inf, s3_nan, s3_sign, s3_e, s3_lzs, s3_tzs})
        );
        // Stage 4: shift by the estimate, building only the 26 bits kept; the exponent for
        // both outcomes (leading zeros lzs or lzs + 1: e - lzs and e + ~lzs, one adder
        // each) and the trailing zeros, so that the next stage only selects.
        logic [25:0] shifted;
        assign shifted = 26'((s3_p << s3_lzs) >> 22);
        logic s4_special, s4_inf, s4_nan, s4_sign;
        logic signed [10:0] s4_e0, s4_e1;
        logic [6:0] s4_tz0;
        logic [25:0] s4_q;
        always_ff @(posedge clk) begin
            if (ce) begin
                s4_special <= s3_special;
                s4_inf <= s3_inf;
                s4_nan <= s3_nan;
                s4_sign <= s3_sign;
                s4_q <= shifted;
                s4_e0 <= s3_e - $signed({5'd0, s3_lzs});
                s4_e1 <= s3_e + $signed({5'b11111, ~s3_lzs});
                s4_tz0 <= {1'b0, s3_tzs} + {1'b0, s3_lzs};
            end
        end
        // Stage 5: the leading one to the top (one more step when the estimate fell short);
        // below the normal range (e < 1) the right shift 1 - e that a subnormal result needs
        // (0 otherwise, 48 when nothing is left); the trailing zeros of the normalised
        // 48-bit word.
        logic s5_special, s5_inf, s5_nan, s5_sign, s5_tiny;
        logic signed [10:0] s5_e;
        logic [5:0] s5_sh;
        logic [6:0] s5_tz;
        logic [24:0] s5_q;
        logic signed [10:0] e;
        logic tiny, gone;
        logic [5:0] sh;
        assign e = s4_q[25] ? s4_e0 : s4_e1;
        assign tiny = e[10] || e == 11'sd0;
        // e <= -32: a shift of 33 or more leaves only sticky bits (the 25 kept bits are
        // gone from 25 on); from the bits, without a comparison's carry chain.
        assign gone = e[10] && (!(&e[9:5]) || e[4:0] == 5'd0);
        assign sh = !tiny ? 6'd0 : gone ? 6'd48 : 6'(11'sd1 - e);
        always_ff @(posedge clk) begin
            if (ce) begin
                s5_special <= s4_special;
                s5_inf <= s4_inf;
                s5_nan <= s4_nan;
                s5_sign <= s4_sign;
                s5_q <= s4_q[25] ? s4_q[25:1] : s4_q[24:0];
                s5_e <= e;
                s5_tiny <= tiny;
                s5_sh <= sh;
                s5_tz <= s4_q[25] ? s4_tz0 : s4_tz0 + 7'd1;
            end
        end
        // Stage 6: shift (a subnormal result right); a bit below the guard bit is set when
        // the word's lowest set bit lies below 23 past the shift (the 24 significand bits
        // and the guard bit stay above it).
        logic s6_special, s6_inf, s6_nan, s6_sign;
        logic signed [10:0] s6_e;
        logic [26:0] s6_f;
        always_ff @(posedge clk) begin
            if (ce) begin
                s6_special <= s5_special;
                s6_inf <= s5_inf;
                s6_nan <= s5_nan;
                s6_sign <= s5_sign;
                s6_e <= s5_tiny ? 11'sd0 : s5_e;
                s6_f <= {s5_q >> s5_sh, 1'b0, s5_tz < {1'b0, s5_sh} + 7'd23};
            end
        end
        // Stages 7 and 8: round and pack (hls_fp_round, shared with the adder). NaN in,
        // or inf x 0: the quiet NaN; inf otherwise; a zero operand: zero.
        hls_fp_round #(.EW(8), .MW(23), .EXTRA(LAT - STAGES)) round (
            .clk, .ce,
            .special(s6_special),
            .special_val(s6_nan ? 32'h7FC00000 : {s6_sign, s6_inf ? 8'hFF : 8'd0, 23'd0}),
            .sign(s6_sign),
            .e(s6_e),
            .f(s6_f),
            .y
        );
    end else begin : g_combinational
        hls_delay #(.W(32), .N(LAT)) delay (.clk, .ce, .d(hls_fmul32(a, b)), .q(y));
    end
endmodule
