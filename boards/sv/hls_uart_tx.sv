// 8N1 UART transmitter, CLKS_PER_BIT clock cycles per bit.

module hls_uart_tx #(
    parameter int CLKS_PER_BIT = 434
) (
    input  logic       clk,
    input  logic       rst_n,
    input  logic       start,   // accepted when !busy
    input  logic [7:0] data,
    output logic       busy,
    output logic       tx
);
    logic [9:0] frame;
    logic [3:0] bit_i;
    logic [$clog2(CLKS_PER_BIT + 1):0] count;
    always_ff @(posedge clk) begin
        if (!rst_n) begin
            busy <= 1'b0;
            tx <= 1'b1;
        end else if (!busy) begin
            tx <= 1'b1;
            if (start) begin
                busy <= 1'b1;
                frame <= {1'b1, data, 1'b0};
                bit_i <= '0;
                count <= '0;
            end
        end else if (count != 0) begin
            count <= count - 1'b1;
        end else if (bit_i == 10) begin
            busy <= 1'b0;
        end else begin
            tx <= frame[bit_i];
            bit_i <= bit_i + 1'b1;
            count <= ($bits(count))'(CLKS_PER_BIT - 1);
        end
    end
endmodule
