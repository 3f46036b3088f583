// Read side of a buffer whose AXI port is wider than its elements (a 512-bit Alveo DDR
// port, a 256-bit HBM pseudo-channel, for a buffer of floats): a burst-coalescing
// load-store unit. Every element request still arrives alone (one per cycle from the
// address queue), but
//   * a request for the beat the previous one fetched takes its element from that beat
//     again: no new AXI transaction (a unit-stride float stream asks one beat in 16);
//   * a request for the beat after the last one extends the burst still being formed, up
//     to MAX_BURST beats and never across a 4 KiB boundary (AXI4's rule). A burst leaves
//     as soon as a cycle passes without extending it, so a stream of new beats every cycle
//     (a float16 buffer) goes out in full bursts and a slower one waits one cycle at most.
// Beats return in order into a FIFO; the unpacker takes each element from its beat (the
// new one at the head, or the one it holds) into the element FIFO the datapath pops, whose
// head is a register (hls_fifo_r).
//
// Reuse is safe for reads alone. A load that the schedule orders after a store of the same
// buffer (`req_fresh`) reuses a beat only if that beat was asked for while every write was
// acknowledged and no store has been queued since: otherwise it would see memory from
// before the store. (A load before a store in program order has its data in hand before
// the store is issued: the schedule orders them, and the pipeline stalls as one.)
module hls_lsu_rd #(
    parameter int EW = 32,
    parameter int BW = 512,
    parameter int DEPTH_LOG2 = 7,
    parameter int MAX_BURST = 16,
    parameter int LANES = 1
) (
    input  logic             clk,
    input  logic             rst_n,
    // the address queue's head (first-word fall-through)
    input  logic             req_valid,
    // (the bits below an element are zero: accesses are aligned)
    /* verilator lint_off UNUSEDSIGNAL */
    input  logic [63:0]      req_addr,
    /* verilator lint_on UNUSEDSIGNAL */
    input  logic             req_fresh,
    output logic             req_pop,
    // a store entered this buffer's queue this cycle; every write is acknowledged
    input  logic             store_push,
    input  logic             writes_idle,
    // AXI4 read address and data channels
    output logic             arvalid,
    input  logic             arready,
    output logic [63:0]      araddr,
    output logic [7:0]       arlen,
    input  logic             rvalid,
    output logic             rready,
    input  logic [BW-1:0]    rdata,
    input  logic             rlast,
    // a beat came back with RLAST where its burst does not end, or without it where it does
    output logic             rlast_error,
    // the elements, as hls_fifo_r gives them
    input  logic [LANES-1:0] pop,
    output logic [EW-1:0]    dout,
    output logic             empty_next,
    // nothing requested, queued, in flight or unread next cycle
    output logic             idle_next
);
    localparam int OFF = $clog2(BW / 8);
    localparam int EOFF = $clog2(EW / 8);
    // lane bits: which element of its beat an access is (one bit, always 0, when an
    // element fills the beat)
    localparam int LW = OFF > EOFF ? OFF - EOFF : 1;
    localparam int BEAT_W = 64 - OFF;
    // beats of one 4 KiB page, the longest a burst may run
    localparam int PAGE_LOG2 = 12 - OFF;
    localparam int LEN_W = $clog2(MAX_BURST);

    // ------------------------------------------------------------ coalescer
    logic [BEAT_W-1:0] beat, last_beat, pend_start;
    logic [LW-1:0] lane;
    logic last_valid, last_fresh, pend_valid;
    logic [LEN_W-1:0] pend_len;
    logic reuse, extend, accept, close_pend;
    logic lf_full, ar_full, ar_empty;
    assign beat = req_addr[63:OFF];
    if (OFF > EOFF) begin : g_lanes
        assign lane = req_addr[OFF-1:EOFF];
    end else begin : g_one_lane
        assign lane = '0;
    end
    assign reuse = last_valid && beat == last_beat && (!req_fresh || last_fresh);
    assign extend = !reuse && pend_valid && beat == pend_start + BEAT_W'(pend_len) + 1'b1 &&
                    pend_len != LEN_W'(MAX_BURST - 1) && beat[PAGE_LOG2-1:0] != '0;
    // A new burst needs the pending one to leave this cycle, into the AR queue.
    assign accept = req_valid && !lf_full && (reuse || extend || !pend_valid || !ar_full);
    assign req_pop = accept;
    // The pending burst leaves whenever this cycle does not extend it.
    assign close_pend = pend_valid && !ar_full && !(accept && extend);

    always_ff @(posedge clk) begin
        if (!rst_n) begin
            last_valid <= 1'b0;
            last_fresh <= 1'b0;
            pend_valid <= 1'b0;
            pend_len <= '0;
        end else begin
            if (accept && !reuse) begin
                last_valid <= 1'b1;
                last_beat <= beat;
                last_fresh <= writes_idle && !store_push;
            end else if (store_push) begin
                last_fresh <= 1'b0;
            end
            if (accept && extend) begin
                pend_len <= pend_len + 1'b1;
            end else if (accept && !reuse) begin
                pend_valid <= 1'b1;
                pend_start <= beat;
                pend_len <= '0;
            end else if (close_pend) begin
                pend_valid <= 1'b0;
            end
        end
    end

    // Closed bursts wait for the read address channel here.
    logic [BEAT_W+LEN_W-1:0] ar_dout;
    logic ar_idle_next;
    /* verilator lint_off UNUSEDSIGNAL */
    logic ar_full_next, ar_empty_next;
    /* verilator lint_on UNUSEDSIGNAL */
    hls_fifo #(.WIDTH(BEAT_W + LEN_W), .DEPTH_LOG2(2)) ar_q (
        .clk(clk), .rst_n(rst_n), .push(close_pend), .din({pend_start, pend_len}),
        .pop(arvalid && arready), .dout(ar_dout), .full(ar_full), .empty(ar_empty),
        .full_next(ar_full_next), .empty_next(ar_empty_next), .idle_next(ar_idle_next));
    assign arvalid = !ar_empty;
    assign araddr = {ar_dout[BEAT_W+LEN_W-1:LEN_W], OFF'(0)};
    assign arlen = 8'(ar_dout[LEN_W-1:0]);

    // Per element, in request order: its lane, and whether it opens a new beat.
    logic [LW:0] lf_dout;
    logic lf_empty, lf_idle_next;
    /* verilator lint_off UNUSEDSIGNAL */
    logic lf_full_next, lf_empty_next;
    /* verilator lint_on UNUSEDSIGNAL */
    logic unpack;
    hls_fifo #(.WIDTH(LW + 1), .DEPTH_LOG2(DEPTH_LOG2)) lane_q (
        .clk(clk), .rst_n(rst_n), .push(accept), .din({!reuse, lane}),
        .pop(unpack), .dout(lf_dout), .full(lf_full), .empty(lf_empty),
        .full_next(lf_full_next), .empty_next(lf_empty_next), .idle_next(lf_idle_next));

    // ------------------------------------------------------------ beats and elements
    logic [BW-1:0] beat_head, held;
    logic beat_full, beat_empty, beat_idle_next;
    /* verilator lint_off UNUSEDSIGNAL */
    logic beat_empty_next, beat_idle;
    /* verilator lint_on UNUSEDSIGNAL */
    logic take_beat;
    hls_fifo_r #(.WIDTH(BW), .DEPTH_LOG2(DEPTH_LOG2)) beat_q (
        .clk(clk), .rst_n(rst_n), .push(rvalid && rready), .din(rdata),
        .pop(take_beat), .dout(beat_head), .full(beat_full), .empty(beat_empty),
        .empty_next(beat_empty_next), .idle(beat_idle), .idle_next(beat_idle_next));
    assign rready = !beat_full;

    // The length of every burst sent, for the check of RLAST on the beats that answer it.
    logic [LEN_W-1:0] rl_dout, r_count;
    logic rl_empty;
    /* verilator lint_off UNUSEDSIGNAL */
    logic rl_full, rl_full_next, rl_empty_next, rl_idle_next;
    /* verilator lint_on UNUSEDSIGNAL */
    logic r_go, r_end;
    assign r_go = rvalid && rready;
    assign r_end = r_count == rl_dout;
    hls_fifo #(.WIDTH(LEN_W), .DEPTH_LOG2(DEPTH_LOG2)) rl_q (
        .clk(clk), .rst_n(rst_n), .push(arvalid && arready), .din(arlen[LEN_W-1:0]),
        .pop(r_go && r_end), .dout(rl_dout), .full(rl_full), .empty(rl_empty),
        .full_next(rl_full_next), .empty_next(rl_empty_next), .idle_next(rl_idle_next));
    always_ff @(posedge clk) begin
        if (!rst_n) r_count <= '0;
        else if (r_go) r_count <= r_end ? '0 : r_count + 1'b1;
    end
    assign rlast_error = r_go && (rl_empty || rlast != r_end);

    logic e_full, e_idle_next;
    /* verilator lint_off UNUSEDSIGNAL */
    logic e_empty, e_idle;
    /* verilator lint_on UNUSEDSIGNAL */
    logic [BW-1:0] word;
    logic [EW-1:0] elem;
    // The first request after reset always opens a beat, so `held` is valid whenever an
    // element reuses it.
    assign unpack = !lf_empty && (!lf_dout[LW] || !beat_empty) && !e_full;
    assign take_beat = unpack && lf_dout[LW];
    assign word = lf_dout[LW] ? beat_head : held;
    if (BW > EW) begin : g_select
        assign elem = word[lf_dout[LW-1:0] * EW +: EW];
    end else begin : g_whole
        assign elem = word;
    end
    always_ff @(posedge clk) if (take_beat) held <= beat_head;
    hls_fifo_r #(.WIDTH(EW), .DEPTH_LOG2(DEPTH_LOG2), .LANES(LANES)) elem_q (
        .clk(clk), .rst_n(rst_n), .push(unpack), .din(elem), .pop(pop), .dout(dout),
        .full(e_full), .empty(e_empty), .empty_next(empty_next), .idle(e_idle),
        .idle_next(e_idle_next));

    // Every beat asked for has an entry in the lane queue until it is unpacked, so an empty
    // lane queue with no burst pending or queued means nothing is in flight.
    logic pend_next;
    assign pend_next = (accept && !reuse) || (pend_valid && !close_pend);
    assign idle_next = !pend_next && ar_idle_next && lf_idle_next && beat_idle_next && e_idle_next;
endmodule
