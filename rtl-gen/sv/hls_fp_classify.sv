// An IEEE-754 operand's magnitude (EW exponent and MW fraction bits) as the staged cores
// read it: NaN, infinity, zero, the significand with its hidden bit (0 for a subnormal),
// and the exponent as the arithmetic uses it (1 for a subnormal: the smallest normal's
// scale). One place for the classification every core starts from.
module hls_fp_classify #(
    parameter int EW = 8,
    parameter int MW = 23
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
    assign zero = x == '0;
    assign sig = {field != '0, x[MW-1:0]};
    assign e = (field == '0) ? EW'(1) : field;
endmodule
