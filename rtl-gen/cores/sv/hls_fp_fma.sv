// Several cores in one file: one DSP product, the significand product, and the
// width-generic multiplier and fused multiply-add built on it.
/* verilator lint_off DECLFILENAME */

// One registered product p = a * b of unsigned operands, its pipeline register the DSP
// block's own where the board names the block (DSP_PRIM, boards::DspPrimitive::sv_code):
//   0: inferred, `p <= a * b`: the synthesizer maps the product, the register is a
//      slice's (Yosys packs none into an ECP5 block);
//   1: Lattice ECP5 MULT18X18D with REG_OUTPUT on CLK0/CE0, so no routing between the
//      multiplier and its register (a bare 18 x 18 product, nextpnr-ecp5: 141.7 MHz
//      inferred, 207.9 MHz). Operands of at most 17 bits, zero-extended, so the block's
//      signed and unsigned modes give the same product.
// Without the SYNTHESIS macro (Verilator) form 1 is the registered product of form 0, the
// block's documented behaviour: co-simulation proves the datapath around the block.
module hls_dsp_mul #(
    parameter int AW = 17,
    parameter int BW = 17,
    parameter int DSP_PRIM = 0
) (
    input  logic              clk,
    input  logic              ce,
    input  logic [AW-1:0]     a,
    input  logic [BW-1:0]     b,
    output logic [AW+BW-1:0]  p
);
    if (DSP_PRIM == 1) begin : g_ecp5
        if (AW > 17 || BW > 17) begin : g_too_wide
            $error("hls_dsp_mul: the ECP5 block takes operands of at most 17 unsigned bits");
        end
`ifdef SYNTHESIS
        logic [17:0] a18, b18;
        logic [35:0] p36;
        assign a18 = 18'(a);
        assign b18 = 18'(b);
        MULT18X18D #(
            .REG_INPUTA_CLK("NONE"), .REG_INPUTB_CLK("NONE"), .REG_PIPELINE_CLK("NONE"),
            .REG_OUTPUT_CLK("CLK0"), .REG_OUTPUT_CE("CE0"), .REG_OUTPUT_RST("RST0"),
            .GSR("DISABLED")
        ) block (
            .A17(a18[17]), .A16(a18[16]), .A15(a18[15]), .A14(a18[14]), .A13(a18[13]),
            .A12(a18[12]), .A11(a18[11]), .A10(a18[10]), .A9(a18[9]), .A8(a18[8]),
            .A7(a18[7]), .A6(a18[6]), .A5(a18[5]), .A4(a18[4]), .A3(a18[3]),
            .A2(a18[2]), .A1(a18[1]), .A0(a18[0]),
            .B17(b18[17]), .B16(b18[16]), .B15(b18[15]), .B14(b18[14]), .B13(b18[13]),
            .B12(b18[12]), .B11(b18[11]), .B10(b18[10]), .B9(b18[9]), .B8(b18[8]),
            .B7(b18[7]), .B6(b18[6]), .B5(b18[5]), .B4(b18[4]), .B3(b18[3]),
            .B2(b18[2]), .B1(b18[1]), .B0(b18[0]),
            .C17(1'b0), .C16(1'b0), .C15(1'b0), .C14(1'b0), .C13(1'b0), .C12(1'b0),
            .C11(1'b0), .C10(1'b0), .C9(1'b0), .C8(1'b0), .C7(1'b0), .C6(1'b0),
            .C5(1'b0), .C4(1'b0), .C3(1'b0), .C2(1'b0), .C1(1'b0), .C0(1'b0),
            .SIGNEDA(1'b0), .SIGNEDB(1'b0), .SOURCEA(1'b0), .SOURCEB(1'b0),
            .CLK0(clk), .CE0(ce),
            .P35(p36[35]), .P34(p36[34]), .P33(p36[33]), .P32(p36[32]), .P31(p36[31]),
            .P30(p36[30]), .P29(p36[29]), .P28(p36[28]), .P27(p36[27]), .P26(p36[26]),
            .P25(p36[25]), .P24(p36[24]), .P23(p36[23]), .P22(p36[22]), .P21(p36[21]),
            .P20(p36[20]), .P19(p36[19]), .P18(p36[18]), .P17(p36[17]), .P16(p36[16]),
            .P15(p36[15]), .P14(p36[14]), .P13(p36[13]), .P12(p36[12]), .P11(p36[11]),
            .P10(p36[10]), .P9(p36[9]), .P8(p36[8]), .P7(p36[7]), .P6(p36[6]),
            .P5(p36[5]), .P4(p36[4]), .P3(p36[3]), .P2(p36[2]), .P1(p36[1]), .P0(p36[0])
        );
        assign p = p36[AW+BW-1:0];
`else
        always_ff @(posedge clk) begin
            if (ce) p <= (AW + BW)'(a) * (AW + BW)'(b);
        end
