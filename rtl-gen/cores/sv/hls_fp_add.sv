// IEEE-754 adder for a format of EW exponent and MW fraction bits (binary32: 8/23,
// binary64: 11/52): a + b (the caller flips b's sign for a subtraction), round to nearest
// even, subnormal inputs and outputs, infinities, NaN (the quiet NaN out). Fixed latency
// LAT cycles with clock enable.
//
// With LAT >= STAGES the datapath is staged, one step per cycle: order the operands by
// magnitude; align the smaller (the bits it drops become the sticky bit); add or subtract; the
// leading one of the sum; the normalising shift, limited so that the exponent does not go
// below 1 (what is left is a subnormal) and covering the carry out as a shift by 0; round
// and pack (hls_fp_round). With SPLIT (LAT >= the eight stages + 3) both shifts take two
// stages (by the multiple of 8, then the rest): the wide formats' shifters are six levels
// of multiplexers; and the magnitude comparison gets a stage before the ordering. Extra latency is a delay line at the output. With LAT < STAGES the whole
// addition is combinational (hls_fp_pkg::fadd32, hls_fp64_pkg::fadd64), then LAT registers.
//
// With FTZ (flush to zero) a subnormal operand reads as the zero of its sign and a sum
// below the normal range becomes the zero of its sign. A sum of floats is a multiple of
// the smallest subnormal, so one below the normal range is exact: flushing it is flushing
// the IEEE result (as hls_fp_round does for the other cores).
module hls_fp_add #(
    parameter int EW = 8,
    parameter int MW = 23,
    parameter int LAT = 8,
    parameter bit FTZ = 1'b0
) (
    input  logic           clk,
    input  logic           ce,
    input  logic [EW+MW:0] a,
    input  logic [EW+MW:0] b,
    output logic [EW+MW:0] y
);
    localparam int W = EW + MW + 1;
    localparam int SW = MW + 1;           // significand with its hidden bit
    localparam int FW = SW + 3;           // {significand, guard, round, sticky}
    localparam int SUMW = FW + 1;         // the sum, one carry bit above
    localparam int DW = $clog2(FW + 1);   // alignment shifts 0..FW (FW: only sticky left)
    localparam int LW = $clog2(SUMW);     // normalising shifts 0..SUMW-1
    localparam bit SPLIT = LAT >= 11;
    localparam int STAGES = SPLIT ? 11 : 8;
    localparam logic [W-1:0] QNAN = {1'b0, {EW{1'b1}}, 1'b1, {(MW-1){1'b0}}};

    if (LAT >= STAGES) begin : g_staged
        // Stage 1: classify; order by magnitude (the larger first, so the difference of
        // significands is never negative); the exponent difference. (SPLIT: the magnitude
        // comparison, a carry chain as long as the word, and the exponent differences in a
        // stage of their own, stage 1a, before the multiplexers that order the operands.)
        logic [EW-1:0] e_x0, e_z0, dxz0, dzx0;
        // Subnormals have effective exponent 1.
        assign e_x0 = (a[W-2:MW] == '0) ? EW'(1) : a[W-2:MW];
        assign e_z0 = (b[W-2:MW] == '0) ? EW'(1) : b[W-2:MW];
        assign dxz0 = e_x0 - e_z0;
        assign dzx0 = e_z0 - e_x0;
        logic [W-1:0] xa, xb;
        logic [EW-1:0] ex, ez, e_x, e_z, dxz, dzx;
        logic nan_x, nan_z, inf_x, inf_z, x_big;
        hls_delay #(.W(1 + 2 * W + 4 * EW), .N(SPLIT ? 1 : 0)) order (
            .clk, .ce,
            .d({a[W-2:0] >= b[W-2:0], a, b, e_x0, e_z0, dxz0, dzx0}),
            .q({x_big, xa, xb, e_x, e_z, dxz, dzx})
        );
        assign ex = xa[W-2:MW];
        assign ez = xb[W-2:MW];
        assign nan_x = &ex && xa[MW-1:0] != '0;
        assign nan_z = &ez && xb[MW-1:0] != '0;
        assign inf_x = &ex && xa[MW-1:0] == '0;
        assign inf_z = &ez && xb[MW-1:0] == '0;
        // The significands (FTZ: a subnormal's is zero).
        logic [SW-1:0] sig_x, sig_z;
        assign sig_x = {ex != '0, xa[MW-1:0] & {MW{!FTZ || ex != '0}}};
        assign sig_z = {ez != '0, xb[MW-1:0] & {MW{!FTZ || ez != '0}}};
        logic s1_special, s1_nan, s1_inf_sign, s1_sign, s1_sub, s1_sx;
        logic [EW-1:0] s1_e_big;
        logic [EW-1:0] s1_d;
        logic [SW-1:0] s1_f_big, s1_f_small;
        always_ff @(posedge clk) begin
            if (ce) begin
                s1_special <= &ex || &ez;
                // NaN in, inf - inf: the quiet NaN; otherwise the infinite operand.
                s1_nan <= nan_x || nan_z || (inf_x && inf_z && xa[W-1] != xb[W-1]);
                s1_inf_sign <= inf_x ? xa[W-1] : xb[W-1];
                s1_sign <= x_big ? xa[W-1] : xb[W-1];
                s1_sub <= xa[W-1] ^ xb[W-1];
                s1_sx <= xa[W-1];
                s1_e_big <= x_big ? e_x : e_z;
                s1_d <= x_big ? dxz : dzx;
                s1_f_big <= x_big ? sig_x : sig_z;
                s1_f_small <= x_big ? sig_z : sig_x;
            end
        end
        // Stage 2: align the smaller significand; what falls off, selected by a thermometer
        // mask decoded from the shift (LUTs, no carry chain) and OR-reduced, becomes the
        // sticky bit. Shifts of FW and more leave nothing but that; the low DW bits of the
        // difference cover FW, so "far" is only whether a higher bit is set.
        logic [FW-1:0] small_full, coarse;
        logic [DW-1:0] d;
        logic lost, far;
        assign small_full = {s1_f_small, 3'b000};
        assign far = (s1_d >> DW) != '0;
        assign d = s1_d[DW-1:0];
        assign coarse = far ? '0 : SPLIT ? small_full >> {d[DW-1:2], 2'b00} : small_full >> d;
        assign lost = far ? s1_f_small != '0 : (small_full & ~({FW{1'b1}} << d)) != '0;
        logic s2_special, s2_nan, s2_inf_sign, s2_sign, s2_sub, s2_sx, s2_lost;
        logic [EW-1:0] s2_e_big;
        logic [2:0] s2_fine;
        logic [SW-1:0] s2_f_big;
        logic [FW-1:0] s2_small;
        always_ff @(posedge clk) begin
            if (ce) begin
                s2_special <= s1_special;
                s2_nan <= s1_nan;
                s2_inf_sign <= s1_inf_sign;
                s2_sign <= s1_sign;
                s2_sub <= s1_sub;
                s2_sx <= s1_sx;
                s2_e_big <= s1_e_big;
                s2_fine <= SPLIT && !far ? {1'b0, d[1:0]} : 3'd0;
                s2_f_big <= s1_f_big;
                s2_small <= coarse;
                s2_lost <= lost;
            end
        end
        // (SPLIT) Stage 2b: the rest of the alignment.
        logic s2b_special, s2b_nan, s2b_inf_sign, s2b_sign, s2b_sub, s2b_sx;
        logic [EW-1:0] s2b_e_big;
        logic [SW-1:0] s2b_f_big;
        logic [FW-1:0] s2b_small;
        hls_delay #(.W(6 + EW + SW + FW), .N(SPLIT ? 1 : 0)) align2 (
            .clk, .ce,
            .d({s2_special, s2_nan, s2_inf_sign, s2_sign, s2_sub, s2_sx, s2_e_big, s2_f_big,
                (s2_small >> s2_fine) | FW'(s2_lost)}),
            .q({s2b_special, s2b_nan, s2b_inf_sign, s2b_sign, s2b_sub, s2b_sx, s2b_e_big,
                s2b_f_big, s2b_small})
        );
        // Stage 3: add or subtract.
        logic s3_special, s3_nan, s3_inf_sign, s3_sign, s3_sub, s3_sx;
        logic [EW-1:0] s3_e_big;
        logic [SUMW-1:0] s3_sum;
        always_ff @(posedge clk) begin
            if (ce) begin
                s3_special <= s2b_special;
                s3_nan <= s2b_nan;
                s3_inf_sign <= s2b_inf_sign;
                s3_sign <= s2b_sign;
                s3_sub <= s2b_sub;
                s3_sx <= s2b_sx;
                s3_e_big <= s2b_e_big;
                // One adder for both: the subtrahend inverted (in the adder's LUTs) with a
                // carry in, rather than an adder, a subtractor and a multiplexer.
                s3_sum <= {1'b0, s2b_f_big, 3'b000} + ({1'b0, s2b_small} ^ {(SUMW){s2b_sub}})
                          + SUMW'(s2b_sub);
            end
        end
        // Stage 4: the leading one of the sum; an exact zero (x + (-x) is +0 in
        // round-to-nearest; (-0) + (-0) is -0) becomes a special result here.
        logic [LW-1:0] lz;
        // The sum left-aligned in 64 bits: its leading one at 63 - lz, so lz is the
        // position's complement (no subtraction after the tree).
        logic [5:0] lead;
        assign lead = hls_fp_pkg::lead64({s3_sum, (64 - SUMW)'(0)});
        assign lz = LW'(~lead);
        logic s4_special, s4_nan, s4_inf, s4_sign;
        logic [EW-1:0] s4_e_big;
        logic [LW-1:0] s4_lz;
        logic [SUMW-1:0] s4_sum;
        always_ff @(posedge clk) begin
            if (ce) begin
                s4_special <= s3_special || s3_sum == '0;
                s4_nan <= s3_special && s3_nan;
                s4_inf <= s3_special;
                s4_sign <= s3_special ? s3_inf_sign
                         : (s3_sum == '0) ? (s3_sub ? 1'b0 : s3_sx) : s3_sign;
                s4_e_big <= s3_e_big;
                s4_lz <= lz;
                s4_sum <= s3_sum;
            end
        end
        // Stage 5: the shift that puts the leading one on the top bit (0: a carry out),
        // but no further than exponent 1; the exponent of the top bit after it.
        logic s5_special, s5_nan, s5_inf, s5_sign;
        logic [EW:0] s5_e;
        logic [LW-1:0] s5_sh;
        logic [SUMW-1:0] s5_sum;
        // One subtraction both compares (its sign) and gives the exponent.
        logic [LW-1:0] sh;
        logic signed [EW+1:0] rest;
        logic fits;
        assign rest = $signed({2'b00, s4_e_big}) - $signed((EW+2)'(s4_lz));
        assign fits = !rest[EW+1];
        assign sh = fits ? s4_lz : LW'(s4_e_big);
        always_ff @(posedge clk) begin
            if (ce) begin
                // (FTZ: a sum below the normal range is the zero of its sign.)
                s5_special <= s4_special || (FTZ && !fits);
                s5_nan <= s4_nan;
                s5_inf <= s4_inf;
                s5_sign <= s4_sign;
                s5_e <= fits ? (EW+1)'(rest) + 1'b1 : (EW+1)'(1);
                s5_sh <= sh;
                s5_sum <= s4_sum;
            end
        end
        // Stage 6: normalise (SPLIT: by the multiple of 8 here, the rest in stage 6b).
        logic s6_special, s6_nan, s6_inf, s6_sign;
        logic [EW:0] s6_e;
        logic [2:0] s6_fine;
        logic [SUMW-1:0] s6_n;
        always_ff @(posedge clk) begin
            if (ce) begin
                s6_special <= s5_special;
                s6_nan <= s5_nan;
                s6_inf <= s5_inf;
                s6_sign <= s5_sign;
                s6_e <= s5_e;
                s6_fine <= SPLIT ? {1'b0, s5_sh[1:0]} : 3'd0;
                s6_n <= SPLIT ? s5_sum << {s5_sh[LW-1:2], 2'b00} : s5_sum << s5_sh;
            end
        end
        logic s6b_special, s6b_nan, s6b_inf, s6b_sign;
        logic [EW:0] s6b_e;
        logic [SUMW-1:0] s6b_n;
        hls_delay #(.W(4 + EW + 1 + SUMW), .N(SPLIT ? 1 : 0)) normalise2 (
            .clk, .ce,
            .d({s6_special, s6_nan, s6_inf, s6_sign, s6_e, s6_n << s6_fine}),
            .q({s6b_special, s6b_nan, s6b_inf, s6b_sign, s6b_e, s6b_n})
        );
        // Stages 7 and 8: round and pack. The two bits below the round bit make the sticky
        // bit (with a carry out they are the round bit's neighbours; otherwise the lowest
        // is 0).
        hls_fp_round #(.EW(EW), .MW(MW), .EXTRA(LAT - STAGES), .FTZ(FTZ)) round (
            .clk, .ce,
            .special(s6b_special),
            .special_val(s6b_nan ? QNAN : {s6b_sign, s6b_inf ? {EW{1'b1}} : {EW{1'b0}}, {MW{1'b0}}}),
            .sign(s6b_sign),
            .e((EW+3)'(s6b_e)),
            .f({s6b_n[SUMW-1:2], s6b_n[1] | s6b_n[0]}),
            .y
        );
    end else begin : g_combinational
        hls_fp_combinational #(.EW(EW), .MW(MW), .LAT(LAT), .OP("add"), .FTZ(FTZ)) comb (
            .clk, .ce, .a, .b, .c('0), .y
        );
    end
endmodule
