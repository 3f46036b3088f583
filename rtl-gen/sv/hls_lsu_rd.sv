// One load site of a buffer in a board memory that wants full beats and bursts (an Alveo
// DDR port, an HBM pseudo-channel): a burst-coalescing load-store unit. Each load site of
// the buffer has its own (what Intel's compiler gives every load site), so several sites
// issue a request a cycle each; hls_lsu_port shares the buffer's one AXI master among
// them. Every element request arrives alone from the site's address queue, but
//   * a request for the beat the previous one fetched takes its element from that beat
//     again: no new AXI transaction (a unit-stride float stream asks one beat in 16);
//   * a request for the beat after the last one extends the burst still being formed, up
//     to MAX_BURST beats and never across a 4 KiB boundary (AXI4's rule). A burst leaves
//     as soon as a cycle passes without extending it, so a stream of new beats every cycle
//     (a float16 buffer) goes out in full bursts and a slower one waits one cycle at most.
// Beats return in order into the site's FIFO, which always has room for them: a beat is
// asked for only while the beats owed to the site fit (credits), so the shared read data
// channel never waits on a site. The unpacker takes each element from its beat (the new
// one at the head, or the one it holds) into the element FIFO the datapath pops, whose head
// is a register (hls_fifo_r).
//
// Reuse and stores. A beat is "fresh" if it was asked for while every write of the buffer
// was acknowledged and no store has been queued since. Within one run of a unit, a load
// that the schedule orders after a store of the buffer (`req_fresh`) reuses only a fresh
// beat; a load not so ordered reads an element no store in flight writes (the dependence
// test said so), so any beat serves it. Between runs (the control waits until all memory
// traffic is done) a beat that is not fresh is forgotten. (A load before a store in program
// order has its data in hand before the store is issued: the schedule orders them, and the
// pipeline stalls as one.)
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
    // this site's bursts to the port (AXI4 read address fields), and its beats back
    output logic             arvalid,
    input  logic             arready,
    output logic [63:0]      araddr,
    output logic [7:0]       arlen,
    input  logic             rvalid,
    input  logic [BW-1:0]    rdata,
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
    // Two registers before the decision, so that no 58-bit compare follows the address
    // queue's RAM read and none precedes the decision: `x` takes the queue's head; when it
    // moves on to `y`, it is compared with the state as the request in `y` leaves it (that
    // request's own beat, where it fetched one), and `y` decides from those bits alone.
    logic [BEAT_W-1:0] x_beat, y_beat, y_plus1, last_beat, pend_start, pend_next;
    logic [LW-1:0] x_lane, y_lane;
    logic x_valid, x_fresh, y_valid, y_fresh, y_page_start;
    // y's beat against: the last one fetched, the next of the pending burst, the previous
    // request's beat and that plus one; and whether the previous request fetched a beat
    logic y_eq_last, y_eq_next, y_eq_prev, y_eq_prev1, y_after_new;
    logic last_valid, last_fresh, pend_valid;
    logic [LEN_W-1:0] pend_len;
    logic eq_last, eq_next, reuse, extend, accept, advance, x_take, close_pend, credit;
    // Room for one more element in the lane queue and one more beat owed, as flip-flops
    // set a cycle ahead with a place to spare (a decision adds at most one of each).
    logic lane_room;
    logic extended;
    logic lf_empty, ar_full, ar_empty;
    assign eq_last = y_after_new ? y_eq_prev : y_eq_last;
    assign eq_next = y_after_new ? y_eq_prev1 : y_eq_next;
    assign reuse = last_valid && eq_last && (!y_fresh || last_fresh);
    // The pending burst leaves (into the AR queue) once a cycle has passed without
    // extending it, or at its longest: decided from registers, so the request's decision
    // below waits on none of it.
    assign close_pend = pend_valid && !ar_full && (!extended || pend_len == LEN_W'(MAX_BURST - 1));
    // (whether the beat would extend the pending burst, asked beside `reuse` rather than
    // after it: the decision is two levels shallower; a reuse never uses it)
    assign extend = pend_valid && !close_pend && eq_next && !y_page_start &&
                    pend_len != LEN_W'(MAX_BURST - 1);
    // A new beat needs a credit; a new burst, the pending one out of the way.
    assign accept = y_valid && lane_room &&
                    (reuse || (credit && (extend || !pend_valid || close_pend)));
    assign advance = !y_valid || accept;
    assign x_take = x_valid && advance;
    assign req_pop = req_valid && (!x_valid || x_take);

    always_ff @(posedge clk) begin
        if (req_pop) begin
            x_beat <= req_addr[63:OFF];
            x_fresh <= req_fresh;
        end
        if (x_take) begin
            y_beat <= x_beat;
            y_plus1 <= x_beat + 1'b1;
            y_lane <= x_lane;
            y_fresh <= x_fresh;
            y_page_start <= x_beat[PAGE_LOG2-1:0] == '0;
            y_eq_last <= x_beat == last_beat;
            y_eq_next <= x_beat == pend_next;
            y_eq_prev <= x_beat == y_beat;
            y_eq_prev1 <= x_beat == y_plus1;
            y_after_new <= accept && !reuse;
        end
    end
    if (OFF > EOFF) begin : g_lanes
        always_ff @(posedge clk) if (req_pop) x_lane <= req_addr[OFF-1:EOFF];
    end else begin : g_one_lane
        assign x_lane = '0;
    end

    always_ff @(posedge clk) begin
        if (!rst_n) begin
            x_valid <= 1'b0;
            y_valid <= 1'b0;
            last_valid <= 1'b0;
            last_fresh <= 1'b0;
            pend_valid <= 1'b0;
            pend_len <= '0;
            extended <= 1'b0;
        end else begin
            // (it grew: opened or extended)
            extended <= accept && !reuse;
            if (req_pop) x_valid <= 1'b1;
            else if (x_take) x_valid <= 1'b0;
            if (x_take) y_valid <= 1'b1;
            else if (accept) y_valid <= 1'b0;
            if (accept && !reuse) begin
                last_valid <= 1'b1;
                last_fresh <= writes_idle && !store_push;
            end else begin
                if (store_push) last_fresh <= 1'b0;
                // Idle with every write acknowledged: a beat fetched before a store is
                // forgotten. The control passes from one unit (or one run of a loop) to the
                // next only through such a moment (`mem_idle`), and a load there must see
                // every store before it, ordered or not.
                if (!req_valid && !x_valid && !y_valid && lf_empty && writes_idle && !last_fresh)
                    last_valid <= 1'b0;
            end
            if (accept && !reuse && extend) begin
                pend_len <= pend_len + 1'b1;
            end else if (accept && !reuse) begin
                // (the pending burst, if any, leaves this cycle)
                pend_valid <= 1'b1;
                pend_len <= '0;
            end else if (close_pend) begin
                pend_valid <= 1'b0;
            end
        end
    end
    // The beats themselves, without a reset (none in their enables).
    always_ff @(posedge clk) begin
        if (accept && !reuse) begin
            last_beat <= y_beat;
            pend_next <= y_plus1;
            if (!extend) pend_start <= y_beat;
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

    // Per element, in request order: its lane, and whether it opens a new beat (the head a
    // register, so the unpacker starts from flip-flops).
    logic [LW:0] lf_dout;
    logic lf_idle_next;
    /* verilator lint_off UNUSEDSIGNAL */
    logic lf_empty_next, lf_idle, lf_full_unused;
    /* verilator lint_on UNUSEDSIGNAL */
    logic unpack;
    // The decision reaches the queue through a register.
    logic lane_push;
    logic [LW:0] lane_din;
    always_ff @(posedge clk) begin
        lane_din <= {!reuse, y_lane};
        if (!rst_n) lane_push <= 1'b0;
        else lane_push <= accept;
    end
    hls_fifo_r #(.WIDTH(LW + 1), .DEPTH_LOG2(DEPTH_LOG2)) lane_q (
        .clk(clk), .rst_n(rst_n), .push(lane_push), .din(lane_din),
        .pop(unpack), .dout(lf_dout), .full(lf_full_unused), .empty(lf_empty),
        .empty_next(lf_empty_next), .idle(lf_idle), .idle_next(lf_idle_next));

    // ------------------------------------------------------------ beats and elements
    logic [BW-1:0] beat_head, held;
    logic beat_empty, beat_idle_next;
    /* verilator lint_off UNUSEDSIGNAL */
    logic beat_full, beat_empty_next, beat_idle;
    /* verilator lint_on UNUSEDSIGNAL */
    logic take_beat;
    hls_fifo_r #(.WIDTH(BW), .DEPTH_LOG2(DEPTH_LOG2)) beat_q (
        .clk(clk), .rst_n(rst_n), .push(rvalid), .din(rdata),
        .pop(take_beat), .dout(beat_head), .full(beat_full), .empty(beat_empty),
        .empty_next(beat_empty_next), .idle(beat_idle), .idle_next(beat_idle_next));

    // Beats asked for and not yet unpacked: at most the beat FIFO's depth, so every beat
    // the port hands this site has a place.
    // Elements accepted and not yet unpacked, likewise at most the lane queue's depth.
    logic [DEPTH_LOG2:0] owed, lanes_held;
    localparam logic [DEPTH_LOG2:0] SPARE = (DEPTH_LOG2 + 1)'((1 << DEPTH_LOG2) - 2);
    always_ff @(posedge clk) begin
        if (!rst_n) begin
            owed <= '0;
            lanes_held <= '0;
            credit <= 1'b1;
            lane_room <= 1'b1;
        end else begin
            if ((accept && !reuse) && !take_beat) owed <= owed + 1'b1;
            else if (take_beat && !(accept && !reuse)) owed <= owed - 1'b1;
            if (accept && !unpack) lanes_held <= lanes_held + 1'b1;
            else if (unpack && !accept) lanes_held <= lanes_held - 1'b1;
            // From this cycle's counts: whatever this cycle adds, one more still fits.
            credit <= owed < SPARE;
            lane_room <= lanes_held < SPARE;
        end
    end

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
    logic pend_stays, x_stays, y_stays;
    assign pend_stays = (accept && !reuse) || (pend_valid && !close_pend);
    assign x_stays = req_pop || (x_valid && !x_take);
    assign y_stays = x_take || (y_valid && !accept);
    // (an element accepted this cycle enters the lane queue through `lane_push` next)
    assign idle_next = !pend_stays && !x_stays && !y_stays && !accept && ar_idle_next &&
                       lf_idle_next && beat_idle_next && e_idle_next;
endmodule
