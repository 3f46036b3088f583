// Several cores in one file.
/* verilator lint_off DECLFILENAME */
// Float-format conversions as cores. Widening (half -> float, float -> double) is exact:
// the staged hls_fp_widen. Narrowing is the staged
// hls_fp_narrow: rounds in direction MODE (0 nearest even, 1 toward zero, 2 toward +inf,
// 3 toward -inf), keeps subnormals, overflows to infinity or the largest finite value as
// the direction says, and quiets NaNs keeping their top payload bits.
module hls_fp16_to_fp32 #(
    parameter int LAT = 1
) (
    input  logic        clk,
    input  logic        ce,
    input  logic [15:0] a,
    output logic [31:0] y
);
    hls_fp_widen #(.EWI(5), .MWI(10), .EWO(8), .MWO(23), .LAT(LAT)) core (.clk, .ce, .a, .y);
endmodule

module hls_fp32_to_fp16 #(
    parameter int LAT = 1,
    parameter logic [1:0] MODE = 2'd0
) (
    input  logic        clk,
    input  logic        ce,
    input  logic [31:0] a,
    output logic [15:0] y
);
    hls_fp_narrow #(.EWI(8), .MWI(23), .EWO(5), .MWO(10), .MODE(MODE), .LAT(LAT)) core (.clk, .ce, .a, .y);
endmodule

module hls_fp32_to_fp64 #(
    parameter int LAT = 1
) (
    input  logic        clk,
    input  logic        ce,
    input  logic [31:0] a,
    output logic [63:0] y
);
    hls_fp_widen #(.EWI(8), .MWI(23), .EWO(11), .MWO(52), .LAT(LAT)) core (.clk, .ce, .a, .y);
endmodule

module hls_fp64_to_fp32 #(
    parameter int LAT = 1,
    parameter logic [1:0] MODE = 2'd0
) (
    input  logic        clk,
    input  logic        ce,
    input  logic [63:0] a,
    output logic [31:0] y
);
    hls_fp_narrow #(.EWI(11), .MWI(52), .EWO(8), .MWO(23), .MODE(MODE), .LAT(LAT)) core (.clk, .ce, .a, .y);
endmodule

// A widening float-format conversion (EWI/MWI exponent and fraction bits in, EWO/MWO out),
// exact: a subnormal input becomes a normal output, its leading one the hidden bit; NaNs
// are quieted with their payload kept. As the package function followed by registers
// (hls_fp_pkg::f16_to_f32, f32_to_f64) the leading-one search was a priority chain as long
// as the fraction in one period. Here: with LAT >= 3 an operand register, then levels with
// the remaining registers spread over them (the last always registered, more delaying the
// result): the fraction's leading zeros; the normalizing shift beside both exponents; the
// result picked by class.
module hls_fp_widen #(
    parameter int EWI = 8,
    parameter int MWI = 23,
    parameter int EWO = 11,
    parameter int MWO = 52,
    parameter int LAT = 4
) (
    input  logic               clk,
    input  logic               ce,
    input  logic [EWI+MWI:0]   a,
    output logic [EWO+MWO:0]   y
);
    localparam int N = 3;
    localparam int RA = LAT - (LAT >= 3 ? 1 : 0);
    localparam int TAIL = RA > N ? RA - N : 0;  // registers past one per level
    localparam int WO = EWO + MWO + 1;
    // The output exponent of an input exponent e is e + REBIAS; a subnormal's, with lz
    // leading zeros in its fraction, REBIAS - lz.
    localparam logic [EWO-1:0] REBIAS = EWO'((1 << (EWO - 1)) - (1 << (EWI - 1)));

    typedef struct packed {
        logic [63:0] m;       // the fraction at the top of a word, then normalized
        logic [5:0] lz;
        logic [EWO-1:0] e;
        logic [MWI-1:0] frac; // kept for a NaN's payload
        logic sign;
        logic special;        // infinity or NaN
        logic sub;            // zero or subnormal
    } state_t;

    state_t in;
    logic [EWI-1:0] ex;
    assign ex = a[EWI+MWI-1 -: EWI];
    state_t first;
    assign first = '{m: 64'(a[MWI-1:0]) << (64 - MWI), lz: '0, e: EWO'(ex) + REBIAS,
                     frac: a[MWI-1:0], sign: a[EWI+MWI], special: &ex, sub: ex == '0};
    if (LAT >= 3) begin : g_operand
        always_ff @(posedge clk) if (ce) in <= first;
    end else begin : g_direct
        assign in = first;
    end

    state_t lvl [N + 1] /* verilator split_var */;
    assign lvl[0] = in;
    for (genvar l = 1; l <= N; l++) begin : g_level
        state_t s;
        state_t p;
        assign p = lvl[l-1];
        if (l == 1) begin : g_count
            always_comb begin
                s = p;
                s.lz = ~hls_fp_pkg::lead64(p.m);
            end
        end else if (l == 2) begin : g_normalize
            // The leading one shifted out (it is the hidden bit); a normal input's
            // exponent is rebiased already.
            always_comb begin
                s = p;
                if (p.sub) begin
                    s.m = p.m << (7'(p.lz) + 7'd1);
                    s.e = REBIAS - EWO'(p.lz);
                end
            end
        end else begin : g_pick
            always_comb begin
                s = p;
                if (p.special)
                    s.m = 64'({p.sign, {EWO{1'b1}}, p.frac != '0, p.frac[MWI-2:0], {(MWO - MWI){1'b0}}});
                else if (p.sub && p.frac == '0) s.m = 64'({p.sign, {(WO - 1){1'b0}}});
                else if (p.sub) s.m = 64'({p.sign, p.e, p.m[63 -: MWI], {(MWO - MWI){1'b0}}});
                else s.m = 64'({p.sign, p.e, p.frac, {(MWO - MWI){1'b0}}});
            end
        end
        hls_level #(.T(state_t), .L(l), .N(N), .LAT(LAT)) stage (.clk, .ce, .d(s), .q(lvl[l]));
    end
    hls_delay #(.W($bits(y)), .N(TAIL)) tail (.clk, .ce, .d(lvl[N].m[WO-1:0]), .q(y));
endmodule
