// IEEE-754 binary32 divider: correctly rounded (round to nearest even), subnormal inputs
// and outputs, infinities, NaN (quiet NaN 0x7FC00000 out). Fixed latency LAT cycles with
// clock enable.
module hls_fp32_div #(
    parameter int LAT = 28
) (
    input  logic        clk,
    input  logic        ce,
    input  logic [31:0] a,
    input  logic [31:0] b,
    output logic [31:0] y
);
    // Significand with the hidden bit, shifted so that bit 23 is set; returns the shift.
    function automatic logic [4:0] hls_lz24(input logic [23:0] m);
        logic [4:0] n;
        n = 5'd24;
        for (int i = 0; i <= 23; i++) if (m[i]) n = 5'(23 - i);
        return n;
    endfunction

    function automatic logic [31:0] hls_fdiv32(input logic [31:0] x, input logic [31:0] z);
        logic sign, sticky;
        logic [7:0] ex, ez;
        logic [23:0] mx, mz;
        logic [4:0] lx, lz;
        logic [49:0] num;
        logic [26:0] q;
        logic signed [11:0] e;
        logic [11:0] rs;
        logic [31:0] res;
        sign = x[31] ^ z[31];
        ex = x[30:23]; ez = z[30:23];
        res = 32'd0;
        if ((ex == 8'hFF && x[22:0] != 23'd0) || (ez == 8'hFF && z[22:0] != 23'd0)) begin
            res = 32'h7FC00000;
        end else if ((ex == 8'hFF && ez == 8'hFF) || (x[30:0] == 31'd0 && z[30:0] == 31'd0)) begin
            res = 32'h7FC00000;  // inf/inf, 0/0
        end else if (ex == 8'hFF || z[30:0] == 31'd0) begin
            res = {sign, 8'hFF, 23'd0};  // inf/finite, finite/0
        end else if (ez == 8'hFF || x[30:0] == 31'd0) begin
            res = {sign, 31'd0};  // finite/inf, 0/finite
        end else begin
            mx = {ex != 8'd0, x[22:0]};
            mz = {ez != 8'd0, z[22:0]};
            lx = hls_lz24(mx);
            lz = hls_lz24(mz);
            mx = mx << lx;
            mz = mz << lz;
            // Biased exponent of the quotient when its leading one is at bit 26.
            e = $signed({4'd0, (ex == 8'd0) ? 8'd1 : ex}) - $signed({7'd0, lx})
              - $signed({4'd0, (ez == 8'd0) ? 8'd1 : ez}) + $signed({7'd0, lz}) + 12'sd127;
            num = {mx, 26'd0};
            q = 27'(num / {26'd0, mz});
            sticky = (num % {26'd0, mz}) != 50'd0;
            if (!q[26]) begin
                q = {q[25:0], 1'b0};
                e = e - 12'sd1;
            end
            if (e < 12'sd1) begin
                // Subnormal result: shift right, keep what falls off as sticky.
                rs = 12'(12'sd1 - e);
                if (rs > 12'd26) begin
                    sticky = sticky | (q != 27'd0);
                    q = 27'd0;
                end else begin
                    sticky = sticky | ((q & ((27'd1 << rs[4:0]) - 27'd1)) != 27'd0);
                    q = q >> rs[4:0];
                end
                e = 12'sd0;
            end
            res = hls_fp_pkg::round_pack32(sign, 13'(e), {q[26:1], q[0] | sticky});
        end
        return res;
    endfunction

    logic [31:0] stage [LAT];
    always_ff @(posedge clk) begin
        if (ce) begin
            stage[0] <= hls_fdiv32(a, b);
            for (int i = 1; i < LAT; i++) stage[i] <= stage[i-1];
        end
    end
    assign y = stage[LAT-1];
endmodule
