// IEEE-754 divider for a format of EW exponent and MW fraction bits (binary32: 8/23,
// binary64: 11/52): correctly rounded (nearest even), subnormal inputs and outputs,
// infinities, NaN (the quiet NaN out). Fixed latency LAT cycles with clock enable.
//
// With LAT >= STAGES the datapath is staged: classify and count the leading zeros of the
// significands (nonzero only for subnormals); normalise them; MW + 3 steps of
// non-restoring division, IPS to a stage (each step one add or subtract of the divisor,
// chosen by the sign of the partial remainder, so one carry chain per step and no
// multiplexer); the one-bit normalisation of the quotient with its sticky bit from the
// final remainder, and the right shift a subnormal quotient needs; that shift; rounding and
// packing (hls_fp_round). Extra latency is a delay line at the output. With LAT < STAGES
// the whole division is combinational (hls_fp_pkg::fdiv32, hls_fp64_pkg::fdiv64),
// followed by LAT registers.
module hls_fp_div #(
    parameter int EW = 8,
    parameter int MW = 23,
    parameter int LAT = 28
) (
    input  logic            clk,
    input  logic            ce,
    input  logic [EW+MW:0]  a,
    input  logic [EW+MW:0]  b,
    output logic [EW+MW:0]  y
);
    localparam int W = EW + MW + 1;
    localparam int SW = MW + 1;       // significand with its hidden bit
    localparam int RW = SW + 1;       // the remainder stays in [-d, d)
    localparam int XW = EW + 3;       // signed exponents
    localparam int FW = MW + 4;       // {significand, guard, round, sticky}
    localparam int SHW = $clog2(FW + 1);
    localparam logic signed [XW-1:0] BIAS = XW'((1 << (EW - 1)) - 1);
    localparam logic signed [XW-1:0] ONE = 1, TWO = 2, FAR = XW'(FW - 1);
    // Quotient bits: SW significant and a guard bit, one more when the first is 0; the
    // remainder's sticky bit stands for the round bit and everything below.
    localparam int STEPS = SW + 2;
    // Division steps per stage: one when the latency allows it (the fastest pipeline),
    // else two (each stage then holds two carry chains in a row).
    localparam int DEEP = 2 + STEPS + 2 + 2;
    localparam int IPS = (LAT >= DEEP) ? 1 : 2;
    localparam int QST = (STEPS + IPS - 1) / IPS;
    localparam int STAGES = 2 + QST + 2 + 2;
    localparam logic [W-1:0] QNAN = {1'b0, {EW{1'b1}}, 1'b1, {(MW-1){1'b0}}};

    // One non-restoring step: 2r - d when r >= 0, else 2r + d, as one adder whose second
    // operand is d or ~d by the sign (folded into the adder's LUTs) and whose carry in
    // (the +1 of the subtraction) enters below a spare bit. Exact modulo 2^RW.
    function automatic logic signed [RW-1:0] div_step(input logic signed [RW-1:0] rr, input logic [SW-1:0] dd);
        /* verilator lint_off UNUSEDSIGNAL */
        logic [RW:0] sum;  // bit 0 only carries the +1 in
        /* verilator lint_on UNUSEDSIGNAL */
        logic [RW-1:0] op;
        op = {1'b0, dd} ^ {RW{!rr[RW-1]}};
        sum = {rr[RW-2:0], 1'b0, 1'b1} + {op, !rr[RW-1]};
        return sum[RW:1];
    endfunction

    // Leading zeros of a significand (SW bits, nonzero).
    function automatic logic [5:0] lzs(input logic [SW-1:0] m);
        return 6'(MW) - hls_fp_pkg::lead64(64'(m));
    endfunction

    if (LAT >= STAGES) begin : g_staged
        // Stage 1: special operands and leading-zero counts.
        logic [EW-1:0] ex, ez;
        logic nan_x, nan_z, inf_x, inf_z, zero_x, zero_z;
        assign ex = a[W-2:MW];
        assign ez = b[W-2:MW];
        assign nan_x = ex == '1 && a[MW-1:0] != '0;
        assign nan_z = ez == '1 && b[MW-1:0] != '0;
        assign inf_x = ex == '1 && a[MW-1:0] == '0;
        assign inf_z = ez == '1 && b[MW-1:0] == '0;
        assign zero_x = a[W-2:0] == '0;
        assign zero_z = b[W-2:0] == '0;
        logic s1_special, s1_sign;
        logic [W-1:0] s1_special_val;
        logic [SW-1:0] s1_mx, s1_mz;
        logic [5:0] s1_lx, s1_lz;
        logic signed [XW-1:0] s1_e;
        always_ff @(posedge clk) begin
            if (ce) begin
                s1_sign <= a[W-1] ^ b[W-1];
                s1_special <= ex == '1 || ez == '1 || zero_x || zero_z;
                if (nan_x || nan_z || (inf_x && inf_z) || (zero_x && zero_z))
                    s1_special_val <= QNAN;
                else if (inf_x || zero_z)
                    s1_special_val <= {a[W-1] ^ b[W-1], {EW{1'b1}}, {MW{1'b0}}};
                else
                    s1_special_val <= {a[W-1] ^ b[W-1], {(W-1){1'b0}}};
                s1_mx <= {ex != '0, a[MW-1:0]};
                s1_mz <= {ez != '0, b[MW-1:0]};
                s1_lx <= lzs({ex != '0, a[MW-1:0]});
                s1_lz <= lzs({ez != '0, b[MW-1:0]});
                // Biased exponent of the quotient's first bit (the first step's), before
                // the subnormal counts are taken off.
                s1_e <= $signed({3'd0, (ex == '0) ? EW'(1) : ex})
                      - $signed({3'd0, (ez == '0) ? EW'(1) : ez}) + BIAS;
            end
        end
        // Stage 2: normalise both significands; the first step's remainder mx - mz.
        logic s2_special, s2_sign;
        logic [W-1:0] s2_special_val;
        logic signed [XW-1:0] s2_e;
        logic [SW-1:0] s2_d;
        logic signed [RW-1:0] s2_r;
        logic [SW-1:0] nx, nz;
        assign nx = s1_mx << s1_lx;
        assign nz = s1_mz << s1_lz;
        always_ff @(posedge clk) begin
            if (ce) begin
                s2_special <= s1_special;
                s2_special_val <= s1_special_val;
                s2_sign <= s1_sign;
                s2_e <= s1_e - $signed(XW'(s1_lx)) + $signed(XW'(s1_lz));
                s2_d <= nz;
                s2_r <= $signed({1'b0, nx}) - $signed({1'b0, nz});
            end
        end
        // Division stages: the partial remainder r in [-d, d), the quotient bits so far;
        // each step decides the bit r >= 0, then r = 2r -+ d.
        logic signed [RW-1:0] r [QST + 1];
        logic [STEPS-1:0] q [QST + 1];
        logic [SW-1:0] d [QST + 1];
        logic special [QST + 1];
        logic sign [QST + 1];
        logic [W-1:0] special_val [QST + 1];
        logic signed [XW-1:0] e [QST + 1];
        assign r[0] = s2_r;
        assign q[0] = '0;
        assign d[0] = s2_d;
        assign special[0] = s2_special;
        assign sign[0] = s2_sign;
        assign special_val[0] = s2_special_val;
        assign e[0] = s2_e;
        for (genvar st = 0; st < QST; st++) begin : g_step
            logic signed [RW-1:0] rv;
            logic [STEPS-1:0] qv;
            always_comb begin
                rv = r[st];
                qv = q[st];
                for (int k = 0; k < IPS; k++) begin
                    if (st * IPS + k < STEPS) begin
                        qv = {qv[STEPS-2:0], !rv[RW-1]};
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
        logic [W-1:0] p1_special_val;
        logic signed [XW-1:0] p1_e;
        logic [FW-1:0] p1_f;
        logic [SHW-1:0] p1_rs;
        logic sticky, top;
        logic signed [XW-1:0] e_top, rs_top;
        assign top = q[QST][STEPS-1];
        assign sticky = r[QST][RW-1] ? (r[QST] != -$signed({1'b0, d[QST]})) : (r[QST] != '0);
        assign e_top = top ? e[QST] : e[QST] - ONE;
        assign rs_top = top ? ONE - e[QST] : TWO - e[QST];
        always_ff @(posedge clk) begin
            if (ce) begin
                p1_special <= special[QST];
                p1_special_val <= special_val[QST];
                p1_sign <= sign[QST];
                p1_f <= top ? {q[QST], sticky} : {q[QST][STEPS-2:0], 1'b0, sticky};
                p1_e <= e_top;
                p1_tiny <= e_top < ONE;
                p1_far <= rs_top > FAR;
                p1_rs <= rs_top[SHW-1:0];
            end
        end
        // Post 2: a subnormal quotient shifts right, what falls off kept as sticky.
        logic [FW-1:0] below, shifted;
        assign below = ~({FW{1'b1}} << p1_rs);
        assign shifted = (p1_f >> p1_rs) | FW'((p1_f & below) != '0);
        logic p2_special, p2_sign;
        logic [W-1:0] p2_special_val;
        logic signed [XW-1:0] p2_e;
        logic [FW-1:0] p2_f;
        always_ff @(posedge clk) begin
            if (ce) begin
                p2_special <= p1_special;
                p2_special_val <= p1_special_val;
                p2_sign <= p1_sign;
                if (!p1_tiny) begin
                    p2_f <= p1_f;
                    p2_e <= p1_e;
                end else begin
                    p2_f <= p1_far ? FW'(p1_f != '0) : shifted;
                    p2_e <= '0;
                end
            end
        end
        hls_fp_round #(.EW(EW), .MW(MW), .EXTRA(LAT - STAGES)) round (
            .clk, .ce,
            .special(p2_special),
            .special_val(p2_special_val),
            .sign(p2_sign),
            .e(p2_e),
            .f(p2_f),
            .y
        );
    end else if (EW == 8) begin : g_combinational32
        hls_delay #(.W(W), .N(LAT)) delay (.clk, .ce, .d(W'(hls_fp_pkg::fdiv32(32'(a), 32'(b)))), .q(y));
    end else begin : g_combinational64
        hls_delay #(.W(W), .N(LAT)) delay (.clk, .ce, .d(W'(hls_fp64_pkg::fdiv64(64'(a), 64'(b)))), .q(y));
    end
endmodule
