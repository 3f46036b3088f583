// p = c + a b (a signed; b signed with BSIGNED, else unsigned; c signed) for a stage that
// adds a product to something: the partial products of a by b's 17-bit slices (a 17-bit
// slice, unsigned or the signed top one, is a signed 18-bit operand: one column of
// 18 x 18 blocks) are registered with c (R = 1; R = 0: the combinational form), and p is
// their sum after that register, combinational, as a tree of adders (two levels for up to
// four terms), for the caller to register in its next stage. So a stage holds the blocks
// of one slice and their adder, not every slice's and a chain of adders behind them
// (hls_fx_mul registers the sum as well, a stage of its own). Exact.
module hls_fx_smul #(
    parameter int AW = 36,
    parameter int BW = 28,
    parameter bit BSIGNED = 1'b0,
    parameter int CW = 1,
    parameter int R = 1,
    localparam int OW = ((CW > AW + BW) ? CW : AW + BW) + 1
) (
    input  logic                       clk,
    input  logic                       ce,
    input  logic signed [AW-1:0]       a,
    input  logic        [BW-1:0]       b,
    input  logic signed [CW-1:0]       c,
    output logic signed [OW-1:0]       p
);
    localparam int NS = (BW + 16) / 17;
    localparam int PW = AW + 18;  // a times a signed 18-bit operand
    localparam int NT = NS + 1;   // the terms: the slices' products and c
    logic [NS*17-1:0] bx;
    assign bx = BSIGNED ? (NS * 17)'($signed(b)) : (NS * 17)'(b);
    logic [NS*PW-1:0] pp, pp_r;
    for (genvar g = 0; g < NS; g++) begin : g_pp
        logic signed [PW-1:0] as, bs;
        assign as = PW'(a);
        // (b's top slice, sign-extended to 17 bits, is signed when b is.)
        assign bs = (BSIGNED && g == NS - 1) ? PW'($signed(bx[g*17 +: 17]))
                                              : PW'($signed({1'b0, bx[g*17 +: 17]}));
        assign pp[g*PW +: PW] = as * bs;
    end
    logic signed [CW-1:0] c_r;
    hls_delay #(.W(NS * PW + CW), .N(R)) st_pp (.clk, .ce, .d({pp, c}), .q({pp_r, c_r}));
    logic signed [OW-1:0] t [NT];
    always_comb begin
        for (int g = 0; g < NS; g++) t[g] = OW'($signed(pp_r[g*PW +: PW])) << (17 * g);
        t[NS] = OW'(c_r);
        for (int w = 1; w < NT; w *= 2)
            for (int i = 0; i + w < NT; i += 2 * w) t[i] = t[i] + t[i + w];
        p = t[0];
    end
endmodule
