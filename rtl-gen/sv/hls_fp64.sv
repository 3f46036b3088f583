// binary64 operator cores around hls_fp64_pkg: the combinational function, then LAT
// registers with clock enable (the board's latency). Correctly rounded (nearest even),
// subnormals kept.
module hls_fp64_add #(
    parameter int LAT = 12
) (
    input  logic        clk,
    input  logic        ce,
    input  logic        sub,
    input  logic [63:0] a,
    input  logic [63:0] b,
    output logic [63:0] y
);
    hls_delay #(.W(64), .N(LAT)) delay (.clk(clk), .ce(ce),
        .d(hls_fp64_pkg::fadd64(a, {b[63] ^ sub, b[62:0]})), .q(y));
endmodule

module hls_fp64_mul #(
    parameter int LAT = 12
) (
    input  logic        clk,
    input  logic        ce,
    input  logic [63:0] a,
    input  logic [63:0] b,
    output logic [63:0] y
);
    hls_delay #(.W(64), .N(LAT)) delay (.clk(clk), .ce(ce), .d(hls_fp64_pkg::fmul64(a, b)), .q(y));
endmodule

module hls_fp64_div #(
    parameter int LAT = 57
) (
    input  logic        clk,
    input  logic        ce,
    input  logic [63:0] a,
    input  logic [63:0] b,
    output logic [63:0] y
);
    hls_delay #(.W(64), .N(LAT)) delay (.clk(clk), .ce(ce), .d(hls_fp64_pkg::fdiv64(a, b)), .q(y));
endmodule

module hls_fp64_sqrt #(
    parameter int LAT = 57
) (
    input  logic        clk,
    input  logic        ce,
    input  logic [63:0] a,
    output logic [63:0] y
);
    hls_delay #(.W(64), .N(LAT)) delay (.clk(clk), .ce(ce), .d(hls_fp64_pkg::fsqrt64(a)), .q(y));
endmodule

module hls_fp64_fma #(
    parameter int LAT = 20
) (
    input  logic        clk,
    input  logic        ce,
    input  logic [63:0] a,
    input  logic [63:0] b,
    input  logic [63:0] c,
    output logic [63:0] y
);
    hls_delay #(.W(64), .N(LAT)) delay (.clk(clk), .ce(ce), .d(hls_fp64_pkg::ffma64(a, b, c)), .q(y));
endmodule
