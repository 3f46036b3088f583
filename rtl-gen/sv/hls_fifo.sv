// Synchronous FIFO with first-word fall-through: `dout` shows the head while !empty.
// Inferred storage (LUT RAM or block RAM, as the synthesis tool decides by size).
//
// `full` and `empty` are flip-flops, updated from the push and pop of the cycle; `full_next`
// and `empty_next` are what they take at the clock edge, from which the kernel decides its
// next cycle's stall a cycle ahead (its clock enable is then a function of registers).
//
// IN_REG = 1 registers the write port: `din` lands in a flip-flop and reaches the storage a
// cycle later, so the logic that computes it (an address add) ends at a register rather
// than at the RAM's write port. A push still counts toward `full` at once; it shows at the
// read side (`empty`) a cycle later. `idle_next`: nothing staged or stored next cycle.
//
// LATE_POP = 1 counts a pop toward `full` and `idle` a cycle late, so `full_next` does not
// wait for the reader's handshake (an AXI ready): the flags may free a cycle late, never
// early, and the storage is never overwritten.
module hls_fifo #(
    parameter int WIDTH = 32,
    parameter int DEPTH_LOG2 = 2,
    parameter bit IN_REG = 1'b0,
    parameter bit LATE_POP = 1'b0
) (
    input  logic             clk,
    input  logic             rst_n,
    input  logic             push,
    input  logic [WIDTH-1:0] din,
    input  logic             pop,
    output logic [WIDTH-1:0] dout,
    output logic             full,
    output logic             empty,
    output logic             full_next,
    output logic             empty_next,
    output logic             idle_next
);
    localparam int DEPTH = 1 << DEPTH_LOG2;
    logic [WIDTH-1:0] mem [DEPTH];
    logic [DEPTH_LOG2-1:0] wr_ptr, rd_ptr;
    // Entries pushed (staged or stored) and entries stored: the first decides `full`, the
    // second `empty`; without IN_REG they are one count.
    logic [DEPTH_LOG2:0] count, stored;
    logic do_push, do_pop, store;
    logic [DEPTH_LOG2-1:0] store_ptr;
    logic [WIDTH-1:0] store_data;

    assign do_push = push && !full;
    assign do_pop = pop && !empty;
    assign dout = mem[rd_ptr];

    // The pop that `count` (full, idle) takes.
    logic count_pop;
    if (LATE_POP) begin : g_late_pop
        always_ff @(posedge clk) begin
            if (!rst_n) count_pop <= 1'b0;
            else count_pop <= do_pop;
        end
    end else begin : g_pop
        assign count_pop = do_pop;
    end

    if (IN_REG) begin : g_in_reg
        always_ff @(posedge clk) begin
            if (!rst_n) store <= 1'b0;
            else store <= do_push;
            store_ptr <= wr_ptr;
            store_data <= din;
        end
    end else begin : g_direct
        assign store = do_push;
        assign store_ptr = wr_ptr;
        assign store_data = din;
    end

    always_ff @(posedge clk) if (store) mem[store_ptr] <= store_data;

    always_comb begin
        full_next = full;
        empty_next = empty;
        idle_next = count == '0;
        if (do_push && !count_pop) begin
            full_next = count == (DEPTH_LOG2 + 1)'(DEPTH - 1);
            idle_next = 1'b0;
        end else if (count_pop && !do_push) begin
            full_next = 1'b0;
            idle_next = count == (DEPTH_LOG2 + 1)'(1);
        end
        if (store && !do_pop) empty_next = 1'b0;
        else if (do_pop && !store) empty_next = stored == (DEPTH_LOG2 + 1)'(1);
    end

    always_ff @(posedge clk) begin
        if (!rst_n) begin
            wr_ptr <= '0;
            rd_ptr <= '0;
            count <= '0;
            stored <= '0;
            full <= 1'b0;
            empty <= 1'b1;
        end else begin
            if (do_push) wr_ptr <= wr_ptr + 1'b1;
            if (do_pop) rd_ptr <= rd_ptr + 1'b1;
            full <= full_next;
            empty <= empty_next;
            if (do_push && !count_pop) count <= count + 1'b1;
            else if (count_pop && !do_push) count <= count - 1'b1;
            if (store && !do_pop) stored <= stored + 1'b1;
            else if (do_pop && !store) stored <= stored - 1'b1;
        end
    end
endmodule
