// The last two stages of the staged binary32 cores (add, mul), then the rest of their
// latency as a delay line. Stage 1: round to nearest even — the increment of the 24-bit
// significand — with the exponent checks the packing needs computed beside it. Stage 2:
// pack. A carry out of the significand moves the exponent up one; a subnormal rounded up
// to 1.0 x 2^-126 becomes normal; past the largest exponent, infinity. Special results
// (NaN, infinities, exact zeros) come in ready-made and pass through.
module hls_fp32_round #(
    parameter int EXTRA = 0  // registers after the two stages
) (
    input  logic               clk,
    input  logic               ce,
    input  logic               special,
    input  logic [31:0]        special_val,
    input  logic               sign,
    // Biased exponent of f's leading bit (0 with a subnormal significand).
    input  logic signed [10:0] e,
    // {24-bit significand, guard, round, sticky}
    input  logic [26:0]        f,
    output logic [31:0]        y
);
    logic r_special, r_sign, r_ovf, r_ovf1, r_e0;
    logic [31:0] r_special_val;
    logic [7:0] r_e, r_e1;
    logic [24:0] r_m25;
    always_ff @(posedge clk) begin
        if (ce) begin
            r_special <= special;
            r_special_val <= special_val;
            r_sign <= sign;
            r_m25 <= {1'b0, f[26:3]} + {24'd0, f[2] && (f[1] || f[0] || f[3])};
            r_e <= e[7:0];
            r_e1 <= e[7:0] + 8'd1;
            r_ovf <= e >= 11'sd255;
            r_ovf1 <= e >= 11'sd254;
            r_e0 <= e == 11'sd0;
        end
    end
    logic carry;
    logic [23:0] mant;
    assign carry = r_m25[24];
    assign mant = carry ? r_m25[24:1] : r_m25[23:0];
    logic [31:0] res;
    always_ff @(posedge clk) begin
        if (ce) begin
            if (r_special) res <= r_special_val;
            else if (carry ? r_ovf1 : r_ovf) res <= {r_sign, 8'hFF, 23'd0};
            else if (!mant[23]) res <= {r_sign, 8'd0, mant[22:0]};
            else res <= {r_sign, carry ? r_e1 : (r_e0 ? 8'd1 : r_e), mant[22:0]};
        end
    end
    hls_delay #(.W(32), .N(EXTRA)) delay (.clk, .ce, .d(res), .q(y));
endmodule
