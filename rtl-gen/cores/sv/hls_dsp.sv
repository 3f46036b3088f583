// The DSP-block products the multipliers are tiled from: inferred, Lattice ECP5
// MULT18X18D, or cascaded AMD DSP48E2.
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
