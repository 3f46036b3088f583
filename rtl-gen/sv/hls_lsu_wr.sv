// Write side of a buffer whose AXI port is wider than its elements: a write-combining
// load-store unit. Element stores (address and data, in program order, from the store
// queue) are merged into the beat they fall in, with a byte strobe per lane; a beat
// leaves for the data queue when a store falls in another beat, when every lane is
// written, or HOLD cycles after the last store merged into it (so the end of a stream,
// and a stream slower than one store per HOLD cycles, are written without waiting for
// more). A later store to a lane already written overwrites it, as memory would.
//
// Beats that follow each other in memory form one burst of up to MAX_BURST beats (never
// across a 4 KiB boundary); a burst is closed as soon as a cycle passes without a beat to
// extend it. Its address goes out on AW and its beats on W, the last with WLAST; the W
// channel sends only beats of closed bursts, whose length is known.
module hls_lsu_wr #(
    parameter int EW = 32,
    parameter int BW = 512,
    parameter int MAX_BURST = 16,
    parameter int DATA_LOG2 = 5,
    parameter int HOLD = 4
) (
    input  logic              clk,
    input  logic              rst_n,
    // the store queue's head: address and data
    input  logic              req_valid,
    // (the bits below an element are zero: accesses are aligned)
    /* verilator lint_off UNUSEDSIGNAL */
    input  logic [63:0]       req_addr,
    /* verilator lint_on UNUSEDSIGNAL */
    input  logic [EW-1:0]     req_data,
    output logic              req_pop,
    // AXI4 write channels
    output logic              awvalid,
    input  logic              awready,
    output logic [63:0]       awaddr,
    output logic [7:0]        awlen,
    output logic              wvalid,
    input  logic              wready,
    output logic [BW-1:0]     wdata,
    output logic [BW/8-1:0]   wstrb,
    output logic              wlast,
    input  logic              bvalid,
    // nothing merged, queued, unsent or unacknowledged next cycle
    output logic              idle_next,
    // ...and now (a flip-flop)
    output logic              idle
);
    localparam int OFF = $clog2(BW / 8);
    localparam int EOFF = $clog2(EW / 8);
    // lane bits: which element of its beat an access is (one bit, always 0, when an
    // element fills the beat)
    localparam int LW = OFF > EOFF ? OFF - EOFF : 1;
    localparam int BEAT_W = 64 - OFF;
    localparam int PAGE_LOG2 = 12 - OFF;
    localparam int LEN_W = $clog2(MAX_BURST);
    localparam int AGE_W = $clog2(HOLD + 1);

    // ------------------------------------------------------------ the store before merging
    // As on the read side, `x` takes the store queue's head and `y` decides: `y` carries its
    // beat compared with the merged beat as the previous store left it.
    logic [BEAT_W-1:0] x_beat, y_beat, y_plus1, pb_beat, pb_plus1, ob_next;
    logic [LW-1:0] x_lane, y_lane;
    logic [EW-1:0] x_data, y_data;
    logic x_valid, y_valid, y_page_start, y_eq_pb, y_eq_prev, y_after_accept;
    logic pb_valid, pb_page_start;
    logic [BW-1:0] pb_data;
    logic [BW/8-1:0] pb_strb;
    logic [AGE_W-1:0] pb_age;
    logic same, flush, accept, advance, x_take, dq_full;
    // A merged store leaves the beat at its own (whether it joined the beat or began one).
    assign same = pb_valid && (y_after_accept ? y_eq_prev : y_eq_pb);

    // ------------------------------------------------------------ the burst being formed
    // A flushed beat waits in `fb` (a register, so that the data queue's write and the
    // burst's compare start from flip-flops) until the queues take it; it may close the
    // open burst, so it goes when the burst queues have room too.
    logic fb_valid, fb_page_start, fb_go;
    logic [BEAT_W-1:0] fb_beat, fb_plus1;
    logic [BW-1:0] fb_data;
    logic [BW/8-1:0] fb_strb;
    logic ob_valid;
    logic [BEAT_W-1:0] ob_start;
    logic [LEN_W-1:0] ob_len;
    logic ob_extend, ob_close, aw_full, wl_full;
    assign fb_go = fb_valid && !dq_full && !aw_full && !wl_full;
    assign ob_extend = ob_valid && fb_beat == ob_next && ob_len != LEN_W'(MAX_BURST - 1) &&
                       !fb_page_start;
    assign flush = pb_valid && (!fb_valid || fb_go) &&
                   ((y_valid && !same) || &pb_strb || pb_age == AGE_W'(HOLD));
    assign ob_close = ob_valid && !aw_full && !wl_full && !(fb_go && ob_extend);
    // A store merges into the beat unless that beat is complete and leaving.
    assign accept = y_valid && (!pb_valid || flush || (same && !(&pb_strb)));
    assign advance = !y_valid || accept;
    assign x_take = x_valid && advance;
    assign req_pop = req_valid && (!x_valid || x_take);

    always_ff @(posedge clk) begin
        if (flush) begin
            fb_beat <= pb_beat;
            fb_plus1 <= pb_plus1;
            fb_page_start <= pb_page_start;
            fb_data <= pb_data;
            fb_strb <= pb_strb;
        end
        if (req_pop) begin
            x_beat <= req_addr[63:OFF];
            x_data <= req_data;
        end
        if (x_take) begin
            y_beat <= x_beat;
            y_plus1 <= x_beat + 1'b1;
            y_lane <= x_lane;
            y_data <= x_data;
            y_page_start <= x_beat[PAGE_LOG2-1:0] == '0;
            y_eq_pb <= x_beat == pb_beat;
            y_eq_prev <= x_beat == y_beat;
            y_after_accept <= accept;
        end
    end
    if (OFF > EOFF) begin : g_lanes
        always_ff @(posedge clk) if (req_pop) x_lane <= req_addr[OFF-1:EOFF];
    end else begin : g_one_lane
        assign x_lane = '0;
    end

    // Control with a reset; the data registers below without one, so that a reset never
    // sits in their enables.
    always_ff @(posedge clk) begin
        if (!rst_n) begin
            x_valid <= 1'b0;
            y_valid <= 1'b0;
            pb_valid <= 1'b0;
            pb_age <= '0;
            fb_valid <= 1'b0;
            ob_valid <= 1'b0;
            ob_len <= '0;
        end else begin
            if (req_pop) x_valid <= 1'b1;
            else if (x_take) x_valid <= 1'b0;
            if (x_take) y_valid <= 1'b1;
            else if (accept) y_valid <= 1'b0;
            if (accept) begin
                pb_valid <= 1'b1;
                pb_age <= '0;
            end else if (flush) begin
                pb_valid <= 1'b0;
            end else if (pb_valid && pb_age != AGE_W'(HOLD)) begin
                pb_age <= pb_age + 1'b1;
            end
            if (flush) fb_valid <= 1'b1;
            else if (fb_go) fb_valid <= 1'b0;
            if (fb_go && ob_extend) ob_len <= ob_len + 1'b1;
            else if (fb_go) ob_len <= '0;
            if (fb_go) ob_valid <= 1'b1;
            else if (ob_close) ob_valid <= 1'b0;
        end
    end
    // A new beat writes every lane's strobe (its store's set, the others clear), so the
    // strobes need no reset: they are read only while the beat is valid.
    always_ff @(posedge clk) begin
        if (accept) begin
            pb_beat <= y_beat;
            pb_plus1 <= y_plus1;
            pb_page_start <= y_page_start;
            for (int l = 0; l < BW / EW; l++) begin
                if (LW'(l) == y_lane || BW == EW) begin
                    pb_data[l*EW +: EW] <= y_data;
                    pb_strb[l*(EW/8) +: EW/8] <= '1;
                end else if (flush || !pb_valid) begin
                    pb_strb[l*(EW/8) +: EW/8] <= '0;
                end
            end
        end
        if (fb_go) begin
            ob_next <= fb_plus1;
            if (!ob_extend) ob_start <= fb_beat;
        end
    end

    // ------------------------------------------------------------ queues to the channels
    logic [BW/8+BW-1:0] dq_dout;
    logic dq_empty, dq_idle_next;
    /* verilator lint_off UNUSEDSIGNAL */
    logic dq_full_next, dq_empty_next, aw_full_next, aw_empty_next, wl_full_next, wl_empty_next;
    /* verilator lint_on UNUSEDSIGNAL */
    logic w_go, aw_empty, aw_idle_next, wl_empty, wl_idle_next;
    logic [BEAT_W+LEN_W-1:0] aw_dout;
    logic [LEN_W-1:0] wl_dout, w_count;
    hls_fifo #(.WIDTH(BW / 8 + BW), .DEPTH_LOG2(DATA_LOG2)) data_q (
        .clk(clk), .rst_n(rst_n), .push(fb_go), .din({fb_strb, fb_data}),
        .pop(w_go), .dout(dq_dout), .full(dq_full), .empty(dq_empty),
        .full_next(dq_full_next), .empty_next(dq_empty_next), .idle_next(dq_idle_next));
    hls_fifo #(.WIDTH(BEAT_W + LEN_W), .DEPTH_LOG2(2)) aw_q (
        .clk(clk), .rst_n(rst_n), .push(ob_close), .din({ob_start, ob_len}),
        .pop(awvalid && awready), .dout(aw_dout), .full(aw_full), .empty(aw_empty),
        .full_next(aw_full_next), .empty_next(aw_empty_next), .idle_next(aw_idle_next));
    // The W side's own copy of each closed burst's length.
    hls_fifo #(.WIDTH(LEN_W), .DEPTH_LOG2(2)) wl_q (
        .clk(clk), .rst_n(rst_n), .push(ob_close), .din(ob_len),
        .pop(w_go && wlast), .dout(wl_dout), .full(wl_full), .empty(wl_empty),
        .full_next(wl_full_next), .empty_next(wl_empty_next), .idle_next(wl_idle_next));
    assign awvalid = !aw_empty;
    assign awaddr = {aw_dout[BEAT_W+LEN_W-1:LEN_W], OFF'(0)};
    assign awlen = 8'(aw_dout[LEN_W-1:0]);
    // A closed burst's beats are all in the data queue: they were flushed before it closed.
    assign wvalid = !wl_empty && !dq_empty;
    assign wdata = dq_dout[BW-1:0];
    assign wstrb = dq_dout[BW/8+BW-1:BW];
    assign wlast = w_count == wl_dout;
    assign w_go = wvalid && wready;

    // Bursts sent and not yet acknowledged: `none` and `one` beside the count, flip-flops.
    logic [15:0] b_pending;
    logic b_none, b_one, b_none_next, aw_go;
    assign aw_go = awvalid && awready;
    always_comb begin
        b_none_next = b_none;
        if (aw_go && !bvalid) b_none_next = 1'b0;
        else if (bvalid && !aw_go) b_none_next = b_one;
    end
    always_ff @(posedge clk) begin
        if (!rst_n) begin
            w_count <= '0;
            b_pending <= '0;
            b_none <= 1'b1;
            b_one <= 1'b0;
            idle <= 1'b1;
        end else begin
            if (w_go) w_count <= wlast ? '0 : w_count + 1'b1;
            b_none <= b_none_next;
            if (aw_go && !bvalid) begin
                b_pending <= b_pending + 16'd1;
                b_one <= b_none;
            end else if (bvalid && !aw_go) begin
                b_pending <= b_pending - 16'd1;
                b_one <= b_pending == 16'd2;
            end
            idle <= idle_next;
        end
    end

    logic x_stays, y_stays, pb_stays, fb_stays, ob_stays;
    assign x_stays = req_pop || (x_valid && !x_take);
    assign y_stays = x_take || (y_valid && !accept);
    assign pb_stays = accept || (pb_valid && !flush);
    assign fb_stays = flush || (fb_valid && !fb_go);
    assign ob_stays = fb_go || (ob_valid && !ob_close);
    assign idle_next = !x_stays && !y_stays && !pb_stays && !fb_stays && !ob_stays &&
                       dq_idle_next && aw_idle_next && wl_idle_next && b_none_next;
endmodule
