{%- if m.read %}
    // read pipe `{{ m.name }}`: packets from s_axis_{{ m.name }} wait in a FIFO whose head
    // register the datapath reads (hls_fifo_r); no request is made, so nothing is in flight
    // and the hand-off between units never waits on the packets still queued.
    logic        mem_{{ m.name }}_idle_next;
    /* verilator lint_off UNUSEDSIGNAL */
    logic        r_{{ m.name }}_empty, r_{{ m.name }}_empty_next, r_{{ m.name }}_idle, r_{{ m.name }}_idle_next;
    /* verilator lint_on UNUSEDSIGNAL */
    logic        r_{{ m.name }}_full;
    logic [{{ m.pop_lanes - 1 }}:0] r_{{ m.name }}_pop;
    logic [{{ m.width - 1 }}:0] r_{{ m.name }}_dout;
    hls_fifo_r #(.WIDTH({{ m.width }}), .DEPTH_LOG2({{ m.r_depth_log2 }}), .LANES({{ m.pop_lanes }})) r_{{ m.name }}_q (
        .clk(ap_clk), .rst_n(ap_rst_n), .push(s_axis_{{ m.name }}_tvalid && s_axis_{{ m.name }}_tready),
        .din(s_axis_{{ m.name }}_tdata), .pop(r_{{ m.name }}_pop), .dout(r_{{ m.name }}_dout),
        .full(r_{{ m.name }}_full), .empty(r_{{ m.name }}_empty),
        .empty_next(r_{{ m.name }}_empty_next), .idle(r_{{ m.name }}_idle),
        .idle_next(r_{{ m.name }}_idle_next));
    assign s_axis_{{ m.name }}_tready = !r_{{ m.name }}_full;
    assign mem_{{ m.name }}_idle_next = 1'b1;
{%- endif %}
{%- if m.write %}
    // write pipe `{{ m.name }}`: packets queue through a register (IN_REG) and leave on
    // m_axis_{{ m.name }}. The hand-off between units does not wait for them (the queue
    // keeps their order, so a later unit's packets follow), which lets the queue's places
    // count in what a system's pipe holds; the kernel is done only once every packet has
    // left (`stream_{{ m.name }}_drained_next`).
    logic        mem_{{ m.name }}_idle_next;
    logic        w_{{ m.name }}_push, w_{{ m.name }}_empty, w_{{ m.name }}_idle_next;
    logic        stream_{{ m.name }}_drained_next;
    /* verilator lint_off UNUSEDSIGNAL */
    logic        w_{{ m.name }}_full, w_{{ m.name }}_full_next, w_{{ m.name }}_empty_next;
    /* verilator lint_on UNUSEDSIGNAL */
    logic [{{ m.width - 1 }}:0] w_{{ m.name }}_din;
    hls_fifo #(.WIDTH({{ m.width }}), .DEPTH_LOG2({{ m.w_depth_log2 }}), .IN_REG(1'b1), .LATE_POP(1'b1)) w_{{ m.name }}_q (
        .clk(ap_clk), .rst_n(ap_rst_n), .push(w_{{ m.name }}_push), .din(w_{{ m.name }}_din),
        .pop(m_axis_{{ m.name }}_tvalid && m_axis_{{ m.name }}_tready), .dout(m_axis_{{ m.name }}_tdata),
        .full(w_{{ m.name }}_full), .empty(w_{{ m.name }}_empty),
        .full_next(w_{{ m.name }}_full_next), .empty_next(w_{{ m.name }}_empty_next),
        .idle_next(w_{{ m.name }}_idle_next));
    assign m_axis_{{ m.name }}_tvalid = !w_{{ m.name }}_empty;
    assign mem_{{ m.name }}_idle_next = 1'b1;
    assign stream_{{ m.name }}_drained_next = w_{{ m.name }}_idle_next;
{%- endif %}
