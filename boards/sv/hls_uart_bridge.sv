// The host's way into an open board: commands over the UART become AXI4-Lite accesses of
// the kernel's control slave or word accesses of a global-memory bank.
//
//   'W' (0x57) addr[4] data[4]   write a word        -> 'K' (0x4B) when done
//   'R' (0x52) addr[4]           read a word         -> data[4]
// Bytes little-endian. Address map: 0x0000_0000 + offset: the kernel's control registers
// (12-bit offsets); 0x1000_0000 + bank * 0x0100_0000 + byte address: global memory bank
// `bank` (word aligned). The kernel's buffer pointers are these same addresses: a bank
// decodes only its own low bits.
module hls_uart_bridge #(
    parameter int CLKS_PER_BIT = 434,
    parameter int BANKS = 1
) (
    input  logic        clk,
    input  logic        rst_n,
    input  logic        uart_rx,
    output logic        uart_tx,
    // AXI4-Lite master to the kernel's s_axi_control
    output logic        awvalid,
    input  logic        awready,
    output logic [11:0] awaddr,
    output logic        wvalid,
    input  logic        wready,
    output logic [31:0] wdata,
    output logic [3:0]  wstrb,
    input  logic        bvalid,
    output logic        bready,
    output logic        arvalid,
    input  logic        arready,
    output logic [11:0] araddr,
    input  logic        rvalid,
    output logic        rready,
    input  logic [31:0] rdata,
    // the banks' host ports
    output logic [BANKS-1:0]    h_valid,
    output logic                h_we,
    output logic [23:0]         h_addr,
    output logic [31:0]         h_wdata,
    input  logic [BANKS*32-1:0] h_rdata
);
    logic rx_valid;
    logic [7:0] rx_data;
    hls_uart_rx #(.CLKS_PER_BIT(CLKS_PER_BIT)) u_rx (.clk, .rst_n, .rx(uart_rx), .valid(rx_valid), .data(rx_data));
    logic tx_start, tx_busy;
    logic [7:0] tx_data;
    hls_uart_tx #(.CLKS_PER_BIT(CLKS_PER_BIT)) u_tx (.clk, .rst_n, .start(tx_start), .data(tx_data), .busy(tx_busy), .tx(uart_tx));

    typedef enum logic [3:0] {CMD, ARGS, DISPATCH, CTRL_W, CTRL_B, CTRL_AR, CTRL_R, MEM1, MEM2, REPLY} state_t;
    state_t state;
    logic is_write;
    logic [63:0] args;      // bytes shifted in from the top: a write's {data, addr}, a read's {addr, -}
    logic [3:0] got;        // bytes of args received
    logic [31:0] reply;
    logic [2:0] left;       // reply bytes left to send
    logic [3:0] bank;

    wire [31:0] addr = is_write ? args[31:0] : args[63:32];
    // Offsets beyond a bank's words and the control slave's 12 bits are not decoded.
    /* verilator lint_off UNUSEDSIGNAL */
    wire unused_addr = ^addr;
    /* verilator lint_on UNUSEDSIGNAL */

    assign awaddr = addr[11:0];
    assign araddr = addr[11:0];
    assign wdata = args[63:32];
    assign wstrb = 4'hF;
    assign h_we = is_write;
    assign h_addr = addr[23:0];
    assign h_wdata = args[63:32];

    always_ff @(posedge clk) begin
        tx_start <= 1'b0;
        h_valid <= '0;
        if (!rst_n) begin
            state <= CMD;
            awvalid <= 1'b0;
            wvalid <= 1'b0;
            arvalid <= 1'b0;
            bready <= 1'b0;
            rready <= 1'b0;
        end else begin
            case (state)
                CMD: if (rx_valid && (rx_data == 8'h57 || rx_data == 8'h52)) begin
                    is_write <= rx_data == 8'h57;
                    got <= '0;
                    state <= ARGS;
                end
                ARGS: if (rx_valid) begin
                    args <= {rx_data, args[63:8]};
                    got <= got + 1'b1;
                    if (got == (is_write ? 4'd7 : 4'd3)) state <= DISPATCH;
                end
                DISPATCH: if (addr[31:28] == 4'h0) begin
                    awvalid <= is_write;
                    wvalid <= is_write;
                    arvalid <= !is_write;
                    state <= is_write ? CTRL_W : CTRL_AR;
                end else begin
                    // A bank's host port: the request is on h_valid next cycle (MEM1),
                    // the RAM's registered data the cycle after (MEM2).
                    bank <= addr[27:24];
                    for (int k = 0; k < BANKS; k++) if (32'(addr[27:24]) == k) h_valid[k] <= 1'b1;
                    state <= MEM1;
                end
                CTRL_W: begin
                    if (awready) awvalid <= 1'b0;
                    if (wready) wvalid <= 1'b0;
                    if ((!awvalid || awready) && (!wvalid || wready)) begin
                        bready <= 1'b1;
                        state <= CTRL_B;
                    end
                end
                CTRL_B: if (bvalid) begin
                    bready <= 1'b0;
                    reply <= 32'h4B;
                    left <= 3'd1;
                    state <= REPLY;
                end
                CTRL_AR: if (arready) begin
                    arvalid <= 1'b0;
                    rready <= 1'b1;
                    state <= CTRL_R;
                end
                CTRL_R: if (rvalid) begin
                    rready <= 1'b0;
                    reply <= rdata;
                    left <= 3'd4;
                    state <= REPLY;
                end
                MEM1: state <= MEM2;
                MEM2: begin
                    reply <= is_write ? 32'h4B : h_rdata[32'(bank) * 32 +: 32];
                    left <= is_write ? 3'd1 : 3'd4;
                    state <= REPLY;
                end
                REPLY: if (!tx_busy && !tx_start) begin
                    if (left == 0) begin
                        state <= CMD;
                    end else begin
                        tx_start <= 1'b1;
                        tx_data <= reply[7:0];
                        reply <= {8'd0, reply[31:8]};
                        left <= left - 1'b1;
                    end
                end
                default: state <= CMD;
            endcase
        end
    end
endmodule
