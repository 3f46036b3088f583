// The width-generic fused multiply-add, on the significand product of hls_fp_mul.sv.

// IEEE-754 fused multiply-add a * b + c with a single rounding (nearest even, or to odd
// with ODD: see hls_fp_round), for a format of EW exponent and MW fraction bits (float
// 8/23, double 11/52): subnormal inputs and outputs, infinities, NaN (the quiet NaN out).
// Fixed latency LAT cycles with clock enable.
//
// With LAT >= STAGES the datapath is staged: classify, the exponents; the product
// (hls_fp_sigmul) beside which term is larger by exponent and by how much; the larger term
// first and the smaller aligned to it in two steps, what falls off as sticky (ORs of bit
// groups picked by each step's amount: no mask, no trailing-zero count); the sum as one
// signed adder; its magnitude (a negation when negative); the leading one; the exponent
// and one left shift that puts the leading one, or for a subnormal result the exponent-1
// position, on top of an FW-bit window (no right shift: the sum sits below FW zero bits),
// in two steps, the bits below the window as sticky (group ORs again); rounding and
// packing (hls_fp_round). Extra latency is a delay line at the
// output. With LAT < STAGES it is all combinational (hls_fp_pkg::ffma32,
// hls_fp64_pkg::ffma64), followed by LAT registers.
module hls_fp_fma #(
    parameter int EW = 8,
    parameter int MW = 23,
    parameter int LAT = 13,
    parameter bit ODD = 1'b0,
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
    input  logic [EW+MW:0]  c,
    output logic [EW+MW:0]  y
);
    localparam int W = EW + MW + 1;
    localparam int SW = MW + 1;
    localparam int PW = 2 * SW;
    // The sum's word: the product P << 3 and the addend c << (SW + 2), both integers
    // times 2^(e - BIAS - MW - SW - 2), two spare bits on top.
    localparam int AW = PW + 5;
    localparam int FW = MW + 4;             // {significand, guard, round, sticky}
    localparam int XW = EW + 4;             // signed exponents
    localparam int DW = $clog2(AW);         // an alignment shift below AW
    localparam int NW = FW + AW;            // the normalising shift's word
    localparam int TW = $clog2(NW);
    // The normalising shift: a coarse shift by t's multiple of NG (2^NF), then the rest; the
    // coarse shift keeps CW bits, from bit NB0 of its word. By 16 (five positions) for
    // float and half, by 8 for double (Yosys: by 8 the float fma took 30 LUTs more, by 16
    // the double fma 23 more).
    localparam int NF = (MW > 23) ? 3 : 4;
    localparam int NG = 1 << NF;
    localparam int NB0 = AW + 2 - NG;
    localparam int CW = FW + NG - 2;
    localparam int PL = hls_fp_pkg::sigmul_latency(SW, DSP_PRIM);
    localparam int STAGES = PL + 11;
    localparam logic signed [XW-1:0] BIAS = XW'((1 << (EW - 1)) - 1);
    // Biased exponent of the sum's bit 0 plus the leading one's position: e = lead + emax
    // - LOFF; the shift that leaves exponent 1 on top of the window: emax + TOFF.
    localparam logic signed [XW-1:0] LOFF = XW'(2 * MW + 3);
    localparam logic signed [XW-1:0] TOFF = XW'(FW + AW - 2 * MW - 5);
    localparam logic [W-1:0] QNAN = {1'b0, {EW{1'b1}}, 1'b1, {(MW-1){1'b0}}};

    // Position of the leading one of an AW-bit word (below 128 bits).
    function automatic logic [DW-1:0] lead_aw(input logic [AW-1:0] v);
        logic [127:0] w;
        w = 128'(v);
        if (w[127:64] != '0) return DW'(64 + int'(hls_fp_pkg::lead64(w[127:64])));
        return DW'(hls_fp_pkg::lead64(w[63:0]));
    endfunction
    if (LAT >= STAGES) begin : g_staged
        // Stage 1: special operands; the exponents of the product and the addend.
        logic nan_x, nan_z, nan_w, inf_x, inf_z, inf_w, zero_x, zero_z, zero_w;
        logic [SW-1:0] sig_x, sig_z, sig_w;
        logic [EW-1:0] e_x, e_z, e_w;
        hls_fp_classify #(.EW(EW), .MW(MW), .FTZ(FTZ)) class_x (
            .x(a[W-2:0]), .nan(nan_x), .inf(inf_x), .zero(zero_x), .sig(sig_x), .e(e_x)
        );
        hls_fp_classify #(.EW(EW), .MW(MW), .FTZ(FTZ)) class_z (
            .x(b[W-2:0]), .nan(nan_z), .inf(inf_z), .zero(zero_z), .sig(sig_z), .e(e_z)
        );
        hls_fp_classify #(.EW(EW), .MW(MW), .FTZ(FTZ)) class_w (
            .x(c[W-2:0]), .nan(nan_w), .inf(inf_w), .zero(zero_w), .sig(sig_w), .e(e_w)
        );
        logic sp, sc, p_inf, nan_in;
        assign sp = a[W-1] ^ b[W-1];
        assign sc = c[W-1];
        assign p_inf = inf_x || inf_z;
        assign nan_in = nan_x || nan_z || nan_w;
        // The operands' classes are registered, the special result decided from them a
        // stage later (classify, then choose among the results, was the first stage's
        // longest path on ECP5). Only NaN and infinite results are special; an exact zero
        // product goes through the datapath as a zero term aligned with c (its sum is c,
        // or a zero whose sign the IEEE rule gives), so no operand value rides beside it.
        logic s1_sp, s1_sc, s1_c_zero, s1_nan, s1_p_inf, s1_inf_w, s1_p_zero;
        logic [SW-1:0] s1_fx, s1_fz, s1_fw;
        logic signed [XW-1:0] s1_ep, s1_ec;
        always_ff @(posedge clk) begin
            if (ce) begin
                s1_sp <= sp;
                s1_sc <= sc;
                s1_nan <= nan_in;
                s1_p_inf <= p_inf;
                s1_inf_w <= inf_w;
                s1_p_zero <= zero_x || zero_z;
                // A zero term must add nothing (FTZ: a zero's significand reads 1.f).
                s1_fx <= (FTZ && zero_x) ? '0 : sig_x;
                s1_fz <= (FTZ && zero_z) ? '0 : sig_z;
                s1_fw <= (FTZ && zero_w) ? '0 : sig_w;
                s1_c_zero <= zero_w;
                s1_ep <= $signed({4'd0, e_x}) + $signed({4'd0, e_z}) - BIAS;
                s1_ec <= $signed({4'd0, e_w});
            end
        end
        // The product, PL stages.
        logic [PW-1:0] prod;
        hls_fp_sigmul #(.SW(SW), .DSP_A(DSP_A), .DSP_B(DSP_B), .DSP_PRIM(DSP_PRIM)) sigmul (
            .clk, .ce, .x(s1_fx), .z(s1_fz), .p(prod)
        );
        // Beside it, two stages: which term is larger by exponent, and by how much (a zero
        // term aligns with the other, unshifted, the other the larger: the zero cases
        // choose after the compare and the differences, not in front of them, which would
        // lengthen the stage); then whether the shift leaves nothing. They wait for the
        // product.
        logic p_ge;
        assign p_ge = s1_ep >= s1_ec;
        // The special result: NaN, or infinity of sign s2_ssign; s2_zsign, the sign of an
        // exact zero sum (-0 only for -0 + -0, with the product's sign).
        logic s2_special, s2_nan, s2_ssign, s2_zsign, s2_sp, s2_sc, s2_p_big;
        logic [SW-1:0] s2_fw;
        logic signed [XW-1:0] s2_emax;
        logic [XW-1:0] s2_d;
        always_ff @(posedge clk) begin
            if (ce) begin
                s2_special <= s1_nan || s1_p_inf || s1_inf_w;
                s2_nan <= s1_nan || (s1_p_inf && s1_p_zero)
                       || (s1_p_inf && s1_inf_w && s1_sc != s1_sp);
                s2_ssign <= s1_p_inf ? s1_sp : s1_sc;
                s2_zsign <= s1_p_zero && s1_c_zero && s1_sp && s1_sc;
                s2_sp <= s1_sp;
                s2_sc <= s1_sc;
                s2_fw <= s1_fw;
                s2_p_big <= s1_c_zero || (!s1_p_zero && p_ge);
                s2_emax <= s1_p_zero ? s1_ec : (s1_c_zero || p_ge) ? s1_ep : s1_ec;
                s2_d <= (s1_p_zero || s1_c_zero) ? '0
                      : XW'(p_ge ? s1_ep - s1_ec : s1_ec - s1_ep);
            end
        end
        // What the alignment needs, formed in two stages beside the product and carried
        // until it is ready.
        typedef struct packed {
            logic special, nan, ssign, zsign, sp, sc, p_big;
            logic [SW-1:0] fw;
            logic signed [XW-1:0] emax;
            // The alignment shift, at most 2^DW - 1: a larger one is that, which leaves
            // nothing as well (little's top two bits are zero), so the shifter needs no
            // case of its own for it (11 LUTs fewer in the float fma).
            logic [DW-1:0] d;
        } side_t;
        side_t x3, s3;
        always_ff @(posedge clk) begin
            if (ce) begin
                x3.special <= s2_special;
                x3.nan <= s2_nan;
                x3.ssign <= s2_ssign;
                x3.zsign <= s2_zsign;
                x3.sp <= s2_sp;
                x3.sc <= s2_sc;
                x3.fw <= s2_fw;
                x3.p_big <= s2_p_big;
                x3.emax <= s2_emax;
                x3.d <= (s2_d > XW'((1 << DW) - 1)) ? '1 : s2_d[DW-1:0];
            end
        end
        hls_delay #(.W($bits(side_t)), .N(PL - 2)) side (.clk, .ce, .d(x3), .q(s3));
        // Stage 4: the larger term, and the smaller shifted right by d's multiple of 4;
        // whether the whole shift drops a set bit, from the smaller term's lowest one.
        logic [AW-1:0] xp, xc, big_t, little_t;
        assign xp = {2'b00, prod, 3'b000};
        assign xc = {3'b000, s3.fw, (SW + 2)'(0)};
        assign big_t = s3.p_big ? xp : xc;
        assign little_t = s3.p_big ? xc : xp;
        // The bits the coarse shift drops, AG at a time: below[k] is the OR of little_t's
        // lowest AG k bits (ORs of groups; a trailing-zero count and its compare cost four
        // times the LUTs).
        localparam int AF = 2;                  // the fine shift's bits
        localparam int AG = 1 << AF;
        localparam int NB = (AW + AG - 1) / AG;
        logic [NB-1:0] byte_or;
        logic [NB:0] below;
        always_comb begin
            logic acc;
            byte_or = '0;
            for (int i = 0; i < AW; i++) byte_or[i / AG] = byte_or[i / AG] | little_t[i];
            acc = 1'b0;
            below[0] = 1'b0;
            for (int k = 0; k < NB; k++) begin
                acc = acc | byte_or[k];
                below[k + 1] = acc;
            end
        end
        logic s4_sub, s4_sign, s4_lost;
        logic [AW-1:0] s4_big, s4_coarse;
        logic [AF-1:0] s4_fine;
        logic signed [XW-1:0] s4_emax;
        always_ff @(posedge clk) begin
            if (ce) begin
                s4_sub <= s3.sp != s3.sc;
                s4_sign <= s3.p_big ? s3.sp : s3.sc;
                s4_emax <= s3.emax;
                s4_big <= big_t;
                s4_fine <= s3.d[AF-1:0];
                s4_coarse <= little_t >> {s3.d[DW-1:AF], AF'(0)};
                // A set bit shifted out by the coarse shift.
                s4_lost <= (int'(s3.d[DW-1:AF]) >= NB) ? below[NB] : below[s3.d[DW-1:AF]];
            end
        end
        // Stage 4b: the rest of the shift, the dropped bits (the coarse shift's, and the
        // lowest s4_fine of what it kept) as sticky.
        logic [AG-2:0] fine_drop;
        assign fine_drop = s4_coarse[AG-2:0] & ~({(AG - 1){1'b1}} << s4_fine);
        logic s4b_sub;
        logic [AW-1:0] s4b_big, s4b_little;
        logic signed [XW-1:0] s4b_emax;
        always_ff @(posedge clk) begin
            if (ce) begin
                s4b_sub <= s4_sub;
                s4b_emax <= s4_emax;
                s4b_big <= s4_big;
                s4b_little <= (s4_coarse >> s4_fine) | AW'(s4_lost || fine_drop != '0);
            end
        end
        // The special result rides beside the datapath until stage 7 (which makes an exact
        // zero sum one), the sign from stage 4 until stage 6 (which may flip it).
        logic s6_special, s6_nan, s6_ssign, s6_zsign, s5_sign;
        hls_delay #(.W(4), .N(4)) special_early (
            .clk, .ce, .d({s3.special, s3.nan, s3.ssign, s3.zsign}),
            .q({s6_special, s6_nan, s6_ssign, s6_zsign})
        );
        hls_delay #(.W(1), .N(2)) sign_early (.clk, .ce, .d(s4_sign), .q(s5_sign));
        // Stage 5: the signed sum big +- little (one adder, the subtrahend inverted in its
        // LUTs, the carry in completing the subtraction).
        logic [AW:0] s5_diff;
        logic signed [XW-1:0] s5_emax;
        always_ff @(posedge clk) begin
            if (ce) begin
                s5_emax <= s4b_emax;
                s5_diff <= {1'b0, s4b_big} + ({1'b0, s4b_little} ^ {(AW + 1){s4b_sub}})
                         + (AW + 1)'(s4b_sub);
            end
        end
        // Stage 6: its magnitude: a negative difference (little the larger, so nothing
        // was shifted off it) negated as its complement plus one, one more adder; the sign
        // flips with it. (Comparing first and subtracting the right way round costs a
        // comparator and an adder whose two operands both need inverting.)
        logic s6_sign, neg;
        logic [AW-1:0] s6_sum;
        logic signed [XW-1:0] s6_emax;
        assign neg = s5_diff[AW];
        always_ff @(posedge clk) begin
            if (ce) begin
                s6_sign <= s5_sign ^ neg;
                s6_emax <= s5_emax;
            end
        end
        if (DSP_PRIM == 2 && PW <= 48) begin : g_negate_dsp48e2
            // A negative difference is below 2^(PW + 2): little, the larger, is xc >> d (xc
            // < 2^(PW + 2)) or xp >> d with d >= 1 (c wins the exponent compare). So the
            // magnitude's bits above PW+1 are zero, bits PW+1:2 are the negation of the
            // difference's, less one unless its bits 1:0 are zero (-v = ~v + 1, the carry
            // into bit 2 only from 00), in a DSP48E2's adder; bits 1:0 beside it.
            logic [47:0] mid;
            logic [AW-PW-3:0] s6_hi;
            logic [1:0] s6_lo;
            hls_dsp48e2_negate negate (
                .clk, .ce, .neg, .borrow(s5_diff[1:0] != '0), .x(48'(s5_diff[PW+1:2])),
                .p(mid)
            );
            always_ff @(posedge clk) begin
                if (ce) begin
                    s6_hi <= neg ? '0 : s5_diff[AW-1:PW+2];
                    s6_lo <= neg ? 2'd0 - s5_diff[1:0] : s5_diff[1:0];
                end
            end
            assign s6_sum = {s6_hi, mid[PW-1:0], s6_lo};
        end else begin : g_negate_luts
            always_ff @(posedge clk) begin
                if (ce) s6_sum <= (s5_diff[AW-1:0] ^ {AW{neg}}) + AW'(neg);
            end
        end
        // Stage 7: the leading one; the sum's bits below the window's bottom (bit NB0 of
        // the coarse shift's word) ORed NG at a time, counted down from there, for the
        // sticky bit; an exact zero sum (cancellation) rounds to +0.
        localparam int NH = (NB0 + NG - 1) / NG;
        logic [NH-1:0] down_or;
        always_comb begin
            down_or = '0;
            for (int i = 0; i < NB0; i++)
                down_or[(NB0 - 1 - i) / NG] = down_or[(NB0 - 1 - i) / NG] | s6_sum[i];
        end
        // (s7_inf: an infinity of sign s7_ssign; otherwise a zero of that sign.)
        logic s7_special, s7_nan, s7_inf, s7_ssign, s7_sign;
        logic [AW-1:0] s7_sum;
        logic [DW-1:0] s7_lead;
        logic [NH-1:0] s7_down;
        // What stage 8 needs of emax, formed here beside the leading-one count so that
        // stage 8 is one adder and one compare (lead + emax - LOFF and then its compare
        // with 1 in a row were the ECP5 critical path, 8.4 ns): emax - LOFF; the bound
        // below which the leading one makes a subnormal result (e < 1 exactly when lead <
        // LOFF + 1 - emax); the subnormal result's shift and whether it is negative.
        logic signed [XW-1:0] s7_emo, s7_lim;
        logic [TW-1:0] s7_ttiny;
        logic s7_tneg;
        always_ff @(posedge clk) begin
            if (ce) begin
                s7_special <= s6_special || s6_sum == '0;
                s7_nan <= s6_special && s6_nan;
                s7_inf <= s6_special;
                s7_ssign <= s6_special ? s6_ssign : s6_zsign;
                s7_sign <= s6_sign;
                s7_sum <= s6_sum;
                s7_lead <= lead_aw(s6_sum);
                s7_down <= down_or;
                s7_emo <= s6_emax - LOFF;
                s7_lim <= LOFF + XW'(1) - s6_emax;
                s7_ttiny <= TW'(s6_emax + TOFF);
                s7_tneg <= s6_emax < -TOFF;
            end
        end
        // Stage 8: the biased exponent if the leading one is kept, and one left shift t of
        // the sum, read as the NW-bit word {FW zeros, sum}, whose top FW - 1 bits (the
        // significand, guard and round bits) are what rounding takes: NW - 1 - lead puts
        // the leading one on top; a subnormal result (e < 1) instead takes emax + TOFF, the
        // shift that leaves exponent 1, down to 0 (nothing but sticky bits left). No right
        // shift, no second shifter.
        logic signed [EW+2:0] e;  // (the rounding's width: it holds every e not tiny)
        logic tiny;
        assign e = (EW + 3)'($signed(XW'(s7_lead)) + s7_emo);
        assign tiny = $signed(XW'(s7_lead)) < s7_lim;
        logic [AW-1:0] s8_sum;
        logic [NH-1:0] s8_down;
        logic [TW-1:0] s8_t;
        logic signed [EW+2:0] s8_e;
        always_ff @(posedge clk) begin
            if (ce) begin
                s8_sum <= s7_sum;
                s8_down <= s7_down;
                // (FTZ: always normalised, the exponent unbounded; hls_fp_round flushes.)
                s8_e <= (tiny && !FTZ) ? '0 : e;
                s8_t <= (!tiny || FTZ) ? TW'(NW - 1) - TW'(s7_lead)
                      : s7_tneg ? '0 : s7_ttiny;
            end
        end
        // Stages 9 and 10: the shift, by t's multiple of NG (keeping the CW bits the rest
        // of the shift can bring into the window) and then the rest; the sticky bit: the
        // bits the coarse shift leaves below the window's bottom (those of down_or from
        // t's multiple of NG on), and then the lowest NG - 1 - t[NF-1:0] of the window it
        // kept.
        localparam int NM = 1 << (TW - NF);
        logic [NM-1:0] down_all;
        logic [NM-1:0] from;
        assign down_all = NM'(s8_down);  // NW > NG NH
        always_comb begin
            logic acc;
            acc = 1'b0;
            for (int m = NM - 1; m >= 0; m--) begin
                acc = acc | down_all[m];
                from[m] = acc;
            end
        end
        logic [CW-1:0] window;
        assign window = CW'(({FW'(0), s8_sum} << {s8_t[TW-1:NF], NF'(0)}) >> NB0);
        logic s9_lost;
        logic [CW-1:0] s9_coarse;
        logic [NF-1:0] s9_fine;
        always_ff @(posedge clk) begin
            if (ce) begin
                s9_fine <= s8_t[NF-1:0];
                s9_coarse <= window;
                s9_lost <= from[s8_t[TW-1:NF]];
            end
        end
        // The special result, sign and exponent ride beside the shifts.
        logic s10_special, s10_nan, s10_inf, s10_ssign, s10_sign;
        logic [FW-1:0] s10_norm;
        logic signed [EW+2:0] s10_e;
        hls_delay #(.W(5), .N(3)) special_late (
            .clk, .ce, .d({s7_special, s7_nan, s7_inf, s7_ssign, s7_sign}),
            .q({s10_special, s10_nan, s10_inf, s10_ssign, s10_sign})
        );
        hls_delay #(.W(EW + 3), .N(2)) e_late (.clk, .ce, .d(s8_e), .q(s10_e));
        /* verilator lint_off UNUSEDSIGNAL */
        logic [CW-1:0] fine;  // bits NG-2:0 are below the window
        /* verilator lint_on UNUSEDSIGNAL */
        assign fine = s9_coarse << s9_fine;
        always_ff @(posedge clk) begin
            if (ce) begin
                // The window's FW - 1 bits and the sticky bit.
                s10_norm <= {fine[CW-1:NG-1],
                             s9_lost || (s9_coarse[NG-2:0] & ({(NG - 1){1'b1}} >> s9_fine)) != '0};
            end
        end
        // Round and pack.
        hls_fp_round #(.EW(EW), .MW(MW), .EXTRA(LAT - STAGES), .ODD(ODD), .FTZ(FTZ)) round (
            .clk, .ce,
            .special(s10_special),
            .special_val(s10_nan ? QNAN : {s10_ssign, {EW{s10_inf}}, {MW{1'b0}}}),
            .sign(s10_sign),
            .e(s10_e),
            .f(s10_norm),
            .y
        );
    end else begin : g_combinational
        hls_fp_combinational #(.EW(EW), .MW(MW), .LAT(LAT), .OP("fma"), .FTZ(FTZ), .ODD(ODD)) comb (
            .clk, .ce, .a, .b, .c, .y
        );
    end
endmodule
