// IEEE-754 binary32 adder/subtractor: round to nearest even, subnormal inputs and outputs,
// infinities, NaN (quiet NaN 0x7FC00000 out). Fixed latency LAT cycles with clock enable.
module hls_fp32_add #(
    parameter int LAT = 8
) (
    input  logic        clk,
    input  logic        ce,
    input  logic        sub,
    input  logic [31:0] a,
    input  logic [31:0] b,
    output logic [31:0] y
);
    function automatic logic [31:0] hls_fadd32(input logic [31:0] x, input logic [31:0] z_in);
        logic sx, sz, eff_sub, x_big, sign;
        logic [7:0] ex, ez;
        logic [8:0] e_big, e_small, e, d;
        logic [23:0] fx, fz, f_big, f_small;
        logic [26:0] big_ext, small_ext, small_full, norm;
        logic [27:0] sum;
        logic [4:0] lz;
        logic [8:0] sh;
        logic lost;
        logic [31:0] res;
        sx = x[31]; sz = z_in[31];
        ex = x[30:23]; ez = z_in[30:23];
        fx = {ex != 8'd0, x[22:0]};
        fz = {ez != 8'd0, z_in[22:0]};
        res = 32'd0;
        if ((ex == 8'hFF && x[22:0] != 23'd0) || (ez == 8'hFF && z_in[22:0] != 23'd0)) begin
            res = 32'h7FC00000;
        end else if (ex == 8'hFF && ez == 8'hFF) begin
            res = (sx == sz) ? x : 32'h7FC00000;
        end else if (ex == 8'hFF) begin
            res = x;
        end else if (ez == 8'hFF) begin
            res = z_in;
        end else begin
            // Order by magnitude; subnormals have effective exponent 1.
            x_big = {ex, x[22:0]} >= {ez, z_in[22:0]};
            e_big   = x_big ? {1'b0, (ex == 8'd0) ? 8'd1 : ex} : {1'b0, (ez == 8'd0) ? 8'd1 : ez};
            e_small = x_big ? {1'b0, (ez == 8'd0) ? 8'd1 : ez} : {1'b0, (ex == 8'd0) ? 8'd1 : ex};
            f_big   = x_big ? fx : fz;
            f_small = x_big ? fz : fx;
            sign    = x_big ? sx : sz;
            eff_sub = sx ^ sz;
            d = e_big - e_small;
            big_ext = {f_big, 3'b000};
            small_full = {f_small, 3'b000};
            if (d > 9'd26) begin
                small_ext = {26'd0, f_small != 24'd0};
            end else begin
                lost = (small_full & ((27'd1 << d[4:0]) - 27'd1)) != 27'd0;
                small_ext = (small_full >> d[4:0]) | {26'd0, lost};
            end
            sum = eff_sub ? ({1'b0, big_ext} - {1'b0, small_ext}) : ({1'b0, big_ext} + {1'b0, small_ext});
            if (sum == 28'd0) begin
                // Exact zero: x + (-x) is +0 in round-to-nearest; (-0) + (-0) is -0.
                res = {eff_sub ? 1'b0 : sx, 31'd0};
            end else begin
                if (sum[27]) begin
                    norm = {sum[27:2], sum[1] | sum[0]};
                    e = e_big + 9'd1;
                end else begin
                    lz = 5'd27;
                    for (int i = 0; i <= 26; i++) if (sum[i]) lz = 5'(26 - i);
                    // Never shift below exponent 1: what is left is a subnormal.
                    sh = ({4'd0, lz} < e_big) ? {4'd0, lz} : e_big - 9'd1;
                    norm = sum[26:0] << sh[4:0];
                    e = e_big - sh;
                end
                res = hls_fp_pkg::round_pack32(sign, $signed({4'd0, e}), norm);
            end
        end
        return res;
    endfunction

    logic [31:0] stage [LAT];
    always_ff @(posedge clk) begin
        if (ce) begin
            stage[0] <= hls_fadd32(a, {b[31] ^ sub, b[30:0]});
            for (int i = 1; i < LAT; i++) stage[i] <= stage[i-1];
        end
    end
    assign y = stage[LAT-1];
endmodule
