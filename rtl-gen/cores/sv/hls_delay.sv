// N registers in a row with clock enable (N = 0: a wire): the latency an operator core has
// beyond its own stages. One packed shift register (a single assignment, no loop: Verilator
// unrolls loops only so far, and a delay of a hundred cycles is a long loop).
module hls_delay #(
    parameter int W = 32,
    parameter int N = 1
) (
    // With N = 0 the clock and its enable are not needed.
    /* verilator lint_off UNUSEDSIGNAL */
    input  logic         clk,
    input  logic         ce,
    /* verilator lint_on UNUSEDSIGNAL */
    input  logic [W-1:0] d,
    output logic [W-1:0] q
);
    if (N == 1) begin : g_reg
        logic [W-1:0] r;
        always_ff @(posedge clk) if (ce) r <= d;
        assign q = r;
    end else if (N > 1) begin : g_regs
        logic [N-1:0][W-1:0] r;
        always_ff @(posedge clk) if (ce) r <= {r[N-2:0], d};
        assign q = r[N-1];
    end else begin : g_wire
        assign q = d;
    end
endmodule
