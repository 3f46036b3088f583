// Synchronous FIFO whose head is a register: `dout` and `empty` come straight from
// flip-flops, so the logic that reads them starts a clock period fresh. hls_fifo's head is
// the storage's read port, whose clock-to-out (5.8 ns for an ECP5 block RAM) used to open
// the kernel's critical path (BENCHMARKS.md, "Timing closure").
//
// The storage is read synchronously (a block RAM's own read register), one more register
// (`land`) takes the word off the RAM with no logic in between, and a short shift queue
// holds the head. A word pushed at cycle c is the head at c + 4, three cycles later than
// hls_fifo's (boards::READ_RESPONSE_REGISTERS; the schedule counts them).
//
// The fetch from the storage is decided from registers alone (never from `pop`, which
// comes from the pipeline's clock enable): it goes ahead while the words in the queue and
// in flight (ram_q, land) leave room. A pop frees a place one cycle later, and a fetched
// word reaches the queue three cycles after the decision, so four queue places keep one
// word per cycle flowing. The queue's occupancy is a thermometer code (`occ[i]`: place i
// holds a word), so `empty` is a flip-flop and each place's select one LUT.
//
// A wide word (a float4's 128 bits) is shifted in LANES slices, each by its own copy of
// `pop` (all copies are equal every cycle; the datapath gates each with its own copy of the
// clock enable). One pop net into every bit of a 4-place, 128-bit queue was vec4's
// critical path. The occupancy follows pop[0].
module hls_fifo_r #(
    parameter int WIDTH = 32,
    parameter int DEPTH_LOG2 = 2,
    parameter int LANES = 1
) (
    input  logic             clk,
    input  logic             rst_n,
    input  logic             push,
    input  logic [WIDTH-1:0] din,
    input  logic [LANES-1:0] pop,
    output logic [WIDTH-1:0] dout,
    output logic             full,
    output logic             empty,
    // what `empty` takes at the clock edge (the kernel's stall is decided a cycle ahead)
    output logic             empty_next,
    // nothing stored, in flight or queued: a flip-flop, and the value it takes next (the
    // control FSM's hand-off test is registered from it)
    output logic             idle,
    output logic             idle_next
);
    localparam int DEPTH = 1 << DEPTH_LOG2;
    localparam int QUEUE = 4;
    logic [WIDTH-1:0] mem [DEPTH];
    logic [DEPTH_LOG2-1:0] wr_ptr, rd_ptr;
    logic [WIDTH-1:0] ram_q, land;
    logic ram_q_valid, land_valid;
    logic [WIDTH-1:0] q [QUEUE];
    logic [QUEUE-1:0] occ, occ_t;

    // `stored`: the storage holds a word, a flip-flop kept from the words written and
    // fetched (with `level`, their difference), so neither the fetch nor `idle_next` waits
    // on a pointer compare.
    logic stored, stored_next, fetch, take, wr;
    logic [DEPTH_LOG2:0] level;
    assign wr = push && !full;
    always_comb begin
        stored_next = stored;
        if (wr && !fetch) stored_next = 1'b1;
        else if (fetch && !wr) stored_next = level != (DEPTH_LOG2 + 1)'(1);
    end
    // `full` is a flip-flop too, kept beside `level`: the AXI master's `rready` is its
    // inverse, and the beat's handshake (`push`) feeds the storage's write, `stored_next`,
    // `idle_next` and the bus-error check. From a pointer compare it was three LUT levels
    // ahead of all of them, the critical path of collatz, convert and half_math.
    logic full_next;
    always_comb begin
        full_next = full;
        if (wr && !fetch) full_next = level == (DEPTH_LOG2 + 1)'(DEPTH - 1);
        else if (fetch && !wr) full_next = 1'b0;
    end
    // Room for one more: the queue's free places less the words in flight.
    always_comb
        case ({ram_q_valid, land_valid})
            2'b00: fetch = stored && !occ[QUEUE-1];
            2'b11: fetch = stored && !occ[QUEUE-3];
            default: fetch = stored && !occ[QUEUE-2];
        endcase
    assign take = pop[0] && occ[0];
    assign dout = q[0];
    assign empty = !occ[0];
    assign empty_next = !land_valid && !occ_t[0];

    // Write and read in processes of their own: a fetch never reads the place written in
    // the same cycle (`stored` is from registers), so no bypass logic is wanted.
    always_ff @(posedge clk) if (wr) mem[wr_ptr] <= din;
    always_ff @(posedge clk) if (fetch) ram_q <= mem[rd_ptr];
    always_ff @(posedge clk) land <= ram_q;

    // After a take the queue shifts toward the head; the landed word fills the first free
    // place after that. Where it lands is worked out both ways from registers (with and
    // without a take), so `pop`, which arrives late from the clock enable, only picks.
    assign occ_t = take ? {1'b0, occ[QUEUE-1:1]} : occ;
    localparam int LANE = WIDTH / LANES;
    for (genvar i = 0; i < QUEUE; i++) begin : g_queue
        logic fill_taken, fill_kept;
        if (i + 1 < QUEUE) begin : g_next
            assign fill_taken = land_valid && !occ[i+1] && (i == 0 || occ[i]);
        end else begin : g_none
            assign fill_taken = land_valid && occ[i];
        end
        if (i == 0) begin : g_head
            assign fill_kept = land_valid && !occ[0];
        end else begin : g_tail
            assign fill_kept = land_valid && !occ[i] && occ[i-1];
        end
        for (genvar l = 0; l < LANES; l++) begin : g_lane
            logic take_l, fill;
            assign take_l = pop[l] && occ[0];
            assign fill = take_l ? fill_taken : fill_kept;
            if (i + 1 < QUEUE) begin : g_shift
                always_ff @(posedge clk)
                    if (fill) q[i][l*LANE +: LANE] <= land[l*LANE +: LANE];
                    else if (take_l) q[i][l*LANE +: LANE] <= q[i + 1][l*LANE +: LANE];
            end else begin : g_last
                always_ff @(posedge clk) if (fill) q[i][l*LANE +: LANE] <= land[l*LANE +: LANE];
            end
        end
    end

    // The next cycle's pointers, for `idle`: empty storage then is equal pointers.
    // Next cycle: nothing stored, nothing read from the storage or landing, and no word at
    // the head (the landed one fills it; a take leaves the second).
    assign idle_next = !stored_next && !fetch && !ram_q_valid && !land_valid && !occ_t[0];

    always_ff @(posedge clk) begin
        if (!rst_n) begin
            wr_ptr <= '0;
            rd_ptr <= '0;
            full <= 1'b0;
            stored <= 1'b0;
            level <= '0;
            ram_q_valid <= 1'b0;
            land_valid <= 1'b0;
            occ <= '0;
            idle <= 1'b1;
        end else begin
            idle <= idle_next;
            if (wr) wr_ptr <= wr_ptr + 1'b1;
            if (fetch) rd_ptr <= rd_ptr + 1'b1;
            stored <= stored_next;
            full <= full_next;
            if (wr && !fetch) level <= level + 1'b1;
            else if (fetch && !wr) level <= level - 1'b1;
            ram_q_valid <= fetch;
            land_valid <= ram_q_valid;
            occ <= land_valid ? {occ_t[QUEUE-2:0], 1'b1} : occ_t;
        end
    end
endmodule
