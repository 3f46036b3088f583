// IEEE-754 divider for a format of EW exponent and MW fraction bits (binary32: 8/23,
// binary64: 11/52): correctly rounded (nearest even), subnormal inputs and outputs,
// infinities, NaN (the quiet NaN out). Fixed latency LAT cycles with clock enable.
//
// With LAT >= STAGES the datapath is staged: classify and count the leading zeros of the
// significands (nonzero only for subnormals); normalise them and subtract (nx - nz tells
// where the quotient's first bit lies, so every step after it yields a bit that counts);
// MW + 1 steps of non-restoring division, IPS to a stage (each step one add or subtract of the
// divisor, chosen by the sign of the partial remainder, so one carry chain per step and no
// multiplexer); then in one stage the sticky bit from the final remainder and the right
// shift a subnormal quotient needs (its amount worked out beside the steps); rounding and
// packing in one stage (hls_fp_round, ONE_STAGE). Extra latency is a delay line at the
// output. With LAT < STAGES the whole division is combinational (hls_fp_pkg::fdiv32,
// hls_fp64_pkg::fdiv64), followed by LAT registers.
//
// With FTZ (flush to zero: subnormal operands read as zero, subnormal results become zero;
// hls_fp_round) neither significand needs normalising and the quotient never shifts right;
// the stages stay, so the latency does not depend on FTZ.
module hls_fp_div #(
    parameter int EW = 8,
    parameter int MW = 23,
    parameter int LAT = 28,
    parameter bit FTZ = 1'b0
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
    localparam logic signed [XW-1:0] ONE = 1, FAR = XW'(FW - 1);
    // Division steps: the quotient's first bit is 1, then SW - 1 more significand bits and
    // the round bit, one a step; the final remainder's sticky bit stands for the rest.
    localparam int STEPS = SW;
    // Steps per stage: one when the latency allows it (the fastest pipeline), else two
    // (each stage then holds two carry chains in a row).
    localparam int DEEP = 2 + STEPS + 2;
    localparam int IPS = (LAT >= DEEP) ? 1 : 2;
    localparam int QST = (STEPS + IPS - 1) / IPS;
    localparam int STAGES = 2 + QST + 2;
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
        logic nan_x, nan_z, inf_x, inf_z, zero_x, zero_z;
        logic [SW-1:0] sig_x, sig_z;
        logic [EW-1:0] e_x, e_z;
        hls_fp_classify #(.EW(EW), .MW(MW), .FTZ(FTZ)) class_x (
            .x(a[W-2:0]), .nan(nan_x), .inf(inf_x), .zero(zero_x), .sig(sig_x), .e(e_x)
        );
        hls_fp_classify #(.EW(EW), .MW(MW), .FTZ(FTZ)) class_z (
            .x(b[W-2:0]), .nan(nan_z), .inf(inf_z), .zero(zero_z), .sig(sig_z), .e(e_z)
        );
        logic s1_special, s1_sign;
        logic [W-1:0] s1_special_val;
        logic [SW-1:0] s1_mx, s1_mz;
        logic [5:0] s1_lx, s1_lz;
        logic signed [XW-1:0] s1_e;
        always_ff @(posedge clk) begin
            if (ce) begin
                s1_sign <= a[W-1] ^ b[W-1];
                s1_special <= nan_x || inf_x || nan_z || inf_z || zero_x || zero_z;
                if (nan_x || nan_z || (inf_x && inf_z) || (zero_x && zero_z))
                    s1_special_val <= QNAN;
                else if (inf_x || zero_z)
                    s1_special_val <= {a[W-1] ^ b[W-1], {EW{1'b1}}, {MW{1'b0}}};
                else
                    s1_special_val <= {a[W-1] ^ b[W-1], {(W-1){1'b0}}};
                s1_mx <= sig_x;
                s1_mz <= sig_z;
                s1_lx <= FTZ ? '0 : lzs(sig_x);
                s1_lz <= FTZ ? '0 : lzs(sig_z);
                // Biased exponent of the quotient's first bit (the first step's), before
                // the subnormal counts are taken off.
                s1_e <= $signed({3'd0, e_x}) - $signed({3'd0, e_z}) + BIAS;
            end
        end
        // Stage 2: normalise both significands; the first remainder t = nx - nz. When t >= 0
        // the quotient's first bit is that of 1; when t < 0 the quotient is below 1, its
        // first bit one place lower, and the remainder to start from is 2 nx - nz = 2t + nz.
        logic s2_special, s2_sign;
        logic [W-1:0] s2_special_val;
        logic signed [XW-1:0] s2_e;
        logic [SW-1:0] s2_d;
        logic signed [RW-1:0] s2_t;
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
                s2_t <= $signed({1'b0, nx}) - $signed({1'b0, nz});
            end
        end
        // Division stages: the partial remainder r in [-d, d), the quotient bits after the
        // first; each step r = 2r -+ d, then the bit r >= 0. The first step starts from t
        // (2t - d) or, when t < 0, from 2t (2(2t) + d = 2(2t + nz) - nz: the step from
        // 2t + nz, without forming it), and the exponent drops by one; the second stage works
        // out the right shift of a subnormal quotient, which then waits beside the steps.
        // t lies in (-2^(SW-1), 2^(SW-1)): 2t fits the remainder's width.
        logic signed [RW-1:0] r [QST + 1];
        logic [STEPS-1:0] q [QST + 1];
        logic [SW-1:0] d [QST + 1];
        logic special [QST + 1];
        logic sign [QST + 1];
        logic [W-1:0] special_val [QST + 1];
        logic signed [XW-1:0] e [QST + 1];
        logic tiny [QST + 1];
        logic far [QST + 1];
        logic [SHW-1:0] rs [QST + 1];
        logic low;
        assign low = s2_t[RW-1];
        assign r[0] = low ? s2_t <<< 1 : s2_t;
        assign q[0] = '0;
        assign d[0] = s2_d;
        assign special[0] = s2_special;
        assign sign[0] = s2_sign;
        assign special_val[0] = s2_special_val;
        assign e[0] = low ? s2_e - ONE : s2_e;
        assign tiny[0] = 1'b0;
        assign far[0] = 1'b0;
        assign rs[0] = '0;
        for (genvar st = 0; st < QST; st++) begin : g_step
            logic signed [RW-1:0] rv;
            logic [STEPS-1:0] qv;
            always_comb begin
                rv = r[st];
                qv = q[st];
                for (int k = 0; k < IPS; k++) begin
                    if (st * IPS + k < STEPS) begin
                        rv = div_step(rv, d[st]);
                        qv = {qv[STEPS-2:0], !rv[RW-1]};
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
                    if (st == 1) begin
                        // e < 1: the quotient is subnormal, shifted right by 1 - e.
                        tiny[st + 1] <= e[st] < ONE;
                        far[st + 1] <= ONE - e[st] > FAR;
                        rs[st + 1] <= SHW'(ONE - e[st]);
                    end else begin
                        tiny[st + 1] <= tiny[st];
                        far[st + 1] <= far[st];
                        rs[st + 1] <= rs[st];
                    end
                end
            end
        end
        // Post: the sticky bit is a nonzero true remainder (r, or r + d when r is negative:
        // then r != -d); a subnormal quotient shifts right, what falls off sticky too (the
        // remainder's sticky bit joins after the shift, so the two run side by side).
        logic sticky, lost;
        logic [FW-2:0] fq;
        logic [FW-1:0] below, shifted;
        assign sticky = r[QST][RW-1] ? (r[QST] != -$signed({1'b0, d[QST]})) : (r[QST] != '0);
        // {1, the other significand bits, the round bit, 0}: all but the sticky bit.
        assign fq = {1'b1, q[QST], 1'b0};
        assign below = ~({FW{1'b1}} << rs[QST]);
        assign shifted = {fq, 1'b0} >> rs[QST];
        assign lost = ({fq, 1'b0} & below) != '0;
        logic p_special, p_sign;
        logic [W-1:0] p_special_val;
        logic signed [XW-1:0] p_e;
        logic [FW-1:0] p_f;
        always_ff @(posedge clk) begin
            if (ce) begin
                p_special <= special[QST];
                p_special_val <= special_val[QST];
                p_sign <= sign[QST];
                if (!tiny[QST] || FTZ) begin
                    p_f <= {fq, sticky};
                    p_e <= e[QST];
                end else begin
                    p_f <= far[QST] ? FW'(1) : {shifted[FW-1:1], shifted[0] || sticky || lost};
                    p_e <= '0;
                end
            end
        end
        hls_fp_round #(.EW(EW), .MW(MW), .EXTRA(LAT - STAGES), .ONE_STAGE(1'b1), .FTZ(FTZ)) round (
            .clk, .ce,
            .special(p_special),
            .special_val(p_special_val),
            .sign(p_sign),
            .e(p_e),
            .f(p_f),
            .y
        );
    end else begin : g_combinational
        hls_fp_combinational #(.EW(EW), .MW(MW), .LAT(LAT), .OP("div"), .FTZ(FTZ)) comb (
            .clk, .ce, .a, .b, .c('0), .y
        );
    end
endmodule
