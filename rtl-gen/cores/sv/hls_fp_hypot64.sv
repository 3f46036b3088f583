// binary64 hypot(a, b) = sqrt(a^2 + b^2) without undue overflow or underflow, within 1.1
// ulp (OpenCL allows 4), from the correctly rounded double cores: m = max(|a|, |b|) and n =
// min scaled by S = 2^(1023 - e) (e: m's exponent field, at least 1; exact: a power of two,
// and n's bits lost below the subnormal range are far below m's ulp); sum = fma(m S, m S,
// (n S)^2); r = sqrt(sum) 2^(e - 1023) (one more rounding only for a subnormal result).
// C99's special cases: an infinite operand gives +inf even beside a NaN; otherwise a NaN
// gives NaN. rtl-gen/src/fpow64.rs's `hypot` is the same computation in Rust.
//
// Latency: a register after choosing m, n and the scale, then the multipliers, fma and
// square root at their own stage counts (10, 15, 55: 101 in all) when LAT allows, the rest
// a delay line at the output; below that no register there, each core gets LAT/5 (its
// combinational form, or fewer registers) and the output the remainder.
module hls_fp_hypot64 #(
    parameter int LAT = 101
) (
    input  logic        clk,
    input  logic        ce,
    /* verilator lint_off UNUSEDSIGNAL */
    input  logic [63:0] a,  // (signs: hypot reads magnitudes)
    input  logic [63:0] b,
    /* verilator lint_on UNUSEDSIGNAL */
    output logic [63:0] y
);
    localparam int PL = hls_fp_pkg::sigmul_latency(53);
    localparam int NAT_MUL = PL + 6, NAT_FMA = PL + 11, NAT_SQRT = 55;
    localparam int NATURAL = 1 + 3 * NAT_MUL + NAT_FMA + NAT_SQRT;
    localparam int IN = (LAT >= NATURAL) ? 1 : 0;
    localparam int SHORT = (LAT / 5 > 0) ? LAT / 5 : 1;
    localparam int L_MUL = (LAT >= NATURAL) ? NAT_MUL : SHORT;
    localparam int L_FMA = (LAT >= NATURAL) ? NAT_FMA : SHORT;
    localparam int L_SQRT = (LAT >= NATURAL) ? NAT_SQRT : SHORT;
    localparam int USED = IN + 3 * L_MUL + L_FMA + L_SQRT;
    localparam int REST = (LAT > USED) ? LAT - USED : 0;
    localparam logic [62:0] PINF = 63'h7FF0_0000_0000_0000;

    // The special cases; m and n; the scale S and its inverse.
    logic [62:0] xa, ya, m, n;
    logic special;
    logic [63:0] special_val;
    assign xa = a[62:0];
    assign ya = b[62:0];
    assign m = (xa >= ya) ? xa : ya;
    assign n = (xa >= ya) ? ya : xa;
    assign special = xa >= PINF || ya >= PINF;
    assign special_val = (xa == PINF || ya == PINF) ? {1'b0, PINF} : 64'h7FF8_0000_0000_0000;
    logic [10:0] e;
    assign e = (m[62:52] == '0) ? 11'd1 : m[62:52];
    logic [63:0] scale, unscale;
    // 2^(1023 - e): exponent field 2046 - e, or for e = 2046 the subnormal 2^-1023.
    assign scale = (e == 11'd2046) ? 64'h0008_0000_0000_0000 : {1'b0, 11'(11'd2046 - e), 52'd0};
    assign unscale = {1'b0, e, 52'd0};  // 2^(e - 1023)
    // (The register after the choice.)
    logic [62:0] m1, n1;
    logic [63:0] scale1, unscale1;
    hls_delay #(.W(2 * 63 + 2 * 64), .N(IN)) st_in (
        .clk, .ce, .d({m, n, scale, unscale}), .q({m1, n1, scale1, unscale1})
    );
    // m S and n S.
    logic [63:0] ms, ns;
    hls_fp_mul #(.EW(11), .MW(52), .LAT(L_MUL)) mul_m (.clk, .ce, .a({1'b0, m1}), .b(scale1), .y(ms));
    hls_fp_mul #(.EW(11), .MW(52), .LAT(L_MUL)) mul_n (.clk, .ce, .a({1'b0, n1}), .b(scale1), .y(ns));
    // (n S)^2, with m S waiting beside it.
    logic [63:0] nn, ms_d;
    hls_fp_mul #(.EW(11), .MW(52), .LAT(L_MUL)) mul_nn (.clk, .ce, .a(ns), .b(ns), .y(nn));
    hls_delay #(.W(64), .N(L_MUL)) ms_wait (.clk, .ce, .d(ms), .q(ms_d));
    // (m S)^2 + (n S)^2 rounded once, its square root, times 2^(e - 1023).
    logic [63:0] sum, root, unscale_d;
    hls_fp_fma #(.EW(11), .MW(52), .LAT(L_FMA)) fma (.clk, .ce, .a(ms_d), .b(ms_d), .c(nn), .y(sum));
    hls_fp_sqrt #(.EW(11), .MW(52), .LAT(L_SQRT)) sqrt (.clk, .ce, .a(sum), .y(root));
    hls_delay #(.W(64), .N(2 * L_MUL + L_FMA + L_SQRT)) unscale_wait (
        .clk, .ce, .d(unscale1), .q(unscale_d)
    );
    logic [63:0] res;
    hls_fp_mul #(.EW(11), .MW(52), .LAT(L_MUL)) mul_r (.clk, .ce, .a(root), .b(unscale_d), .y(res));
    // The special result, waiting the whole way; then the rest of the latency.
    logic [64:0] sp_d;
    hls_delay #(.W(65), .N(USED)) sp_wait (.clk, .ce, .d({special, special_val}), .q(sp_d));
    hls_delay #(.W(64), .N(REST)) out (.clk, .ce, .d(sp_d[64] ? sp_d[63:0] : res), .q(y));
endmodule
