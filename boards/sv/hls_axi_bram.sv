// One global-memory bank of an open board: a block RAM behind NPORTS AXI4 slave ports
// (the kernel's masters the memory plan put in this bank) and a host port (the UART
// bridge). Single-beat transfers, as the kernel's masters issue them (ARLEN/AWLEN 0).
//
// The RAM is DATA_BITS wide (32, or the widest master's beat: a float4 buffer moves 128
// bits). A port narrower than the RAM is a narrow AXI transfer: its bytes sit in the
// RAM word's lanes its address selects (AXI4 A3.4.3), so every port, and the host,
// sees the same byte-addressed memory. Port i is (1 << PORT_LOG2B[i]) bytes wide and
// uses the low bits of its DATA_BITS-wide slice of the data buses.
//
// One access per cycle: the host first, else the kernel's requests in round robin. A read
// granted at t reads the RAM at t (registered address), its data is pushed into the
// port's response FIFO at t+1 and is on RVALID from t+2: 2 cycles, the board file's
// latency. A port has at most 1 << RESP_DEPTH_LOG2 reads in flight, counted with credits,
// so its FIFO never overflows however long RREADY stays low. A write is accepted with
// both AW and W present and answered on B the next cycle. The RAM is built of byte lanes
// (WSTRB), so it maps to block RAM without byte-enable inference.
module hls_axi_bram #(
    parameter int NPORTS = 1,
    parameter int DATA_BITS = 32,
    parameter int WORDS_LOG2 = 13,
    parameter logic [NPORTS*8-1:0] PORT_LOG2B = {NPORTS{8'd2}},
    parameter int RESP_DEPTH_LOG2 = 2
) (
    input  logic                 clk,
    input  logic                 rst_n,
    // host port: a 32-bit word at byte address h_addr; read data the cycle after
    input  logic                 h_valid,
    input  logic                 h_we,
    input  logic [23:0]          h_addr,
    input  logic [31:0]          h_wdata,
    output logic [31:0]          h_rdata,
    // the kernel's masters, port i in bits [i*W +: W]
    input  logic [NPORTS-1:0]    arvalid,
    output logic [NPORTS-1:0]    arready,
    input  logic [NPORTS*64-1:0] araddr,
    output logic [NPORTS-1:0]    rvalid,
    input  logic [NPORTS-1:0]    rready,
    output logic [NPORTS*DATA_BITS-1:0] rdata,
    input  logic [NPORTS-1:0]    awvalid,
    output logic [NPORTS-1:0]    awready,
    input  logic [NPORTS*64-1:0] awaddr,
    input  logic [NPORTS-1:0]    wvalid,
    output logic [NPORTS-1:0]    wready,
    input  logic [NPORTS*DATA_BITS-1:0] wdata,
    input  logic [NPORTS*DATA_BITS/8-1:0] wstrb,
    output logic [NPORTS-1:0]    bvalid,
    input  logic [NPORTS-1:0]    bready
);
    localparam int WORDS = 1 << WORDS_LOG2;
    localparam int LANES = DATA_BITS / 8;
    localparam int LANE_BITS = $clog2(LANES);
    localparam int REQS = 2 * NPORTS;  // request r < NPORTS: read of port r; else a write
    localparam int RR_BITS = REQS > 1 ? $clog2(REQS) : 1;

    // --- arbitration ---------------------------------------------------------------
    logic [RESP_DEPTH_LOG2:0] credits_used [NPORTS];
    logic [REQS-1:0] want;
    logic [RR_BITS-1:0] rr, pick;
    logic any;
    always_comb begin
        for (int i = 0; i < NPORTS; i++) begin
            want[i] = arvalid[i] && credits_used[i] < (1 << RESP_DEPTH_LOG2);
            want[NPORTS + i] = awvalid[i] && wvalid[i] && (!bvalid[i] || bready[i]);
        end
        any = 1'b0;
        pick = '0;
        for (int k = 0; k < REQS; k++) begin
            logic [RR_BITS-1:0] r;
            r = RR_BITS'((int'(rr) + k) % REQS);
            if (!any && want[r] && !h_valid) begin
                any = 1'b1;
                pick = r;
            end
        end
    end

    // The granted access: its byte address, size, write data and strobes, placed in the
    // RAM word's lanes.
    logic [63:0] baddr;
    logic [7:0] log2b;
    logic we;
    logic [DATA_BITS-1:0] port_wd;
    logic [LANES-1:0] port_strb;
    always_comb begin
        arready = '0;
        awready = '0;
        wready = '0;
        baddr = 64'(h_addr);
        log2b = 8'd2;
        we = h_valid && h_we;
        port_wd = DATA_BITS'(h_wdata);
        port_strb = LANES'(4'hF);
        if (any) begin
            if (int'(pick) < NPORTS) begin
                arready[int'(pick)] = 1'b1;
                baddr = araddr[int'(pick) * 64 +: 64];
                log2b = PORT_LOG2B[int'(pick) * 8 +: 8];
                we = 1'b0;
            end else begin
                awready[int'(pick) - NPORTS] = 1'b1;
                wready[int'(pick) - NPORTS] = 1'b1;
                baddr = awaddr[(int'(pick) - NPORTS) * 64 +: 64];
                log2b = PORT_LOG2B[(int'(pick) - NPORTS) * 8 +: 8];
                we = 1'b1;
                port_wd = wdata[(int'(pick) - NPORTS) * DATA_BITS +: DATA_BITS];
                port_strb = wstrb[(int'(pick) - NPORTS) * LANES +: LANES];
            end
        end
    end
    // Byte offset of the access inside the RAM word, aligned to its size.
    logic [LANE_BITS:0] offset;
    always_comb begin
        offset = (LANE_BITS + 1)'(baddr[LANE_BITS-1:0]);
        offset = (offset >> log2b) << log2b;
    end
    wire [WORDS_LOG2-1:0] addr = baddr[LANE_BITS +: WORDS_LOG2];
    // The bank decodes its own bytes only: the pointer's high bits name the bank.
    /* verilator lint_off UNUSEDSIGNAL */
    wire unused_addr = ^baddr;
    /* verilator lint_on UNUSEDSIGNAL */
    wire [DATA_BITS-1:0] wd = port_wd << (8 * offset);
    wire [LANES-1:0] strb = port_strb << offset;

    // --- the RAM: one block RAM per byte lane --------------------------------------
    logic [DATA_BITS-1:0] q;
    for (genvar l = 0; l < LANES; l++) begin : g_lane
        logic [7:0] lane [WORDS];
        always_ff @(posedge clk) begin
            if (we && strb[l]) lane[addr] <= wd[8 * l +: 8];
            q[8 * l +: 8] <= lane[addr];
        end
    end

    // --- responses -----------------------------------------------------------------
    logic read_q;                 // a kernel read was granted last cycle ...
    logic [RR_BITS-1:0] port_q;   // ... for this port
    logic [LANE_BITS:0] offset_q; // ... at this offset in the word (also the host's)
    always_ff @(posedge clk) begin
        offset_q <= offset;
        if (!rst_n) begin
            rr <= '0;
            read_q <= 1'b0;
            bvalid <= '0;
        end else begin
            read_q <= any && int'(pick) < NPORTS;
            port_q <= pick;
            if (any) rr <= RR_BITS'((int'(pick) + 1) % REQS);
            for (int i = 0; i < NPORTS; i++) begin
                if (awready[i]) bvalid[i] <= 1'b1;
                else if (bready[i]) bvalid[i] <= 1'b0;
            end
        end
    end
    wire [DATA_BITS-1:0] q_shifted = q >> (8 * offset_q);
    assign h_rdata = q_shifted[31:0];

    for (genvar i = 0; i < NPORTS; i++) begin : g_port
        logic empty;
        /* verilator lint_off UNUSEDSIGNAL */
        logic full;  // never: a port's reads in flight are limited by credits
        logic full_next, empty_next, idle_next;
        /* verilator lint_on UNUSEDSIGNAL */
        hls_fifo #(.WIDTH(DATA_BITS), .DEPTH_LOG2(RESP_DEPTH_LOG2)) resp (
            .clk, .rst_n,
            .push(read_q && int'(port_q) == i), .din(q_shifted),
            .pop(rvalid[i] && rready[i]), .dout(rdata[i * DATA_BITS +: DATA_BITS]),
            .full, .empty, .full_next, .empty_next, .idle_next
        );
        assign rvalid[i] = !empty;
        always_ff @(posedge clk) begin
            if (!rst_n) credits_used[i] <= '0;
            else credits_used[i] <= credits_used[i]
                                    + {{RESP_DEPTH_LOG2{1'b0}}, arready[i]}
                                    - {{RESP_DEPTH_LOG2{1'b0}}, rvalid[i] && rready[i]};
        end
    end
endmodule
