// IEEE-754 binary32 square root: correctly rounded (round to nearest even), subnormal
// inputs, sqrt(-0) = -0, negative or NaN inputs give the quiet NaN 0x7FC00000, sqrt(+inf)
// = +inf. Fixed latency LAT cycles with clock enable.
//
// With LAT >= STAGES (28) the datapath is staged: classify and count the leading zeros
// (subnormal inputs); normalise and halve the exponent; 26 steps of non-restoring square
// root — step j adds or subtracts 4q + 1 or 4q + 3 in a carry chain only j + 3 bits long,
// so the first four, shortest, share a stage, then one per stage; the sticky bit
// from the final remainder; rounding and packing (hls_fp_round). The result is never
// subnormal. With LAT < STAGES it is all combinational, followed by LAT registers.
module hls_fp32_sqrt #(
    parameter int LAT = 28
) (
    input  logic        clk,
    input  logic        ce,
    input  logic [31:0] a,
    output logic [31:0] y
);
    localparam int STEPS = 26;
    // The stage each step runs in (a register before step j when it differs from j - 1's).
    // Steps 0-3 (3- to 6-bit adders) share the first stage; from then on one step a stage
    // (chaining two ate the clock: the carry chains and the routing between them add up).
    function automatic int stage_of(input int j);
        return (j < 4) ? 0 : j - 3;
    endfunction
    // Registers between the root steps, and one after the last.
    localparam int RST = stage_of(STEPS - 1) + 1;
    localparam int STAGES = 2 + RST + 1 + 2;
    function automatic logic [31:0] hls_fsqrt32(input logic [31:0] x);
        logic [7:0] ex;
        logic [23:0] m;
        logic [4:0] lz;
        logic signed [9:0] e;
        logic signed [9:0] half;
        logic [51:0] rad, rem, trial;
        logic [25:0] r;
        logic sticky;
        ex = x[30:23];
        if (ex == 8'hFF && x[22:0] != 23'd0) return 32'h7FC00000;
        if (x[30:0] == 31'd0) return x;  // +-0
        if (x[31]) return 32'h7FC00000;
        if (ex == 8'hFF) return x;       // +inf
        m = {ex != 8'd0, x[22:0]};
        lz = 5'd24;
        for (int i = 0; i <= 23; i++) if (m[i]) lz = 5'(23 - i);
        m = m << lz;
        // Unbiased exponent of 1.f; an odd one moves a factor 2 into the radicand.
        e = $signed({2'd0, (ex == 8'd0) ? 8'd1 : ex}) - 10'sd127 - $signed({5'd0, lz});
        rad = e[0] ? ({28'd0, m} << 28) : ({28'd0, m} << 27);
        half = (e - (e[0] ? 10'sd1 : 10'sd0)) >>> 1;
        // Digit-by-digit square root: 26 result bits and the remainder.
        r = 26'd0;
        rem = 52'd0;
        for (int i = 25; i >= 0; i--) begin
            rem = (rem << 2) | 52'(rad[2*i +: 2]);
            trial = {24'd0, r, 2'b01};
            if (rem >= trial) begin
                rem = rem - trial;
                r = {r[24:0], 1'b1};
            end else begin
                r = {r[24:0], 1'b0};
            end
        end
        sticky = r[0] || (rem != 52'd0);
        return hls_fp_pkg::round_pack32(1'b0, 13'(half) + 13'sd127, {r[25:1], 1'b0, sticky});
    endfunction

    if (LAT >= STAGES) begin : g_staged
        // Stage 1: special operands, the leading zeros of a subnormal significand.
        logic [7:0] ex;
        assign ex = a[30:23];
        logic s1_special;
        logic [31:0] s1_special_val;
        logic [23:0] s1_m;
        logic [4:0] s1_lz;
        always_ff @(posedge clk) begin
            if (ce) begin
                s1_special <= ex == 8'hFF || a[30:0] == 31'd0 || a[31];
                // NaN or negative: the quiet NaN; +-0 and +inf: themselves.
                s1_special_val <= ((ex == 8'hFF && a[22:0] != 23'd0) || (a[31] && a[30:0] != 31'd0))
                                  ? 32'h7FC00000 : a;
                s1_m <= {ex != 8'd0, a[22:0]};
                s1_lz <= 5'(hls_fp_pkg::clz64({40'd0, ex != 8'd0, a[22:0]}, 24));
            end
        end
        // Stage 2: normalise; an odd exponent moves a factor 2 into the radicand; the
        // result's biased exponent is half the unbiased one, plus the bias.
        logic s2_special;
        logic [31:0] s2_special_val;
        logic signed [9:0] s2_e;
        logic [51:0] s2_rad;
        logic [7:0] s1_ex;
        logic signed [9:0] s1_eu;
        always_ff @(posedge clk) begin
            if (ce) s1_ex <= (ex == 8'd0) ? 8'd1 : ex;
        end
        assign s1_eu = $signed({2'd0, s1_ex}) - 10'sd127 - $signed({5'd0, s1_lz});
        always_ff @(posedge clk) begin
            if (ce) begin
                s2_special <= s1_special;
                s2_special_val <= s1_special_val;
                s2_rad <= s1_eu[0] ? ({28'd0, s1_m << s1_lz} << 28) : ({28'd0, s1_m << s1_lz} << 27);
                s2_e <= ((s1_eu - (s1_eu[0] ? 10'sd1 : 10'sd0)) >>> 1) + 10'sd127;
            end
        end
        // Root steps: r the partial remainder (sign-extended), q the root so far. Step j
        // brings down radicand bits 51 - 2j and 50 - 2j and adds (r < 0) 4q + 3 or
        // subtracts (r >= 0) 4q + 1, as one (j + 3)-bit adder: the remainder fits there.
        for (genvar j = 0; j < STEPS; j++) begin : g_step
            localparam int W = j + 3;
            // Each step reads only the bits it needs of the full-width links.
            /* verilator lint_off UNUSEDSIGNAL */
            logic signed [27:0] r_in, r_out;
            logic [25:0] q_in, q_out;
            logic [51:0] rad_in;
            /* verilator lint_on UNUSEDSIGNAL */
            if (j == 0) begin : g_start
                assign r_in = 28'sd0;
                assign q_in = 26'd0;
                assign rad_in = s2_rad;
            end else if (stage_of(j) != stage_of(j - 1)) begin : g_reg
                always_ff @(posedge clk) begin
                    if (ce) begin
                        r_in <= g_step[j - 1].r_out;
                        q_in <= g_step[j - 1].q_out;
                        rad_in <= g_step[j - 1].rad_in;
                    end
                end
            end else begin : g_wire
                assign r_in = g_step[j - 1].r_out;
                assign q_in = g_step[j - 1].q_out;
                assign rad_in = g_step[j - 1].rad_in;
            end
            logic neg;
            logic [W-1:0] r4, b, sum;
            assign neg = r_in[27];
            assign r4 = {r_in[W-3:0], rad_in[51 - 2*j -: 2]};
            if (j == 0) begin : g_first
                assign b = {!neg, 1'b1, neg};
            end else begin : g_rest
                assign b = {!neg, q_in[j-1:0] ^ {j{!neg}}, 1'b1, neg};
            end
            assign sum = r4 + b + {{(W-1){1'b0}}, !neg};
            assign r_out = 28'($signed(sum));
            assign q_out = {q_in[24:0], !sum[W-1]};
        end
        // The exponent and special results wait beside the root stages.
        logic [31:0] special_val_q;
        logic special_q;
        logic signed [9:0] e_q;
        hls_delay #(.W(43), .N(RST)) side (
            .clk, .ce,
            .d({s2_special, s2_special_val, s2_e}),
            .q({special_q, special_val_q, e_q})
        );
        // Post: the sticky bit is a nonzero true remainder (r, or r + 2q + 1 when r < 0).
        logic signed [27:0] r_last;
        logic [25:0] q_last;
        always_ff @(posedge clk) begin
            if (ce) begin
                r_last <= g_step[STEPS - 1].r_out;
                q_last <= g_step[STEPS - 1].q_out;
            end
        end
        logic p_special, p_sticky;
        logic [31:0] p_special_val;
        logic signed [9:0] p_e;
        logic [25:0] p_q;
        always_ff @(posedge clk) begin
            if (ce) begin
                p_special <= special_q;
                p_special_val <= special_val_q;
                p_e <= e_q;
                p_q <= q_last;
                p_sticky <= r_last[27] ? (r_last != -$signed({1'b0, q_last, 1'b1}))
                                       : (r_last != 28'sd0);
            end
        end
        hls_fp_round #(.EW(8), .MW(23), .EXTRA(LAT - STAGES)) round (
            .clk, .ce,
            .special(p_special),
            .special_val(p_special_val),
            .sign(1'b0),
            .e({p_e[9], p_e}),
            .f({p_q, p_sticky}),
            .y
        );
    end else begin : g_combinational
        hls_delay #(.W(32), .N(LAT)) delay (.clk, .ce, .d(hls_fsqrt32(a)), .q(y));
    end
endmodule
