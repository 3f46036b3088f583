// IEEE-754 binary32 multiplier: round to nearest even, subnormal inputs and outputs,
// infinities, NaN (quiet NaN 0x7FC00000 out). Fixed latency LAT cycles with clock enable.
//
// With LAT >= 8 the datapath is staged: classify (and count the leading zeros of each
// significand, nonzero only for subnormals); four 12x12 partial products (DSP blocks); their
// sum; the normalising shift by the sum of the two counts; a last one-bit step; the right
// shift of a subnormal result; the rounding increment; the packing. Extra latency is a delay line at the output. With LAT < 8 the
// whole function is combinational, followed by LAT registers.
module hls_fp32_mul #(
    parameter int LAT = 8
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
        // the leading zeros of each significand (nonzero only for subnormals).
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
        function automatic logic [4:0] lzc24(input logic [23:0] v);
            logic [4:0] n;
            n = 5'd24;
            for (int i = 0; i < 24; i++) if (v[i]) n = 5'(23 - i);
            return n;
        endfunction
        logic s1_special, s1_inf, s1_nan, s1_sign;
        logic signed [10:0] s1_e;
        logic [23:0] s1_fx, s1_fz;
        logic [4:0] s1_lzx, s1_lzz;
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
            end
        end
        // Stage 2: two partial products, each small enough for DSP blocks with registers;
        // the product's leading zeros are lzx + lzz or one more.
        logic s2_special, s2_inf, s2_nan, s2_sign;
        logic signed [10:0] s2_e;
        logic [5:0] s2_lzs;
        logic [23:0] s2_ll, s2_lh, s2_hl, s2_hh;
        always_ff @(posedge clk) begin
            if (ce) begin
                s2_special <= s1_special;
                s2_inf <= s1_inf;
                s2_nan <= s1_nan;
                s2_sign <= s1_sign;
                s2_e <= s1_e;
                s2_lzs <= {1'b0, s1_lzx} + {1'b0, s1_lzz};
                s2_ll <= s1_fx[11:0] * s1_fz[11:0];
                s2_lh <= s1_fx[11:0] * s1_fz[23:12];
                s2_hl <= s1_fx[23:12] * s1_fz[11:0];
                s2_hh <= s1_fx[23:12] * s1_fz[23:12];
            end
        end
        // Stage 3: the product. ll and hh do not overlap; the two middle products join them
        // through one carry-save layer, so that one carry chain remains.
        logic [47:0] pa, pb, pc, psum, pcarry;
        assign pa = {s2_hh, s2_ll};
        assign pb = {12'd0, s2_lh, 12'd0};
        assign pc = {12'd0, s2_hl, 12'd0};
        assign psum = pa ^ pb ^ pc;
        assign pcarry = {(pa[46:0] & pb[46:0]) | (pb[46:0] & pc[46:0]) | (pa[46:0] & pc[46:0]), 1'b0};
        logic s3_special, s3_inf, s3_nan, s3_sign;
        logic signed [10:0] s3_e;
        logic [5:0] s3_lzs;
        logic [47:0] s3_p;
        always_ff @(posedge clk) begin
            if (ce) begin
                s3_special <= s2_special;
                s3_inf <= s2_inf;
                s3_nan <= s2_nan;
                s3_sign <= s2_sign;
                s3_e <= s2_e;
                s3_lzs <= s2_lzs;
                s3_p <= psum + pcarry;
            end
        end
        // Stage 4: shift by the estimate; exponent, subnormal test and right shift for both
        // outcomes (leading zeros lzs or lzs + 1), so that the next stage only selects.
        logic [6:0] lz0, lz1;
        assign lz0 = {1'b0, s3_lzs};
        assign lz1 = {1'b0, s3_lzs} + 7'd1;
        logic s4_special, s4_inf, s4_nan, s4_sign;
        logic signed [10:0] s4_e0, s4_e1;
        logic s4_tiny0, s4_tiny1, s4_gone0, s4_gone1;
        logic [5:0] s4_rs0, s4_rs1;
        logic [47:0] s4_q;
        always_ff @(posedge clk) begin
            if (ce) begin
                s4_special <= s3_special;
                s4_inf <= s3_inf;
                s4_nan <= s3_nan;
                s4_sign <= s3_sign;
                s4_q <= s3_p << s3_lzs;
                s4_e0 <= s3_e - $signed({4'd0, lz0});
                s4_e1 <= s3_e - $signed({4'd0, lz1});
                // Below the normal range (e - lz < 1): shift right by 1 - e + lz, all of it
                // sticky past 47.
                s4_tiny0 <= s3_e <= $signed({4'd0, lz0});
                s4_tiny1 <= s3_e <= $signed({4'd0, lz1});
                s4_gone0 <= s3_e + 11'sd46 < $signed({4'd0, lz0});
                s4_gone1 <= s3_e + 11'sd46 < $signed({4'd0, lz1});
                s4_rs0 <= 6'(11'sd1 - s3_e + $signed({4'd0, lz0}));
                s4_rs1 <= 6'(11'sd1 - s3_e + $signed({4'd0, lz1}));
            end
        end
        // Stage 5: the leading one to bit 47 (one more step when the estimate fell short);
        // the right shift that a result below the normal range needs (0 otherwise, 48 when
        // nothing is left) and the position below which every bit ends up sticky (23 past
        // the shift: the 24 significand bits and the guard bit stay above it).
        logic s5_special, s5_inf, s5_nan, s5_sign, s5_tiny, s5_all_sticky;
        logic signed [10:0] s5_e;
        logic [5:0] s5_sh, s5_stpos;
        logic [47:0] s5_q;
        logic tiny, gone;
        logic [5:0] rs, sh;
        logic [6:0] stpos;
        assign tiny = s4_q[47] ? s4_tiny0 : s4_tiny1;
        assign gone = s4_q[47] ? s4_gone0 : s4_gone1;
        assign rs = s4_q[47] ? s4_rs0 : s4_rs1;
        assign sh = !tiny ? 6'd0 : (gone ? 6'd48 : rs);
        assign stpos = {1'b0, sh} + 7'd23;
        always_ff @(posedge clk) begin
            if (ce) begin
                s5_special <= s4_special;
                s5_inf <= s4_inf;
                s5_nan <= s4_nan;
                s5_sign <= s4_sign;
                s5_q <= s4_q[47] ? s4_q : {s4_q[46:0], 1'b0};
                s5_e <= s4_q[47] ? s4_e0 : s4_e1;
                s5_tiny <= tiny;
                s5_sh <= sh;
                s5_stpos <= stpos[5:0];
                s5_all_sticky <= stpos >= 7'd48;
            end
        end
        // Stage 6: shift (a subnormal result right), and OR what falls below the guard bit
        // into the sticky bit: one shifter beside one masked OR.
        logic [24:0] q_top;
        logic [47:0] below;
        assign q_top = 25'((s5_q >> s5_sh) >> 23);
        assign below = s5_all_sticky ? {48{1'b1}} : ~({48{1'b1}} << s5_stpos);
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
                s6_f <= {q_top, 1'b0, (s5_q & below) != 48'd0};
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
