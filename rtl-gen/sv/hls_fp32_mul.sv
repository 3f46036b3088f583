// IEEE-754 binary32 multiplier: round to nearest even, subnormal inputs and outputs,
// infinities, NaN (quiet NaN 0x7FC00000 out). Fixed latency LAT cycles with clock enable.
module hls_fp32_mul #(
    parameter int LAT = 6
) (
    input  logic        clk,
    input  logic        ce,
    input  logic [31:0] a,
    input  logic [31:0] b,
    output logic [31:0] y
);
    function automatic logic [31:0] hls_fmul32(input logic [31:0] x, input logic [31:0] z_in);
        logic sign, sticky;
        logic [7:0] ex, ez;
        logic [23:0] fx, fz;
        logic [47:0] p, q;
        logic [5:0] lz;
        logic signed [10:0] er;
        logic [10:0] rs;
        logic [31:0] res;
        sign = x[31] ^ z_in[31];
        ex = x[30:23]; ez = z_in[30:23];
        fx = {ex != 8'd0, x[22:0]};
        fz = {ez != 8'd0, z_in[22:0]};
        res = 32'd0;
        if ((ex == 8'hFF && x[22:0] != 23'd0) || (ez == 8'hFF && z_in[22:0] != 23'd0)) begin
            res = 32'h7FC00000;
        end else if (ex == 8'hFF || ez == 8'hFF) begin
            // inf * 0 is invalid; inf * anything else is inf.
            res = ((ex == 8'hFF && z_in[30:0] == 31'd0) || (ez == 8'hFF && x[30:0] == 31'd0))
                ? 32'h7FC00000 : {sign, 8'hFF, 23'd0};
        end else if (x[30:0] == 31'd0 || z_in[30:0] == 31'd0) begin
            res = {sign, 31'd0};
        end else begin
            p = fx * fz;
            lz = 6'd48;
            for (int i = 0; i <= 47; i++) if (p[i]) lz = 6'(47 - i);
            q = p << lz;
            // Biased exponent of the leading one at bit 47.
            er = $signed({3'd0, (ex == 8'd0) ? 8'd1 : ex}) + $signed({3'd0, (ez == 8'd0) ? 8'd1 : ez})
                 - 11'sd126 - $signed({5'd0, lz});
            sticky = 1'b0;
            if (er < 11'sd1) begin
                // Subnormal result: shift right, keep what falls off as sticky.
                rs = 11'd1 - er;
                if (rs > 11'd47) begin
                    sticky = q != 48'd0;
                    q = 48'd0;
                end else begin
                    sticky = (q & ((48'd1 << rs[5:0]) - 48'd1)) != 48'd0;
                    q = q >> rs[5:0];
                end
                er = 11'sd0;
            end
            sticky = sticky | (q[22:0] != 23'd0);
            res = hls_fp_pkg::round_pack32(sign, 13'(er), {q[47:24], q[23], 1'b0, sticky});
        end
        return res;
    endfunction

    logic [31:0] stage [LAT];
    always_ff @(posedge clk) begin
        if (ce) begin
            stage[0] <= hls_fmul32(a, b);
            for (int i = 1; i < LAT; i++) stage[i] <= stage[i-1];
        end
    end
    assign y = stage[LAT-1];
endmodule
