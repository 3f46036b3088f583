// A buffer's AXI4 read channels shared by its load sites (one hls_lsu_rd each). The sites'
// bursts go out round robin, and the site and length of each are noted in order; the beats
// that answer come back in that order (the master uses one AXI ID, so the slave keeps its
// answers in order) and go to the site at the head of the notes, which always has room for
// them (its credits), so RREADY stays high and no site waits behind another's beats. RLAST
// is checked against the length of the burst each beat answers.
module hls_lsu_port #(
    parameter int N = 1,
    parameter int BW = 512,
    parameter int LEN_W = 4,
    parameter int ROUTE_LOG2 = 5
) (
    input  logic             clk,
    input  logic             rst_n,
    // the sites' bursts, site i in bits [i*64 +: 64] and [i*8 +: 8]
    input  logic [N-1:0]     s_arvalid,
    output logic [N-1:0]     s_arready,
    input  logic [N*64-1:0]  s_araddr,
    input  logic [N*8-1:0]   s_arlen,
    // a beat for site i, on the data bus they share
    output logic [N-1:0]     s_rvalid,
    output logic [BW-1:0]    s_rdata,
    // AXI4 read address and data channels
    output logic             arvalid,
    input  logic             arready,
    output logic [63:0]      araddr,
    output logic [7:0]       arlen,
    input  logic             rvalid,
    output logic             rready,
    input  logic [BW-1:0]    rdata,
    input  logic             rlast,
    // a beat came back with RLAST where its burst does not end, or without it where it
    // does, or with no burst asked
    output logic             rlast_error
);
    localparam int SW = N > 1 ? $clog2(N) : 1;

    // Round robin: the first site asking after the last one granted, else the first.
    logic [SW-1:0] rr, pick;
    logic found, route_full, go;
    always_comb begin
        pick = '0;
        found = 1'b0;
        for (int i = N - 1; i >= 0; i--)
            if (s_arvalid[i] && SW'(i) > rr) begin
                pick = SW'(i);
                found = 1'b1;
            end
        if (!found)
            for (int i = N - 1; i >= 0; i--)
                if (s_arvalid[i]) begin
                    pick = SW'(i);
                    found = 1'b1;
                end
    end
    assign arvalid = found && !route_full;
    assign araddr = s_araddr[pick * 64 +: 64];
    assign arlen = s_arlen[pick * 8 +: 8];
    assign go = arvalid && arready;
    for (genvar i = 0; i < N; i++) begin : g_grant
        assign s_arready[i] = go && pick == SW'(i);
    end
    always_ff @(posedge clk) begin
        if (!rst_n) rr <= SW'(N - 1);
        else if (go) rr <= pick;
    end

    // The bursts in flight, in the order they were sent: whose, and how long.
    logic [SW+LEN_W-1:0] route;
    logic route_empty, r_end, r_go;
    /* verilator lint_off UNUSEDSIGNAL */
    logic route_full_next, route_empty_next, route_idle_next;
    /* verilator lint_on UNUSEDSIGNAL */
    logic [LEN_W-1:0] r_count;
    hls_fifo #(.WIDTH(SW + LEN_W), .DEPTH_LOG2(ROUTE_LOG2)) route_q (
        .clk(clk), .rst_n(rst_n), .push(go), .din({pick, arlen[LEN_W-1:0]}),
        .pop(r_go && r_end), .dout(route), .full(route_full), .empty(route_empty),
        .full_next(route_full_next), .empty_next(route_empty_next),
        .idle_next(route_idle_next));
    assign rready = 1'b1;
    assign r_go = rvalid && !route_empty;
    assign r_end = r_count == route[LEN_W-1:0];
    always_ff @(posedge clk) begin
        if (!rst_n) r_count <= '0;
        else if (r_go) r_count <= r_end ? '0 : r_count + 1'b1;
    end
    for (genvar i = 0; i < N; i++) begin : g_route
        assign s_rvalid[i] = r_go && route[SW+LEN_W-1:LEN_W] == SW'(i);
    end
    assign s_rdata = rdata;
    assign rlast_error = rvalid && (route_empty || rlast != r_end);
endmodule
