// IEEE-754 divider for a format of EW exponent and MW fraction bits (binary32: 8/23,
// binary64: 11/52): correctly rounded (nearest even), subnormal inputs and outputs,
// infinities, NaN (the quiet NaN out). Fixed latency LAT cycles with clock enable.
//
// With LAT >= STAGES the datapath is staged, one shifter in all (the dividend's; where
// there were three: both operands normalised, a subnormal quotient shifted right):
//  1. classify; the leading zeros lx, lz of the significands (nonzero only for subnormals).
//  2. the dividend's alignment s against the divisor, which is never normalised: the
//     recurrence below needs only the dividend's leading bit level with the divisor's
//     (s = lx - lz), not both at the top. When the quotient will be subnormal (or just
//     reach the smallest normal) s is instead the alignment that puts the smallest normal's
//     place on the first quotient bit, so the quotient comes out already shifted for a
//     subnormal result (a fixed-point quotient: no shift after the division, and nothing
//     to fall off it). The dividend starts its rotation by s.
//  3. the rest of the rotation (a rotation serves a left shift and a right one): the bits
//     a right shift moves below the divisor's last place are the dividend's fraction, fed
//     into the partial remainder one a step, as long division brings down digits; the
//     first remainder t = D - d decides the first quotient bit.
//  4. MW + 1 steps of non-restoring division, IPS to a stage (each step one add or subtract
//     of the divisor, chosen by the sign of the partial remainder: one carry chain per step
//     and no multiplexer); the last stage also forms the sticky bit from the final
//     remainder.
//  5. rounding and packing in one stage (hls_fp_round, ONE_STAGE). Extra latency is a
//     delay line at the output.
// With LAT < STAGES the whole division is combinational (hls_fp_pkg::fdiv32,
// hls_fp64_pkg::fdiv64), followed by LAT registers.
//
// With FTZ (flush to zero: subnormal operands read as zero, subnormal results become zero;
// hls_fp_round) both significands are normal, the alignment is always 0 and the quotient is
// always normalised; the stages stay, so the latency does not depend on FTZ.
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
    localparam int XW = EW + 3;       // signed exponents and alignments
    localparam int LW = $clog2(SW + 1);  // rotation amounts and fraction lengths, 0..SW
    // The dividend's rotation: by the LO low bits of its count in stage 2, by the rest in
    // stage 3 (before the first remainder's adder), so that neither stage holds it all
    // (each stage's ECP5 critical path in turn while it did).
    localparam int LO = (SW < 32) ? 2 : 4;
    localparam logic signed [XW-1:0] BIAS = XW'((1 << (EW - 1)) - 1);
    localparam logic signed [XW-1:0] ONE = 1, SWX = XW'(SW);
    // Division steps: after the quotient's first bit, SW - 1 more significand bits and the
    // round bit, one a step; the final remainder's sticky bit stands for the rest.
    localparam int STEPS = SW;
    // Steps per stage: one when the latency allows it (the fastest pipeline), else two
    // (each stage then holds two carry chains in a row).
    localparam int DEEP = 3 + STEPS + 1;
    localparam int IPS = (LAT >= DEEP) ? 1 : 2;
    localparam int QST = (STEPS + IPS - 1) / IPS;
    localparam int STAGES = 3 + QST + 1;
    localparam logic [W-1:0] QNAN = {1'b0, {EW{1'b1}}, 1'b1, {(MW-1){1'b0}}};

    // One non-restoring step: 2r + f - d when r >= 0, else 2r + f + d (f the dividend's
    // next fraction bit), as one adder whose second operand is d or ~d by the sign (folded
    // into the adder's LUTs) and whose carry in (the +1 of the subtraction) enters below a
    // spare bit. Exact modulo 2^RW.
    function automatic logic signed [RW-1:0] div_step(input logic signed [RW-1:0] rr,
                                                      input logic [SW-1:0] dd, input logic f);
        /* verilator lint_off UNUSEDSIGNAL */
        logic [RW:0] sum;  // bit 0 only carries the +1 in
        /* verilator lint_on UNUSEDSIGNAL */
        logic [RW-1:0] op;
        op = {1'b0, dd} ^ {RW{!rr[RW-1]}};
        sum = {rr[RW-2:0], f, 1'b1} + {op, !rr[RW-1]};
        return sum[RW:1];
    endfunction

    // Leading zeros of a significand (SW bits, nonzero).
    function automatic logic [LW-1:0] lzs(input logic [SW-1:0] m);
        return LW'(6'(MW) - hls_fp_pkg::lead64(64'(m)));
    endfunction

    // m rotated left by n places (n < SW): a rotation by a power of two for each bit of n
    // (all below SW, so they add up without wrapping the count).
    function automatic logic [SW-1:0] rotl(input logic [SW-1:0] m, input logic [LW-1:0] n);
        logic [SW-1:0] v;
        v = m;
        for (int k = LW - 1; k >= 0; k--)
            if (n[k] && (1 << k) < SW) v = (v << (1 << k)) | (v >> (SW - (1 << k)));
        return v;
    endfunction

    // m rotated left by h 2^LO places (h 2^LO < SW) as one choice among the few such
    // rotations (a LUT and ECP5's wide multiplexers, not a LUT level per bit of h).
    function automatic logic [SW-1:0] rotl_hi(input logic [SW-1:0] m,
                                              input logic [LW-LO-1:0] h);
        logic [SW-1:0] v;
        v = m;
        for (int j = 1; j < (1 << (LW - LO)); j++)
            if (h == (LW-LO)'(j) && (j << LO) < SW)
                v = (m << (j << LO)) | (m >> (SW - (j << LO)));
        return v;
    endfunction

    if (LAT >= STAGES) begin : g_staged
        // Stage 1: special operands, leading-zero counts; beside them, from the exponents
        // alone, the fixed-point alignment g (the one that puts the smallest normal's place
        // on the first quotient bit).
        logic nan_x, nan_z, inf_x, inf_z, zero_x, zero_z;
        logic [SW-1:0] sig_x, sig_z;
        logic [EW-1:0] e_x, e_z;
        hls_fp_classify #(.EW(EW), .MW(MW), .FTZ(FTZ)) class_x (
            .x(a[W-2:0]), .nan(nan_x), .inf(inf_x), .zero(zero_x), .sig(sig_x), .e(e_x)
        );
        hls_fp_classify #(.EW(EW), .MW(MW), .FTZ(FTZ)) class_z (
            .x(b[W-2:0]), .nan(nan_z), .inf(inf_z), .zero(zero_z), .sig(sig_z), .e(e_z)
        );
        logic signed [XW-1:0] ediff;
        assign ediff = $signed({3'd0, e_x}) - $signed({3'd0, e_z});
        logic s1_special, s1_sign;
        logic [W-1:0] s1_special_val;
        logic [SW-1:0] s1_mx, s1_mz;
        logic [LW-1:0] s1_lx, s1_lz;
        logic signed [XW-1:0] s1_g;
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
                s1_g <= ediff + BIAS - ONE;
            end
        end
        // Stage 2: the alignment. Level leading bits (s = lx - lz) give the quotient's first
        // bit the biased exponent e0 = g + 1 - s (or one less, when the dividend's
        // significand is the smaller); e0 <= 1 means a subnormal quotient (or, at 1, one
        // that may reach the smallest normal), and then s = g. The fixed-point alignment
        // g <= lx - lz never puts the dividend above twice the divisor. A subnormal divisor
        // (lz > 0) makes the quotient at least 2^-MW times the smallest normal: never tiny,
        // so tiny is g <= lx with z normal (a comparison of LW bits, not the sum
        // g - lx + lz). A left shift by s is a rotation by s, a right shift by k = -s one by
        // SW - k: by a = s modulo SW, each candidate worked out beside tiny and chosen by
        // it; by a's LO low bits here, by the rest in stage 3. Beyond SW places to the right
        // every bit lies below the round bit: the result is a zero.
        // (g matters below only for -SW <= g <= lx: its low bits suffice.)
        logic tiny, g_le_lx;
        assign g_le_lx = s1_g[XW-1]
            || (s1_g[XW-2:LW] == '0 && s1_g[LW-1:0] <= s1_lx);  // g <= lx, lx < 2^LW
        assign tiny = !FTZ && s1_mz[MW] && g_le_lx;
        logic [LW:0] dl;
        logic [LW-1:0] a_t, a_nt, a_rot;
        assign dl = {1'b0, s1_lx} - {1'b0, s1_lz};
        assign a_t = s1_g[XW-1] ? LW'(s1_g) + LW'(SW) : LW'(s1_g);
        assign a_nt = dl[LW] ? dl[LW-1:0] + LW'(SW) : dl[LW-1:0];
        assign a_rot = tiny ? a_t : a_nt;
        logic s2_special, s2_sign, s2_tiny;
        logic [W-1:0] s2_special_val;
        logic [SW-1:0] s2_mx, s2_mz;
        logic [LW-LO-1:0] s2_rot;
        logic [LW-1:0] s2_k;
        logic signed [XW-1:0] s2_c;
        always_ff @(posedge clk) begin
            if (ce) begin
                s2_special <= s1_special || (tiny && s1_g < -SWX);
                s2_special_val <= s1_special ? s1_special_val : {s1_sign, {(W-1){1'b0}}};
                s2_sign <= s1_sign;
                s2_tiny <= tiny;
                s2_mx <= rotl(s1_mx, LW'(a_rot[LO-1:0]));
                s2_mz <= s1_mz;
                s2_rot <= a_rot[LW-1:LO];
                if (tiny) s2_k <= s1_g[XW-1] ? LW'(-s1_g) : '0;
                else s2_k <= dl[LW] ? LW'(-dl) : '0;
                s2_c <= s1_g - XW'($signed(dl));  // e0 - 1
            end
        end
        // Stage 3: the dividend D rotated into place: its integer part (a right shift's top
        // bits) and, in the k places the rotation brought round to the top, its fraction,
        // first bit first; the first remainder t = D - d.
        logic [SW-1:0] rot, top_k, d_int;
        assign rot = rotl_hi(s2_mx, s2_rot);
        assign top_k = ~({SW{1'b1}} >> s2_k);
        assign d_int = rot & ~top_k;
        logic s3_special, s3_sign, s3_tiny;
        logic [W-1:0] s3_special_val;
        logic [SW-1:0] s3_d, s3_frac;
        logic signed [RW-1:0] s3_t;
        logic signed [XW-1:0] s3_c, s3_e0;
        always_ff @(posedge clk) begin
            if (ce) begin
                s3_special <= s2_special;
                s3_special_val <= s2_special_val;
                s3_sign <= s2_sign;
                s3_tiny <= s2_tiny;
                s3_d <= s2_mz;
                s3_frac <= rot & top_k;
                s3_t <= $signed({1'b0, d_int}) - $signed({1'b0, s2_mz});
                s3_c <= s2_c;
                s3_e0 <= s2_c + ONE;
            end
        end
        // Division stages: the partial remainder r in [-d, d), the quotient bits after the
        // first. When t >= 0 the first quotient bit is 1 and the steps start from t. When
        // t < 0 the dividend is below the divisor: a normal quotient's first bit is one
        // place lower, its exponent one less, and the steps start from 2t + f1 (the
        // remainder after that bit is 2t + f1 + d, which the non-restoring step from a
        // negative remainder reaches without forming it), the fraction bits one place on; a
        // fixed-point (subnormal) quotient keeps its places, its first bit then 0.
        logic low, adv;
        assign low = s3_t[RW-1];
        assign adv = low && !s3_tiny;
        logic signed [RW-1:0] r [QST + 1];
        logic [STEPS-1:0] q [QST + 1];
        logic [SW-1:0] d [QST + 1];
        logic [SW-1:0] frac [QST + 1];
        logic lead [QST + 1];
        logic special [QST + 1];
        logic sign [QST + 1];
        logic [W-1:0] special_val [QST + 1];
        logic signed [XW-1:0] e [QST + 1];
        assign r[0] = adv ? {s3_t[RW-2:0], s3_frac[SW-1]} : s3_t;
        assign q[0] = '0;
        assign d[0] = s3_d;
        assign frac[0] = adv ? s3_frac << 1 : s3_frac;
        assign lead[0] = !(low && s3_tiny);
        assign special[0] = s3_special;
        assign sign[0] = s3_sign;
        assign special_val[0] = s3_special_val;
        assign e[0] = s3_tiny ? '0 : adv ? s3_c : s3_e0;
        // The sticky bit is a nonzero true remainder after the last step: r, or r + d when
        // r is negative. r = -d only when the remainder before the step (p) was already
        // exact (0, or -d) and the step brought in a 0 (2p + f -+ d = -d). That test reads
        // the stage's registers beside the step's adder, so after the adder only r != 0 is
        // left, in two halves (registered apart: the rounding ORs them).
        localparam int HW = RW / 2;
        logic sticky_hi, sticky_lo;
        for (genvar st = 0; st < QST; st++) begin : g_step
            logic signed [RW-1:0] rv;
            logic [STEPS-1:0] qv;
            logic [SW-1:0] fv;
            // The last step's remainder before it and its fraction bit (g_sticky's).
            /* verilator lint_off UNUSEDSIGNAL */
            logic signed [RW-1:0] rp;
            logic fp;
            /* verilator lint_on UNUSEDSIGNAL */
            always_comb begin
                rv = r[st];
                qv = q[st];
                fv = frac[st];
                rp = rv;
                fp = 1'b0;
                for (int k = 0; k < IPS; k++) begin
                    if (st * IPS + k < STEPS) begin
                        rp = rv;
                        fp = fv[SW-1];
                        rv = div_step(rv, d[st], fv[SW-1]);
                        qv = {qv[STEPS-2:0], !rv[RW-1]};
                        fv = fv << 1;
                    end
                end
            end
            always_ff @(posedge clk) begin
                if (ce) begin
                    r[st + 1] <= rv;
                    q[st + 1] <= qv;
                    d[st + 1] <= d[st];
                    frac[st + 1] <= fv;
                    lead[st + 1] <= lead[st];
                    special[st + 1] <= special[st];
                    sign[st + 1] <= sign[st];
                    special_val[st + 1] <= special_val[st];
                    e[st + 1] <= e[st];
                end
            end
            if (st == QST - 1) begin : g_sticky
                // -d from the stage before (its adder off this stage's path).
                logic signed [RW-1:0] neg_d;
                if (QST > 1) begin : g_early
                    always_ff @(posedge clk) if (ce) neg_d <= -$signed({1'b0, d[st - 1]});
                end else begin : g_here
                    assign neg_d = -$signed({1'b0, d[st]});
                end
                logic exact;
                assign exact = !fp && (rp == '0 || rp == neg_d);
                always_ff @(posedge clk) begin
                    if (ce) begin
                        sticky_hi <= rv[RW-1:HW] != '0 && !exact;
                        sticky_lo <= rv[HW-1:0] != '0 && !exact;
                    end
                end
            end
        end
        hls_fp_round #(.EW(EW), .MW(MW), .EXTRA(LAT - STAGES), .ONE_STAGE(1'b1), .FTZ(FTZ)) round (
            .clk, .ce,
            .special(special[QST]),
            .special_val(special_val[QST]),
            .sign(sign[QST]),
            .e(e[QST]),
            // {the first bit, the other significand bits, the round bit, and the sticky bit
            // in two halves where the rounding ORs its round and sticky bits}
            .f({lead[QST], q[QST], sticky_hi, sticky_lo}),
            .y
        );
    end else begin : g_combinational
        hls_fp_combinational #(.EW(EW), .MW(MW), .LAT(LAT), .OP("div"), .FTZ(FTZ)) comb (
            .clk, .ce, .a, .b, .c('0), .y
        );
    end
endmodule
