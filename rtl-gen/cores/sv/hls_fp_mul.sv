// The significand product tiled for the board's DSP block, and the width-generic
// floating-point multiplier built on it.
/* verilator lint_off DECLFILENAME */

// The product of two SW-bit significands (float 24, double 53), tiled for the board's DSP
// block (DSP_A x DSP_B signed bits), in hls_fp_pkg::sigmul_latency(SW) cycles with clock
// enable. Float: 27 x 18 takes 24 x 17 and 24 x 7 (two DSP48E2); smaller blocks take
// 12 x 17, 12 x 17 and 12 x 7, the last 12 x 7 in LUTs as carry-save rows (a fourth block
// otherwise); then one adder stage. Double: 27 x 18 takes six 26 x 17 and three rows in
// LUTs (the significands' top bits); 18 x 18 takes nine; then a tree of carry-propagate
// adders, one level a stage (on LUT6 devices an adder costs one LUT a bit, a carry-save
// layer two).
module hls_fp_sigmul #(
    parameter int SW = 24,
    parameter int DSP_A = 18,
    parameter int DSP_B = 18,
    // The block's primitive (hls_dsp_mul): the float tiling's 12 x 17 and 12 x 7 products;
    // 2, DSP48E2: the double product's cascaded blocks.
    parameter int DSP_PRIM = 0,
    // The caller reads p[ORW-1:0] only as its OR (a multiplier's sticky bit): those bits
    // may come out as any bits with the same OR. The cascaded double product lets a word
    // wholly below ORW wait for the last word as one bit.
    parameter int ORW = 0
) (
    input  logic              clk,
    input  logic              ce,
    input  logic [SW-1:0]     x,
    input  logic [SW-1:0]     z,
    output logic [2*SW-1:0]   p
);
    if (SW == 24 && DSP_PRIM == 2) begin : g_float_dsp48e2
        // Two DSP48E2 (27 x 18 takes 24 x 17 and 24 x 7): x z[16:0] in the first, without
        // input or product registers (its P one cycle after x and z); x z[23:17] in the
        // second, whose input registers hold x and z while the first multiplies, plus the
        // first's P >> 17 up the cascade. The sum joining the two partial products is the
        // second block's adder, not 31 LUTs and their carry chain; the first's low 17 bits
        // wait a cycle beside it.
        /* verilator lint_off UNUSEDSIGNAL */
        logic [47:0] p0, p1, pc0, pc1;  // (P0's bits above 16 reach the sum by the cascade)
        /* verilator lint_on UNUSEDSIGNAL */
        logic [16:0] p0_lo;
        hls_dsp48e2 #(.AREG(1'b0), .MREG(1'b0)) lo (
            .clk, .ce, .a(27'(x)), .b({1'b0, z[16:0]}), .c(48'd0), .pcin(48'd0),
            .p(p0), .pcout(pc0)
        );
        hls_dsp48e2 #(.CASC(1'b1), .AREG(1'b1), .MREG(1'b0)) hi (
            .clk, .ce, .a(27'(x)), .b(18'(z[23:17])), .c(48'd0), .pcin(pc0),
            .p(p1), .pcout(pc1)
        );
        always_ff @(posedge clk) begin
            if (ce) p0_lo <= p0[16:0];
        end
        assign p = {p1[30:0], p0_lo};
    end else if (SW == 24) begin : g_float
        localparam bit WIDE = DSP_A >= 25 && DSP_B >= 18;
        logic [28:0] s_lo, s_mid;
        logic [18:0] s_hi1;
        logic [18:0] s_hs, s_hc;
        logic [40:0] s_w0;
        logic [30:0] s_w1;
        // x[11:0] x z[23:17] in LUTs: its seven rows reduced to two by carry-save adders,
        // no carry chain; the adder stage takes them in.
        logic [18:0] rows [7];
        logic [18:0] t_s [5], t_c [5];
        always_comb begin
            for (int k = 0; k < 7; k++)
                rows[k] = z[17 + k] ? (19'(x[11:0]) << k) : 19'd0;
            t_s[0] = rows[0] ^ rows[1] ^ rows[2];
            t_c[0] = ((rows[0] & rows[1]) | (rows[1] & rows[2]) | (rows[0] & rows[2])) << 1;
            t_s[1] = rows[3] ^ rows[4] ^ rows[5];
            t_c[1] = ((rows[3] & rows[4]) | (rows[4] & rows[5]) | (rows[3] & rows[5])) << 1;
            t_s[2] = t_s[0] ^ t_c[0] ^ t_s[1];
            t_c[2] = ((t_s[0] & t_c[0]) | (t_c[0] & t_s[1]) | (t_s[0] & t_s[1])) << 1;
            t_s[3] = t_c[1] ^ rows[6] ^ t_s[2];
            t_c[3] = ((t_c[1] & rows[6]) | (rows[6] & t_s[2]) | (t_c[1] & t_s[2])) << 1;
            t_s[4] = t_s[3] ^ t_c[3] ^ t_c[2];
            t_c[4] = ((t_s[3] & t_c[3]) | (t_c[3] & t_c[2]) | (t_s[3] & t_c[2])) << 1;
        end
        // 12 x 17 fits one ECP5 MULT18X18D and one DSP48E2.
        if (!WIDE) begin : g_blocks
            hls_dsp_mul #(.AW(12), .BW(17), .DSP_PRIM(DSP_PRIM)) m_lo (
                .clk, .ce, .a(x[11:0]), .b(z[16:0]), .p(s_lo)
            );
            hls_dsp_mul #(.AW(12), .BW(17), .DSP_PRIM(DSP_PRIM)) m_mid (
                .clk, .ce, .a(x[23:12]), .b(z[16:0]), .p(s_mid)
            );
            hls_dsp_mul #(.AW(12), .BW(7), .DSP_PRIM(DSP_PRIM)) m_hi1 (
                .clk, .ce, .a(x[23:12]), .b(z[23:17]), .p(s_hi1)
            );
        end else begin : g_no_blocks
            assign s_lo = '0;
            assign s_mid = '0;
            assign s_hi1 = '0;
        end
        always_ff @(posedge clk) begin
            if (ce) begin
                s_hs <= t_s[4];
                s_hc <= t_c[4];
                s_w0 <= WIDE ? 41'(x * z[16:0]) : 41'd0;
                s_w1 <= WIDE ? 31'(x * z[23:17]) : 31'd0;
            end
        end
        // One carry-save layer, one carry chain.
        logic [47:0] pa, pb, pc, pd, s1s, s1c, psum, pcarry;
        assign pa = {s_hi1[18:0], s_lo};
        assign pb = {7'd0, s_mid, 12'd0};
        assign pc = {12'd0, s_hs, 17'd0};
        assign pd = {12'd0, s_hc, 17'd0};
        assign s1s = pa ^ pb ^ pc;
        assign s1c = {(pa[46:0] & pb[46:0]) | (pb[46:0] & pc[46:0]) | (pa[46:0] & pc[46:0]), 1'b0};
        assign psum = s1s ^ s1c ^ pd;
        assign pcarry = {(s1s[46:0] & s1c[46:0]) | (s1c[46:0] & pd[46:0]) | (s1s[46:0] & pd[46:0]), 1'b0};
        always_ff @(posedge clk) begin
            if (ce) p <= WIDE ? {7'd0, s_w0} + {s_w1, 17'd0} : psum + pcarry;
        end
    end else if (DSP_PRIM == 2) begin : g_double_dsp48e2
        // Eight DSP48E2 (hls_dsp48e2) and no adder in LUTs but one of 27 bits. The blocks'
        // multipliers are signed 27 x 18: z goes in as four 17-bit chunks Zj at 17 j (the
        // last of two bits), x as two signed 27-bit digits of x - 2^53 (two such digits
        // cannot reach every 53-bit x, but reach every value in [-2^53, 0)): X0 = x[26:0]
        // read as signed, X1 = x[52:27] - 2^26 + x[26], so that x = X0 + X1 2^27 + 2^53 and
        // the product is X0 z + X1 z 2^27 + z 2^53.
        //
        // Column 0 sums X0 Zj up the 17-bit cascade (block j at weight 17 j, the cascade
        // carrying what is above its low 17 bits) and, through the C ports, the bits of z
        // 2^53 up to weight 96, so V0 = {P0_3, P0_2[16:0], P0_1[16:0], P0_0[16:0]}. Column 1
        // does the same for X1 Zj at 27 + 17 j, each block adding through C the 17 bits of
        // V0 at its weight (the last all of V0 above bit 77, with its sign), and block 2
        // beside them the rest of z 2^53: the product is column 1's words above V0[26:0].
        // Every block's sum stays inside its 48 bits. Column 1 runs three cycles behind
        // column 0 (its first block needs V0 to bit 43, column 0's third word), so the
        // product takes sigmul_latency(53, 2) = 9 cycles; the operands reach each block
        // through a tapped delay line, and the early words of the product wait for the last.
        logic signed [26:0] x0, x1;
        assign x0 = $signed(x[26:0]);
        assign x1 = {1'b1, x[52:27]} + 27'(x[26]);
        localparam int DLW = 2 * 27 + 53;
        logic [DLW-1:0] dl_in;
        assign dl_in = {x0, x1, z};
        /* verilator lint_off UNUSEDSIGNAL */
        logic [DLW-1:0] dl [1:7];  // dl_in k cycles ago (the taps no block reads go unbuilt)
        /* verilator lint_on UNUSEDSIGNAL */
        always_ff @(posedge clk) begin
            if (ce) begin
                dl[1] <= dl_in;
                for (int k = 2; k <= 7; k++) dl[k] <= dl[k-1];
            end
        end
        /* verilator lint_off UNUSEDSIGNAL */
        logic [47:0] pw [2][4], pc [2][4];  // each block's P and cascade out
        /* verilator lint_on UNUSEDSIGNAL */
        logic [16:10] p01_d, p02_d;
        logic [47:10] p03_d1;
        logic [47:27] p03_d2;
        always_ff @(posedge clk) begin
            if (ce) begin
                p01_d <= pw[0][1][16:10];
                p02_d <= pw[0][2][16:10];
                p03_d1 <= pw[0][3][47:10];
                p03_d2 <= p03_d1[47:27];
            end
        end
        // Block (i, j) takes its operands 3 i + j cycles late and adds C two cycles after
        // (column 0's word j is there from cycle 3 + j): z 2^53 in column 0 at offsets 29
        // to 45 of each C (36 to 45 for block 1), V0's words in column 1.
        logic [47:0] cin [2][4];
        /* verilator lint_off UNUSEDSIGNAL */
        logic [52:0] zc [4];   // z when block (0, 1..3) and (1, 2) add C
        /* verilator lint_on UNUSEDSIGNAL */
        assign zc[1] = dl[3][52:0];
        assign zc[2] = dl[4][52:0];
        assign zc[3] = dl[5][52:0];
        assign zc[0] = dl[7][52:0];
        assign cin[0][0] = 48'd0;
        assign cin[0][1] = {2'd0, zc[1][9:0], 36'd0};                       // z 2^53 to 62
        assign cin[0][2] = {2'd0, zc[2][26:10], 29'd0};                     // to 79
        assign cin[0][3] = {2'd0, zc[3][43:27], 29'd0};                     // to 96
        assign cin[1][0] = {31'd0, pw[0][2][9:0], p01_d};                   // V0[43:27]
        assign cin[1][1] = {31'd0, pw[0][3][9:0], p02_d};                   // V0[60:44]
        assign cin[1][2] = {3'd0, zc[0][52:44], 19'd0, p03_d1[26:10]};     // z 2^53 to 105, V0[77:61]
        assign cin[1][3] = {{27{p03_d2[47]}}, p03_d2};                      // V0 >>> 78
        for (genvar i = 0; i < 2; i++) begin : g_col
            for (genvar j = 0; j < 4; j++) begin : g_blk
                localparam int K = 3 * i + j;
                /* verilator lint_off UNUSEDSIGNAL */
                logic [DLW-1:0] tap;  // (one digit and one chunk read)
                /* verilator lint_on UNUSEDSIGNAL */
                if (K == 0) begin : g_now
                    assign tap = dl_in;
                end else begin : g_late
                    assign tap = dl[K];
                end
                logic [17:0] zj;
                assign zj = (j == 3) ? {16'd0, tap[52:51]} : {1'b0, tap[17 * j +: 17]};
                hls_dsp48e2 #(.ADDC(K > 0), .CASC(j > 0)) block (
                    .clk, .ce,
                    .a(i == 0 ? tap[DLW-1 -: 27] : tap[DLW-28 -: 27]),
                    .b(zj),
                    .c(cin[i][j]),
                    .pcin(j > 0 ? pc[i][(j + 3) % 4] : 48'd0),
                    .p(pw[i][j]),
                    .pcout(pc[i][j])
                );
            end
        end
        // Every word to the cycle of the last (9); a word wholly below ORW waits as its OR.
        logic [16:0] w00, w10, w11, w12, q00, q10, q11, q12;
        logic [9:0] w01, q01;
        assign w00 = ORW >= 17 ? 17'(pw[0][0][16:0] != '0) : pw[0][0][16:0];
        assign w01 = ORW >= 27 ? 10'(pw[0][1][9:0] != '0) : pw[0][1][9:0];
        assign w10 = ORW >= 44 ? 17'(pw[1][0][16:0] != '0) : pw[1][0][16:0];
        assign w11 = ORW >= 61 ? 17'(pw[1][1][16:0] != '0) : pw[1][1][16:0];
        assign w12 = ORW >= 78 ? 17'(pw[1][2][16:0] != '0) : pw[1][2][16:0];
        hls_delay #(.W(17), .N(6)) d00 (.clk, .ce, .d(w00), .q(q00));
        hls_delay #(.W(10), .N(5)) d01 (.clk, .ce, .d(w01), .q(q01));
        hls_delay #(.W(17), .N(3)) d10 (.clk, .ce, .d(w10), .q(q10));
        hls_delay #(.W(17), .N(2)) d11 (.clk, .ce, .d(w11), .q(q11));
        hls_delay #(.W(17), .N(1)) d12 (.clk, .ce, .d(w12), .q(q12));
        assign p = {pw[1][3][27:0], q12, q11, q10, q01, q00};
    end else begin : g_double
        localparam bit WIDE = DSP_A >= 27 && DSP_B >= 18;
        logic [53:0] fx, fz;
        assign fx = 54'(x);
        assign fz = 54'(z);
        // Rows to add, each a concatenation of products that do not overlap.
        logic [105:0] r [7];
        always_ff @(posedge clk) begin
            if (ce) begin
                if (WIDE) begin
                    // pp(i, j) = fx[26i +: 26] * fz[17j +: 17] sits at 26 i + 17 j.
                    r[0] <= {20'd0, 43'(fx[51:26] * fz[33:17]), 43'(fx[25:0] * fz[16:0])};
                    r[1] <= {3'd0, 43'(fx[51:26] * fz[50:34]), 43'(fx[25:0] * fz[33:17]), 17'd0};
                    r[2] <= {29'd0, 43'(fx[25:0] * fz[50:34]), 34'd0};
                    r[3] <= {37'd0, 43'(fx[51:26] * fz[16:0]), 26'd0};
                    r[4] <= fx[52] ? {53'd0, fz[52:0]} << 52 : 106'd0;
                    r[5] <= fz[51] ? {54'd0, fx[51:0]} << 51 : 106'd0;
                    r[6] <= fz[52] ? {54'd0, fx[51:0]} << 52 : 106'd0;
                end else begin
                    // pp(i, j) = fx[18i +: 18] * fz[18j +: 18] sits at 18 (i + j).
                    r[0] <= {34'(fx[53:36] * fz[53:36]), 36'(fx[35:18] * fz[35:18]),
                             36'(fx[17:0] * fz[17:0])};
                    r[1] <= {16'd0, 36'(fx[35:18] * fz[53:36]), 36'(fx[17:0] * fz[35:18]), 18'd0};
                    r[2] <= {16'd0, 36'(fx[53:36] * fz[35:18]), 36'(fx[35:18] * fz[17:0]), 18'd0};
                    r[3] <= {34'd0, 36'(fx[17:0] * fz[53:36]), 36'd0};
                    r[4] <= {34'd0, 36'(fx[53:36] * fz[17:0]), 36'd0};
                    r[5] <= 106'd0;
                    r[6] <= 106'd0;
                end
            end
        end
        logic [105:0] s_a, s_b, s_c, s_d, s_ab, s_cd;
        always_ff @(posedge clk) begin
            if (ce) begin
                s_a <= r[0] + r[1];
                s_b <= r[2] + r[3];
                s_c <= r[4] + r[5];
                s_d <= r[6];
                s_ab <= s_a + s_b;
                s_cd <= s_c + s_d;
                p <= s_ab + s_cd;
            end
        end
    end
endmodule

// IEEE-754 multiplier for a format of EW exponent and MW fraction bits (float 8/23, double
// 11/52): round to nearest even, subnormal inputs and outputs, infinities, NaN (the quiet
// NaN out). Fixed latency LAT cycles with clock enable.
//
// With LAT >= STAGES the datapath is staged: classify, and count the leading zeros
// (nonzero only for subnormals) of each significand; the product (hls_fp_sigmul); the
// normalising shift by the leading-zero counts, of which only the SW + 2 bits the rounding
// reads are built; a last one-bit step; the right shift of a subnormal result; rounding
// and packing (hls_fp_round). The sticky bit: a set product bit below the normalised
// window (any below its top 7 whatever the shift, and of those 7 the ones the short shift
// leaves below), or one the right shift drops. Two subnormal operands make a zero (their
// product is far below the smallest subnormal), so one significand at most has leading
// zeros and their count is the OR of the two. Extra latency is a delay line at the
// output. With LAT < STAGES it is all combinational (hls_fp_pkg::fmul32,
// hls_fp64_pkg::fmul64), followed by LAT registers.
//
// With FTZ (flush to zero: subnormal operands read as zero, subnormal results become
// zero; hls_fp_round) both significands have their leading one on top, so there is no
// normalising shift, no right shift of a subnormal result, and the sticky bit is the OR of
// the product's low bits; the stages stay, so the latency does not depend on FTZ.
module hls_fp_mul #(
    parameter int EW = 8,
    parameter int MW = 23,
    parameter int LAT = 8,
    parameter int DSP_A = 18,
    parameter int DSP_B = 18,
    // The DSP block's primitive (hls_dsp_mul; boards::DspPrimitive): 0 inferred.
    parameter int DSP_PRIM = 0,
    parameter bit FTZ = 1'b0
) (
    input  logic            clk,
    input  logic            ce,
    input  logic [EW+MW:0]  a,
    input  logic [EW+MW:0]  b,
    output logic [EW+MW:0]  y
);
    localparam int W = EW + MW + 1;
    localparam int SW = MW + 1;
    localparam int PW = 2 * SW;
    localparam int XW = EW + 3;               // signed exponents
    localparam int ZW = 7;                    // zero counts and their sums (below 2 SW)
    // The right shift of a subnormal result, exact up to 2^(SHW-1): beyond every kept bit.
    localparam int SHW = $clog2(SW + 2) + 1;
    localparam int PL = hls_fp_pkg::sigmul_latency(SW, DSP_PRIM);
    localparam int STAGES = PL + 6;
    localparam logic signed [XW-1:0] BIAS = XW'((1 << (EW - 1)) - 1);
    localparam logic [W-1:0] QNAN = {1'b0, {EW{1'b1}}, 1'b1, {(MW-1){1'b0}}};

    // Leading zeros: the complement of the leading one's position with the significand at
    // the top of 64 bits.
    function automatic logic [ZW-1:0] lzc(input logic [SW-1:0] v);
        logic [5:0] p, n;
        p = hls_fp_pkg::lead64({v, (64 - SW)'(0)});
        n = ~p;
        return ZW'(n);
    endfunction

    // Eight times the leading zero bytes (whole bytes from the top): the part of the
    // leading-zero count that shifts a significand before the product, so that the shift
    // of the product after it is by at most 7 (a 48-bit shift by up to 23 in one stage was
    // the float multiplier's ECP5 critical path).
    function automatic logic [ZW-1:0] lz_bytes(input logic [SW-1:0] v);
        logic [ZW-1:0] n;
        logic found;
        n = '0;
        found = 1'b0;
        for (int k = 0; k < SW / 8; k++) begin
            if (!found && v[SW-1-8*k -: 8] == 8'd0) n = n + ZW'(8);
            else found = 1'b1;
        end
        return n;
    endfunction

    if (LAT >= STAGES) begin : g_staged
        // Stage 1: classify; the biased exponent of the product with its leading one at bit
        // PW - 1 and no leading zeros; the zero counts of each significand.
        logic nan_x, nan_z, inf_x, inf_z, zero_x, zero_z;
        logic [SW-1:0] sig_x, sig_z;
        logic [EW-1:0] e_x, e_z;
        hls_fp_classify #(.EW(EW), .MW(MW), .FTZ(FTZ)) class_x (
            .x(a[W-2:0]), .nan(nan_x), .inf(inf_x), .zero(zero_x), .sig(sig_x), .e(e_x)
        );
        hls_fp_classify #(.EW(EW), .MW(MW), .FTZ(FTZ)) class_z (
            .x(b[W-2:0]), .nan(nan_z), .inf(inf_z), .zero(zero_z), .sig(sig_z), .e(e_z)
        );
        logic s1_sign, s1_nan_x, s1_nan_z, s1_inf_x, s1_inf_z, s1_zero_x, s1_zero_z;
        logic [SW-1:0] s1_fx, s1_fz;
        // The significand's top HI bits (with the hidden bit) and low LO bits.
        localparam int LO = SW / 2;
        localparam int HI = SW - LO;
        logic [ZW-1:0] s1_lzhx, s1_lzlx, s1_lzhz, s1_lzlz;
        logic s1_hix, s1_hiz, s1_nx, s1_nz;
        logic signed [XW-1:0] s1_e;
        always_ff @(posedge clk) begin
            if (ce) begin
                s1_sign <= a[W-1] ^ b[W-1];
                // The classes; the special result from them in the next stage, beside
                // the product (on ECP5 the whole decision in this stage was its
                // critical path once the counts had left it).
                s1_nan_x <= nan_x;
                s1_nan_z <= nan_z;
                s1_inf_x <= inf_x;
                s1_inf_z <= inf_z;
                s1_zero_x <= zero_x;
                s1_zero_z <= zero_z;
                // Shifted by their whole leading zero bytes (a subnormal's; the other is
                // normal, its shift 0), so that the product has at most 7 leading zeros
                // more (a 48-bit shift by up to 23 in one stage after the product was the
                // float multiplier's ECP5 critical path; before the DSP block's input,
                // with its 3.5 ns setup, the shift was slower still).
                s1_fx <= FTZ ? sig_x : sig_x << lz_bytes(sig_x);
                s1_fz <= FTZ ? sig_z : sig_z << lz_bytes(sig_z);
                s1_nx <= sig_x[MW];
                s1_nz <= sig_z[MW];
                // The counts from the fraction bits alone, the exponent test and the
                // halves' merge left to the next stage (stage 1 was the multiplier's
                // critical path on ECP5: exponent test, hidden bit, a 24-bit count, the OR
                // of both): a normal operand has no leading zeros, and a nonzero
                // subnormal's lowest set bit is in its fraction. A half is counted with a
                // one below it, so its count stops at its width.
                s1_lzhx <= lzc({1'b0, a[MW-1:LO], 1'b1, (LO - 1)'(0)});
                s1_lzlx <= lzc({a[LO-1:0], 1'b1, (HI - 1)'(0)});
                s1_lzhz <= lzc({1'b0, b[MW-1:LO], 1'b1, (LO - 1)'(0)});
                s1_lzlz <= lzc({b[LO-1:0], 1'b1, (HI - 1)'(0)});
                s1_hix <= a[MW-1:LO] != '0;
                s1_hiz <= b[MW-1:LO] != '0;
                s1_e <= $signed({3'd0, e_x}) + $signed({3'd0, e_z}) - (BIAS - XW'(1));
            end
        end
        // The product, PL stages; beside it the product's leading zeros (lzs, or one more).
        logic [PW-1:0] prod;
        // The product bits below the top SW + 9 are read only as their OR (the sticky bit).
        hls_fp_sigmul #(
            .SW(SW), .DSP_A(DSP_A), .DSP_B(DSP_B), .DSP_PRIM(DSP_PRIM), .ORW(PW - SW - 9)
        ) sigmul (
            .clk, .ce, .x(s1_fx), .z(s1_fz), .p(prod)
        );
        // A special operand, or two subnormals (their product rounds to zero); the result:
        // NaN in, or inf x 0: the quiet NaN; inf otherwise; else zero.
        logic s1_special;
        logic [W-1:0] s1_special_val;
        assign s1_special = s1_nan_x || s1_inf_x || s1_nan_z || s1_inf_z || s1_zero_x
                         || s1_zero_z || (!s1_nx && !s1_nz);
        assign s1_special_val =
            s1_nan_x || s1_nan_z || (s1_inf_x && s1_zero_z) || (s1_inf_z && s1_zero_x) ? QNAN
            : s1_inf_x || s1_inf_z ? {s1_sign, {EW{1'b1}}, {MW{1'b0}}}
            : {s1_sign, {(W-1){1'b0}}};
        logic [ZW-1:0] s1_lzx, s1_lzz;
        assign s1_lzx = FTZ || s1_nx ? '0 : s1_hix ? s1_lzhx : ZW'(HI) + s1_lzlx;
        assign s1_lzz = FTZ || s1_nz ? '0 : s1_hiz ? s1_lzhz : ZW'(HI) + s1_lzlz;
        logic p_special, p_sign;
        logic [W-1:0] p_special_val;
        logic signed [XW-1:0] p_e;
        logic [ZW-1:0] p_lzs;
        hls_delay #(.W(2 + W + XW + ZW), .N(PL)) side (
            .clk, .ce,
            .d({s1_special, s1_sign, s1_special_val, s1_e, s1_lzx | s1_lzz}),
            .q({p_special, p_sign, p_special_val, p_e, p_lzs})
        );
        // Shift by the rest of the estimate (its whole bytes went before the product),
        // building only the SW + 2 bits kept; the exponent for both outcomes (leading zeros
        // lzs or lzs + 1: e - lzs and e + ~lzs, one adder each); whether a product bit
        // below the SW + 2 kept is set, for the sticky bit (those below the top 7 whatever
        // the shift, and of those 7 the ones the shift leaves below).
        logic [SW+1:0] shifted;
        assign shifted = (SW + 2)'((prod << p_lzs[2:0]) >> (PW - SW - 2));
        logic low;
        always_comb begin
            if (FTZ) begin
                low = prod[PW-SW-3:0] != '0;  // no shift
            end else begin
                low = prod[PW-SW-10:0] != '0;
                for (int i = 0; i < 7; i++) low = low | (i >= int'(p_lzs[2:0]) && prod[PW-SW-3-i]);
            end
        end
        logic n_low;
        always_ff @(posedge clk) begin
            if (ce) n_low <= low;
        end
        logic n_special, n_sign;
        logic [W-1:0] n_special_val;
        logic signed [XW-1:0] n_e0, n_e1;
        logic [SW+1:0] n_q;
        always_ff @(posedge clk) begin
            if (ce) begin
                n_special <= p_special;
                n_special_val <= p_special_val;
                n_sign <= p_sign;
                n_q <= shifted;
                n_e0 <= p_e - $signed(XW'(p_lzs));
                n_e1 <= p_e + $signed({{(XW - ZW){1'b1}}, ~p_lzs});
            end
        end
        // The leading one to the top (one more step when the estimate fell short); below
        // the normal range (e < 1) the right shift 1 - e that a subnormal result needs (0
        // otherwise, all ones when nothing is left: e <= -2^(SHW-1), told from the bits
        // without a comparison's carry chain); a set bit below the kept SW + 1.
        logic signed [XW-1:0] e;
        logic tiny, gone;
        assign e = n_q[SW+1] ? n_e0 : n_e1;
        assign tiny = e[XW-1] || e == '0;
        assign gone = e[XW-1] && (!(&e[XW-2:SHW-1]) || e[SHW-2:0] == '0);
        logic t_special, t_sign, t_tiny, t_low;
        logic [W-1:0] t_special_val;
        logic signed [XW-1:0] t_e;
        logic [SHW-1:0] t_sh;
        logic [SW:0] t_q;
        always_ff @(posedge clk) begin
            if (ce) begin
                t_special <= n_special;
                t_special_val <= n_special_val;
                t_sign <= n_sign;
                t_q <= n_q[SW+1] ? n_q[SW+1:1] : n_q[SW:0];
                t_e <= e;
                t_tiny <= tiny;
                t_sh <= !tiny ? '0 : gone ? '1 : SHW'(XW'(1) - e);
                t_low <= n_low || (n_q[SW+1] && n_q[0]);
            end
        end
        // Shift (a subnormal result right); a bit below the guard bit is set when one was
        // below the kept bits or the shift drops one.
        logic r_special, r_sign;
        logic [W-1:0] r_special_val;
        logic signed [XW-1:0] r_e;
        logic [MW+3:0] r_f;
        always_ff @(posedge clk) begin
            if (ce) begin
                r_special <= t_special;
                r_special_val <= t_special_val;
                r_sign <= t_sign;
                if (FTZ) begin
                    r_e <= t_e;
                    r_f <= {t_q, 1'b0, t_low};
                end else begin
                    r_e <= t_tiny ? '0 : t_e;
                    r_f <= {t_q >> t_sh, 1'b0, t_low || (t_q & ~({(SW + 1){1'b1}} << t_sh)) != '0};
                end
            end
        end
        hls_fp_round #(.EW(EW), .MW(MW), .EXTRA(LAT - STAGES), .FTZ(FTZ)) round (
            .clk, .ce,
            .special(r_special),
            .special_val(r_special_val),
            .sign(r_sign),
            .e(r_e),
            .f(r_f),
            .y
        );
    end else begin : g_combinational
        hls_fp_combinational #(.EW(EW), .MW(MW), .LAT(LAT), .OP("mul"), .FTZ(FTZ)) comb (
            .clk, .ce, .a, .b, .c('0), .y
        );
    end
endmodule
