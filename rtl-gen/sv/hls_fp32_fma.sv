// IEEE-754 binary32 fused multiply-add a * b + c with a single rounding (nearest even),
// subnormal inputs and outputs, infinities, NaN (quiet NaN 0x7FC00000 out). Fixed latency
// LAT cycles with clock enable.
module hls_fp32_fma #(
    parameter int LAT = 14
) (
    input  logic        clk,
    input  logic        ce,
    input  logic [31:0] a,
    input  logic [31:0] b,
    input  logic [31:0] c,
    output logic [31:0] y
);
    function automatic logic [31:0] hls_ffma32(input logic [31:0] x, input logic [31:0] z, input logic [31:0] w);
        logic sp, sc, sign, eff_sub, p_inf, sticky;
        logic [7:0] ex, ez, ew;
        logic [47:0] p;
        logic signed [11:0] ep, ec, emax, e;
        logic [11:0] d;
        logic [52:0] xp, xc, big, little, sum;
        logic [6:0] lead;
        logic [26:0] norm;  // leading one at bit 26 (or lower: subnormal)
        logic signed [11:0] sh;
        logic [31:0] res;
        sp = x[31] ^ z[31];
        sc = w[31];
        ex = x[30:23]; ez = z[30:23]; ew = w[30:23];
        p_inf = ex == 8'hFF || ez == 8'hFF;
        res = 32'd0;
        if ((ex == 8'hFF && x[22:0] != 23'd0) || (ez == 8'hFF && z[22:0] != 23'd0) || (ew == 8'hFF && w[22:0] != 23'd0)) begin
            res = 32'h7FC00000;
        end else if (p_inf && (x[30:0] == 31'd0 || z[30:0] == 31'd0)) begin
            res = 32'h7FC00000;  // inf * 0
        end else if (p_inf) begin
            res = (ew == 8'hFF && sc != sp) ? 32'h7FC00000 : {sp, 8'hFF, 23'd0};
        end else if (ew == 8'hFF) begin
            res = w;
        end else if (x[30:0] == 31'd0 || z[30:0] == 31'd0) begin
            // Exact zero product: the sum is c, and for c = +-0 the IEEE sign rule.
            res = (w[30:0] == 31'd0) ? {sp & sc, 31'd0} : w;
        end else begin
            p = {ex != 8'd0, x[22:0]} * {ez != 8'd0, z[22:0]};
            // Both terms as integers times 2^(e - 176): the product P<<3, the addend c<<26.
            ep = $signed({4'd0, (ex == 8'd0) ? 8'd1 : ex}) + $signed({4'd0, (ez == 8'd0) ? 8'd1 : ez}) - 12'sd127;
            ec = $signed({4'd0, (ew == 8'd0) ? 8'd1 : ew});
            xp = {2'b00, p, 3'b000};
            xc = {3'b000, ew != 8'd0, w[22:0], 26'd0};
            if (w[30:0] == 31'd0) ec = ep;  // a zero addend aligns anywhere
            emax = (ep >= ec) ? ep : ec;
            big = (ep >= ec) ? xp : xc;
            little = (ep >= ec) ? xc : xp;
            d = 12'((ep >= ec) ? ep - ec : ec - ep);
            if (d > 12'd52) begin
                sticky = little != 53'd0;
                little = {52'd0, sticky};
            end else begin
                sticky = (little & ((53'd1 << d[5:0]) - 53'd1)) != 53'd0;
                little = (little >> d[5:0]) | {52'd0, sticky};
            end
            eff_sub = sp != sc;
            sign = (ep >= ec) ? sp : sc;
            if (eff_sub) begin
                if (little > big) begin
                    sum = little - big;
                    sign = !sign;
                end else begin
                    sum = big - little;
                end
            end else begin
                sum = big + little;
            end
            if (sum == 53'd0) begin
                res = 32'd0;  // exact cancellation rounds to +0
            end else begin
                lead = 7'd0;
                for (int i = 0; i < 53; i++) if (sum[i]) lead = 7'(i);
                // Biased exponent if the leading one is kept: value = 1.f * 2^(lead + emax - 176).
                e = $signed({5'd0, lead}) + emax - 12'sd49;
                // Place the leading one at bit 26 (or lower for a subnormal result).
                sh = $signed({5'd0, lead}) - 12'sd26 + ((e < 12'sd1) ? (12'sd1 - e) : 12'sd0);
                if (e < 12'sd1) e = 12'sd0;
                if (sh > 0) begin
                    if (sh > 12'sd52) begin
                        norm = {26'd0, sum != 53'd0};
                    end else begin
                        sticky = (sum & ((53'd1 << sh[5:0]) - 53'd1)) != 53'd0;
                        norm = 27'(sum >> sh[5:0]) | {26'd0, sticky};
                    end
                end else begin
                    norm = 27'(sum << 6'(-sh));
                end
                res = hls_fp_pkg::round_pack32(sign, 13'(e), norm);
            end
        end
        return res;
    endfunction

    logic [31:0] stage [LAT];
    always_ff @(posedge clk) begin
        if (ce) begin
            stage[0] <= hls_ffma32(a, b, c);
            for (int i = 1; i < LAT; i++) stage[i] <= stage[i-1];
        end
    end
    assign y = stage[LAT-1];
endmodule
