// Synchronous FIFO with first-word fall-through: `dout` shows the head while !empty.
// Inferred storage (LUT RAM or block RAM, as the synthesis tool decides by size).
//
// `full` and `empty` are flip-flops, updated from the push and pop of the cycle; `full_next`
// and `empty_next` are what they take at the clock edge, from which the kernel decides its
// next cycle's stall a cycle ahead (its clock enable is then a function of registers).
module hls_fifo #(
    parameter int WIDTH = 32,
    parameter int DEPTH_LOG2 = 2
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
    output logic             empty_next
);
    localparam int DEPTH = 1 << DEPTH_LOG2;
    logic [WIDTH-1:0] mem [DEPTH];
    logic [DEPTH_LOG2-1:0] wr_ptr, rd_ptr;
    logic [DEPTH_LOG2:0] count;
    logic do_push, do_pop;

    assign do_push = push && !full;
    assign do_pop = pop && !empty;
    assign dout = mem[rd_ptr];

    always_ff @(posedge clk) if (do_push) mem[wr_ptr] <= din;

    always_comb begin
        full_next = full;
        empty_next = empty;
        if (do_push && !do_pop) begin
            full_next = count == (DEPTH_LOG2 + 1)'(DEPTH - 1);
            empty_next = 1'b0;
        end else if (do_pop && !do_push) begin
            full_next = 1'b0;
            empty_next = count == (DEPTH_LOG2 + 1)'(1);
        end
    end

    always_ff @(posedge clk) begin
        if (!rst_n) begin
            wr_ptr <= '0;
            rd_ptr <= '0;
            count <= '0;
            full <= 1'b0;
            empty <= 1'b1;
        end else begin
            if (do_push) wr_ptr <= wr_ptr + 1'b1;
            if (do_pop) rd_ptr <= rd_ptr + 1'b1;
            full <= full_next;
            empty <= empty_next;
            if (do_push && !do_pop) count <= count + 1'b1;
            else if (do_pop && !do_push) count <= count - 1'b1;
        end
    end
endmodule
