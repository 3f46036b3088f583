// The last two stages of the staged float cores (EW exponent and MW fraction bits: 8/23
// for float, 11/52 for double), then the rest of their latency as a delay line. Stage 1:
// round to nearest even — the increment of the significand — with the exponent checks the
// packing needs computed beside it. Stage 2: pack. A carry out of the significand moves
// the exponent up one; a subnormal rounded up to the smallest normal becomes normal; past
// the largest exponent, infinity. Special results (NaN, infinities, exact zeros) come in
// ready-made and pass through.
module hls_fp_round #(
    parameter int EW = 8,
    parameter int MW = 23,
    parameter int EXTRA = 0  // registers after the two stages
) (
    input  logic                 clk,
    input  logic                 ce,
    input  logic                 special,
    input  logic [EW+MW:0]       special_val,
    input  logic                 sign,
    // Biased exponent of f's leading bit (0 with a subnormal significand).
    input  logic signed [EW+2:0] e,
    // {MW+1-bit significand, guard, round, sticky}
    input  logic [MW+3:0]        f,
    output logic [EW+MW:0]       y
);
    localparam logic signed [EW+2:0] EMAX = (EW+3)'((1 << EW) - 1);
    logic r_special, r_sign, r_ovf, r_ovf1, r_e0;
    logic [EW+MW:0] r_special_val;
    logic [EW-1:0] r_e, r_e1;
    logic [MW+1:0] r_m;
    always_ff @(posedge clk) begin
        if (ce) begin
            r_special <= special;
            r_special_val <= special_val;
            r_sign <= sign;
            r_m <= {1'b0, f[MW+3:3]} + {{(MW+1){1'b0}}, f[2] && (f[1] || f[0] || f[3])};
            r_e <= e[EW-1:0];
            r_e1 <= e[EW-1:0] + 1'b1;
            r_ovf <= e >= EMAX;
            r_ovf1 <= e >= EMAX - 1;
            r_e0 <= e == '0;
        end
    end
    logic carry;
    logic [MW:0] mant;
    assign carry = r_m[MW+1];
    assign mant = carry ? r_m[MW+1:1] : r_m[MW:0];
    logic [EW+MW:0] res;
    always_ff @(posedge clk) begin
        if (ce) begin
            if (r_special) res <= r_special_val;
            else if (carry ? r_ovf1 : r_ovf) res <= {r_sign, {EW{1'b1}}, {MW{1'b0}}};
            else if (!mant[MW]) res <= {r_sign, {EW{1'b0}}, mant[MW-1:0]};
            else res <= {r_sign, carry ? r_e1 : (r_e0 ? EW'(1) : r_e), mant[MW-1:0]};
        end
    end
    hls_delay #(.W(EW+MW+1), .N(EXTRA)) delay (.clk, .ce, .d(res), .q(y));
endmodule
