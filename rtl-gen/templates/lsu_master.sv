    // buffer `{{ m.name }}`: {{ m.elem_width }}-bit elements on a {{ m.width }}-bit port, through load-store
    // units that coalesce them into beats and bursts
    // nothing queued, in flight or unacknowledged on this master next cycle
    logic        mem_{{ m.name }}_idle_next;
{%- if m.write %}
    // Store queue, then the write-combining unit; `w_*_idle_next` covers both, and `quiet`
    // (every write acknowledged, a flip-flop) tells the read side a beat it asks for now
    // is fresh.
    logic        w_{{ m.name }}_push, w_{{ m.name }}_empty, w_{{ m.name }}_pop;
    /* verilator lint_off UNUSEDSIGNAL */
    logic        w_{{ m.name }}_full, w_{{ m.name }}_full_next, w_{{ m.name }}_empty_next;
    logic        w_{{ m.name }}_lsu_idle, b_{{ m.name }}_none_next;
    /* verilator lint_on UNUSEDSIGNAL */
    logic [{{ 64 + m.elem_width - 1 }}:0] w_{{ m.name }}_din, w_{{ m.name }}_dout;
    logic        w_{{ m.name }}_idle_next, w_{{ m.name }}_q_idle_next, w_{{ m.name }}_lsu_idle_next;
    hls_fifo #(.WIDTH({{ 64 + m.elem_width }}), .DEPTH_LOG2({{ m.w_depth_log2 }}), .IN_REG(1'b1), .LATE_POP(1'b1)) w_{{ m.name }}_q (
        .clk(ap_clk), .rst_n(ap_rst_n), .push(w_{{ m.name }}_push), .din(w_{{ m.name }}_din),
        .pop(w_{{ m.name }}_pop), .dout(w_{{ m.name }}_dout), .full(w_{{ m.name }}_full), .empty(w_{{ m.name }}_empty),
        .full_next(w_{{ m.name }}_full_next), .empty_next(w_{{ m.name }}_empty_next),
        .idle_next(w_{{ m.name }}_q_idle_next));
    hls_lsu_wr #(.EW({{ m.elem_width }}), .BW({{ m.width }}), .MAX_BURST({{ max_burst }})) wr_{{ m.name }} (
        .clk(ap_clk), .rst_n(ap_rst_n),
        .req_valid(!w_{{ m.name }}_empty), .req_addr(w_{{ m.name }}_dout[{{ 64 + m.elem_width - 1 }}:{{ m.elem_width }}]),
        .req_data(w_{{ m.name }}_dout[{{ m.elem_width - 1 }}:0]), .req_pop(w_{{ m.name }}_pop),
        .awvalid(m_axi_{{ m.name }}_awvalid), .awready(m_axi_{{ m.name }}_awready),
        .awaddr(m_axi_{{ m.name }}_awaddr), .awlen(m_axi_{{ m.name }}_awlen),
        .wvalid(m_axi_{{ m.name }}_wvalid), .wready(m_axi_{{ m.name }}_wready),
        .wdata(m_axi_{{ m.name }}_wdata), .wstrb(m_axi_{{ m.name }}_wstrb), .wlast(m_axi_{{ m.name }}_wlast),
        .bvalid(m_axi_{{ m.name }}_bvalid),
        .idle_next(w_{{ m.name }}_lsu_idle_next), .idle(w_{{ m.name }}_lsu_idle));
    assign w_{{ m.name }}_idle_next = w_{{ m.name }}_q_idle_next && w_{{ m.name }}_lsu_idle_next;
    // The unit counts its own acknowledgements into `idle_next`.
    assign b_{{ m.name }}_none_next = 1'b1;
{%- if m.read %}
    logic        w_{{ m.name }}_quiet;
    always_ff @(posedge ap_clk) if (!ap_rst_n) w_{{ m.name }}_quiet <= 1'b1; else w_{{ m.name }}_quiet <= w_{{ m.name }}_idle_next;
{%- endif %}
    assign m_axi_{{ m.name }}_awsize = 3'd{{ m.size_log2 }};
    assign m_axi_{{ m.name }}_awburst = 2'b01;
    assign m_axi_{{ m.name }}_bready = 1'b1;
{%- endif %}
{%- if m.read %}
    // The AXI read channels, shared by the load sites' units.
    logic [{{ m.read_sites - 1 }}:0] rs_{{ m.name }}_arvalid, rs_{{ m.name }}_arready, rs_{{ m.name }}_rvalid;
    logic [{{ m.read_sites * 64 - 1 }}:0] rs_{{ m.name }}_araddr;
    logic [{{ m.read_sites * 8 - 1 }}:0] rs_{{ m.name }}_arlen;
    logic [{{ m.width - 1 }}:0] rs_{{ m.name }}_rdata;
    logic        r_{{ m.name }}_rlast_error, ar_{{ m.name }}_idle_next, r_{{ m.name }}_idle_next;
    hls_lsu_port #(.N({{ m.read_sites }}), .BW({{ m.width }}), .LEN_W({{ len_bits }}), .ROUTE_LOG2({{ m.r_depth_log2 }})) rp_{{ m.name }} (
        .clk(ap_clk), .rst_n(ap_rst_n),
        .s_arvalid(rs_{{ m.name }}_arvalid), .s_arready(rs_{{ m.name }}_arready),
        .s_araddr(rs_{{ m.name }}_araddr), .s_arlen(rs_{{ m.name }}_arlen),
        .s_rvalid(rs_{{ m.name }}_rvalid), .s_rdata(rs_{{ m.name }}_rdata),
        .arvalid(m_axi_{{ m.name }}_arvalid), .arready(m_axi_{{ m.name }}_arready),
        .araddr(m_axi_{{ m.name }}_araddr), .arlen(m_axi_{{ m.name }}_arlen),
        .rvalid(m_axi_{{ m.name }}_rvalid), .rready(m_axi_{{ m.name }}_rready),
        .rdata(m_axi_{{ m.name }}_rdata), .rlast(m_axi_{{ m.name }}_rlast),
        .rlast_error(r_{{ m.name }}_rlast_error));
    assign m_axi_{{ m.name }}_arsize = 3'd{{ m.size_log2 }};
    assign m_axi_{{ m.name }}_arburst = 2'b01;
{%- for s in 0..m.read_sites %}
    // load site {{ s }}: its request queue (each request carries, above its address, whether it
    // must see every earlier store) and its load-store unit
    logic        ar_{{ m.name }}_site{{ s }}_push, ar_{{ m.name }}_site{{ s }}_empty, ar_{{ m.name }}_site{{ s }}_take;
    /* verilator lint_off UNUSEDSIGNAL */
    logic        ar_{{ m.name }}_site{{ s }}_full, ar_{{ m.name }}_site{{ s }}_full_next, ar_{{ m.name }}_site{{ s }}_empty_next;
    /* verilator lint_on UNUSEDSIGNAL */
    logic [64:0] ar_{{ m.name }}_site{{ s }}_din, ar_{{ m.name }}_site{{ s }}_dout;
    logic        ar_{{ m.name }}_site{{ s }}_idle_next, r_{{ m.name }}_site{{ s }}_empty_next, r_{{ m.name }}_site{{ s }}_idle_next;
    logic [{{ m.pop_lanes - 1 }}:0] r_{{ m.name }}_site{{ s }}_pop;
    logic [{{ m.elem_width - 1 }}:0] r_{{ m.name }}_site{{ s }}_dout;
    hls_fifo #(.WIDTH(65), .DEPTH_LOG2({{ m.ar_depth_log2 }}), .IN_REG(1'b1), .LATE_POP(1'b1)) ar_{{ m.name }}_site{{ s }}_q (
        .clk(ap_clk), .rst_n(ap_rst_n), .push(ar_{{ m.name }}_site{{ s }}_push), .din(ar_{{ m.name }}_site{{ s }}_din),
        .pop(ar_{{ m.name }}_site{{ s }}_take), .dout(ar_{{ m.name }}_site{{ s }}_dout),
        .full(ar_{{ m.name }}_site{{ s }}_full), .empty(ar_{{ m.name }}_site{{ s }}_empty),
        .full_next(ar_{{ m.name }}_site{{ s }}_full_next), .empty_next(ar_{{ m.name }}_site{{ s }}_empty_next),
        .idle_next(ar_{{ m.name }}_site{{ s }}_idle_next));
    hls_lsu_rd #(.EW({{ m.elem_width }}), .BW({{ m.width }}), .DEPTH_LOG2({{ m.r_depth_log2 }}), .MAX_BURST({{ max_burst }}), .LANES({{ m.pop_lanes }})) rd_{{ m.name }}_site{{ s }} (
        .clk(ap_clk), .rst_n(ap_rst_n),
        .req_valid(!ar_{{ m.name }}_site{{ s }}_empty), .req_addr(ar_{{ m.name }}_site{{ s }}_dout[63:0]),
        .req_fresh(ar_{{ m.name }}_site{{ s }}_dout[64]), .req_pop(ar_{{ m.name }}_site{{ s }}_take),
{%- if m.write %}
        .store_push(w_{{ m.name }}_push), .writes_idle(w_{{ m.name }}_quiet),
{%- else %}
        .store_push(1'b0), .writes_idle(1'b1),
{%- endif %}
        .arvalid(rs_{{ m.name }}_arvalid[{{ s }}]), .arready(rs_{{ m.name }}_arready[{{ s }}]),
        .araddr(rs_{{ m.name }}_araddr[{{ s * 64 }} +: 64]), .arlen(rs_{{ m.name }}_arlen[{{ s * 8 }} +: 8]),
        .rvalid(rs_{{ m.name }}_rvalid[{{ s }}]), .rdata(rs_{{ m.name }}_rdata),
        .pop(r_{{ m.name }}_site{{ s }}_pop), .dout(r_{{ m.name }}_site{{ s }}_dout),
        .empty_next(r_{{ m.name }}_site{{ s }}_empty_next), .idle_next(r_{{ m.name }}_site{{ s }}_idle_next));
{%- endfor %}
    assign ar_{{ m.name }}_idle_next = 1'b1{% for s in 0..m.read_sites %} && ar_{{ m.name }}_site{{ s }}_idle_next{% endfor %};
    assign r_{{ m.name }}_idle_next = 1'b1{% for s in 0..m.read_sites %} && r_{{ m.name }}_site{{ s }}_idle_next{% endfor %};
{%- endif %}
