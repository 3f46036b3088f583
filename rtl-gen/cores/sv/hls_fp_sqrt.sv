// IEEE-754 square root for a format of EW exponent and MW fraction bits (binary32: 8/23,
// binary64: 11/52): correctly rounded (nearest even), subnormal inputs, sqrt(-0) = -0,
// negative or NaN inputs give the quiet NaN, sqrt(+inf) = +inf. Fixed latency LAT cycles
// with clock enable.
//
// With LAT >= STAGES the datapath is staged: classify and count the leading zeros
// (subnormal inputs); normalise and halve the exponent; MW + 2 steps of non-restoring
// square root — step j adds or subtracts 4q + 1 or 4q + 3 in a carry chain only j + 3
// bits long, so the area follows a triangle — the first four, shortest, in one stage, then
// one a stage; the root registered; rounding and packing (hls_fp_round). No sticky bit: a
// square root is never a tie, so the round bit alone decides. The result is never
// subnormal. With LAT < STAGES it
// is all combinational (hls_fp_pkg::fsqrt32, hls_fp64_pkg::fsqrt64), then LAT registers.
// With FTZ a subnormal operand reads as the zero of its sign (sqrt(-subnormal) = -0) and
// needs no normalising.
module hls_fp_sqrt #(
    parameter int EW = 8,
    parameter int MW = 23,
    parameter int LAT = 28,
    parameter bit FTZ = 1'b0
) (
    input  logic            clk,
    input  logic            ce,
    input  logic [EW+MW:0]  a,
    output logic [EW+MW:0]  y
);
    localparam int W = EW + MW + 1;
    localparam int SW = MW + 1;
    localparam int STEPS = SW + 1;    // root bits: significand, round
    localparam int RADW = 2 * STEPS;  // radicand bits
    localparam int CW = STEPS + 2;    // the remainder's container (sign-extended)
    localparam int XW = EW + 3;
    localparam logic signed [XW-1:0] BIAS = XW'((1 << (EW - 1)) - 1);
    localparam logic signed [XW-1:0] ONE = 1, ZERO = 0;
    localparam logic [W-1:0] QNAN = {1'b0, {EW{1'b1}}, 1'b1, {(MW-1){1'b0}}};
    // The stage each step runs in (a register before step j when it differs from j - 1's).
    function automatic int stage_of(input int j);
        return (j < 4) ? 0 : j - 3;
    endfunction
    // Registers between the root steps, and one after the last.
    localparam int RST = stage_of(STEPS - 1) + 1;
    localparam int STAGES = 2 + RST + 2;

    if (LAT >= STAGES) begin : g_staged
        // Stage 1: special operands, the leading zeros of a subnormal significand.
        logic [EW-1:0] ex;
        assign ex = a[W-2:MW];
        logic s1_special;
        logic [W-1:0] s1_special_val;
        logic [SW-1:0] s1_m;
        logic [5:0] s1_lz;
        logic [EW-1:0] s1_ex;
        always_ff @(posedge clk) begin
            if (ce) begin
                s1_special <= ex == '1 || a[W-2:0] == '0 || a[W-1] || (FTZ && ex == '0);
                // NaN or negative: the quiet NaN; +-0 and +inf: themselves; FTZ: a
                // subnormal, the zero of its sign.
                if (FTZ && ex == '0) s1_special_val <= {a[W-1], (W-1)'(0)};
                else s1_special_val <= ((ex == '1 && a[MW-1:0] != '0) || (a[W-1] && a[W-2:0] != '0))
                                       ? QNAN : a;
                s1_m <= {FTZ || ex != '0, a[MW-1:0]};
                s1_lz <= FTZ ? '0 : 6'(MW) - hls_fp_pkg::lead64(64'({ex != '0, a[MW-1:0]}));
                s1_ex <= (ex == '0) ? EW'(1) : ex;
            end
        end
        // Stage 2: normalise; an odd exponent moves a factor 2 into the radicand; the
        // result's biased exponent is half the unbiased one, plus the bias.
        logic signed [XW-1:0] s1_eu;
        assign s1_eu = $signed({3'd0, s1_ex}) - BIAS - $signed(XW'(s1_lz));
        logic s2_special;
        logic [W-1:0] s2_special_val;
        logic signed [XW-1:0] s2_e;
        logic [RADW-1:0] s2_rad;
        logic [SW-1:0] nm;
        assign nm = s1_m << s1_lz;
        always_ff @(posedge clk) begin
            if (ce) begin
                s2_special <= s1_special;
                s2_special_val <= s1_special_val;
                s2_rad <= RADW'(nm) << (s1_eu[0] ? RADW - SW : RADW - SW - 1);
                s2_e <= ((s1_eu - (s1_eu[0] ? ONE : ZERO)) >>> 1) + BIAS;
            end
        end
        // Root steps: r the partial remainder (sign-extended), q the root so far. Step j
        // brings down radicand bits RADW - 1 - 2j and RADW - 2 - 2j and adds (r < 0) 4q + 3
        // or subtracts (r >= 0) 4q + 1, as one (j + 3)-bit adder: the remainder fits there.
        for (genvar j = 0; j < STEPS; j++) begin : g_step
            localparam int SWJ = j + 3;
            // Each step reads only the bits it needs of the full-width links.
            /* verilator lint_off UNUSEDSIGNAL */
            logic signed [CW-1:0] r_in, r_out;
            logic [STEPS-1:0] q_in, q_out;
            logic [RADW-1:0] rad_in;
            /* verilator lint_on UNUSEDSIGNAL */
            if (j == 0) begin : g_start
                assign r_in = '0;
                assign q_in = '0;
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
            logic [SWJ-1:0] r4, b, sum;
            assign neg = r_in[CW-1];
            assign r4 = {r_in[SWJ-3:0], rad_in[RADW - 1 - 2*j -: 2]};
            // 4q + 3 added, or 4q + 1 subtracted as its complement plus one: that +1 lands
            // on the complement's last bit, a 0, so the operand's last two bits are 1 either
            // way and the step is one two-operand adder.
            if (j == 0) begin : g_first
                assign b = {!neg, 2'b11};
            end else begin : g_rest
                assign b = {1'b0, q_in[j-1:0], 2'b11} ^ {{(j + 1){!neg}}, 2'b00};
            end
            assign sum = r4 + b;
            assign r_out = CW'($signed(sum));
            assign q_out = {q_in[STEPS-2:0], !sum[SWJ-1]};
        end
        // The exponent and special results wait beside the root stages.
        logic [W-1:0] special_val_q;
        logic special_q;
        logic signed [XW-1:0] e_q;
        hls_delay #(.W(1 + W + XW), .N(RST)) side (
            .clk, .ce,
            .d({s2_special, s2_special_val, s2_e}),
            .q({special_q, special_val_q, e_q})
        );
        logic [STEPS-1:0] q_last;
        always_ff @(posedge clk) begin
            if (ce) q_last <= g_step[STEPS - 1].q_out;
        end
        hls_fp_round #(.EW(EW), .MW(MW), .EXTRA(LAT - STAGES)) round (
            .clk, .ce,
            .special(special_q),
            .special_val(special_val_q),
            .sign(1'b0),
            .e(e_q),
            // Round bit, then a sticky bit of 1: rounding up exactly when the round bit is
            // set is right because a square root is never halfway between two floats (a
            // 25-bit odd root squares to 49 bits or more, never to a 24-bit radicand).
            .f({q_last, 2'b01}),
            .y
        );
    end else begin : g_combinational
        hls_fp_combinational #(.EW(EW), .MW(MW), .LAT(LAT), .OP("sqrt"), .FTZ(FTZ)) comb (
            .clk, .ce, .a, .b('0), .c('0), .y
        );
    end
endmodule
