// The float power functions: pow, powr, pown, rootn (hls_fp_pow, KIND 0, 1, 2, 4) and cbrt
// (an adapter), and the special cases of the float and double ones (hls_fp_pow_special).
// One file, several modules.
/* verilator lint_off DECLFILENAME */

// The special cases of x^y for EW/MW floats (C99 Annex F for pow, pown and cbrt; OpenCL's
// powr and rootn), and the sign of a computed result. KIND 0: pow, 1: powr, 2: pown, 3:
// cbrt (b unused), 4: rootn. INT_B: b[31:0] is an int (rootn; the float pown), otherwise a
// float (the double pown's int arrives converted exactly). rtl-gen/src/fpow.rs `special` is
// its mirror.
module hls_fp_pow_special #(
    parameter int EW = 8,
    parameter int MW = 23,
    parameter int KIND = 0,
    parameter bit INT_B = 1'b0
) (
    input  logic [EW+MW:0] a,
    /* verilator lint_off UNUSEDSIGNAL */
    input  logic [EW+MW:0] b,  // (cbrt: unused)
    /* verilator lint_on UNUSEDSIGNAL */
    output logic           special,
    output logic [EW+MW:0] special_val,
    output logic           sign
);
    localparam int W = EW + MW + 1;
    localparam int BIAS = (1 << (EW - 1)) - 1;
    localparam logic [W-2:0] PINF = {{EW{1'b1}}, {MW{1'b0}}};
    localparam logic [W-1:0] QNAN = {1'b0, {EW{1'b1}}, 1'b1, {(MW - 1){1'b0}}};
    localparam logic [W-1:0] ONE = W'(BIAS) << MW;
    logic [W-2:0] xa;
    logic xs, x_nan, x_inf, x_zero, x_one, lt1;
    assign xa = a[W-2:0];
    assign xs = a[W-1];
    assign x_nan = xa > PINF;
    assign x_inf = xa == PINF;
    assign x_zero = xa == '0;
    assign x_one = a == ONE;
    assign lt1 = xa < ONE[W-2:0];
    // The power: zero, negative, infinite, NaN, an integer, an odd one.
    logic p_zero, p_neg, p_inf, p_nan, p_int, p_odd;
    if (INT_B) begin : g_int
        assign p_zero = b[31:0] == '0;
        assign p_neg = b[31];
        assign p_inf = 1'b0;
        assign p_nan = 1'b0;
        assign p_int = 1'b1;
        assign p_odd = b[0];
    end else begin : g_float
        // The units bit of b is bit BIAS + MW - eb of its significand.
        localparam int UNITS = BIAS + MW;
        logic [EW-1:0] eb;
        logic [MW:0] mb;
        logic [5:0] ush;
        logic units_bit;
        assign eb = b[W-2:MW];
        assign mb = {eb != '0, b[MW-1:0]};
        assign ush = 6'(UNITS - int'(eb));
        assign units_bit = 1'(64'(mb) >> ush);
        assign p_zero = b[W-2:0] == '0;
        assign p_neg = b[W-1];
        assign p_inf = b[W-2:0] == PINF;
        assign p_nan = b[W-2:0] > PINF;
        assign p_int = int'(eb) >= UNITS
                    || (int'(eb) >= BIAS && (64'(mb) & ((64'd1 << ush) - 64'd1)) == '0);
        assign p_odd = (int'(eb) == UNITS) ? mb[0]
                     : (int'(eb) >= BIAS && int'(eb) < UNITS && p_int && units_bit);
    end
    logic [W-1:0] odd_sign;
    assign odd_sign = {xs && p_odd, {(W - 1){1'b0}}};
    always_comb begin
        special = 1'b1;
        special_val = QNAN;
        sign = 1'b0;
        if (KIND == 4) begin
            if (p_zero || x_nan || (xs && !x_zero && !p_odd)) special_val = QNAN;
            else if (x_zero || x_inf) special_val = {xs && p_odd, (x_zero != p_neg) ? '0 : PINF};
            else begin
                special = 1'b0;
                sign = xs && p_odd;
            end
        end else if (KIND == 3) begin
            if (x_nan) special_val = QNAN;
            else if (x_inf || x_zero) special_val = a;
            else begin
                special = 1'b0;
                sign = xs;
            end
        end else if (KIND == 1) begin
            if (x_nan || p_nan || (xs && !x_zero)) special_val = QNAN;
            else if ((x_zero && p_zero) || (x_inf && p_zero) || (x_one && p_inf)) special_val = QNAN;
            else if (x_zero) special_val = p_neg ? {1'b0, PINF} : '0;
            else if (p_zero || x_one) special_val = ONE;
            else if (x_inf) special_val = p_neg ? '0 : {1'b0, PINF};
            else if (p_inf) special_val = (p_neg == lt1) ? {1'b0, PINF} : '0;
            else special = 1'b0;
        end else begin
            if (p_zero || x_one) special_val = ONE;
            else if (x_nan || p_nan) special_val = QNAN;
            else if (x_zero) special_val = odd_sign | (p_neg ? {1'b0, PINF} : '0);
            else if (a == {1'b1, ONE[W-2:0]} && p_inf) special_val = ONE;
            else if (p_inf) special_val = (p_neg == lt1) ? {1'b0, PINF} : '0;
            else if (x_inf) special_val = odd_sign | (p_neg ? '0 : {1'b0, PINF});
            else if (xs && !p_int) special_val = QNAN;
            else begin
                special = 1'b0;
                sign = xs && p_odd;
            end
        end
    end
endmodule

// binary32 power 2^(Y log2|a|), staged: log2|a| on a 2^-64 grid (a 96-entry table of
// reciprocals, z = m r - 1 exact, c z - z W with W = z B and B by Horner, each product as
// narrow as its error allows), its magnitude normalised to 40 bits, the product with the
// power's significand Y, t with 32 fraction bits, then the float exponential's stages from t
// (hls_fp_exp_t). rtl-gen/src/fpow.rs is the same computation in Rust, bit for bit, with the
// error analysis: within 0.56 ulp for pow, powr, pown and cbrt (OpenCL: 16, cbrt 2), 0.71
// for rootn (16).
// KIND 0: pow(a, b); 1: powr(a, b); 2: pown (b the int); 3: cbrt (b unused; Y = 1/3 to
// 2^-35); 4: rootn (b the int n; Y = 1/|n| from a fixed-point division beside the
// logarithm's stages).
//
// Stages: the special cases and the power's Y and scale; a subnormal a normalised; m' in
// [0.75, 1.5) and its table entries; z; the Horner steps (the two small ones a stage each,
// the wider a product stage and a difference stage); W = z B; z W and c z; their difference;
// log2|a|; its magnitude; its leading one; normalised; the product with Y as two partial
// products; their sum; t (a right shift, saturated at 2^9); 2^t (12 stages). With LAT >=
// STAGES a register ends every stage (extra latency is a delay line at the output); with LAT
// < STAGES the same logic is combinational, followed by LAT registers.
module hls_fp_pow #(
    parameter int KIND = 0,
    parameter int LAT = 40
) (
    input  logic        clk,
    input  logic        ce,
    input  logic [31:0] a,
    /* verilator lint_off UNUSEDSIGNAL */
    input  logic [31:0] b,  // (cbrt: unused)
    /* verilator lint_on UNUSEDSIGNAL */
    output logic [31:0] y
);
    localparam int STAGES = 32;
    localparam int R = (LAT >= STAGES) ? 1 : 0;  // registers per stage boundary
    localparam int SPW = 33;                      // {special, its value}
    // {special, its value}, the result's sign, t's sign from the power, Y and its scale:
    // what rides beside the logarithm.
    localparam int PW = SPW + 1 + 1 + 34 + 9;

    // Stage 1: the special cases; the power |b| = Y 2^ey.
    logic special, sign;
    logic [31:0] special_val;
    hls_fp_pow_special #(.EW(8), .MW(23), .KIND(KIND), .INT_B(KIND == 2 || KIND == 4)) spc (
        .a, .b, .special, .special_val, .sign
    );
    logic [33:0] big_y;
    logic signed [8:0] ey;
    always_comb begin
        if (KIND == 3) begin
            big_y = hls_fp_math_pkg::POW_THIRD;  // 1/3 at 2^-35
            ey = -9'sd35;
        end else if (KIND == 2) begin
            big_y = {2'b00, b[31] ? 32'(-b) : b};
            ey = 9'sd0;
        end else if (KIND == 4) begin
            big_y = '0;  // (from the division beside, at stage 18)
            ey = 9'sd0;
        end else begin
            big_y = {10'd0, b[30:23] != '0, b[22:0]};
            ey = $signed({1'b0, (b[30:23] == '0) ? 8'd1 : b[30:23]}) - 9'sd150;
        end
    end
    logic [PW-1:0] c1;
    logic [7:0] ex1;
    logic [22:0] fr1;
    hls_delay #(.W(PW + 8 + 23), .N(R)) st1 (
        .clk, .ce,
        .d({special, special_val, sign, KIND != 3 && b[31], big_y, ey, a[30:23], a[22:0]}),
        .q({c1, ex1, fr1})
    );
    // Stage 2: the significand with its leading one at bit 23 (a subnormal's shifted up) and
    // the unbiased exponent.
    logic [4:0] lz;
    always_comb begin
        lz = '0;
        for (int i = 0; i < 23; i++) if (fr1[i]) lz = 5'(23 - i);
    end
    logic [PW-1:0] c2;
    logic [23:0] mant2;
    logic signed [9:0] e2;
    hls_delay #(.W(PW + 24 + 10), .N(R)) st2 (
        .clk, .ce,
        .d({c1, (ex1 == '0) ? 24'(fr1) << lz : {1'b1, fr1},
            (ex1 == '0) ? -10'sd126 - $signed({5'd0, lz}) : $signed({2'b00, ex1}) - 10'sd127}),
        .q({c2, mant2, e2})
    );
    // Stage 3: m' in [0.75, 1.5) at 2^-24; the table's r and E = e 2^56 - log2 r (2^-56).
    logic [24:0] bm;
    logic signed [9:0] e1;
    logic [6:0] j;
    assign bm = mant2 >= 24'hC00000 ? {1'b0, mant2} : {mant2, 1'b0};
    assign e1 = mant2 >= 24'hC00000 ? e2 + 10'sd1 : e2;
    assign j = 7'(bm[24:17] - 8'd96);
    logic [PW-1:0] c3;
    logic [24:0] bm3;
    logic [9:0] r3;
    logic signed [66:0] big_e3;
    hls_delay #(.W(PW + 25 + 10 + 67), .N(R)) st3 (
        .clk, .ce,
        .d({c2, bm, hls_fp_math_pkg::log_recip(j),
            ($signed(67'(e1)) <<< 56) + hls_fp_math_pkg::pow_nlr(j)}),
        .q({c3, bm3, r3, big_e3})
    );
    // Stage 4: z = m' r - 1 (2^-33 grid, exact, |z| < 2^26 of it).
    /* verilator lint_off UNUSEDSIGNAL */
    logic signed [35:0] zfull;
    /* verilator lint_on UNUSEDSIGNAL */
    assign zfull = $signed({1'b0, 35'(bm3) * 35'(r3)}) - (36'sd1 <<< 33);
    logic [PW-1:0] c4;
    logic signed [66:0] big_e4;
    logic signed [27:0] z4;
    hls_delay #(.W(PW + 67 + 28), .N(R)) st4 (
        .clk, .ce, .d({c3, big_e3, zfull[27:0]}), .q({c4, big_e4, z4})
    );
    // What rides along from here: the bundle, E and z.
    localparam int ZW = PW + 67 + 28;
    // Stage 5: s4 = c/5 - z c/6 (2^-16).
    localparam logic signed [23:0] C5 = 24'(hls_fp_math_pkg::POW_C[4]);
    localparam logic signed [23:0] C6 = 24'(hls_fp_math_pkg::POW_C[5]);
    localparam logic signed [27:0] C4 = 28'(hls_fp_math_pkg::POW_C[3]);
    localparam logic signed [33:0] C3 = 34'(hls_fp_math_pkg::POW_C[2]);
    localparam logic signed [39:0] C2 = 40'(hls_fp_math_pkg::POW_C[1]);
    localparam logic signed [45:0] C1 = hls_fp_math_pkg::POW_C[0];
    logic signed [27:0] z5, z6, z8, z10, z11;
    logic [ZW-1:0] d5, d6, d7, d8, d9, d10, d11;
    /* verilator lint_off UNUSEDSIGNAL */
    logic [ZW-1:0] d12;  // (z no longer needed)
    /* verilator lint_on UNUSEDSIGNAL */
    logic signed [23:0] s4_5;
    hls_delay #(.W(ZW + 24), .N(R)) st5 (
        .clk, .ce, .d({c4, big_e4, z4, C5 - 24'(((40'(z4) >>> 21) * 40'(C6)) >>> 12)}), .q({d5, s4_5})
    );
    assign z5 = d5[27:0];
    // Stage 6: s3 = c/4 - z s4 (2^-22).
    logic signed [27:0] s3_6;
    hls_delay #(.W(ZW + 28), .N(R)) st6 (
        .clk, .ce, .d({d5, C4 - 28'(((40'(z5) >>> 15) * 40'(s4_5)) >>> 12)}), .q({d6, s3_6})
    );
    assign z6 = d6[27:0];
    // Stage 7: z s3 (19 x 22 bits); stage 8: s2 = c/3 - it (2^-28).
    logic signed [47:0] t7;
    hls_delay #(.W(ZW + 48), .N(R)) st7 (
        .clk, .ce, .d({d6, (48'(z6) >>> 9) * 48'(s3_6)}), .q({d7, t7})
    );
    logic signed [33:0] s2_8;
    hls_delay #(.W(ZW + 34), .N(R)) st8 (
        .clk, .ce, .d({d7, C3 - 34'(t7 >>> 18)}), .q({d8, s2_8})
    );
    assign z8 = d8[27:0];
    // Stage 9: z s2 (25 x 28 bits); stage 10: B = c/2 - it (2^-34).
    logic signed [59:0] t9;
    hls_delay #(.W(ZW + 60), .N(R)) st9 (
        .clk, .ce, .d({d8, (60'(z8) >>> 3) * 60'(s2_8)}), .q({d9, t9})
    );
    logic signed [39:0] b10;
    hls_delay #(.W(ZW + 40), .N(R)) st10 (
        .clk, .ce, .d({d9, C2 - 40'(t9 >>> 24)}), .q({d10, b10})
    );
    assign z10 = d10[27:0];
    // Stage 11: W = z B (2^-40).
    /* verilator lint_off UNUSEDSIGNAL */
    logic signed [67:0] zb;
    /* verilator lint_on UNUSEDSIGNAL */
    assign zb = 68'(z10) * 68'(b10);
    logic signed [35:0] w11;
    hls_delay #(.W(ZW + 36), .N(R)) st11 (
        .clk, .ce, .d({d10, 36'(zb >>> 27)}), .q({d11, w11})
    );
    assign z11 = d11[27:0];
    // Stage 12: z W and c z (2^-73 and 2^-77).
    logic signed [63:0] zw12;
    logic signed [73:0] cz12;
    hls_delay #(.W(ZW + 64 + 74), .N(R)) st12 (
        .clk, .ce, .d({d11, 64'(z11) * 64'(w11), 74'(z11) * 74'(C1)}), .q({d12, zw12, cz12})
    );
    // Stage 13: q = c z - z W (2^-64).
    logic [PW-1:0] c13;
    logic signed [66:0] big_e13;
    logic signed [61:0] q13;
    hls_delay #(.W(PW + 67 + 62), .N(R)) st13 (
        .clk, .ce, .d({d12[ZW-1:28], 62'(cz12 >>> 13) - 62'(zw12 >>> 9)}), .q({c13, big_e13, q13})
    );
    // Stage 14: log2|a| = E 2^8 + q (2^-64).
    logic [PW-1:0] c14;
    logic signed [74:0] l14;
    hls_delay #(.W(PW + 75), .N(R)) st14 (
        .clk, .ce, .d({c13, ($signed(75'(big_e13)) <<< 8) + 75'(q13)}), .q({c14, l14})
    );
    // Stage 15: its sign and magnitude (below 2^72).
    logic [PW-1:0] c15;
    logic neg15;
    logic [71:0] mag15;
    hls_delay #(.W(PW + 1 + 72), .N(R)) st15 (
        .clk, .ce, .d({c14, l14[74], 72'(l14[74] ? -l14 : l14)}), .q({c15, neg15, mag15})
    );
    // Stage 16: its leading one, from bit 40 to 71 (40 for log2 1 = 0).
    logic [6:0] lead;
    always_comb begin
        lead = 7'd40;
        for (int i = 41; i < 72; i++) if (mag15[i]) lead = 7'(i);
    end
    logic [PW-1:0] c16;
    logic neg16;
    logic [71:0] mag16;
    logic [6:0] lead16;
    hls_delay #(.W(PW + 1 + 72 + 7), .N(R)) st16 (
        .clk, .ce, .d({c15, neg15, mag15, lead}), .q({c16, neg16, mag16, lead16})
    );
    // Stage 17: normalised to 40 bits (the leading one at 39, truncated).
    /* verilator lint_off UNUSEDSIGNAL */
    logic [71:0] mshift;
    /* verilator lint_on UNUSEDSIGNAL */
    assign mshift = mag16 >> (lead16 - 7'd39);
    logic [PW-1:0] c17;
    logic neg17;
    logic [6:0] lead17;
    logic [39:0] ln17;
    hls_delay #(.W(PW + 1 + 7 + 40), .N(R)) st17 (
        .clk, .ce, .d({c16, neg16, lead16, mshift[39:0]}), .q({c17, neg17, lead17, ln17})
    );
    // rootn, beside stages 1-17: 1/|n| = Y 2^(-33 - p), Y = floor(2^64 / (|n| normalised to
    // 32 bits)) held below 2^33, p |n|'s leading one: |n| normalised in stage 1, then a
    // 34-step division, three steps a stage (stages 2-13), waiting four.
    logic [33:0] root_y;
    logic [4:0] p17;
    if (KIND == 4) begin : g_root
        logic [31:0] nm, nn1;
        logic [4:0] p, p1;
        logic [33:0] rq, rq17;
        assign nm = b[31] ? 32'(-b) : b;
        always_comb begin
            p = '0;
            for (int i = 0; i < 32; i++) if (nm[i]) p = 5'(i);
        end
        hls_delay #(.W(32 + 5), .N(R)) nst (.clk, .ce, .d({nm << (5'd31 - p), p}), .q({nn1, p1}));
        hls_fx_div #(.W(32), .Q(34), .SPS(3), .R(R)) recip (
            .clk, .ce, .a(32'h8000_0000), .b(nn1), .q(rq)
        );
        hls_delay #(.W(34), .N(4 * R)) qwait (.clk, .ce, .d(rq), .q(rq17));
        hls_delay #(.W(5), .N(16 * R)) pwait (.clk, .ce, .d(p1), .q(p17));
        assign root_y = rq17[33] ? 34'h1_FFFF_FFFF : rq17;
    end else begin : g_no_root
        assign root_y = '0;
        assign p17 = '0;
    end
    // Stage 18: ln Y as two partial products (Y in slices of 17 bits).
    logic [SPW-1:0] sp17;
    logic sign17, pneg17;
    logic [33:0] yc17, y17;
    logic signed [8:0] eyc17, ey17;
    assign {sp17, sign17, pneg17, yc17, eyc17} = c17;
    assign y17 = (KIND == 4) ? root_y : yc17;
    assign ey17 = (KIND == 4) ? -9'sd33 - $signed({4'd0, p17}) : eyc17;
    logic [SPW-1:0] sp18;
    logic sign18, tneg18;
    logic signed [9:0] sh18;
    logic [56:0] pp0, pp1;
    hls_delay #(.W(SPW + 2 + 10 + 57 + 57), .N(R)) st18 (
        .clk, .ce,
        .d({sp17, sign17, neg17 != pneg17, $signed({3'd0, lead17}) - 10'sd71 + 10'(ey17),
            57'(ln17) * 57'(y17[16:0]), 57'(ln17) * 57'(y17[33:17])}),
        .q({sp18, sign18, tneg18, sh18, pp0, pp1})
    );
    // Stage 19: their sum, doubled (75 bits).
    logic [SPW-1:0] sp19;
    logic sign19, tneg19;
    logic signed [9:0] sh19;
    logic [74:0] p19;
    hls_delay #(.W(SPW + 2 + 10 + 75), .N(R)) st19 (
        .clk, .ce, .d({sp18, sign18, tneg18, sh18, (75'(pp0) + (75'(pp1) << 17)) << 1}),
        .q({sp19, sign19, tneg19, sh19, p19})
    );
    // Stage 20: |t| 2^32 = p 2^(sh - 1): 2^41 (|t| = 2^9) from sh >= 2 or a larger value, 0
    // from a shift of 76 or more.
    logic [9:0] rs;
    logic [74:0] shifted;
    logic [41:0] tmag;
    assign rs = 10'(10'sd1 - sh19);
    assign shifted = p19 >> rs[6:0];
    always_comb begin
        if (p19 == '0) tmag = '0;
        else if (sh19 >= 10'sd2) tmag = 42'd1 << 41;
        else if (rs >= 10'd76) tmag = '0;
        else if (shifted[74:41] != '0) tmag = 42'd1 << 41;
        else tmag = shifted[41:0];
    end
    logic [SPW-1:0] sp20;
    logic sign20, tneg20;
    logic [41:0] t20;
    hls_delay #(.W(SPW + 2 + 42), .N(R)) st20 (
        .clk, .ce, .d({sp19, sign19, tneg19, tmag}), .q({sp20, sign20, tneg20, t20})
    );
    // Stages 21-32: 2^t; the sign of a computed result; then the rest of the latency.
    logic [31:0] mag_res;
    hls_fp_exp_t #(.R(R), .OUT(0)) exp2t (
        .clk, .ce, .sp(sp20), .neg(tneg20), .t(t20), .y(mag_res)
    );
    logic sign_d;
    hls_delay #(.W(1), .N(11 * R)) swait (.clk, .ce, .d(sign20), .q(sign_d));
    hls_delay #(.W(32), .N(LAT - R * (STAGES - 1))) out (
        .clk, .ce, .d({mag_res[31] | sign_d, mag_res[30:0]}), .q(y)
    );
endmodule

// cbrt(a) = 2^(log2|a| / 3) with a's sign.
module hls_fp_cbrt #(
    parameter int LAT = 40
) (
    input  logic        clk,
    input  logic        ce,
    input  logic [31:0] a,
    output logic [31:0] y
);
    hls_fp_pow #(.KIND(3), .LAT(LAT)) pow (.clk, .ce, .a, .b(32'd0), .y);
endmodule
