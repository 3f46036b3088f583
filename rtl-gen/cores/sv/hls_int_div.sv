// The kernel's integer divide or remainder when the schedule pipelines it: y = a / b (REM 0)
// or a % b (REM 1), signed (C's truncating division, the remainder taking the dividend's
// sign) or unsigned, LAT clock-enabled cycles after a and b. A zero divisor gives 0, as
// the software model does (OpenCL leaves it undefined); the most negative value divided
// by -1 wraps to itself.
//
// `a / b` followed by registers leaves the whole divider, W subtract-and-select steps in
// series, in one clock period: no synthesizer here moves the registers into it. So the
// divider is restoring long division with its registers placed by hand:
//   - with LAT >= 3, the operands' register: the chain in front ends there;
//   - then N = W + 2 levels: the operands' magnitudes, W steps (each a W + 1-bit subtract
//     and a select), the result's sign; the remaining registers are spread over the levels,
//     the last always registered. With one register per level (LAT = W + 3, the families'
//     min_stages) a stage is one step; registers beyond that delay the result.
module hls_int_div #(
    parameter int W = 32,
    parameter int LAT = W + 3,
    parameter bit SIGNED = 0,
    parameter bit REM = 0
) (
    input  logic         clk,
    input  logic         ce,
    input  logic [W-1:0] a,
    input  logic [W-1:0] b,
    output logic [W-1:0] y
);
    localparam int N = W + 2;
    // Registers after the operands': one per level at most, the rest a delay line at the end
    // (a narrow divide given a wide one's stages).
    localparam int RA = LAT - (LAT >= 3 ? 1 : 0);
    localparam int TAIL = RA > N ? RA - N : 0;  // registers past one per level

    // What travels down the pipeline: partial remainder, dividend bits still to bring
    // down (becoming the quotient's), divisor, and the flags for the end.
    typedef struct packed {
        logic [W-1:0] r;
        logic [W-1:0] q;
        logic [W-1:0] d;
        logic neg_q;
        logic neg_r;
        logic zero;
    } state_t;

    state_t in;
    if (LAT >= 3) begin : g_operands
        always_ff @(posedge clk) if (ce) begin
            in.r <= '0;
            in.q <= a;
            in.d <= b;
            in.neg_q <= SIGNED && (a[W-1] ^ b[W-1]);
            in.neg_r <= SIGNED && a[W-1];
            in.zero <= 1'b0;
        end
    end else begin : g_direct
        assign in = '{r: '0, q: a, d: b, neg_q: SIGNED && (a[W-1] ^ b[W-1]),
                      neg_r: SIGNED && a[W-1], zero: 1'b0};
    end

    // lvl[l]: the state after level l (lvl[0]: the operands).
    state_t lvl [N + 1] /* verilator split_var */;
    assign lvl[0] = in;
    for (genvar l = 1; l <= N; l++) begin : g_level
        state_t s;
        if (l == 1) begin : g_magnitudes
            always_comb begin
                s = lvl[0];
                if (SIGNED && lvl[0].q[W-1]) s.q = -lvl[0].q;
                if (SIGNED && lvl[0].d[W-1]) s.d = -lvl[0].d;
                s.zero = lvl[0].d == '0;
            end
        end else if (l <= W + 1) begin : g_step
            // Bring down the next dividend bit; subtract the divisor when it fits.
            logic [W:0] trial, diff;
            assign trial = {lvl[l-1].r, lvl[l-1].q[W-1]};
            assign diff = trial - {1'b0, lvl[l-1].d};
            always_comb begin
                s = lvl[l-1];
                s.r = diff[W] ? trial[W-1:0] : diff[W-1:0];
                s.q = {lvl[l-1].q[W-2:0], !diff[W]};
            end
        end else begin : g_sign
            always_comb begin
                s = lvl[l-1];
                if (REM) s.r = lvl[l-1].zero ? '0 : lvl[l-1].neg_r ? -lvl[l-1].r : lvl[l-1].r;
                else s.q = lvl[l-1].zero ? '0 : lvl[l-1].neg_q ? -lvl[l-1].q : lvl[l-1].q;
            end
        end
        hls_level #(.T(state_t), .L(l), .N(N), .LAT(LAT)) stage (.clk, .ce, .d(s), .q(lvl[l]));
    end
    hls_delay #(.W($bits(y)), .N(TAIL)) tail (.clk, .ce, .d(REM ? lvl[N].r : lvl[N].q), .q(y));
endmodule
