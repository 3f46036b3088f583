// An IEEE-754 operand's magnitude (EW exponent and MW fraction bits) as the staged cores
// read it: NaN, infinity, zero, the significand with its hidden bit (0 for a subnormal),
// and the exponent as the arithmetic uses it (1 for a subnormal: the smallest normal's
// scale). One place for the classification every core starts from. With FTZ a subnormal
// reads as zero (denormals-are-zero): the significand's hidden bit is then always 1, a
// constant the cores' leading-zero logic folds away.
/* verilator lint_off DECLFILENAME */
module hls_fp_classify #(
    parameter int EW = 8,
    parameter int MW = 23,
    parameter bit FTZ = 1'b0
) (
    input  logic [EW+MW-1:0] x,
    output logic             nan,
    output logic             inf,
    output logic             zero,
    output logic [MW:0]      sig,
    output logic [EW-1:0]    e
);
    logic [EW-1:0] field;
    assign field = x[EW+MW-1:MW];
    assign nan = field == '1 && x[MW-1:0] != '0;
    assign inf = field == '1 && x[MW-1:0] == '0;
    assign zero = FTZ ? field == '0 : x == '0;
    assign sig = {FTZ || field != '0, x[MW-1:0]};
    assign e = (field == '0) ? EW'(1) : field;
endmodule

// Flush to zero at a core's edge (FTZ cores whose latency is too short for the staged
// datapath: their combinational form is IEEE, so the operands are flushed before it and
// the result after): a subnormal becomes the zero of its sign. Flushing the IEEE result is
// what the staged cores compute too (hls_fp_round, FTZ), so both forms agree to the bit.
module hls_fp_flush #(
    parameter int EW = 8,
    parameter int MW = 23,
    parameter bit FTZ = 1'b1
) (
    input  logic [EW+MW:0] x,
    output logic [EW+MW:0] y
);
    assign y = (FTZ && x[EW+MW-1:MW] == '0) ? {x[EW+MW], (EW+MW)'(0)} : x;
endmodule
