// 8N1 UART receiver, CLKS_PER_BIT clock cycles per bit.

module hls_uart_rx #(
    parameter int CLKS_PER_BIT = 434
) (
    input  logic       clk,
    input  logic       rst_n,
    input  logic       rx,
    output logic       valid,   // one cycle, with `data`
    output logic [7:0] data
);
    // Two flip-flops bring the asynchronous line into the clock domain.
    logic rx_s0, rx_s;
    logic [$clog2(CLKS_PER_BIT * 3 / 2 + 1):0] count;
    logic [3:0] bit_i;
    logic busy;
    always_ff @(posedge clk) begin
        rx_s0 <= rx;
        rx_s <= rx_s0;
        valid <= 1'b0;
        if (!rst_n) begin
            busy <= 1'b0;
            rx_s0 <= 1'b1;
            rx_s <= 1'b1;
        end else if (!busy) begin
            if (!rx_s) begin
                // The start bit's edge: sample each data bit in its middle.
                busy <= 1'b1;
                count <= ($bits(count))'(CLKS_PER_BIT * 3 / 2 - 1);
                bit_i <= '0;
            end
        end else if (count != 0) begin
            count <= count - 1'b1;
        end else if (bit_i < 8) begin
            data <= {rx_s, data[7:1]};
            bit_i <= bit_i + 1'b1;
            count <= ($bits(count))'(CLKS_PER_BIT - 1);
        end else begin
            // The stop bit's middle.
            busy <= 1'b0;
            valid <= rx_s;
        end
    end
endmodule
