// One level of a core whose registers are placed by hand (hls_int_div, hls_int_to_fp,
// hls_fp_to_int, hls_fp_widen, hls_fp_rint): level L of N, in a core of latency LAT. With
// LAT >= 3 the core's operand register takes one cycle; the rest go to at most N levels,
// spread evenly, the last always registered (more than N delay the result: hls_delay).
// A level without a register is a wire.
module hls_level #(
    parameter type T = logic,
    parameter int L = 1,
    parameter int N = 1,
    parameter int LAT = 1
) (
    // A level without a register needs neither the clock nor its enable.
    /* verilator lint_off UNUSEDSIGNAL */
    input  logic clk,
    input  logic ce,
    /* verilator lint_on UNUSEDSIGNAL */
    input  T     d,
    output T     q
);
    localparam int RA = LAT - (LAT >= 3 ? 1 : 0);
    localparam int R = RA < N ? RA : N;
    if ((L * R) / N > ((L - 1) * R) / N) begin : g_reg
        always_ff @(posedge clk) if (ce) q <= d;
    end else begin : g_wire
        assign q = d;
    end
endmodule
