// Two cores in one file: the integer <-> float conversions.
/* verilator lint_off DECLFILENAME */
// Conversions between integers and floats (EW exponent and MW fraction bits: float 8/23,
// double 11/52), LAT clock-enabled cycles after the operand, as the software model
// converts:
//   - hls_int_to_fp: an IW-bit integer (two's complement when SIGNED) to a float, rounded
//     in direction MODE (0 nearest even, 1 toward zero, 2 toward +inf, 3 toward -inf).
//     Every integer of up to 64 bits is in a float's or a double's range, so nothing
//     overflows.
//   - hls_fp_to_int: a float to an OW-bit integer, toward zero, saturating out-of-range
//     values (infinities too) and giving 0 for a NaN.
//
// As a package function followed by registers, a conversion is one path through a 64-bit
// negate, a leading-one search, a barrel shift and a rounding add: 20.7 ns on ECP5, since
// no synthesizer here moves the registers into it. So both are levels with registers
// placed between them, as hls_int_div does: with LAT >= 3 an operand register (the chain
// in front ends there), then the remaining registers spread over the levels, the last
// always registered; with a register per level, more delay the result at the end.
module hls_int_to_fp #(
    parameter int IW = 32,
    parameter bit SIGNED = 1,
    parameter int EW = 8,
    parameter int MW = 23,
    parameter logic [1:0] MODE = 2'd0,
    parameter int LAT = 7
) (
    input  logic          clk,
    input  logic          ce,
    input  logic [IW-1:0] a,
    output logic [EW+MW:0] y
);
    // Levels: magnitude; leading-zero count; shift by the count's upper bits, then its
    // lower three; the rounding increment; the rounding add and the result.
    localparam int N = 6;
    localparam int RA = LAT - (LAT >= 3 ? 1 : 0);
    localparam int TAIL = RA > N ? RA - N : 0;  // registers past one per level
    // The integer sits at the top of a 64-bit word (below), so a leading one at bit
    // 63 - lz of that word has weight IW - 1 - lz: TOP - lz is the biased exponent.
    localparam logic [EW-1:0] TOP = EW'((1 << (EW - 1)) - 1 + IW - 1);
    if (IW > 64 || EW < 8 || MW > 61) begin : g_unsupported
        $error("hls_int_to_fp: integers up to 64 bits, to a float at least float's range");
    end

    typedef struct packed {
        logic [63:0] m;       // the integer, then its magnitude, then normalized (bit 63 set)
        logic [5:0] lz;       // leading zeros of the magnitude in 64 bits
        logic sign;
        logic zero;
        logic inc;
    } state_t;

    state_t in;
    // The integer at the top of a 64-bit word: the count and the shift then work at one
    // width, and the bits below an integer narrower than 64 stay zero.
    logic [63:0] top;
    assign top = 64'(a) << (64 - IW);
    if (LAT >= 3) begin : g_operand
        always_ff @(posedge clk) if (ce) in <= '{m: top, lz: '0, sign: SIGNED && a[IW-1], zero: 1'b0, inc: 1'b0};
    end else begin : g_direct
        assign in = '{m: top, lz: '0, sign: SIGNED && a[IW-1], zero: 1'b0, inc: 1'b0};
    end

    state_t lvl [N + 1] /* verilator split_var */;
    assign lvl[0] = in;
    for (genvar l = 1; l <= N; l++) begin : g_level
        state_t s;
        state_t p;
        assign p = lvl[l-1];
        if (l == 1) begin : g_magnitude
            always_comb begin
                s = p;
                if (p.sign) s.m = -p.m;
                s.zero = p.m == '0;
            end
        end else if (l == 2) begin : g_count
            // 63 - (position of the leading one), as a bitwise complement.
            always_comb begin
                s = p;
                s.lz = ~hls_fp_pkg::lead64(p.m);
            end
        end else if (l == 3) begin : g_shift_high
            always_comb begin
                s = p;
                s.m = p.m << {p.lz[5:3], 3'b000};
            end
        end else if (l == 4) begin : g_shift_low
            always_comb begin
                s = p;
                s.m = p.m << p.lz[2:0];
            end
        end else if (l == 5) begin : g_increment
            // The kept fraction is m[62 -: MW]; guard bit below it, sticky the rest.
            always_comb begin
                s = p;
                s.inc = hls_fp_pkg::round_inc(MODE, p.sign, p.m[63-MW], p.m[62-MW],
                                              p.m[61-MW:0] != '0);
            end
        end else begin : g_round
            // Exponent and fraction as one word: a rounding carry out of the fraction
            // steps the exponent, and the fraction is then zero, as it must be.
            logic [EW+MW-1:0] word;
            assign word = {TOP - EW'(p.lz), p.m[62 -: MW]} + (EW + MW)'(p.inc);
            always_comb begin
                s = p;
                s.m = p.zero ? '0 : 64'({p.sign, word});
            end
        end
        hls_level #(.T(state_t), .L(l), .N(N), .LAT(LAT)) stage (.clk, .ce, .d(s), .q(lvl[l]));
    end
    hls_delay #(.W($bits(y)), .N(TAIL)) tail (.clk, .ce, .d(lvl[N].m[EW+MW:0]), .q(y));
endmodule

module hls_fp_to_int #(
    parameter int EW = 8,
    parameter int MW = 23,
    parameter int OW = 32,
    parameter bit SIGNED = 1,
    parameter int LAT = 5
) (
    input  logic          clk,
    input  logic          ce,
    input  logic [EW+MW:0] a,
    output logic [OW-1:0] y
);
    // Levels: classify (the integer part's weight and whether it saturates); shift by
    // the weight's upper bits, then its lower three; sign and saturation.
    localparam int N = 4;
    localparam int RA = LAT - (LAT >= 3 ? 1 : 0);
    localparam int TAIL = RA > N ? RA - N : 0;  // registers past one per level
    localparam int GW = MW + 1 + 63;          // the significand shifted by up to 63
    localparam logic [EW:0] BIAS = (EW + 1)'((1 << (EW - 1)) - 1);
    if (OW > 64 || OW < 2) begin : g_unsupported
        $error("hls_fp_to_int: integers of 2 to 64 bits");
    end

    typedef struct packed {
        logic [GW-1:0] g;     // the significand, then shifted: the integer part at g[MW +: OW]
        logic [5:0] sh;       // the exponent: the leading one's weight, in range
        logic neg;
        logic zero;           // |x| < 1, NaN, or negative into unsigned
        logic sat;            // out of range: the extreme on the value's side
    } state_t;

    state_t in;
    logic [EW+MW:0] x;
    if (LAT >= 3) begin : g_operand
        always_ff @(posedge clk) if (ce) x <= a;
    end else begin : g_direct
        assign x = a;
    end
    // Level 1, classify, is built from the operand itself.
    always_comb begin
        logic [EW-1:0] e;
        logic signed [EW+1:0] w;
        e = x[EW+MW-1 -: EW];
        w = $signed({2'b00, e}) - $signed({1'b0, BIAS});
        in.g = GW'({1'b1, x[MW-1:0]});
        in.sh = w[5:0];
        in.neg = x[EW+MW];
        in.zero = (&e && x[MW-1:0] != '0) || w < 0 || (!SIGNED && x[EW+MW]);
        // Signed: a weight of OW - 1 or more is beyond the range, except -2^(OW-1) itself,
        // which the negation gives anyway.
        in.sat = w >= $signed((EW + 2)'(SIGNED ? OW - 1 : OW));
    end

    state_t lvl [1:N] /* verilator split_var */;
    for (genvar l = 1; l <= N; l++) begin : g_level
        // Level 1 is the classification above.
        state_t s;
        if (l == 1) begin : g_classify
            assign s = in;
        end else begin : g_next
            state_t p;
            assign p = lvl[l-1];
            if (l == 2) begin : g_shift_high
                always_comb begin
                    s = p;
                    s.g = p.g << {p.sh[5:3], 3'b000};
                end
            end else if (l == 3) begin : g_shift_low
                always_comb begin
                    s = p;
                    s.g = p.g << p.sh[2:0];
                end
            end else begin : g_result
                logic [OW-1:0] mag;
                assign mag = p.g[MW +: OW];
                always_comb begin
                    s = p;
                    if (p.zero) s.g[OW-1:0] = '0;
                    else if (p.sat && !SIGNED) s.g[OW-1:0] = '1;
                    else if (p.sat) s.g[OW-1:0] = p.neg ? {1'b1, {(OW - 1){1'b0}}} : {1'b0, {(OW - 1){1'b1}}};
                    else s.g[OW-1:0] = p.neg ? -mag : mag;
                end
            end
        end
        hls_level #(.T(state_t), .L(l), .N(N), .LAT(LAT)) stage (.clk, .ce, .d(s), .q(lvl[l]));
    end
    hls_delay #(.W($bits(y)), .N(TAIL)) tail (.clk, .ce, .d(lvl[N].g[OW-1:0]), .q(y));
endmodule
