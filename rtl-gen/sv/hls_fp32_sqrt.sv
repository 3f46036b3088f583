// IEEE-754 binary32 square root: correctly rounded (round to nearest even), subnormal
// inputs, sqrt(-0) = -0, negative or NaN inputs give the quiet NaN 0x7FC00000, sqrt(+inf)
// = +inf. Fixed latency LAT cycles with clock enable.
module hls_fp32_sqrt #(
    parameter int LAT = 28
) (
    input  logic        clk,
    input  logic        ce,
    input  logic [31:0] a,
    output logic [31:0] y
);
    function automatic logic [31:0] hls_fsqrt32(input logic [31:0] x);
        logic [7:0] ex;
        logic [23:0] m;
        logic [4:0] lz;
        logic signed [9:0] e;
        logic signed [9:0] half;
        logic [51:0] rad, rem, trial;
        logic [25:0] r;
        logic sticky;
        ex = x[30:23];
        if (ex == 8'hFF && x[22:0] != 23'd0) return 32'h7FC00000;
        if (x[30:0] == 31'd0) return x;  // +-0
        if (x[31]) return 32'h7FC00000;
        if (ex == 8'hFF) return x;       // +inf
        m = {ex != 8'd0, x[22:0]};
        lz = 5'd24;
        for (int i = 0; i <= 23; i++) if (m[i]) lz = 5'(23 - i);
        m = m << lz;
        // Unbiased exponent of 1.f; an odd one moves a factor 2 into the radicand.
        e = $signed({2'd0, (ex == 8'd0) ? 8'd1 : ex}) - 10'sd127 - $signed({5'd0, lz});
        rad = e[0] ? ({28'd0, m} << 28) : ({28'd0, m} << 27);
        half = (e - (e[0] ? 10'sd1 : 10'sd0)) >>> 1;
        // Digit-by-digit square root: 26 result bits and the remainder.
        r = 26'd0;
        rem = 52'd0;
        for (int i = 25; i >= 0; i--) begin
            rem = (rem << 2) | 52'(rad[2*i +: 2]);
            trial = {24'd0, r, 2'b01};
            if (rem >= trial) begin
                rem = rem - trial;
                r = {r[24:0], 1'b1};
            end else begin
                r = {r[24:0], 1'b0};
            end
        end
        sticky = r[0] || (rem != 52'd0);
        return hls_fp_pkg::round_pack32(1'b0, 13'(half) + 13'sd127, {r[25:1], 1'b0, sticky});
    endfunction

    logic [31:0] stage [LAT];
    always_ff @(posedge clk) begin
        if (ce) begin
            stage[0] <= hls_fsqrt32(a);
            for (int i = 1; i < LAT; i++) stage[i] <= stage[i-1];
        end
    end
    assign y = stage[LAT-1];
endmodule
