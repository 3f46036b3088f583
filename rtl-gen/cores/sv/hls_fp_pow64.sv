// The double power functions: pow and powr (hls_fp_pow64, KIND 0 and 1), pown (int
// exponent) and cbrt as adapters around it. One file, several modules.
/* verilator lint_off DECLFILENAME */

// binary64 power 2^(Y log2|a|), staged: the double logarithm's stages before rounding
// (hls_fp_log64_sum, base 2), the product with the exponent's significand Y, and the double
// exponential's stages from its fixed-point argument (hls_fp_exp64_t).
// rtl-gen/src/fpow64.rs is the same computation in Rust, bit for bit, with the error
// analysis: within 0.62 ulp of MPFR for pow (OpenCL: 16), 0.51 for cbrt (OpenCL: 2).
// KIND 0: pow(a, b) (C99 Annex F); 1: powr(a, b) (OpenCL: a >= 0); 2: pown (b an int,
// already converted to double exactly); 3: cbrt(a) (b unused; Y = 1/3 to 73 bits); 4:
// rootn (b[31:0] the int n; Y = 1/|n| to 72 bits from a fixed-point division beside the
// logarithm's stages).
//
// Stages: the special cases (stage 1) beside log2|a| on a 2^-120 grid, its sign, magnitude
// and leading one (19 stages); the magnitude normalised to 72 bits and the exponent's
// significand and scale; their product as five partial products; its sum (144 bits); t =
// the product shifted onto a 2^-64 grid, saturated at |t| = 2^12, signed; then 2^t (13
// stages) and the result's sign. With LAT >= STAGES a register ends every stage (extra
// latency is a delay line at the output); with LAT < STAGES the same logic is
// combinational, followed by LAT registers.
module hls_fp_pow64 #(
    parameter int KIND = 0,
    parameter int LAT = 40
) (
    input  logic        clk,
    input  logic        ce,
    input  logic [63:0] a,
    /* verilator lint_off UNUSEDSIGNAL */
    input  logic [63:0] b,  // (cbrt: unused)
    /* verilator lint_on UNUSEDSIGNAL */
    output logic [63:0] y
);
    localparam int STAGES = 36;
    localparam int R = (LAT >= STAGES) ? 1 : 0;  // registers per stage boundary
    localparam int SPW = 65;                      // {special, its value}
    localparam logic [76:0] LIM = 77'd1 << 76;                    // |t| = 2^12

    // Stage 1: the special cases, and the sign of a computed result.
    logic special, sign;
    logic [63:0] special_val;
    hls_fp_pow_special #(.EW(11), .MW(52), .KIND(KIND), .INT_B(KIND == 4)) spc (
        .a, .b, .special, .special_val, .sign
    );
    // Stages 1-19: log2|a| (sign, magnitude below 2^131 on a 2^-120 grid, its leading
    // one); b and the result's sign wait beside it.
    logic [SPW-1:0] sp19;
    logic neg19, zero19;
    logic [130:0] mag19;
    logic [7:0] lead19;
    hls_fp_log64_sum #(.KIND(0), .R(R), .PW(SPW)) logsum (
        .clk, .ce, .pass({special, special_val}), .ex(a[62:52]), .frac(a[51:0]), .corr('0),
        .pass_out(sp19), .neg(neg19), .mag(mag19), .lead(lead19), .zero(zero19)
    );
    logic [63:0] b19;
    hls_delay #(.W(64), .N(19 * R)) bwait (.clk, .ce, .d(b), .q(b19));
    // rootn, beside them: 1/|n| = Y 2^(-72 - p), Y = floor(2^103 / (|n| normalised to 32
    // bits)), p |n|'s leading one: a 73-step restoring division, four steps a stage (19).
    logic [72:0] rq19;
    logic [4:0] p19;
    if (KIND == 4) begin : g_root
        logic [31:0] nm;
        logic [4:0] p;
        assign nm = b[31] ? 32'(-b[31:0]) : b[31:0];
        always_comb begin
            p = '0;
            for (int i = 0; i < 32; i++) if (nm[i]) p = 5'(i);
        end
        hls_fx_div #(.W(32), .Q(73), .SPS(4), .R(R)) recip (
            .clk, .ce, .a(32'h8000_0000), .b(nm << (5'd31 - p)), .q(rq19)
        );
        hls_delay #(.W(5), .N(19 * R)) pwait (.clk, .ce, .d(p), .q(p19));
    end else begin : g_no_root
        assign rq19 = '0;
        assign p19 = '0;
    end
    // Stage 20: the magnitude with its leading one at bit 71 (truncated); the exponent's
    // significand Y (72 bits) and scale (|b| = Y 2^eb), and the shift that puts t on a 2^-64
    // grid (|t| 2^64 = product 2^sh); t's sign.
    /* verilator lint_off UNUSEDSIGNAL */
    logic [140:0] norm;  // (72 bits kept)
    /* verilator lint_on UNUSEDSIGNAL */
    assign norm = {mag19, 10'd0} >> 7'(lead19 - 8'd61);
    logic [10:0] eb;
    logic [71:0] big_y;
    logic signed [12:0] scale;
    assign eb = b19[62:52];
    always_comb begin
        if (KIND == 4) begin
            big_y = rq19[72] ? '1 : rq19[71:0];  // (n = +-1: 2^72 - 1)
            scale = -13'sd72 - 13'(p19);
        end else if (KIND == 3) begin
            big_y = hls_fp_math_pkg::POW64_THIRD;  // 1/3 at 2^73
            scale = -13'sd73;
        end else begin
            big_y = {eb != '0, b19[51:0], 19'd0};
            scale = $signed({2'b00, (eb == '0) ? 11'd1 : eb}) - 13'sd1094;
        end
    end
    logic [SPW-1:0] sp20;
    logic zero20, tneg20;
    logic [71:0] rn20, y20;
    logic signed [12:0] sh20;
    hls_delay #(.W(SPW + 2 + 72 + 72 + 13), .N(R)) st20 (
        .clk, .ce,
        .d({sp19, zero19, neg19 != ((KIND == 4) ? b19[31] : KIND != 3 && b19[63]), norm[71:0], big_y,
            $signed({5'd0, lead19}) - 13'sd127 + scale}),
        .q({sp20, zero20, tneg20, rn20, y20, sh20})
    );
    // Stage 21: the product as five partial products (Y in slices of 17 bits).
    logic [SPW-1:0] sp21;
    logic zero21, tneg21;
    logic signed [12:0] sh21;
    logic [88:0] pp0, pp1, pp2, pp3;
    logic [75:0] pp4;
    hls_delay #(.W(SPW + 2 + 13 + 4 * 89 + 76), .N(R)) st21 (
        .clk, .ce,
        .d({sp20, zero20, tneg20, sh20, 89'(rn20) * 89'(y20[16:0]), 89'(rn20) * 89'(y20[33:17]),
            89'(rn20) * 89'(y20[50:34]), 89'(rn20) * 89'(y20[67:51]), 76'(rn20) * 76'(y20[71:68])}),
        .q({sp21, zero21, tneg21, sh21, pp0, pp1, pp2, pp3, pp4})
    );
    // Stage 22: the product (144 bits, exact).
    logic [SPW-1:0] sp22;
    logic zero22, tneg22;
    logic signed [12:0] sh22;
    logic [143:0] p22;
    hls_delay #(.W(SPW + 2 + 13 + 144), .N(R)) st22 (
        .clk, .ce,
        .d({sp21, zero21, tneg21, sh21, 144'(pp0) + (144'(pp1) << 17) + (144'(pp2) << 34)
                                           + (144'(pp3) << 51) + (144'(pp4) << 68)}),
        .q({sp22, zero22, tneg22, sh22, p22})
    );
    // Stage 23: |t| 2^64 = the product shifted right by -sh (a non-negative sh, or anything
    // from 2^76 up, saturates; 160 or more gives 0), then signed.
    logic [12:0] rs;
    logic [143:0] shifted;
    logic [76:0] tmag;
    assign rs = 13'(-sh22);
    assign shifted = p22 >> rs[7:0];
    always_comb begin
        if (zero22) tmag = '0;
        else if (sh22 >= 13'sd0) tmag = LIM;
        else if (rs >= 13'd160) tmag = '0;
        else if (shifted[143:76] != '0) tmag = LIM;
        else tmag = shifted[76:0];
    end
    logic [SPW-1:0] sp23;
    logic signed [78:0] t23;
    hls_delay #(.W(SPW + 79), .N(R)) st23 (
        .clk, .ce,
        .d({sp22, tneg22 ? -$signed({2'b00, tmag}) : $signed({2'b00, tmag})}),
        .q({sp23, t23})
    );
    // Stages 24-36: 2^t; the sign of a computed result; then the rest of the latency.
    logic [63:0] mag_res;
    hls_fp_exp64_t #(.R(R), .OUT(0)) exp2t (.clk, .ce, .sp(sp23), .t(t23), .y(mag_res));
    logic sign_d;
    hls_delay #(.W(1), .N((STAGES - 1) * R)) swait (.clk, .ce, .d(sign), .q(sign_d));
    hls_delay #(.W(64), .N(LAT - R * (STAGES - 1))) out (
        .clk, .ce, .d({mag_res[63] | sign_d, mag_res[62:0]}), .q(y)
    );
endmodule

// pown(a, b): pow with the int b converted to double (exactly).
module hls_fp_pown64 #(
    parameter int LAT = 40
) (
    input  logic        clk,
    input  logic        ce,
    input  logic [63:0] a,
    input  logic [31:0] b,
    output logic [63:0] y
);
    hls_fp_pow64 #(.KIND(2), .LAT(LAT)) pow (
        .clk, .ce, .a, .b(hls_fp64_pkg::i64_to_f64({{32{b[31]}}, b}, 1'b1, 2'd0)), .y
    );
endmodule

// cbrt(a) = 2^(log2|a| / 3) with a's sign.
module hls_fp_cbrt64 #(
    parameter int LAT = 40
) (
    input  logic        clk,
    input  logic        ce,
    input  logic [63:0] a,
    output logic [63:0] y
);
    hls_fp_pow64 #(.KIND(3), .LAT(LAT)) pow (.clk, .ce, .a, .b(64'd0), .y);
endmodule

// rootn(a, b) = 2^(log2|a| / b) for the int b, a's sign for b odd (OpenCL: NaN for b = 0
// and for a < 0 with b even).
module hls_fp_rootn64 #(
    parameter int LAT = 40
) (
    input  logic        clk,
    input  logic        ce,
    input  logic [63:0] a,
    input  logic [31:0] b,
    output logic [63:0] y
);
    hls_fp_pow64 #(.KIND(4), .LAT(LAT)) pow (.clk, .ce, .a, .b({32'd0, b}), .y);
endmodule
