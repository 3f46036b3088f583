// A narrowing float-format conversion (EWI/MWI exponent and fraction bits in, EWO/MWO
// out: float -> half is 8/23 -> 5/10, double -> float 11/52 -> 8/23) rounding in direction
// MODE (0 nearest even, 1 toward zero, 2 toward +inf, 3 toward -inf): subnormal results
// kept, overflow to infinity or the largest finite value as the direction says, NaNs
// quieted with their top payload bits. Fixed latency LAT with clock enable.
//
// With LAT >= 3 staged: classify, the output exponent and the right shift (the fraction
// bits the output drops, more below its normal range); the shift, with guard and sticky
// bits (a mask decoded from the shift); the rounding increment added to exponent and
// fraction as one word (a carry reaches the exponent: a subnormal rounded up to the
// smallest normal, the largest finite rounded up to infinity) and packing. Extra latency
// is a delay line. With LAT < 3 the package function (hls_fp_pkg::f32_to_f16 or
// f64_to_f32), then LAT registers.
module hls_fp_narrow #(
    parameter int EWI = 8,
    parameter int MWI = 23,
    parameter int EWO = 5,
    parameter int MWO = 10,
    parameter logic [1:0] MODE = 2'd0,
    parameter int LAT = 4
) (
    input  logic               clk,
    input  logic               ce,
    input  logic [EWI+MWI:0]   a,
    output logic [EWO+MWO:0]   y
);
    localparam int WI = EWI + MWI + 1;
    localparam int WO = EWO + MWO + 1;
    localparam int XW = EWI + 2;              // signed exponents
    localparam int SIGW = MWI + 1;            // the input significand with its hidden bit
    localparam int SHMAX = MWI + 2;           // from here on only the sticky bit is left
    localparam int SHW = $clog2(SHMAX + 1);
    localparam logic signed [XW-1:0] REBIAS = XW'((1 << (EWO - 1)) - (1 << (EWI - 1)));
    localparam logic signed [XW-1:0] EMAXO = XW'((1 << EWO) - 1);
    localparam logic signed [XW-1:0] DROP = XW'(MWI - MWO);
    localparam int STAGES = 3;

    if (LAT >= STAGES) begin : g_staged
        // Stage 1: classify; the output's biased exponent (inputs' subnormals count as
        // exponent 1); the shift: the dropped fraction bits, and 1 - e more for a result
        // below the normal range; the significand's trailing zeros, for the sticky bit.
        // Each is compared or subtracted from the input exponent itself, beside the others:
        // rebiasing first and deciding from the result put three carry chains in series.
        logic [EWI-1:0] ex, exe;
        logic sign, away, nan, inf, zero, under, over, beyond;
        logic [SHW-1:0] shu;
        logic [5:0] tz;
        assign ex = a[WI-2:MWI];
        assign exe = (ex == '0) ? EWI'(1) : ex;
        assign sign = a[WI-1];
        assign away = MODE == 2'd0 || (MODE == 2'd2 && !sign) || (MODE == 2'd3 && sign);
        assign nan = &ex && a[MWI-1:0] != '0;
        assign inf = &ex && a[MWI-1:0] == '0;
        assign zero = a[WI-2:0] == '0;
        // eo < 1, eo >= EMAXO, and the shift past SHMAX, as bounds on the input exponent.
        assign under = {2'b00, exe} < XW'(1) - REBIAS;
        assign over = {2'b00, exe} >= EMAXO - REBIAS;
        assign shu = SHW'(DROP + XW'(1) - REBIAS - {2'b00, exe});   // used below SHMAX only
        assign beyond = {2'b00, exe} < DROP + XW'(1) - REBIAS - XW'(SHMAX);
        // Trailing zeros of the significand: the lowest set bit is the highest of the
        // reversed word (63 when the fraction is zero: never sticky).
        logic [63:0] sig64, rev;
        assign sig64 = 64'({ex != '0, a[MWI-1:0]});
        always_comb for (int i = 0; i < 64; i++) rev[i] = sig64[63 - i];
        assign tz = ~hls_fp_pkg::lead64(rev);
        logic s1_special, s1_sign;
        logic [WO-1:0] s1_special_val;
        logic [SIGW-1:0] s1_sig;
        logic [SHW-1:0] s1_sh;
        logic [EWO-1:0] s1_e;
        logic [5:0] s1_tz;
        always_ff @(posedge clk) begin
            if (ce) begin
                s1_sign <= sign;
                s1_special <= nan || inf || zero || over;
                if (nan) s1_special_val <= {sign, {EWO{1'b1}}, 1'b1, a[MWI-2 -: MWO-1]};
                else if (inf || (!zero && away)) s1_special_val <= {sign, {EWO{1'b1}}, {MWO{1'b0}}};
                else if (zero) s1_special_val <= {sign, {(WO-1){1'b0}}};
                // Overflow toward zero: the largest finite value.
                else s1_special_val <= {sign, {(EWO-1){1'b1}}, 1'b0, {MWO{1'b1}}};
                s1_sig <= {ex != '0, a[MWI-1:0]};
                s1_sh <= !under ? SHW'(DROP) : beyond ? SHW'(SHMAX) : shu;
                // In range the exponent fits EWO bits: only the low bits' sum is needed.
                s1_e <= under ? '0 : ex[EWO-1:0] + REBIAS[EWO-1:0];
                s1_tz <= tz;
            end
        end
        // Stage 2: the shift; the guard bit (the last one shifted out, sig[sh - 1]) and the
        // sticky bit (any below it: the trailing zeros fewer than sh - 1); the increment.
        // The kept fraction bits (the hidden bit is implied by the exponent) and the guard.
        logic [MWO:0] t;
        logic st, inc;
        assign t = (MWO+1)'({s1_sig, 1'b0} >> s1_sh);
        assign st = 7'(s1_tz) + 7'd1 < 7'(s1_sh);
        assign inc = hls_fp_pkg::round_inc(MODE, s1_sign, t[1], t[0], st);
        logic s2_special, s2_sign, s2_inc;
        logic [WO-1:0] s2_special_val;
        logic [EWO+MWO-1:0] s2_mag;
        always_ff @(posedge clk) begin
            if (ce) begin
                s2_special <= s1_special;
                s2_special_val <= s1_special_val;
                s2_sign <= s1_sign;
                s2_inc <= inc;
                s2_mag <= {s1_e, t[MWO:1]};
            end
        end
        // Stage 3: round and pack.
        logic [WO-1:0] res;
        always_ff @(posedge clk) begin
            if (ce) res <= s2_special ? s2_special_val : {s2_sign, s2_mag + (EWO+MWO)'(s2_inc)};
        end
        hls_delay #(.W(WO), .N(LAT - STAGES)) delay (.clk, .ce, .d(res), .q(y));
    end else if (EWI == 8) begin : g_combinational16
        hls_delay #(.W(WO), .N(LAT)) delay (.clk, .ce, .d(WO'(hls_fp_pkg::f32_to_f16(32'(a), MODE))), .q(y));
    end else begin : g_combinational32
        hls_delay #(.W(WO), .N(LAT)) delay (.clk, .ce, .d(WO'(hls_fp_pkg::f64_to_f32(64'(a), MODE))), .q(y));
    end
endmodule