`endif
    end else begin : g_inferred
        always_ff @(posedge clk) begin
            if (ce) p <= (AW + BW)'(a) * (AW + BW)'(b);
        end
    end
endmodule

// One Xilinx DSP48E2 (UltraScale, UltraScale+) as p = a * b + c + (pcin >>> 17): a 27-bit
// and b 18-bit signed; with AREG the input registers (A and B), with MREG the product's,
// always P's (PREG = 1): p 1 + AREG + MREG cycles after a and b. c and pcin are read
// unregistered (CREG = 0) in the cycle before p takes the sum (with MREG, the one in which
// the product register holds a * b). ADDC and CASC choose whether c, and the cascade from
// the previous block's P shifted right by 17 with its sign (the wide-product shift), join
// the sum: OPMODE W = C or 0, Z = PCIN >> 17 or 0, X = Y = M; ALUMODE add (UG579). pcout
// is P on the dedicated cascade route. Without the SYNTHESIS macro (Verilator) the same
// registers and sum in SV, the block's documented behaviour: co-simulation proves the
// datapath around the block.
module hls_dsp48e2 #(
    parameter bit ADDC = 1'b0,
    parameter bit CASC = 1'b0,
    parameter bit AREG = 1'b1,
    parameter bit MREG = 1'b1
) (
    input  logic               clk,
    input  logic               ce,
    input  logic signed [26:0] a,
    input  logic signed [17:0] b,
    /* verilator lint_off UNUSEDSIGNAL */
    input  logic [47:0]        c,     // (read only with ADDC)
    input  logic [47:0]        pcin,  // (read only with CASC)
    /* verilator lint_on UNUSEDSIGNAL */
    output logic [47:0]        p,
    output logic [47:0]        pcout
);
`ifdef SYNTHESIS
    DSP48E2 #(
        .AREG(int'(AREG)), .ACASCREG(int'(AREG)), .BREG(int'(AREG)), .BCASCREG(int'(AREG)),
        .CREG(0), .DREG(0), .ADREG(0),
        .MREG(int'(MREG)), .PREG(1), .INMODEREG(0), .OPMODEREG(0), .ALUMODEREG(0),
        .CARRYINREG(0), .CARRYINSELREG(0), .A_INPUT("DIRECT"), .B_INPUT("DIRECT"),
        .AMULTSEL("A"), .BMULTSEL("B"), .PREADDINSEL("A"), .USE_MULT("MULTIPLY"),
        .USE_SIMD("ONE48")
    ) block (
        .CLK(clk),
        .A(30'(a)), .B(b), .C(ADDC ? c : 48'd0), .D(27'd0),
        .ACIN(30'd0), .BCIN(18'd0), .PCIN(CASC ? pcin : 48'd0),
        .CARRYCASCIN(1'b0), .MULTSIGNIN(1'b0), .CARRYIN(1'b0),
        .OPMODE({ADDC ? 2'b11 : 2'b00, CASC ? 3'b101 : 3'b000, 2'b01, 2'b01}),
        .ALUMODE(4'b0000), .INMODE(5'b00000), .CARRYINSEL(3'b000),
        .CEA1(1'b0), .CEA2(AREG ? ce : 1'b0), .CEB1(1'b0), .CEB2(AREG ? ce : 1'b0),
        .CEC(1'b0), .CED(1'b0), .CEAD(1'b0), .CEM(MREG ? ce : 1'b0), .CEP(ce),
        .CECTRL(1'b0), .CEINMODE(1'b0), .CEALUMODE(1'b0), .CECARRYIN(1'b0),
        .RSTA(1'b0), .RSTB(1'b0), .RSTC(1'b0), .RSTD(1'b0), .RSTM(1'b0), .RSTP(1'b0),
        .RSTCTRL(1'b0), .RSTINMODE(1'b0), .RSTALUMODE(1'b0), .RSTALLCARRYIN(1'b0),
        .P(p), .PCOUT(pcout),
        .ACOUT(), .BCOUT(), .CARRYCASCOUT(), .CARRYOUT(), .MULTSIGNOUT(), .OVERFLOW(),
        .PATTERNBDETECT(), .PATTERNDETECT(), .UNDERFLOW(), .XOROUT()
    );
`else
    logic signed [26:0] a_r;
    logic signed [17:0] b_r;
    logic signed [44:0] m_r;
    logic signed [47:0] m_w, casc;
    if (AREG) begin : g_areg
        always_ff @(posedge clk) begin
            if (ce) begin
                a_r <= a;
                b_r <= b;
            end
        end
    end else begin : g_no_areg
        assign a_r = a;
        assign b_r = b;
    end
    if (MREG) begin : g_mreg
        always_ff @(posedge clk) begin
            if (ce) m_r <= a_r * b_r;
        end
    end else begin : g_no_mreg
        assign m_r = a_r * b_r;
    end
    assign m_w = 48'(m_r);
    assign casc = $signed(pcin) >>> 17;
    always_ff @(posedge clk) begin
        if (ce) p <= m_w + (ADDC ? c : 48'd0) + (CASC ? casc : 48'sd0);
    end
    assign pcout = p;
`endif
endmodule

// One DSP48E2 as a registered conditional negation, p = neg ? -x - borrow : x (mod 2^48),
// one cycle: no multiplier (USE_MULT NONE), X = A:B (OPMODE 0x003), the ALU's mode from
// neg (ALUMODE 0011, Z - (X + Y + W + CIN) with Z = 0 and CIN the borrow, or 0000, their
// sum), P's register only. A 48-bit adder in the block instead of 48 LUTs and their carry
// chain; the borrow lets it negate the upper bits of a wider word.
module hls_dsp48e2_negate (
    input  logic        clk,
    input  logic        ce,
    input  logic        neg,
    input  logic        borrow,
    input  logic [47:0] x,
    output logic [47:0] p
);
`ifdef SYNTHESIS
    DSP48E2 #(
        .AREG(0), .ACASCREG(0), .BREG(0), .BCASCREG(0), .CREG(0), .DREG(0), .ADREG(0),
        .MREG(0), .PREG(1), .INMODEREG(0), .OPMODEREG(0), .ALUMODEREG(0),
        .CARRYINREG(0), .CARRYINSELREG(0), .A_INPUT("DIRECT"), .B_INPUT("DIRECT"),
        .USE_MULT("NONE"), .USE_SIMD("ONE48")
    ) block (
        .CLK(clk),
        .A(x[47:18]), .B(x[17:0]), .C(48'd0), .D(27'd0),
        .ACIN(30'd0), .BCIN(18'd0), .PCIN(48'd0),
        .CARRYCASCIN(1'b0), .MULTSIGNIN(1'b0), .CARRYIN(neg && borrow),
        .OPMODE(9'b00_000_00_11),
        .ALUMODE(neg ? 4'b0011 : 4'b0000), .INMODE(5'b00000), .CARRYINSEL(3'b000),
        .CEA1(1'b0), .CEA2(1'b0), .CEB1(1'b0), .CEB2(1'b0), .CEC(1'b0), .CED(1'b0),
        .CEAD(1'b0), .CEM(1'b0), .CEP(ce), .CECTRL(1'b0), .CEINMODE(1'b0),
        .CEALUMODE(1'b0), .CECARRYIN(1'b0),
        .RSTA(1'b0), .RSTB(1'b0), .RSTC(1'b0), .RSTD(1'b0), .RSTM(1'b0), .RSTP(1'b0),
        .RSTCTRL(1'b0), .RSTINMODE(1'b0), .RSTALUMODE(1'b0), .RSTALLCARRYIN(1'b0),
        .P(p), .PCOUT(),
        .ACOUT(), .BCOUT(), .CARRYCASCOUT(), .CARRYOUT(), .MULTSIGNOUT(), .OVERFLOW(),
        .PATTERNBDETECT(), .PATTERNDETECT(), .UNDERFLOW(), .XOROUT()
    );
`else
    always_ff @(posedge clk) begin
        if (ce) p <= neg ? 48'd0 - x - 48'(borrow) : x;
    end
`endif
endmodule

// The product of two SW-bit significands (float 24, double 53), tiled for the board's DSP
// block (DSP_A x DSP_B signed bits), in hls_fp_pkg::sigmul_latency(SW) cycles with clock
// enable. Float: 27 x 18 takes 24 x 17 and 24 x 7 (two DSP48E2); smaller blocks take
// 12 x 17, 12 x 17 and 12 x 7, the last 12 x 7 in LUTs as carry-save rows (a fourth block
// otherwise); then one adder stage. Double: 27 x 18 takes six 26 x 17 and three rows in
// LUTs (the significands' top bits); 18 x 18 takes nine; then a tree of carry-propagate
// adders, one level a stage (on LUT6 devices an adder costs one LUT a bit, a carry-save
// layer two).
module hls_fp_sigmul #(
    parameter int SW = 24,
    parameter int DSP_A = 18,
    parameter int DSP_B = 18,
    // The block's primitive (hls_dsp_mul): the float tiling's 12 x 17 and 12 x 7 products;
    // 2, DSP48E2: the double product's cascaded blocks.
    parameter int DSP_PRIM = 0,
    // The caller reads p[ORW-1:0] only as its OR (a multiplier's sticky bit): those bits
    // may come out as any bits with the same OR. The cascaded double product lets a word
    // wholly below ORW wait for the last word as one bit.
    parameter int ORW = 0
) (
    input  logic              clk,
    input  logic              ce,
    input  logic [SW-1:0]     x,
    input  logic [SW-1:0]     z,
    output logic [2*SW-1:0]   p
);
    if (SW == 24 && DSP_PRIM == 2) begin : g_float_dsp48e2
        // Two DSP48E2 (27 x 18 takes 24 x 17 and 24 x 7): x z[16:0] in the first, without
        // input or product registers (its P one cycle after x and z); x z[23:17] in the
        // second, whose input registers hold x and z while the first multiplies, plus the
        // first's P >> 17 up the cascade. The sum joining the two partial products is the
        // second block's adder, not 31 LUTs and their carry chain; the first's low 17 bits
        // wait a cycle beside it.
        /* verilator lint_off UNUSEDSIGNAL */
        logic [47:0] p0, p1, pc0, pc1;  // (P0's bits above 16 reach the sum by the cascade)
        /* verilator lint_on UNUSEDSIGNAL */
        logic [16:0] p0_lo;
        hls_dsp48e2 #(.AREG(1'b0), .MREG(1'b0)) lo (
            .clk, .ce, .a(27'(x)), .b({1'b0, z[16:0]}), .c(48'd0), .pcin(48'd0),
            .p(p0), .pcout(pc0)
        );
        hls_dsp48e2 #(.CASC(1'b1), .AREG(1'b1), .MREG(1'b0)) hi (
            .clk, .ce, .a(27'(x)), .b(18'(z[23:17])), .c(48'd0), .pcin(pc0),
            .p(p1), .pcout(pc1)
        );
        always_ff @(posedge clk) begin
            if (ce) p0_lo <= p0[16:0];
        end
        assign p = {p1[30:0], p0_lo};
    end else if (SW == 24) begin : g_float
        localparam bit WIDE = DSP_A >= 25 && DSP_B >= 18;
        logic [28:0] s_lo, s_mid;
        logic [18:0] s_hi1;
        logic [18:0] s_hs, s_hc;
        logic [40:0] s_w0;
        logic [30:0] s_w1;
        // x[11:0] x z[23:17] in LUTs: its seven rows reduced to two by carry-save adders,
        // no carry chain; the adder stage takes them in.
        logic [18:0] rows [7];
        logic [18:0] t_s [5], t_c [5];
        always_comb begin
            for (int k = 0; k < 7; k++)
                rows[k] = z[17 + k] ? (19'(x[11:0]) << k) : 19'd0;
            t_s[0] = rows[0] ^ rows[1] ^ rows[2];
            t_c[0] = ((rows[0] & rows[1]) | (rows[1] & rows[2]) | (rows[0] & rows[2])) << 1;
            t_s[1] = rows[3] ^ rows[4] ^ rows[5];
            t_c[1] = ((rows[3] & rows[4]) | (rows[4] & rows[5]) | (rows[3] & rows[5])) << 1;
            t_s[2] = t_s[0] ^ t_c[0] ^ t_s[1];
            t_c[2] = ((t_s[0] & t_c[0]) | (t_c[0] & t_s[1]) | (t_s[0] & t_s[1])) << 1;
            t_s[3] = t_c[1] ^ rows[6] ^ t_s[2];
            t_c[3] = ((t_c[1] & rows[6]) | (rows[6] & t_s[2]) | (t_c[1] & t_s[2])) << 1;
            t_s[4] = t_s[3] ^ t_c[3] ^ t_c[2];
            t_c[4] = ((t_s[3] & t_c[3]) | (t_c[3] & t_c[2]) | (t_s[3] & t_c[2])) << 1;
        end
        // 12 x 17 fits one ECP5 MULT18X18D and one DSP48E2.
        if (!WIDE) begin : g_blocks
            hls_dsp_mul #(.AW(12), .BW(17), .DSP_PRIM(DSP_PRIM)) m_lo (
                .clk, .ce, .a(x[11:0]), .b(z[16:0]), .p(s_lo)
            );
            hls_dsp_mul #(.AW(12), .BW(17), .DSP_PRIM(DSP_PRIM)) m_mid (
                .clk, .ce, .a(x[23:12]), .b(z[16:0]), .p(s_mid)
            );
            hls_dsp_mul #(.AW(12), .BW(7), .DSP_PRIM(DSP_PRIM)) m_hi1 (
                .clk, .ce, .a(x[23:12]), .b(z[23:17]), .p(s_hi1)
            );
        end else begin : g_no_blocks
            assign s_lo = '0;
            assign s_mid = '0;
            assign s_hi1 = '0;
        end
        always_ff @(posedge clk) begin
            if (ce) begin
                s_hs <= t_s[4];
                s_hc <= t_c[4];
                s_w0 <= WIDE ? 41'(x * z[16:0]) : 41'd0;
                s_w1 <= WIDE ? 31'(x * z[23:17]) : 31'd0;
            end
        end
        // One carry-save layer, one carry chain.
        logic [47:0] pa, pb, pc, pd, s1s, s1c, psum, pcarry;
        assign pa = {s_hi1[18:0], s_lo};
        assign pb = {7'd0, s_mid, 12'd0};
        assign pc = {12'd0, s_hs, 17'd0};
        assign pd = {12'd0, s_hc, 17'd0};
        assign s1s = pa ^ pb ^ pc;
        assign s1c = {(pa[46:0] & pb[46:0]) | (pb[46:0] & pc[46:0]) | (pa[46:0] & pc[46:0]), 1'b0};
        assign psum = s1s ^ s1c ^ pd;
        assign pcarry = {(s1s[46:0] & s1c[46:0]) | (s1c[46:0] & pd[46:0]) | (s1s[46:0] & pd[46:0]), 1'b0};
        always_ff @(posedge clk) begin
            if (ce) p <= WIDE ? {7'd0, s_w0} + {s_w1, 17'd0} : psum + pcarry;
        end
    end else if (DSP_PRIM == 2) begin : g_double_dsp48e2
        // Eight DSP48E2 (hls_dsp48e2) and no adder in LUTs but one of 27 bits. The blocks'
        // multipliers are signed 27 x 18: z goes in as four 17-bit chunks Zj at 17 j (the
        // last of two bits), x as two signed 27-bit digits of x - 2^53 (two such digits
        // cannot reach every 53-bit x, but reach every value in [-2^53, 0)): X0 = x[26:0]
        // read as signed, X1 = x[52:27] - 2^26 + x[26], so that x = X0 + X1 2^27 + 2^53 and
        // the product is X0 z + X1 z 2^27 + z 2^53.
        //
        // Column 0 sums X0 Zj up the 17-bit cascade (block j at weight 17 j, the cascade
        // carrying what is above its low 17 bits) and, through the C ports, the bits of z
        // 2^53 up to weight 96, so V0 = {P0_3, P0_2[16:0], P0_1[16:0], P0_0[16:0]}. Column 1
        // does the same for X1 Zj at 27 + 17 j, each block adding through C the 17 bits of
        // V0 at its weight (the last all of V0 above bit 77, with its sign), and block 2
        // beside them the rest of z 2^53: the product is column 1's words above V0[26:0].
        // Every block's sum stays inside its 48 bits. Column 1 runs three cycles behind
        // column 0 (its first block needs V0 to bit 43, column 0's third word), so the
        // product takes sigmul_latency(53, 2) = 9 cycles; the operands reach each block
        // through a tapped delay line, and the early words of the product wait for the last.
        logic signed [26:0] x0, x1;
        assign x0 = $signed(x[26:0]);
        assign x1 = {1'b1, x[52:27]} + 27'(x[26]);
        localparam int DLW = 2 * 27 + 53;
        logic [DLW-1:0] dl_in;
        assign dl_in = {x0, x1, z};
        /* verilator lint_off UNUSEDSIGNAL */
        logic [DLW-1:0] dl [1:7];  // dl_in k cycles ago (the taps no block reads go unbuilt)
        /* verilator lint_on UNUSEDSIGNAL */
        always_ff @(posedge clk) begin
            if (ce) begin
                dl[1] <= dl_in;
                for (int k = 2; k <= 7; k++) dl[k] <= dl[k-1];
            end
        end
        /* verilator lint_off UNUSEDSIGNAL */
        logic [47:0] pw [2][4], pc [2][4];  // each block's P and cascade out
        /* verilator lint_on UNUSEDSIGNAL */
        logic [16:10] p01_d, p02_d;
        logic [47:10] p03_d1;
        logic [47:27] p03_d2;
        always_ff @(posedge clk) begin
            if (ce) begin
                p01_d <= pw[0][1][16:10];
                p02_d <= pw[0][2][16:10];
                p03_d1 <= pw[0][3][47:10];
                p03_d2 <= p03_d1[47:27];
            end
        end
        // Block (i, j) takes its operands 3 i + j cycles late and adds C two cycles after
        // (column 0's word j is there from cycle 3 + j): z 2^53 in column 0 at offsets 29
        // to 45 of each C (36 to 45 for block 1), V0's words in column 1.
        logic [47:0] cin [2][4];
        /* verilator lint_off UNUSEDSIGNAL */
        logic [52:0] zc [4];   // z when block (0, 1..3) and (1, 2) add C
        /* verilator lint_on UNUSEDSIGNAL */
        assign zc[1] = dl[3][52:0];
        assign zc[2] = dl[4][52:0];
        assign zc[3] = dl[5][52:0];
        assign zc[0] = dl[7][52:0];
        assign cin[0][0] = 48'd0;
        assign cin[0][1] = {2'd0, zc[1][9:0], 36'd0};                       // z 2^53 to 62
        assign cin[0][2] = {2'd0, zc[2][26:10], 29'd0};                     // to 79
        assign cin[0][3] = {2'd0, zc[3][43:27], 29'd0};                     // to 96
        assign cin[1][0] = {31'd0, pw[0][2][9:0], p01_d};                   // V0[43:27]
        assign cin[1][1] = {31'd0, pw[0][3][9:0], p02_d};                   // V0[60:44]
        assign cin[1][2] = {3'd0, zc[0][52:44], 19'd0, p03_d1[26:10]};     // z 2^53 to 105, V0[77:61]
        assign cin[1][3] = {{27{p03_d2[47]}}, p03_d2};                      // V0 >>> 78
        for (genvar i = 0; i < 2; i++) begin : g_col
            for (genvar j = 0; j < 4; j++) begin : g_blk
                localparam int K = 3 * i + j;
                /* verilator lint_off UNUSEDSIGNAL */
                logic [DLW-1:0] tap;  // (one digit and one chunk read)
                /* verilator lint_on UNUSEDSIGNAL */
                if (K == 0) begin : g_now
                    assign tap = dl_in;
                end else begin : g_late
                    assign tap = dl[K];
                end
                logic [17:0] zj;
                assign zj = (j == 3) ? {16'd0, tap[52:51]} : {1'b0, tap[17 * j +: 17]};
                hls_dsp48e2 #(.ADDC(K > 0), .CASC(j > 0)) block (
                    .clk, .ce,
                    .a(i == 0 ? tap[DLW-1 -: 27] : tap[DLW-28 -: 27]),
                    .b(zj),
                    .c(cin[i][j]),
                    .pcin(j > 0 ? pc[i][(j + 3) % 4] : 48'd0),
                    .p(pw[i][j]),
                    .pcout(pc[i][j])
                );
            end
        end
        // Every word to the cycle of the last (9); a word wholly below ORW waits as its OR.
        logic [16:0] w00, w10, w11, w12, q00, q10, q11, q12;
        logic [9:0] w01, q01;
        assign w00 = ORW >= 17 ? 17'(pw[0][0][16:0] != '0) : pw[0][0][16:0];
        assign w01 = ORW >= 27 ? 10'(pw[0][1][9:0] != '0) : pw[0][1][9:0];
        assign w10 = ORW >= 44 ? 17'(pw[1][0][16:0] != '0) : pw[1][0][16:0];
        assign w11 = ORW >= 61 ? 17'(pw[1][1][16:0] != '0) : pw[1][1][16:0];
        assign w12 = ORW >= 78 ? 17'(pw[1][2][16:0] != '0) : pw[1][2][16:0];
        hls_delay #(.W(17), .N(6)) d00 (.clk, .ce, .d(w00), .q(q00));
        hls_delay #(.W(10), .N(5)) d01 (.clk, .ce, .d(w01), .q(q01));
        hls_delay #(.W(17), .N(3)) d10 (.clk, .ce, .d(w10), .q(q10));
        hls_delay #(.W(17), .N(2)) d11 (.clk, .ce, .d(w11), .q(q11));
        hls_delay #(.W(17), .N(1)) d12 (.clk, .ce, .d(w12), .q(q12));
        assign p = {pw[1][3][27:0], q12, q11, q10, q01, q00};
    end else begin : g_double
        localparam bit WIDE = DSP_A >= 27 && DSP_B >= 18;
        logic [53:0] fx, fz;
        assign fx = 54'(x);
        assign fz = 54'(z);
        // Rows to add, each a concatenation of products that do not overlap.
        logic [105:0] r [7];
        always_ff @(posedge clk) begin
            if (ce) begin
                if (WIDE) begin
                    // pp(i, j) = fx[26i +: 26] * fz[17j +: 17] sits at 26 i + 17 j.
                    r[0] <= {20'd0, 43'(fx[51:26] * fz[33:17]), 43'(fx[25:0] * fz[16:0])};
                    r[1] <= {3'd0, 43'(fx[51:26] * fz[50:34]), 43'(fx[25:0] * fz[33:17]), 17'd0};
                    r[2] <= {29'd0, 43'(fx[25:0] * fz[50:34]), 34'd0};
                    r[3] <= {37'd0, 43'(fx[51:26] * fz[16:0]), 26'd0};
                    r[4] <= fx[52] ? {53'd0, fz[52:0]} << 52 : 106'd0;
                    r[5] <= fz[51] ? {54'd0, fx[51:0]} << 51 : 106'd0;
                    r[6] <= fz[52] ? {54'd0, fx[51:0]} << 52 : 106'd0;
                end else begin
                    // pp(i, j) = fx[18i +: 18] * fz[18j +: 18] sits at 18 (i + j).
                    r[0] <= {34'(fx[53:36] * fz[53:36]), 36'(fx[35:18] * fz[35:18]),
                             36'(fx[17:0] * fz[17:0])};
                    r[1] <= {16'd0, 36'(fx[35:18] * fz[53:36]), 36'(fx[17:0] * fz[35:18]), 18'd0};
                    r[2] <= {16'd0, 36'(fx[53:36] * fz[35:18]), 36'(fx[35:18] * fz[17:0]), 18'd0};
                    r[3] <= {34'd0, 36'(fx[17:0] * fz[53:36]), 36'd0};
                    r[4] <= {34'd0, 36'(fx[53:36] * fz[17:0]), 36'd0};
                    r[5] <= 106'd0;
                    r[6] <= 106'd0;
                end
            end
        end
        logic [105:0] s_a, s_b, s_c, s_d, s_ab, s_cd;
        always_ff @(posedge clk) begin
            if (ce) begin
                s_a <= r[0] + r[1];
                s_b <= r[2] + r[3];
                s_c <= r[4] + r[5];
                s_d <= r[6];
                s_ab <= s_a + s_b;
                s_cd <= s_c + s_d;
                p <= s_ab + s_cd;
            end
        end
    end
endmodule

// IEEE-754 multiplier for a format of EW exponent and MW fraction bits (float 8/23, double
// 11/52): round to nearest even, subnormal inputs and outputs, infinities, NaN (the quiet
// NaN out). Fixed latency LAT cycles with clock enable.
//
// With LAT >= STAGES the datapath is staged: classify, and count the leading zeros
// (nonzero only for subnormals) of each significand; the product (hls_fp_sigmul); the
// normalising shift by the leading-zero counts, of which only the SW + 2 bits the rounding
// reads are built; a last one-bit step; the right shift of a subnormal result; rounding
// and packing (hls_fp_round). The sticky bit: a set product bit below the normalised
// window (any below its top 7 whatever the shift, and of those 7 the ones the short shift
// leaves below), or one the right shift drops. Two subnormal operands make a zero (their
// product is far below the smallest subnormal), so one significand at most has leading
// zeros and their count is the OR of the two. Extra latency is a delay line at the
// output. With LAT < STAGES it is all combinational (hls_fp_pkg::fmul32,
// hls_fp64_pkg::fmul64), followed by LAT registers.
//
// With FTZ (flush to zero: subnormal operands read as zero, subnormal results become
// zero; hls_fp_round) both significands have their leading one on top, so there is no
// normalising shift, no right shift of a subnormal result, and the sticky bit is the OR of
// the product's low bits; the stages stay, so the latency does not depend on FTZ.
module hls_fp_mul #(
    parameter int EW = 8,
    parameter int MW = 23,
    parameter int LAT = 8,
    parameter int DSP_A = 18,
    parameter int DSP_B = 18,
    // The DSP block's primitive (hls_dsp_mul; boards::DspPrimitive): 0 inferred.
    parameter int DSP_PRIM = 0,
    parameter bit FTZ = 1'b0
) (
    input  logic            clk,
    input  logic            ce,
    input  logic [EW+MW:0]  a,
    input  logic [EW+MW:0]  b,
    output logic [EW+MW:0]  y
);
    localparam int W = EW + MW + 1;
    localparam int SW = MW + 1;
    localparam int PW = 2 * SW;
    localparam int XW = EW + 3;               // signed exponents
    localparam int ZW = 7;                    // zero counts and their sums (below 2 SW)
    // The right shift of a subnormal result, exact up to 2^(SHW-1): beyond every kept bit.
    localparam int SHW = $clog2(SW + 2) + 1;
    localparam int PL = hls_fp_pkg::sigmul_latency(SW, DSP_PRIM);
    localparam int STAGES = PL + 6;
    localparam logic signed [XW-1:0] BIAS = XW'((1 << (EW - 1)) - 1);
    localparam logic [W-1:0] QNAN = {1'b0, {EW{1'b1}}, 1'b1, {(MW-1){1'b0}}};

    // Leading zeros: the complement of the leading one's position with the significand at
    // the top of 64 bits.
    function automatic logic [ZW-1:0] lzc(input logic [SW-1:0] v);
        logic [5:0] p, n;
        p = hls_fp_pkg::lead64({v, (64 - SW)'(0)});
        n = ~p;
        return ZW'(n);
    endfunction

    // Eight times the leading zero bytes (whole bytes from the top): the part of the
    // leading-zero count that shifts a significand before the product, so that the shift
    // of the product after it is by at most 7 (a 48-bit shift by up to 23 in one stage was
    // the float multiplier's ECP5 critical path).
    function automatic logic [ZW-1:0] lz_bytes(input logic [SW-1:0] v);
        logic [ZW-1:0] n;
        logic found;
        n = '0;
        found = 1'b0;
        for (int k = 0; k < SW / 8; k++) begin
            if (!found && v[SW-1-8*k -: 8] == 8'd0) n = n + ZW'(8);
            else found = 1'b1;
        end
        return n;
    endfunction

    if (LAT >= STAGES) begin : g_staged
        // Stage 1: classify; the biased exponent of the product with its leading one at bit
        // PW - 1 and no leading zeros; the zero counts of each significand.
        logic nan_x, nan_z, inf_x, inf_z, zero_x, zero_z;
        logic [SW-1:0] sig_x, sig_z;
        logic [EW-1:0] e_x, e_z;
        hls_fp_classify #(.EW(EW), .MW(MW), .FTZ(FTZ)) class_x (
            .x(a[W-2:0]), .nan(nan_x), .inf(inf_x), .zero(zero_x), .sig(sig_x), .e(e_x)
        );
        hls_fp_classify #(.EW(EW), .MW(MW), .FTZ(FTZ)) class_z (
            .x(b[W-2:0]), .nan(nan_z), .inf(inf_z), .zero(zero_z), .sig(sig_z), .e(e_z)
        );
        logic s1_sign, s1_nan_x, s1_nan_z, s1_inf_x, s1_inf_z, s1_zero_x, s1_zero_z;
        logic [SW-1:0] s1_fx, s1_fz;
        // The significand's top HI bits (with the hidden bit) and low LO bits.
        localparam int LO = SW / 2;
        localparam int HI = SW - LO;
        logic [ZW-1:0] s1_lzhx, s1_lzlx, s1_lzhz, s1_lzlz;
        logic s1_hix, s1_hiz, s1_nx, s1_nz;
        logic signed [XW-1:0] s1_e;
        always_ff @(posedge clk) begin
            if (ce) begin
                s1_sign <= a[W-1] ^ b[W-1];
                // The classes; the special result from them in the next stage, beside
                // the product (on ECP5 the whole decision in this stage was its
                // critical path once the counts had left it).
                s1_nan_x <= nan_x;
                s1_nan_z <= nan_z;
                s1_inf_x <= inf_x;
                s1_inf_z <= inf_z;
                s1_zero_x <= zero_x;
                s1_zero_z <= zero_z;
                // Shifted by their whole leading zero bytes (a subnormal's; the other is
                // normal, its shift 0), so that the product has at most 7 leading zeros
                // more (a 48-bit shift by up to 23 in one stage after the product was the
                // float multiplier's ECP5 critical path; before the DSP block's input,
                // with its 3.5 ns setup, the shift was slower still).
                s1_fx <= FTZ ? sig_x : sig_x << lz_bytes(sig_x);
                s1_fz <= FTZ ? sig_z : sig_z << lz_bytes(sig_z);
                s1_nx <= sig_x[MW];
                s1_nz <= sig_z[MW];
                // The counts from the fraction bits alone, the exponent test and the
                // halves' merge left to the next stage (stage 1 was the multiplier's
                // critical path on ECP5: exponent test, hidden bit, a 24-bit count, the OR
                // of both): a normal operand has no leading zeros, and a nonzero
                // subnormal's lowest set bit is in its fraction. A half is counted with a
                // one below it, so its count stops at its width.
                s1_lzhx <= lzc({1'b0, a[MW-1:LO], 1'b1, (LO - 1)'(0)});
                s1_lzlx <= lzc({a[LO-1:0], 1'b1, (HI - 1)'(0)});
                s1_lzhz <= lzc({1'b0, b[MW-1:LO], 1'b1, (LO - 1)'(0)});
                s1_lzlz <= lzc({b[LO-1:0], 1'b1, (HI - 1)'(0)});
                s1_hix <= a[MW-1:LO] != '0;
                s1_hiz <= b[MW-1:LO] != '0;
                s1_e <= $signed({3'd0, e_x}) + $signed({3'd0, e_z}) - (BIAS - XW'(1));
            end
        end
        // The product, PL stages; beside it the product's leading zeros (lzs, or one more).
        logic [PW-1:0] prod;
        // The product bits below the top SW + 9 are read only as their OR (the sticky bit).
        hls_fp_sigmul #(
            .SW(SW), .DSP_A(DSP_A), .DSP_B(DSP_B), .DSP_PRIM(DSP_PRIM), .ORW(PW - SW - 9)
        ) sigmul (
            .clk, .ce, .x(s1_fx), .z(s1_fz), .p(prod)
        );
        // A special operand, or two subnormals (their product rounds to zero); the result:
        // NaN in, or inf x 0: the quiet NaN; inf otherwise; else zero.
        logic s1_special;
        logic [W-1:0] s1_special_val;
        assign s1_special = s1_nan_x || s1_inf_x || s1_nan_z || s1_inf_z || s1_zero_x
                         || s1_zero_z || (!s1_nx && !s1_nz);
        assign s1_special_val =
            s1_nan_x || s1_nan_z || (s1_inf_x && s1_zero_z) || (s1_inf_z && s1_zero_x) ? QNAN
            : s1_inf_x || s1_inf_z ? {s1_sign, {EW{1'b1}}, {MW{1'b0}}}
            : {s1_sign, {(W-1){1'b0}}};
        logic [ZW-1:0] s1_lzx, s1_lzz;
        assign s1_lzx = FTZ || s1_nx ? '0 : s1_hix ? s1_lzhx : ZW'(HI) + s1_lzlx;
        assign s1_lzz = FTZ || s1_nz ? '0 : s1_hiz ? s1_lzhz : ZW'(HI) + s1_lzlz;
        logic p_special, p_sign;
        logic [W-1:0] p_special_val;
        logic signed [XW-1:0] p_e;
        logic [ZW-1:0] p_lzs;
        hls_delay #(.W(2 + W + XW + ZW), .N(PL)) side (
            .clk, .ce,
            .d({s1_special, s1_sign, s1_special_val, s1_e, s1_lzx | s1_lzz}),
            .q({p_special, p_sign, p_special_val, p_e, p_lzs})
        );
        // Shift by the rest of the estimate (its whole bytes went before the product),
        // building only the SW + 2 bits kept; the exponent for both outcomes (leading zeros
        // lzs or lzs + 1: e - lzs and e + ~lzs, one adder each); whether a product bit
        // below the SW + 2 kept is set, for the sticky bit (those below the top 7 whatever
        // the shift, and of those 7 the ones the shift leaves below).
        logic [SW+1:0] shifted;
        assign shifted = (SW + 2)'((prod << p_lzs[2:0]) >> (PW - SW - 2));
        logic low;
        always_comb begin
            if (FTZ) begin
                low = prod[PW-SW-3:0] != '0;  // no shift
            end else begin
                low = prod[PW-SW-10:0] != '0;
                for (int i = 0; i < 7; i++) low = low | (i >= int'(p_lzs[2:0]) && prod[PW-SW-3-i]);
            end
        end
        logic n_low;
        always_ff @(posedge clk) begin
            if (ce) n_low <= low;
        end
        logic n_special, n_sign;
        logic [W-1:0] n_special_val;
        logic signed [XW-1:0] n_e0, n_e1;
        logic [SW+1:0] n_q;
        always_ff @(posedge clk) begin
            if (ce) begin
                n_special <= p_special;
                n_special_val <= p_special_val;
                n_sign <= p_sign;
                n_q <= shifted;
                n_e0 <= p_e - $signed(XW'(p_lzs));
                n_e1 <= p_e + $signed({{(XW - ZW){1'b1}}, ~p_lzs});
            end
        end
        // The leading one to the top (one more step when the estimate fell short); below
        // the normal range (e < 1) the right shift 1 - e that a subnormal result needs (0
        // otherwise, all ones when nothing is left: e <= -2^(SHW-1), told from the bits
        // without a comparison's carry chain); a set bit below the kept SW + 1.
        logic signed [XW-1:0] e;
        logic tiny, gone;
        assign e = n_q[SW+1] ? n_e0 : n_e1;
        assign tiny = e[XW-1] || e == '0;
        assign gone = e[XW-1] && (!(&e[XW-2:SHW-1]) || e[SHW-2:0] == '0);
        logic t_special, t_sign, t_tiny, t_low;
        logic [W-1:0] t_special_val;
        logic signed [XW-1:0] t_e;
        logic [SHW-1:0] t_sh;
        logic [SW:0] t_q;
        always_ff @(posedge clk) begin
            if (ce) begin
                t_special <= n_special;
                t_special_val <= n_special_val;
                t_sign <= n_sign;
                t_q <= n_q[SW+1] ? n_q[SW+1:1] : n_q[SW:0];
                t_e <= e;
                t_tiny <= tiny;
                t_sh <= !tiny ? '0 : gone ? '1 : SHW'(XW'(1) - e);
                t_low <= n_low || (n_q[SW+1] && n_q[0]);
            end
        end
        // Shift (a subnormal result right); a bit below the guard bit is set when one was
        // below the kept bits or the shift drops one.
        logic r_special, r_sign;
        logic [W-1:0] r_special_val;
        logic signed [XW-1:0] r_e;
        logic [MW+3:0] r_f;
        always_ff @(posedge clk) begin
            if (ce) begin
                r_special <= t_special;
                r_special_val <= t_special_val;
                r_sign <= t_sign;
                if (FTZ) begin
                    r_e <= t_e;
                    r_f <= {t_q, 1'b0, t_low};
                end else begin
                    r_e <= t_tiny ? '0 : t_e;
                    r_f <= {t_q >> t_sh, 1'b0, t_low || (t_q & ~({(SW + 1){1'b1}} << t_sh)) != '0};
                end
            end
        end
        hls_fp_round #(.EW(EW), .MW(MW), .EXTRA(LAT - STAGES), .FTZ(FTZ)) round (
            .clk, .ce,
            .special(r_special),
            .special_val(r_special_val),
            .sign(r_sign),
            .e(r_e),
            .f(r_f),
            .y
        );
    end else begin : g_combinational
        hls_fp_combinational #(.EW(EW), .MW(MW), .LAT(LAT), .OP("mul"), .FTZ(FTZ)) comb (
            .clk, .ce, .a, .b, .c('0), .y
        );
    end
endmodule

// IEEE-754 fused multiply-add a * b + c with a single rounding (nearest even, or to odd
// with ODD: see hls_fp_round), for a format of EW exponent and MW fraction bits (float
// 8/23, double 11/52): subnormal inputs and outputs, infinities, NaN (the quiet NaN out).
// Fixed latency LAT cycles with clock enable.
//
// With LAT >= STAGES the datapath is staged: classify, the exponents; the product
// (hls_fp_sigmul) beside which term is larger by exponent and by how much; the larger term
// first and the smaller aligned to it in two steps, what falls off as sticky (ORs of bit
// groups picked by each step's amount: no mask, no trailing-zero count); the sum as one
// signed adder; its magnitude (a negation when negative); the leading one; the exponent
// and one left shift that puts the leading one, or for a subnormal result the exponent-1
// position, on top of an FW-bit window (no right shift: the sum sits below FW zero bits),
// in two steps, the bits below the window as sticky (group ORs again); rounding and
// packing (hls_fp_round). Extra latency is a delay line at the
// output. With LAT < STAGES it is all combinational (hls_fp_pkg::ffma32,
// hls_fp64_pkg::ffma64), followed by LAT registers.
module hls_fp_fma #(
    parameter int EW = 8,
    parameter int MW = 23,
    parameter int LAT = 13,
    parameter bit ODD = 1'b0,
    parameter int DSP_A = 18,
    parameter int DSP_B = 18,
    // The DSP block's primitive (hls_dsp_mul; boards::DspPrimitive): 0 inferred.
    parameter int DSP_PRIM = 0,
    parameter bit FTZ = 1'b0
) (
    input  logic            clk,
    input  logic            ce,
    input  logic [EW+MW:0]  a,
    input  logic [EW+MW:0]  b,
    input  logic [EW+MW:0]  c,
    output logic [EW+MW:0]  y
);
    localparam int W = EW + MW + 1;
    localparam int SW = MW + 1;
    localparam int PW = 2 * SW;
    // The sum's word: the product P << 3 and the addend c << (SW + 2), both integers
    // times 2^(e - BIAS - MW - SW - 2), two spare bits on top.
    localparam int AW = PW + 5;
    localparam int FW = MW + 4;             // {significand, guard, round, sticky}
    localparam int XW = EW + 4;             // signed exponents
    localparam int DW = $clog2(AW);         // an alignment shift below AW
    localparam int NW = FW + AW;            // the normalising shift's word
    localparam int TW = $clog2(NW);
    // The normalising shift: a coarse shift by t's multiple of NG (2^NF), then the rest; the
    // coarse shift keeps CW bits, from bit NB0 of its word. By 16 (five positions) for
    // float and half, by 8 for double (Yosys: by 8 the float fma took 30 LUTs more, by 16
    // the double fma 23 more).
    localparam int NF = (MW > 23) ? 3 : 4;
    localparam int NG = 1 << NF;
    localparam int NB0 = AW + 2 - NG;
    localparam int CW = FW + NG - 2;
    localparam int PL = hls_fp_pkg::sigmul_latency(SW, DSP_PRIM);
    localparam int STAGES = PL + 11;
    localparam logic signed [XW-1:0] BIAS = XW'((1 << (EW - 1)) - 1);
    // Biased exponent of the sum's bit 0 plus the leading one's position: e = lead + emax
    // - LOFF; the shift that leaves exponent 1 on top of the window: emax + TOFF.
    localparam logic signed [XW-1:0] LOFF = XW'(2 * MW + 3);
    localparam logic signed [XW-1:0] TOFF = XW'(FW + AW - 2 * MW - 5);
    localparam logic [W-1:0] QNAN = {1'b0, {EW{1'b1}}, 1'b1, {(MW-1){1'b0}}};

    // Position of the leading one of an AW-bit word (below 128 bits).
    function automatic logic [DW-1:0] lead_aw(input logic [AW-1:0] v);
        logic [127:0] w;
        w = 128'(v);
        if (w[127:64] != '0) return DW'(64 + int'(hls_fp_pkg::lead64(w[127:64])));
        return DW'(hls_fp_pkg::lead64(w[63:0]));
    endfunction
    if (LAT >= STAGES) begin : g_staged
        // Stage 1: special operands; the exponents of the product and the addend.
        logic nan_x, nan_z, nan_w, inf_x, inf_z, inf_w, zero_x, zero_z, zero_w;
        logic [SW-1:0] sig_x, sig_z, sig_w;
        logic [EW-1:0] e_x, e_z, e_w;
        hls_fp_classify #(.EW(EW), .MW(MW), .FTZ(FTZ)) class_x (
            .x(a[W-2:0]), .nan(nan_x), .inf(inf_x), .zero(zero_x), .sig(sig_x), .e(e_x)
        );
        hls_fp_classify #(.EW(EW), .MW(MW), .FTZ(FTZ)) class_z (
            .x(b[W-2:0]), .nan(nan_z), .inf(inf_z), .zero(zero_z), .sig(sig_z), .e(e_z)
        );
        hls_fp_classify #(.EW(EW), .MW(MW), .FTZ(FTZ)) class_w (
            .x(c[W-2:0]), .nan(nan_w), .inf(inf_w), .zero(zero_w), .sig(sig_w), .e(e_w)
        );
        logic sp, sc, p_inf, nan_in;
        assign sp = a[W-1] ^ b[W-1];
        assign sc = c[W-1];
        assign p_inf = inf_x || inf_z;
        assign nan_in = nan_x || nan_z || nan_w;
        // The operands' classes are registered, the special result decided from them a
        // stage later (classify, then choose among the results, was the first stage's
        // longest path on ECP5). Only NaN and infinite results are special; an exact zero
        // product goes through the datapath as a zero term aligned with c (its sum is c,
        // or a zero whose sign the IEEE rule gives), so no operand value rides beside it.
        logic s1_sp, s1_sc, s1_c_zero, s1_nan, s1_p_inf, s1_inf_w, s1_p_zero;
        logic [SW-1:0] s1_fx, s1_fz, s1_fw;
        logic signed [XW-1:0] s1_ep, s1_ec;
        always_ff @(posedge clk) begin
            if (ce) begin
                s1_sp <= sp;
                s1_sc <= sc;
                s1_nan <= nan_in;
                s1_p_inf <= p_inf;
                s1_inf_w <= inf_w;
                s1_p_zero <= zero_x || zero_z;
                // A zero term must add nothing (FTZ: a zero's significand reads 1.f).
                s1_fx <= (FTZ && zero_x) ? '0 : sig_x;
                s1_fz <= (FTZ && zero_z) ? '0 : sig_z;
                s1_fw <= (FTZ && zero_w) ? '0 : sig_w;
                s1_c_zero <= zero_w;
                s1_ep <= $signed({4'd0, e_x}) + $signed({4'd0, e_z}) - BIAS;
                s1_ec <= $signed({4'd0, e_w});
            end
        end
        // The product, PL stages.
        logic [PW-1:0] prod;
        hls_fp_sigmul #(.SW(SW), .DSP_A(DSP_A), .DSP_B(DSP_B), .DSP_PRIM(DSP_PRIM)) sigmul (
            .clk, .ce, .x(s1_fx), .z(s1_fz), .p(prod)
        );
        // Beside it, two stages: which term is larger by exponent, and by how much (a zero
        // term aligns with the other, unshifted, the other the larger: the zero cases
        // choose after the compare and the differences, not in front of them, which would
        // lengthen the stage); then whether the shift leaves nothing. They wait for the
        // product.
        logic p_ge;
        assign p_ge = s1_ep >= s1_ec;
        // The special result: NaN, or infinity of sign s2_ssign; s2_zsign, the sign of an
        // exact zero sum (-0 only for -0 + -0, with the product's sign).
        logic s2_special, s2_nan, s2_ssign, s2_zsign, s2_sp, s2_sc, s2_p_big;
        logic [SW-1:0] s2_fw;
        logic signed [XW-1:0] s2_emax;
        logic [XW-1:0] s2_d;
        always_ff @(posedge clk) begin
            if (ce) begin
                s2_special <= s1_nan || s1_p_inf || s1_inf_w;
                s2_nan <= s1_nan || (s1_p_inf && s1_p_zero)
                       || (s1_p_inf && s1_inf_w && s1_sc != s1_sp);
                s2_ssign <= s1_p_inf ? s1_sp : s1_sc;
                s2_zsign <= s1_p_zero && s1_c_zero && s1_sp && s1_sc;
                s2_sp <= s1_sp;
                s2_sc <= s1_sc;
                s2_fw <= s1_fw;
                s2_p_big <= s1_c_zero || (!s1_p_zero && p_ge);
                s2_emax <= s1_p_zero ? s1_ec : (s1_c_zero || p_ge) ? s1_ep : s1_ec;
                s2_d <= (s1_p_zero || s1_c_zero) ? '0
                      : XW'(p_ge ? s1_ep - s1_ec : s1_ec - s1_ep);
            end
        end
        // What the alignment needs, formed in two stages beside the product and carried
        // until it is ready.
        typedef struct packed {
            logic special, nan, ssign, zsign, sp, sc, p_big;
            logic [SW-1:0] fw;
            logic signed [XW-1:0] emax;
            // The alignment shift, at most 2^DW - 1: a larger one is that, which leaves
            // nothing as well (little's top two bits are zero), so the shifter needs no
            // case of its own for it (11 LUTs fewer in the float fma).
            logic [DW-1:0] d;
        } side_t;
        side_t x3, s3;
        always_ff @(posedge clk) begin
            if (ce) begin
                x3.special <= s2_special;
                x3.nan <= s2_nan;
                x3.ssign <= s2_ssign;
                x3.zsign <= s2_zsign;
                x3.sp <= s2_sp;
                x3.sc <= s2_sc;
                x3.fw <= s2_fw;
                x3.p_big <= s2_p_big;
                x3.emax <= s2_emax;
                x3.d <= (s2_d > XW'((1 << DW) - 1)) ? '1 : s2_d[DW-1:0];
            end
        end
        hls_delay #(.W($bits(side_t)), .N(PL - 2)) side (.clk, .ce, .d(x3), .q(s3));
        // Stage 4: the larger term, and the smaller shifted right by d's multiple of 4;
        // whether the whole shift drops a set bit, from the smaller term's lowest one.
        logic [AW-1:0] xp, xc, big_t, little_t;
        assign xp = {2'b00, prod, 3'b000};
        assign xc = {3'b000, s3.fw, (SW + 2)'(0)};
        assign big_t = s3.p_big ? xp : xc;
        assign little_t = s3.p_big ? xc : xp;
        // The bits the coarse shift drops, AG at a time: below[k] is the OR of little_t's
        // lowest AG k bits (ORs of groups; a trailing-zero count and its compare cost four
        // times the LUTs).
        localparam int AF = 2;                  // the fine shift's bits
        localparam int AG = 1 << AF;
        localparam int NB = (AW + AG - 1) / AG;
        logic [NB-1:0] byte_or;
        logic [NB:0] below;
        always_comb begin
            logic acc;
            byte_or = '0;
            for (int i = 0; i < AW; i++) byte_or[i / AG] = byte_or[i / AG] | little_t[i];
            acc = 1'b0;
            below[0] = 1'b0;
            for (int k = 0; k < NB; k++) begin
                acc = acc | byte_or[k];
                below[k + 1] = acc;
            end
        end
        logic s4_sub, s4_sign, s4_lost;
        logic [AW-1:0] s4_big, s4_coarse;
        logic [AF-1:0] s4_fine;
        logic signed [XW-1:0] s4_emax;
        always_ff @(posedge clk) begin
            if (ce) begin
                s4_sub <= s3.sp != s3.sc;
                s4_sign <= s3.p_big ? s3.sp : s3.sc;
                s4_emax <= s3.emax;
                s4_big <= big_t;
                s4_fine <= s3.d[AF-1:0];
                s4_coarse <= little_t >> {s3.d[DW-1:AF], AF'(0)};
                // A set bit shifted out by the coarse shift.
                s4_lost <= (int'(s3.d[DW-1:AF]) >= NB) ? below[NB] : below[s3.d[DW-1:AF]];
            end
        end
        // Stage 4b: the rest of the shift, the dropped bits (the coarse shift's, and the
        // lowest s4_fine of what it kept) as sticky.
        logic [AG-2:0] fine_drop;
        assign fine_drop = s4_coarse[AG-2:0] & ~({(AG - 1){1'b1}} << s4_fine);
        logic s4b_sub;
        logic [AW-1:0] s4b_big, s4b_little;
        logic signed [XW-1:0] s4b_emax;
        always_ff @(posedge clk) begin
            if (ce) begin
                s4b_sub <= s4_sub;
                s4b_emax <= s4_emax;
                s4b_big <= s4_big;
                s4b_little <= (s4_coarse >> s4_fine) | AW'(s4_lost || fine_drop != '0);
            end
        end
        // The special result rides beside the datapath until stage 7 (which makes an exact
        // zero sum one), the sign from stage 4 until stage 6 (which may flip it).
        logic s6_special, s6_nan, s6_ssign, s6_zsign, s5_sign;
        hls_delay #(.W(4), .N(4)) special_early (
            .clk, .ce, .d({s3.special, s3.nan, s3.ssign, s3.zsign}),
            .q({s6_special, s6_nan, s6_ssign, s6_zsign})
        );
        hls_delay #(.W(1), .N(2)) sign_early (.clk, .ce, .d(s4_sign), .q(s5_sign));
        // Stage 5: the signed sum big +- little (one adder, the subtrahend inverted in its
        // LUTs, the carry in completing the subtraction).
        logic [AW:0] s5_diff;
        logic signed [XW-1:0] s5_emax;
        always_ff @(posedge clk) begin
            if (ce) begin
                s5_emax <= s4b_emax;
                s5_diff <= {1'b0, s4b_big} + ({1'b0, s4b_little} ^ {(AW + 1){s4b_sub}})
                         + (AW + 1)'(s4b_sub);
            end
        end
        // Stage 6: its magnitude: a negative difference (little the larger, so nothing
        // was shifted off it) negated as its complement plus one, one more adder; the sign
        // flips with it. (Comparing first and subtracting the right way round costs a
        // comparator and an adder whose two operands both need inverting.)
        logic s6_sign, neg;
        logic [AW-1:0] s6_sum;
        logic signed [XW-1:0] s6_emax;
        assign neg = s5_diff[AW];
        always_ff @(posedge clk) begin
            if (ce) begin
                s6_sign <= s5_sign ^ neg;
                s6_emax <= s5_emax;
            end
        end
        if (DSP_PRIM == 2 && PW <= 48) begin : g_negate_dsp48e2
            // A negative difference is below 2^(PW + 2): little, the larger, is xc >> d (xc
            // < 2^(PW + 2)) or xp >> d with d >= 1 (c wins the exponent compare). So the
            // magnitude's bits above PW+1 are zero, bits PW+1:2 are the negation of the
            // difference's, less one unless its bits 1:0 are zero (-v = ~v + 1, the carry
            // into bit 2 only from 00), in a DSP48E2's adder; bits 1:0 beside it.
            logic [47:0] mid;
            logic [AW-PW-3:0] s6_hi;
            logic [1:0] s6_lo;
            hls_dsp48e2_negate negate (
                .clk, .ce, .neg, .borrow(s5_diff[1:0] != '0), .x(48'(s5_diff[PW+1:2])),
                .p(mid)
            );
            always_ff @(posedge clk) begin
                if (ce) begin
                    s6_hi <= neg ? '0 : s5_diff[AW-1:PW+2];
                    s6_lo <= neg ? 2'd0 - s5_diff[1:0] : s5_diff[1:0];
                end
            end
            assign s6_sum = {s6_hi, mid[PW-1:0], s6_lo};
        end else begin : g_negate_luts
            always_ff @(posedge clk) begin
                if (ce) s6_sum <= (s5_diff[AW-1:0] ^ {AW{neg}}) + AW'(neg);
            end
        end
        // Stage 7: the leading one; the sum's bits below the window's bottom (bit NB0 of
        // the coarse shift's word) ORed NG at a time, counted down from there, for the
        // sticky bit; an exact zero sum (cancellation) rounds to +0.
        localparam int NH = (NB0 + NG - 1) / NG;
        logic [NH-1:0] down_or;
        always_comb begin
            down_or = '0;
            for (int i = 0; i < NB0; i++)
                down_or[(NB0 - 1 - i) / NG] = down_or[(NB0 - 1 - i) / NG] | s6_sum[i];
        end
        // (s7_inf: an infinity of sign s7_ssign; otherwise a zero of that sign.)
        logic s7_special, s7_nan, s7_inf, s7_ssign, s7_sign;
        logic [AW-1:0] s7_sum;
        logic [DW-1:0] s7_lead;
        logic [NH-1:0] s7_down;
        // What stage 8 needs of emax, formed here beside the leading-one count so that
        // stage 8 is one adder and one compare (lead + emax - LOFF and then its compare
        // with 1 in a row were the ECP5 critical path, 8.4 ns): emax - LOFF; the bound
        // below which the leading one makes a subnormal result (e < 1 exactly when lead <
        // LOFF + 1 - emax); the subnormal result's shift and whether it is negative.
        logic signed [XW-1:0] s7_emo, s7_lim;
        logic [TW-1:0] s7_ttiny;
        logic s7_tneg;
        always_ff @(posedge clk) begin
            if (ce) begin
                s7_special <= s6_special || s6_sum == '0;
                s7_nan <= s6_special && s6_nan;
                s7_inf <= s6_special;
                s7_ssign <= s6_special ? s6_ssign : s6_zsign;
                s7_sign <= s6_sign;
                s7_sum <= s6_sum;
                s7_lead <= lead_aw(s6_sum);
                s7_down <= down_or;
                s7_emo <= s6_emax - LOFF;
                s7_lim <= LOFF + XW'(1) - s6_emax;
                s7_ttiny <= TW'(s6_emax + TOFF);
                s7_tneg <= s6_emax < -TOFF;
            end
        end
        // Stage 8: the biased exponent if the leading one is kept, and one left shift t of
        // the sum, read as the NW-bit word {FW zeros, sum}, whose top FW - 1 bits (the
        // significand, guard and round bits) are what rounding takes: NW - 1 - lead puts
        // the leading one on top; a subnormal result (e < 1) instead takes emax + TOFF, the
        // shift that leaves exponent 1, down to 0 (nothing but sticky bits left). No right
        // shift, no second shifter.
        logic signed [EW+2:0] e;  // (the rounding's width: it holds every e not tiny)
        logic tiny;
        assign e = (EW + 3)'($signed(XW'(s7_lead)) + s7_emo);
        assign tiny = $signed(XW'(s7_lead)) < s7_lim;
        logic [AW-1:0] s8_sum;
        logic [NH-1:0] s8_down;
        logic [TW-1:0] s8_t;
        logic signed [EW+2:0] s8_e;
        always_ff @(posedge clk) begin
            if (ce) begin
                s8_sum <= s7_sum;
                s8_down <= s7_down;
                // (FTZ: always normalised, the exponent unbounded; hls_fp_round flushes.)
                s8_e <= (tiny && !FTZ) ? '0 : e;
                s8_t <= (!tiny || FTZ) ? TW'(NW - 1) - TW'(s7_lead)
                      : s7_tneg ? '0 : s7_ttiny;
            end
        end
        // Stages 9 and 10: the shift, by t's multiple of NG (keeping the CW bits the rest
        // of the shift can bring into the window) and then the rest; the sticky bit: the
        // bits the coarse shift leaves below the window's bottom (those of down_or from
        // t's multiple of NG on), and then the lowest NG - 1 - t[NF-1:0] of the window it
        // kept.
        localparam int NM = 1 << (TW - NF);
        logic [NM-1:0] down_all;
        logic [NM-1:0] from;
        assign down_all = NM'(s8_down);  // NW > NG NH
        always_comb begin
            logic acc;
            acc = 1'b0;
            for (int m = NM - 1; m >= 0; m--) begin
                acc = acc | down_all[m];
                from[m] = acc;
            end
        end
        logic [CW-1:0] window;
        assign window = CW'(({FW'(0), s8_sum} << {s8_t[TW-1:NF], NF'(0)}) >> NB0);
        logic s9_lost;
        logic [CW-1:0] s9_coarse;
        logic [NF-1:0] s9_fine;
        always_ff @(posedge clk) begin
            if (ce) begin
                s9_fine <= s8_t[NF-1:0];
                s9_coarse <= window;
                s9_lost <= from[s8_t[TW-1:NF]];
            end
        end
        // The special result, sign and exponent ride beside the shifts.
        logic s10_special, s10_nan, s10_inf, s10_ssign, s10_sign;
        logic [FW-1:0] s10_norm;
        logic signed [EW+2:0] s10_e;
        hls_delay #(.W(5), .N(3)) special_late (
            .clk, .ce, .d({s7_special, s7_nan, s7_inf, s7_ssign, s7_sign}),
            .q({s10_special, s10_nan, s10_inf, s10_ssign, s10_sign})
        );
        hls_delay #(.W(EW + 3), .N(2)) e_late (.clk, .ce, .d(s8_e), .q(s10_e));
        /* verilator lint_off UNUSEDSIGNAL */
        logic [CW-1:0] fine;  // bits NG-2:0 are below the window
        /* verilator lint_on UNUSEDSIGNAL */
        assign fine = s9_coarse << s9_fine;
        always_ff @(posedge clk) begin
            if (ce) begin
                // The window's FW - 1 bits and the sticky bit.
                s10_norm <= {fine[CW-1:NG-1],
                             s9_lost || (s9_coarse[NG-2:0] & ({(NG - 1){1'b1}} >> s9_fine)) != '0};
            end
        end
        // Round and pack.
        hls_fp_round #(.EW(EW), .MW(MW), .EXTRA(LAT - STAGES), .ODD(ODD), .FTZ(FTZ)) round (
            .clk, .ce,
            .special(s10_special),
            .special_val(s10_nan ? QNAN : {s10_ssign, {EW{s10_inf}}, {MW{1'b0}}}),
            .sign(s10_sign),
            .e(s10_e),
            .f(s10_norm),
            .y
        );
    end else begin : g_combinational
        hls_fp_combinational #(.EW(EW), .MW(MW), .LAT(LAT), .OP("fma"), .FTZ(FTZ), .ODD(ODD)) comb (
            .clk, .ce, .a, .b, .c, .y
        );
    end
endmodule
