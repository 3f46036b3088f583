// IEEE-754 binary32 divider: correctly rounded (round to nearest even), subnormal inputs
// and outputs, infinities, NaN (quiet NaN 0x7FC00000 out). Fixed latency LAT cycles with
// clock enable.
//
// With LAT >= STAGES (20) the datapath is staged: classify and count the leading zeros of
// the significands (nonzero only for subnormals); normalise them; 27 steps of
// non-restoring division, IPS to a stage (each step one add or subtract of the divisor,
// chosen by the sign of the partial remainder, so one carry chain per step and no
// multiplexer); the one-bit normalisation of the quotient with its sticky bit from the
// final remainder; the right shift of a subnormal quotient; rounding and packing
// (hls_fp_round). Extra latency is a delay line at the output. With LAT < STAGES the
// whole function is combinational, followed by LAT registers.
module hls_fp32_div #(
    parameter int LAT = 28
) (
    input  logic        clk,
    input  logic        ce,
    input  logic [31:0] a,
    input  logic [31:0] b,
    output logic [31:0] y
);
    // Quotient bits: 24 significant and a guard bit, one more when the first is 0; the
    // remainder's sticky bit stands for the round bit and everything below.
    localparam int STEPS = 26;
    // Division steps per stage: one when the latency allows it (the fastest pipeline),
    // else two (each stage then holds two carry chains in a row).
    localparam int DEEP = 2 + STEPS + 2 + 2;
    localparam int IPS = (LAT >= DEEP) ? 1 : 2;
    localparam int QST = (STEPS + IPS - 1) / IPS;
    localparam int STAGES = 2 + QST + 2 + 2;
    // Significand with the hidden bit, shifted so that bit 23 is set; returns the shift.
    function automatic logic [4:0] hls_lz24(input logic [23:0] m);
        logic [4:0] n;
        n = 5'd24;
        for (int i = 0; i <= 23; i++) if (m[i]) n = 5'(23 - i);
        return n;
    endfunction

    function automatic logic [31:0] hls_fdiv32(input logic [31:0] x, input logic [31:0] z);
        logic sign, sticky;
        logic [7:0] ex, ez;
        logic [23:0] mx, mz;
        logic [4:0] lx, lz;
        logic [49:0] num;
        logic [26:0] q;
        logic signed [11:0] e;
        logic [11:0] rs;
        logic [31:0] res;
        sign = x[31] ^ z[31];
        ex = x[30:23]; ez = z[30:23];
        res = 32'd0;
        if ((ex == 8'hFF && x[22:0] != 23'd0) || (ez == 8'hFF && z[22:0] != 23'd0)) begin
            res = 32'h7FC00000;
        end else if ((ex == 8'hFF && ez == 8'hFF) || (x[30:0] == 31'd0 && z[30:0] == 31'd0)) begin
            res = 32'h7FC00000;  // inf/inf, 0/0
        end else if (ex == 8'hFF || z[30:0] == 31'd0) begin
            res = {sign, 8'hFF, 23'd0};  // inf/finite, finite/0
        end else if (ez == 8'hFF || x[30:0] == 31'd0) begin
            res = {sign, 31'd0};  // finite/inf, 0/finite
        end else begin
            mx = {ex != 8'd0, x[22:0]};
            mz = {ez != 8'd0, z[22:0]};
            lx = hls_lz24(mx);
            lz = hls_lz24(mz);
            mx = mx << lx;
            mz = mz << lz;
            // Biased exponent of the quotient when its leading one is at bit 26.
            e = $signed({4'd0, (ex == 8'd0) ? 8'd1 : ex}) - $signed({7'd0, lx})
              - $signed({4'd0, (ez == 8'd0) ? 8'd1 : ez}) + $signed({7'd0, lz}) + 12'sd127;
            num = {mx, 26'd0};
            q = 27'(num / {26'd0, mz});
            sticky = (num % {26'd0, mz}) != 50'd0;
            if (!q[26]) begin
                q = {q[25:0], 1'b0};
                e = e - 12'sd1;
            end
            if (e < 12'sd1) begin
                // Subnormal result: shift right, keep what falls off as sticky.
                rs = 12'(12'sd1 - e);
                if (rs > 12'd26) begin
                    sticky = sticky | (q != 27'd0);
                    q = 27'd0;
                end else begin
                    sticky = sticky | ((q & ((27'd1 << rs[4:0]) - 27'd1)) != 27'd0);
                    q = q >> rs[4:0];
                end
                e = 12'sd0;
            end
            res = hls_fp_pkg::round_pack32(sign, 13'(e), {q[26:1], q[0] | sticky});
        end
        return res;
    endfunction

    // One non-restoring step: 2r - d when r >= 0, else 2r + d, as one adder whose second
    // operand is d or ~d by the sign (folded into the adder's LUTs) and whose carry in
    // (the +1 of the subtraction) enters below a spare bit.
    // The remainder stays in [-d, d), inside 25 bits, so the step is exact modulo 2^25.
    function automatic logic signed [24:0] div_step(input logic signed [24:0] rr, input logic [23:0] dd);
        /* verilator lint_off UNUSEDSIGNAL */
        logic [25:0] sum;  // bit 0 only carries the +1 in
        /* verilator lint_on UNUSEDSIGNAL */
        logic [24:0] op;
        op = {1'b0, dd} ^ {25{!rr[24]}};
        sum = {rr[23:0], 1'b0, 1'b1} + {op, !rr[24]};
        return sum[25:1];
    endfunction

    if (LAT >= STAGES) begin : g_staged
        // Stage 1: special operands and leading-zero counts.
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
        logic s1_special, s1_sign;
        logic [31:0] s1_special_val;
        logic [23:0] s1_mx, s1_mz;
        logic [4:0] s1_lx, s1_lz;
        logic signed [10:0] s1_e;
        always_ff @(posedge clk) begin
            if (ce) begin
                s1_sign <= a[31] ^ b[31];
                s1_special <= ex == 8'hFF || ez == 8'hFF || zero_x || zero_z;
                if (nan_x || nan_z || (inf_x && inf_z) || (zero_x && zero_z))
                    s1_special_val <= 32'h7FC00000;
                else if (inf_x || zero_z)
                    s1_special_val <= {a[31] ^ b[31], 8'hFF, 23'd0};
                else
                    s1_special_val <= {a[31] ^ b[31], 31'd0};
                s1_mx <= {ex != 8'd0, a[22:0]};
                s1_mz <= {ez != 8'd0, b[22:0]};
                s1_lx <= hls_lz24({ex != 8'd0, a[22:0]});
                s1_lz <= hls_lz24({ez != 8'd0, b[22:0]});
                // Biased exponent of the quotient's first bit (the first step's), before
                // the subnormal counts are taken off.
                s1_e <= $signed({3'd0, (ex == 8'd0) ? 8'd1 : ex})
                      - $signed({3'd0, (ez == 8'd0) ? 8'd1 : ez}) + 11'sd127;
            end
        end
        // Stage 2: normalise both significands; the first step's remainder mx - mz.
        logic s2_special, s2_sign;
        logic [31:0] s2_special_val;
        logic signed [10:0] s2_e;
        logic [23:0] s2_d;
        logic signed [24:0] s2_r;
        logic [23:0] nx, nz;
        assign nx = s1_mx << s1_lx;
        assign nz = s1_mz << s1_lz;
        always_ff @(posedge clk) begin
            if (ce) begin
                s2_special <= s1_special;
                s2_special_val <= s1_special_val;
                s2_sign <= s1_sign;
                s2_e <= s1_e - $signed({6'd0, s1_lx}) + $signed({6'd0, s1_lz});
                s2_d <= nz;
                s2_r <= $signed({1'b0, nx}) - $signed({1'b0, nz});
            end
        end
        // Division stages: the partial remainder r in [-d, d), the quotient bits so far.
        // Each step: the bit just decided is r >= 0; then r = 2r - d when r >= 0, else
        // 2r + d (non-restoring: the bits are those of restoring division).
        logic signed [24:0] r [QST + 1];
        logic [STEPS-1:0] q [QST + 1];
        logic [23:0] d [QST + 1];
        logic special [QST + 1];
        logic sign [QST + 1];
        logic [31:0] special_val [QST + 1];
        logic signed [10:0] e [QST + 1];
        assign r[0] = s2_r;
        assign q[0] = '0;
        assign d[0] = s2_d;
        assign special[0] = s2_special;
        assign sign[0] = s2_sign;
        assign special_val[0] = s2_special_val;
        assign e[0] = s2_e;
        for (genvar st = 0; st < QST; st++) begin : g_step
            logic signed [24:0] rv;
            logic [STEPS-1:0] qv;
            always_comb begin
                rv = r[st];
                qv = q[st];
                for (int k = 0; k < IPS; k++) begin
                    if (st * IPS + k < STEPS) begin
                        qv = {qv[STEPS-2:0], !rv[24]};
                        // The last step only decides its bit (the remainder it leaves is
                        // the one the sticky bit needs).
                        if (st * IPS + k < STEPS - 1) rv = div_step(rv, d[st]);
                    end
                end
            end
            always_ff @(posedge clk) begin
                if (ce) begin
                    r[st + 1] <= rv;
                    q[st + 1] <= qv;
                    d[st + 1] <= d[st];
                    special[st + 1] <= special[st];
                    sign[st + 1] <= sign[st];
                    special_val[st + 1] <= special_val[st];
                    e[st + 1] <= e[st];
                end
            end
        end
        // Post 1: a quotient below 1 moves up one bit; the sticky bit is a nonzero true
        // remainder (r, or r + d when r is negative: then r != -d). The right shift a
        // subnormal quotient needs is decided here too, for both cases of the top bit, so
        // that post 2 only shifts.
        logic p1_special, p1_sign, p1_tiny, p1_far;
        logic [31:0] p1_special_val;
        logic signed [10:0] p1_e;
        logic [26:0] p1_f;
        logic [4:0] p1_rs;
        logic sticky;
        logic signed [10:0] e_top, rs_top;
        assign sticky = r[QST][24] ? (r[QST] != -$signed({1'b0, d[QST]})) : (r[QST] != 25'sd0);
        assign e_top = q[QST][25] ? e[QST] : e[QST] - 11'sd1;
        assign rs_top = q[QST][25] ? 11'sd1 - e[QST] : 11'sd2 - e[QST];
        always_ff @(posedge clk) begin
            if (ce) begin
                p1_special <= special[QST];
                p1_special_val <= special_val[QST];
                p1_sign <= sign[QST];
                p1_f <= q[QST][25] ? {q[QST][25:0], sticky} : {q[QST][24:0], 1'b0, sticky};
                p1_e <= e_top;
                p1_tiny <= e_top < 11'sd1;
                p1_far <= rs_top > 11'sd26;
                p1_rs <= rs_top[4:0];
            end
        end
        // Post 2: a subnormal quotient shifts right, what falls off kept as sticky.
        logic [26:0] below, shifted;
        assign below = ~({27{1'b1}} << p1_rs);
        assign shifted = (p1_f >> p1_rs) | {26'd0, (p1_f & below) != 27'd0};
        logic p2_special, p2_sign;
        logic [31:0] p2_special_val;
        logic signed [10:0] p2_e;
        logic [26:0] p2_f;
        always_ff @(posedge clk) begin
            if (ce) begin
                p2_special <= p1_special;
                p2_special_val <= p1_special_val;
                p2_sign <= p1_sign;
                if (!p1_tiny) begin
                    p2_f <= p1_f;
                    p2_e <= p1_e;
                end else begin
                    p2_f <= p1_far ? {26'd0, p1_f != 27'd0} : shifted;
                    p2_e <= 11'sd0;
                end
            end
        end
        hls_fp_round #(.EW(8), .MW(23), .EXTRA(LAT - STAGES)) round (
            .clk, .ce,
            .special(p2_special),
            .special_val(p2_special_val),
            .sign(p2_sign),
            .e(p2_e),
            .f(p2_f),
            .y
        );
    end else begin : g_combinational
        hls_delay #(.W(32), .N(LAT)) delay (.clk, .ce, .d(hls_fdiv32(a, b)), .q(y));
    end
endmodule
