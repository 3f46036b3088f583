// The last two stages of the staged float cores (EW exponent and MW fraction bits: 8/23
// for float, 11/52 for double), then the rest of their latency as a delay line. Stage 1:
// round to nearest even — the increment added to exponent and fraction as one word — with
// the overflow check beside it. Stage 2: pack: past the largest exponent, infinity. Special
// results (NaN, infinities, exact zeros) come in ready-made and pass through. With
// ONE_STAGE the packing follows the rounding adder in the same stage (one carry chain and
// one multiplexer: for a core whose latency budget is one stage short, the divider).
//
// With FTZ (flush to zero) the caller gives every result normalised, with its exponent
// unbounded below, and a result IEEE rounding would make subnormal becomes the zero of its
// sign: below exponent 0 always; at exponent 0 (the binade under the smallest normal) the
// subnormal's last place sits one bit higher than the significand's, and the value rounds
// up to the smallest normal exactly when all MW fraction bits are set (the dropped last bit
// is then at least half an ulp and the kept neighbour odd), otherwise it stays subnormal.
// So a flushed result is always the IEEE result with subnormals replaced by zero. (For
// rounding to nearest even; not with ODD.)
module hls_fp_round #(
    parameter int EW = 8,
    parameter int MW = 23,
    parameter int EXTRA = 0,  // registers after the two stages
    // Round to odd instead: truncate, and set the last bit when anything was dropped. A
    // value rounded to odd with two more bits than a narrower format then rounds to that
    // format as the exact value would (the half fma: float fma to odd, then to half).
    parameter bit ODD = 1'b0,
    parameter bit ONE_STAGE = 1'b0,
    parameter bit FTZ = 1'b0
) (
    input  logic                 clk,
    input  logic                 ce,
    input  logic                 special,
    input  logic [EW+MW:0]       special_val,
    input  logic                 sign,
    // Biased exponent of f's leading bit (0 with a subnormal significand; with FTZ
    // unbounded below).
    input  logic signed [EW+2:0] e,
    // {MW+1-bit significand, guard, round, sticky}
    input  logic [MW+3:0]        f,
    output logic [EW+MW:0]       y
);
    localparam logic signed [EW+2:0] EMAX = (EW+3)'((1 << EW) - 1);
    // The increment is added to exponent and fraction together, as one word: a carry out of
    // the fraction moves the exponent up (from all ones: the fraction is then all zeros), a
    // subnormal rounded up to the smallest normal gets exponent 1, the largest finite value
    // rounded up becomes infinity, all without a case of their own.
    logic [EW-1:0] e_field;
    logic [EW+MW-1:0] sum;
    // A significand with its top bit clear is subnormal: exponent field 0 (and a normal
    // one at e = 0, should a caller give one, counts as exponent 1).
    // (FTZ: always normalised, and below exponent 1 flushed instead.)
    assign e_field = FTZ ? e[EW-1:0] : !f[MW+3] ? '0 : (e == '0) ? EW'(1) : e[EW-1:0];
    assign sum = ODD ? {e_field, f[MW+2:4], f[3] | f[2] | f[1] | f[0]}
                     : {e_field, f[MW+2:3]} + (EW+MW)'(f[2] && (f[1] || f[0] || f[3]));
    // FTZ: below the normal range (e < 1); at e = 0, whether it rounds up into it.
    logic flush, up;
    assign flush = FTZ && (e[EW+2] || e == '0);
    assign up = e == '0 && &f[MW+2:3];
    logic [EW+MW:0] res;
    if (ONE_STAGE) begin : g_one
        always_ff @(posedge clk) begin
            if (ce) begin
                if (special) res <= special_val;
                else if (e >= EMAX) res <= {sign, {EW{1'b1}}, {MW{1'b0}}};
                else if (flush) res <= {sign, EW'(up), {MW{1'b0}}};
                else res <= {sign, sum};
            end
        end
    end else begin : g_two
        logic r_special, r_sign, r_ovf, r_flush, r_up;
        logic [EW+MW:0] r_special_val;
        logic [EW+MW-1:0] r_sum;
        always_ff @(posedge clk) begin
            if (ce) begin
                r_special <= special;
                r_special_val <= special_val;
                r_sign <= sign;
                r_sum <= sum;
                r_ovf <= e >= EMAX;
                r_flush <= flush;
                r_up <= up;
            end
        end
        always_ff @(posedge clk) begin
            if (ce) begin
                if (r_special) res <= r_special_val;
                else if (r_ovf) res <= {r_sign, {EW{1'b1}}, {MW{1'b0}}};
                else if (r_flush) res <= {r_sign, EW'(r_up), {MW{1'b0}}};
                else res <= {r_sign, r_sum};
            end
        end
    end
    hls_delay #(.W(EW+MW+1), .N(EXTRA)) delay (.clk, .ce, .d(res), .q(y));
endmodule
