// N registers in a row with clock enable (N = 0: a wire): the latency an operator core has
// beyond its own stages.
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
    if (N > 0) begin : g_regs
        logic [W-1:0] r [N];
        always_ff @(posedge clk) begin
            if (ce) begin
                r[0] <= d;
                for (int i = 1; i < N; i++) r[i] <= r[i-1];
            end
        end
        assign q = r[N-1];
    end else begin : g_wire
        assign q = d;
    end
endmodule
