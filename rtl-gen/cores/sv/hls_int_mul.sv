// The kernel's integer multiply when the schedule pipelines it: y = a * b mod 2^W (the low
// W bits, the same for signed and unsigned operands), LAT clock-enabled cycles after a and b.
//
// A combinational product followed by registers (`p <= a * b` and a delay line) leaves the
// whole multiplier and whatever the schedule chained in front of it in one clock period;
// no synthesizer here moves the registers into it (ECP5: 10.8 ns for 32 x 32, 92 MHz,
// BENCHMARKS.md "Operator delays on ECP5"). So the stages are placed by hand:
//   - with LAT >= 3, the operands' register: the chain in front ends there;
//   - the limb products, in the DSP blocks' own output registers (hls_dsp_mul);
//   - their sum, a tree of adders, one level after another, with the remaining registers
//     spread over its levels (every level its own once there are enough; then a delay
//     line after it).
// LAT == 1 is a registered product, inferred. The operands are cut into 16-bit limbs, so
// every product fits an ECP5 MULT18X18D's unsigned 17-bit operands and a DSP48E2's 27 x 18;
// of the limb products only those reaching the low W bits (i + j < limbs) are formed, so
// the tree's other leaves are zero and synthesis removes their adders.
module hls_int_mul #(
    parameter int W = 32,
    parameter int LAT = 3,
    parameter int DSP_PRIM = 0
) (
    input  logic         clk,
    input  logic         ce,
    input  logic [W-1:0] a,
    input  logic [W-1:0] b,
    output logic [W-1:0] y
);
    localparam int LIMBS = (W + 15) / 16;
    localparam int PW = 16 * LIMBS;

    if (LAT <= 1) begin : g_one
        always_ff @(posedge clk) if (ce) y <= a * b;
    end else begin : g_staged
        logic [PW-1:0] a_s, b_s;
        if (LAT >= 3) begin : g_operands
            always_ff @(posedge clk) if (ce) begin
                a_s <= PW'(a);
                b_s <= PW'(b);
            end
        end else begin : g_direct
            assign a_s = PW'(a);
            assign b_s = PW'(b);
        end
        // Limb products, each in its DSP block's register; the sum of those at limb offset
        // i + j, shifted into place, is the product's low PW bits.
        logic [PW-1:0] part [LIMBS * LIMBS];
        for (genvar i = 0; i < LIMBS; i++) begin : g_a
            for (genvar j = 0; j < LIMBS; j++) begin : g_b
                if (i + j < LIMBS) begin : g_used
                    logic [31:0] p;
                    hls_dsp_mul #(.AW(16), .BW(16), .DSP_PRIM(DSP_PRIM)) m (
                        .clk(clk), .ce(ce), .a(a_s[16*i +: 16]), .b(b_s[16*j +: 16]), .p(p));
                    assign part[i * LIMBS + j] = PW'({{PW{1'b0}}, p} << (16 * (i + j)));
                end else begin : g_dropped
                    assign part[i * LIMBS + j] = '0;
                end
            end
        end
        // The adder tree: level 0 the products, level l the pairwise sums of level l - 1,
        // registered where REG says.
        localparam int NT = LIMBS * LIMBS;
        localparam int LV = $clog2(NT);
        localparam int R = LAT - 1 - (LAT >= 3 ? 1 : 0);
        // split_var: each node its own signal to Verilator, not one array in a loop.
        logic [PW-1:0] lvl [LV + 1][NT] /* verilator split_var */;
        for (genvar k = 0; k < NT; k++) begin : g_leaf
            assign lvl[0][k] = part[k];
        end
        for (genvar l = 1; l <= LV; l++) begin : g_level
            // Registered when the spread of R registers over LV levels reaches this one.
            localparam bit REG = (l * R) / LV > ((l - 1) * R) / LV;
            for (genvar k = 0; k < (NT >> l); k++) begin : g_node
                logic [PW-1:0] s;
                assign s = lvl[l-1][2*k] + lvl[l-1][2*k+1];
                if (REG) begin : g_reg
                    always_ff @(posedge clk) if (ce) lvl[l][k] <= s;
                end else begin : g_comb
                    assign lvl[l][k] = s;
                end
            end
            for (genvar k = NT >> l; k < NT; k++) begin : g_pad
                assign lvl[l][k] = '0;
            end
        end
        // Registers the tree does not take (all of them for a single product).
        localparam int MORE = R > LV ? R - LV : 0;
        logic [PW-1:0] sum_r;
        if (MORE == 0) begin : g_out
            assign sum_r = lvl[LV][0];
        end else begin : g_delay
            logic [PW-1:0] d [MORE];
            always_ff @(posedge clk) if (ce) begin
                d[0] <= lvl[LV][0];
                for (int k = 1; k < MORE; k++) d[k] <= d[k-1];
            end
            assign sum_r = d[MORE-1];
        end
        assign y = sum_r[W-1:0];
        if (PW > W) begin : g_unused
            /* verilator lint_off UNUSEDSIGNAL */
            logic unused_high;
            assign unused_high = ^sum_r[PW-1:W];
            /* verilator lint_on UNUSEDSIGNAL */
        end
    end
endmodule
