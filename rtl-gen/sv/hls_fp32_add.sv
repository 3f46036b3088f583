// IEEE-754 binary32 adder/subtractor: round to nearest even, subnormal inputs and outputs,
// infinities, NaN (quiet NaN 0x7FC00000 out). Fixed latency LAT cycles with clock enable.
//
// With LAT >= 8 the datapath is staged, one step per cycle, so that no register-to-register
// path holds more than one of: a magnitude compare, a 27-bit alignment shift, a 28-bit add,
// a leading-zero count, a normalising shift, the rounding increment, the packing. Extra
// latency is a delay line at the output (synthesis may retime it). With LAT < 8 it is all
// combinational, followed by LAT registers.
module hls_fp32_add #(
    parameter int LAT = 8
) (
    input  logic        clk,
    input  logic        ce,
    input  logic        sub,
    input  logic [31:0] a,
    input  logic [31:0] b,
    output logic [31:0] y
);
    localparam int STAGES = 8;

    function automatic logic [31:0] hls_fadd32(input logic [31:0] x, input logic [31:0] z_in);
        logic sx, sz, eff_sub, x_big, sign;
        logic [7:0] ex, ez;
        logic [8:0] e_big, e_small, e, d;
        logic [23:0] fx, fz, f_big, f_small;
        logic [26:0] big_ext, small_ext, small_full, norm;
        logic [27:0] sum;
        logic [4:0] lz;
        logic [8:0] sh;
        logic lost;
        logic [31:0] res;
        sx = x[31]; sz = z_in[31];
        ex = x[30:23]; ez = z_in[30:23];
        fx = {ex != 8'd0, x[22:0]};
        fz = {ez != 8'd0, z_in[22:0]};
        res = 32'd0;
        if ((ex == 8'hFF && x[22:0] != 23'd0) || (ez == 8'hFF && z_in[22:0] != 23'd0)) begin
            res = 32'h7FC00000;
        end else if (ex == 8'hFF && ez == 8'hFF) begin
            res = (sx == sz) ? x : 32'h7FC00000;
        end else if (ex == 8'hFF) begin
            res = x;
        end else if (ez == 8'hFF) begin
            res = z_in;
        end else begin
            // Order by magnitude; subnormals have effective exponent 1.
            x_big = {ex, x[22:0]} >= {ez, z_in[22:0]};
            e_big   = x_big ? {1'b0, (ex == 8'd0) ? 8'd1 : ex} : {1'b0, (ez == 8'd0) ? 8'd1 : ez};
            e_small = x_big ? {1'b0, (ez == 8'd0) ? 8'd1 : ez} : {1'b0, (ex == 8'd0) ? 8'd1 : ex};
            f_big   = x_big ? fx : fz;
            f_small = x_big ? fz : fx;
            sign    = x_big ? sx : sz;
            eff_sub = sx ^ sz;
            d = e_big - e_small;
            big_ext = {f_big, 3'b000};
            small_full = {f_small, 3'b000};
            if (d > 9'd26) begin
                small_ext = {26'd0, f_small != 24'd0};
            end else begin
                lost = (small_full & ((27'd1 << d[4:0]) - 27'd1)) != 27'd0;
                small_ext = (small_full >> d[4:0]) | {26'd0, lost};
            end
            sum = eff_sub ? ({1'b0, big_ext} - {1'b0, small_ext}) : ({1'b0, big_ext} + {1'b0, small_ext});
            if (sum == 28'd0) begin
                // Exact zero: x + (-x) is +0 in round-to-nearest; (-0) + (-0) is -0.
                res = {eff_sub ? 1'b0 : sx, 31'd0};
            end else begin
                if (sum[27]) begin
                    norm = {sum[27:2], sum[1] | sum[0]};
                    e = e_big + 9'd1;
                end else begin
                    lz = 5'd27;
                    for (int i = 0; i <= 26; i++) if (sum[i]) lz = 5'(26 - i);
                    // Never shift below exponent 1: what is left is a subnormal.
                    sh = ({4'd0, lz} < e_big) ? {4'd0, lz} : e_big - 9'd1;
                    norm = sum[26:0] << sh[4:0];
                    e = e_big - sh;
                end
                res = hls_fp_pkg::round_pack32(sign, $signed({4'd0, e}), norm);
            end
        end
        return res;
    endfunction

    logic [31:0] z;
    assign z = {b[31] ^ sub, b[30:0]};

    if (LAT >= STAGES) begin : g_staged
        // Stage 1: classify, order by magnitude, exponent difference.
        logic [7:0] ex, ez;
        logic nan_x, nan_z, inf_x, inf_z, x_big;
        assign ex = a[30:23];
        assign ez = z[30:23];
        assign nan_x = ex == 8'hFF && a[22:0] != 23'd0;
        assign nan_z = ez == 8'hFF && z[22:0] != 23'd0;
        assign inf_x = ex == 8'hFF && a[22:0] == 23'd0;
        assign inf_z = ez == 8'hFF && z[22:0] == 23'd0;
        assign x_big = a[30:0] >= z[30:0];
        // Effective exponents (subnormals count as exponent 1).
        logic [7:0] e_x, e_z;
        assign e_x = (ex == 8'd0) ? 8'd1 : ex;
        assign e_z = (ez == 8'd0) ? 8'd1 : ez;
        logic s1_special, s1_nan, s1_inf_x, s1_sign, s1_sub, s1_sx;
        logic [7:0] s1_e_big, s1_d;
        logic [23:0] s1_f_big, s1_f_small;
        always_ff @(posedge clk) begin
            if (ce) begin
                s1_special <= ex == 8'hFF || ez == 8'hFF;
                s1_nan <= nan_x || nan_z || (inf_x && inf_z && a[31] != z[31]);
                s1_inf_x <= inf_x;
                s1_sign <= x_big ? a[31] : z[31];
                s1_sub <= a[31] ^ z[31];
                s1_sx <= a[31];
                // Subnormals have effective exponent 1.
                s1_e_big <= x_big ? e_x : e_z;
                s1_d <= x_big ? e_x - e_z : e_z - e_x;
                s1_f_big <= x_big ? {ex != 8'd0, a[22:0]} : {ez != 8'd0, z[22:0]};
                s1_f_small <= x_big ? {ez != 8'd0, z[22:0]} : {ex != 8'd0, a[22:0]};
            end
        end
        // Stage 2: align the smaller significand, keeping what falls off as sticky.
        logic [26:0] small_full, small_shifted;
        logic lost;
        assign small_full = {s1_f_small, 3'b000};
        assign small_shifted = small_full >> s1_d[4:0];
        // What falls off: the bits of small_full below d, selected by a thermometer mask
        // decoded from d (LUTs, no carry chain) and OR-reduced.
        logic [26:0] below_d;
        assign below_d = ~({27{1'b1}} << s1_d[4:0]);
        assign lost = (small_full & below_d) != 27'd0;
        // d > 26, spelt out so that it is two LUT levels rather than a carry chain.
        logic far;
        assign far = (s1_d[7:5] != 3'd0) || (s1_d[4] && s1_d[3] && (s1_d[2] || (s1_d[1] && s1_d[0])));
        logic s2_special, s2_sign, s2_sub, s2_sx;
        logic [31:0] s2_special_val;
        logic [7:0] s2_e_big;
        logic [26:0] s2_big, s2_small;
        always_ff @(posedge clk) begin
            if (ce) begin
                s2_special <= s1_special;
                // NaN in, inf - inf: the quiet NaN; otherwise the infinite operand.
                s2_special_val <= s1_nan ? 32'h7FC00000
                                         : {s1_inf_x ? s1_sx : s1_sx ^ s1_sub, 8'hFF, 23'd0};
                s2_sign <= s1_sign;
                s2_sub <= s1_sub;
                s2_sx <= s1_sx;
                s2_e_big <= s1_e_big;
                s2_big <= {s1_f_big, 3'b000};
                s2_small <= far ? {26'd0, s1_f_small != 24'd0}
                                           : (small_shifted | {26'd0, lost});
            end
        end
        // Stage 3: add or subtract (the larger magnitude first, so never negative).
        logic s3_special, s3_sign, s3_sub, s3_sx;
        logic [31:0] s3_special_val;
        logic [7:0] s3_e_big;
        logic [27:0] s3_sum;
        always_ff @(posedge clk) begin
            if (ce) begin
                s3_special <= s2_special;
                s3_special_val <= s2_special_val;
                s3_sign <= s2_sign;
                s3_sub <= s2_sub;
                s3_sx <= s2_sx;
                s3_e_big <= s2_e_big;
                s3_sum <= s2_sub ? ({1'b0, s2_big} - {1'b0, s2_small})
                                 : ({1'b0, s2_big} + {1'b0, s2_small});
            end
        end
        // Stage 4: leading zeros of the sum.
        logic [4:0] lz;
        always_comb begin
            lz = 5'd27;
            for (int i = 0; i <= 26; i++) if (s3_sum[i]) lz = 5'(26 - i);
        end
        logic s4_special, s4_sign, s4_zero;
        logic [31:0] s4_special_val;
        logic [7:0] s4_e_big;
        logic [4:0] s4_lz;
        logic [27:0] s4_sum;
        always_ff @(posedge clk) begin
            if (ce) begin
                s4_special <= s3_special;
                s4_special_val <= s3_special_val;
                // Exact zero: x + (-x) is +0 in round-to-nearest; (-0) + (-0) is -0.
                s4_zero <= s3_sum == 28'd0;
                s4_sign <= (s3_sum == 28'd0) ? (s3_sub ? 1'b0 : s3_sx) : s3_sign;
                s4_e_big <= s3_e_big;
                s4_lz <= lz;
                s4_sum <= s3_sum;
            end
        end
        // Stage 4b: the shift that normalises the sum without going below exponent 1 (what
        // is left is a subnormal).
        logic s4b_special, s4b_sign, s4b_zero, s4_carry;
        logic [31:0] s4b_special_val;
        logic [7:0] s4b_e_big;
        logic [4:0] s4_sh;
        logic [27:0] s4b_sum;
        always_ff @(posedge clk) begin
            if (ce) begin
                s4b_special <= s4_special;
                s4b_special_val <= s4_special_val;
                s4b_zero <= s4_zero;
                s4b_sign <= s4_sign;
                s4_carry <= s4_sum[27];
                s4b_e_big <= s4_e_big;
                s4_sh <= ({3'd0, s4_lz} < s4_e_big) ? s4_lz : 5'(s4_e_big - 8'd1);
                s4b_sum <= s4_sum;
            end
        end
        // Stage 5: normalise.
        logic s5_special, s5_sign, s5_zero;
        logic [31:0] s5_special_val;
        logic [8:0] s5_e;
        logic [26:0] s5_norm;
        always_ff @(posedge clk) begin
            if (ce) begin
                s5_special <= s4b_special;
                s5_special_val <= s4b_special_val;
                s5_sign <= s4b_sign;
                s5_zero <= s4b_zero;
                if (s4_carry) begin
                    s5_norm <= {s4b_sum[27:2], s4b_sum[1] | s4b_sum[0]};
                    s5_e <= {1'b0, s4b_e_big} + 9'd1;
                end else begin
                    s5_norm <= s4b_sum[26:0] << s4_sh;
                    s5_e <= {1'b0, s4b_e_big} - {4'd0, s4_sh};
                end
            end
        end
        // Stages 7 and 8: round and pack (hls_fp_round, shared with the multiplier).
        hls_fp_round #(.EW(8), .MW(23), .EXTRA(LAT - STAGES)) round (
            .clk, .ce,
            .special(s5_special || s5_zero),
            // Exact zero: x + (-x) is +0 in round-to-nearest; (-0) + (-0) is -0.
            .special_val(s5_special ? s5_special_val : {s5_sign, 31'd0}),
            .sign(s5_sign),
            .e($signed({2'b0, s5_e})),
            .f(s5_norm),
            .y
        );
    end else begin : g_combinational
        hls_delay #(.W(32), .N(LAT)) delay (.clk, .ce, .d(hls_fadd32(a, z)), .q(y));
    end
endmodule
