// The float sine and cosine (hls_fp_sin), the tangent (hls_fp_tan), and the parts they
// share: the reduction (hls_fp_sin_reduce) and the Horner chain (hls_fp_sin_poly). One file,
// several modules.
/* verilator lint_off DECLFILENAME */

// binary32 sine (KIND 0) or cosine (KIND 1), within 0.53 ulp (OpenCL allows 4), staged:
// one product or one adder a stage, each product no wider than its error budget needs.
// rtl-gen/src/fsin.rs is the same computation in Rust, bit for bit, with the error
// analysis; the 88-bit windows of 2/pi (a ROM by exponent) and the Horner coefficients come
// from there (hls_fp_math_pkg).
//
// Stages: specials and the window's read; the window registered again (a block RAM's output
// register); M w as six partial products (24 x 17); their sum in two stages (v = x 2/pi mod
// 4, 86 fraction bits); the quadrant and |r'| (a one's complement); r'^2 as two partial
// products beside r''s leading zeros; u = r'^2 and r' normalised; five Horner steps of a
// product stage and a difference stage (the sine's or the cosine's coefficients, whichever
// the quadrant asks for); r' S(u) (or C(u)) as two partial products, their sum; rounding and
// packing. With LAT >= STAGES a register ends every stage (extra latency is a delay line at
// the output); with LAT < STAGES the same logic is combinational, followed by LAT registers
// — the same bits either way.
module hls_fp_sin #(
    parameter int KIND = 0,
    parameter int LAT = 24
) (
    input  logic        clk,
    input  logic        ce,
    input  logic [31:0] a,
    output logic [31:0] y
);
    localparam int STAGES = 21;
    localparam int R = (LAT >= STAGES) ? 1 : 0;  // registers per stage boundary
    localparam int SPW = 33;                      // {special, its value}

    // Stages 1-8: the reduction.
    logic [SPW-1:0] sp7;
    logic s7, odd7;
    logic [4:0] lz7;
    logic [29:0] rm7, u7;
    hls_fp_sin_reduce #(.KIND(KIND), .R(R)) red (
        .clk, .ce, .a, .sp(sp7), .s(s7), .odd(odd7), .lz(lz7), .rm(rm7), .u(u7)
    );
    // Stages 9-18: Horner, P = k5, P = k_j - u P, each step a product stage and a difference
    // stage, u and P cut to what the step's error (scaled by u^j at the end) allows.
    logic [SPW-1:0] sp17;
    logic s17, odd17;
    logic [4:0] lz17;
    logic [29:0] rm17;
    logic [32:0] p17;
    hls_fp_sin_poly #(.PW(SPW + 2 + 5 + 30), .R(R)) poly (
        .clk, .ce, .pass({sp7, s7, odd7, lz7, rm7}), .odd(odd7), .u(u7),
        .pass_out({sp17, s17, odd17, lz17, rm17}), .p0(p17)
    );
    // Stage 19: y = rm S (the sine's) or 2^30 C (the cosine's), as two partial products.
    logic [29:0] mul;
    assign mul = odd17 ? 30'h20000000 : rm17;
    logic [SPW-1:0] sp18;
    logic s18, odd18;
    logic [4:0] lz18;
    logic [46:0] y18a;
    logic [45:0] y18b;
    hls_delay #(.W(SPW + 2 + 5 + 47 + 46), .N(R)) st18 (
        .clk, .ce,
        .d({sp17, s17, odd17, lz17, 47'(mul) * 47'(p17[16:0]), 46'(mul) * 46'(p17[32:17])}),
        .q({sp18, s18, odd18, lz18, y18a, y18b})
    );
    // Stage 20: their sum, the cosine's 2^29 C doubled (the leading one at bit 61 or 62).
    /* verilator lint_off UNUSEDSIGNAL */
    logic [63:0] ysum;
    /* verilator lint_on UNUSEDSIGNAL */
    assign ysum = 64'(y18a) + (64'(y18b) << 17);
    logic [SPW-1:0] sp19;
    logic s19, odd19;
    logic [4:0] lz19;
    logic [62:0] y19;
    hls_delay #(.W(SPW + 2 + 5 + 63), .N(R)) st19 (
        .clk, .ce, .d({sp18, s18, odd18, lz18, odd18 ? {ysum[61:0], 1'b0} : ysum[62:0]}),
        .q({sp19, s19, odd19, lz19, y19})
    );
    // Stage 21: round to nearest even and pack (sin|r| = y 2^(-63 - lz), cos|r| = y 2^-62;
    // never subnormal, never past 1).
    logic top;
    logic [7:0] e;
    logic [24:0] f;   // {fraction, guard, round}: below the leading one
    logic sticky;
    assign top = y19[62];
    assign e = (odd19 ? 8'd126 : 8'd125 - 8'(lz19)) + 8'(top);
    assign f = top ? y19[61:37] : y19[60:36];
    assign sticky = top ? y19[36:0] != '0 : y19[35:0] != '0;
    logic [31:0] res;
    assign res = sp19[SPW-1] ? sp19[31:0]
               : hls_fp_math_pkg::pack_normal32(s19, e, f, sticky);
    hls_delay #(.W(32), .N(LAT - R * (STAGES - 1))) out (.clk, .ce, .d(res), .q(y));
endmodule
// binary32 tangent, within 0.54 ulp (OpenCL allows 5), staged: the sine's reduction (KIND
// 2: the quadrant picks tan or -cot, and the sign), both Horner chains side by side, sin|r|
// as rm S (two partial products, their sum) beside cos|r| = 2^30 C, then the quotient of
// their tops — sin / cos, or cos / sin in an odd quadrant — by a 36-step non-restoring
// division (hls_fx_div, two steps a stage), normalised, rounded once. rtl-gen/src/fsin.rs
// `tan` is its mirror, bit for bit.
module hls_fp_tan #(
    parameter int LAT = 40
) (
    input  logic        clk,
    input  logic        ce,
    input  logic [31:0] a,
    output logic [31:0] y
);
    localparam int STAGES = 39;
    localparam int R = (LAT >= STAGES) ? 1 : 0;  // registers per stage boundary
    localparam int SPW = 33;                      // {special, its value}
    localparam int Q = 36;                        // quotient bits
    localparam int DIV = (Q + 1) / 2;             // the division's stages

    // Stages 1-8: the reduction.
    logic [SPW-1:0] sp7;
    logic s7, odd7;
    logic [4:0] lz7;
    logic [29:0] rm7, u7;
    hls_fp_sin_reduce #(.KIND(2), .R(R)) red (
        .clk, .ce, .a, .sp(sp7), .s(s7), .odd(odd7), .lz(lz7), .rm(rm7), .u(u7)
    );
    // Stages 9-18: S(u) and C(u).
    logic [SPW-1:0] sp17;
    logic s17, odd17;
    logic [4:0] lz17;
    logic [29:0] rm17;
    logic [32:0] ps17, pc17;
    hls_fp_sin_poly #(.PW(SPW + 2 + 5 + 30), .R(R)) sine (
        .clk, .ce, .pass({sp7, s7, odd7, lz7, rm7}), .odd(1'b0), .u(u7),
        .pass_out({sp17, s17, odd17, lz17, rm17}), .p0(ps17)
    );
    /* verilator lint_off UNUSEDSIGNAL */
    logic nothing;
    /* verilator lint_on UNUSEDSIGNAL */
    hls_fp_sin_poly #(.PW(1), .R(R)) cosine (
        .clk, .ce, .pass(1'b0), .odd(1'b1), .u(u7), .pass_out(nothing), .p0(pc17)
    );
    // Stage 19: ys = rm S as two partial products.
    localparam int BW = SPW + 2 + 5;  // {sp, s, odd, lz}
    logic [BW-1:0] c18, c19;
    logic [32:0] pc18;
    logic [46:0] ys18a;
    logic [45:0] ys18b;
    hls_delay #(.W(BW + 33 + 47 + 46), .N(R)) st18 (
        .clk, .ce,
        .d({sp17, s17, odd17, lz17, pc17, 47'(rm17) * 47'(ps17[16:0]), 46'(rm17) * 46'(ps17[32:17])}),
        .q({c18, pc18, ys18a, ys18b})
    );
    // Stage 20: ys (the leading one at 61 or 62) and yc = 2^30 C; the dividend's top 33 bits
    // and the divisor's top 34 (the quotient below 1.1).
    /* verilator lint_off UNUSEDSIGNAL */
    logic [63:0] ys;
    logic [62:0] yc;
    /* verilator lint_on UNUSEDSIGNAL */
    assign ys = 64'(ys18a) + (64'(ys18b) << 17);
    assign yc = {pc18[32:0], 30'd0};
    logic odd18;
    assign odd18 = c18[BW-SPW-2];
    logic [33:0] num19, den19;
    hls_delay #(.W(BW + 34 + 34), .N(R)) st19 (
        .clk, .ce,
        .d({c18, odd18 ? {1'b0, yc[62:30]} : {1'b0, ys[62:30]}, odd18 ? ys[62:29] : yc[62:29]}),
        .q({c19, num19, den19})
    );
    // Stages 21-38: q = floor(num 2^35 / den).
    /* verilator lint_off UNUSEDSIGNAL */
    logic [Q-1:0] q38;  // (below 2^35: num < den)
    /* verilator lint_on UNUSEDSIGNAL */
    hls_fx_div #(.W(34), .Q(Q), .SPS(2), .R(R)) div (
        .clk, .ce, .a(num19), .b(den19), .q(q38)
    );
    logic [BW-1:0] c38;
    hls_delay #(.W(BW), .N(DIV * R)) cwait (.clk, .ce, .d(c19), .q(c38));
    // Stage 39: tan|r| = q 2^(-35 - lz), cot|r| = q 2^(-33 + lz) (q's leading one at 32 to
    // 34); rounded to nearest even and packed.
    logic [SPW-1:0] sp38;
    logic s38, odd38;
    logic [4:0] lz38;
    assign {sp38, s38, odd38, lz38} = c38;
    logic [1:0] up;  // q's leading one at 32 + up
    assign up = q38[34] ? 2'd2 : q38[33] ? 2'd1 : 2'd0;
    logic [24:0] f;  // {fraction, guard, round}
    logic sticky;
    always_comb begin
        case (up)
            2'd2: begin
                f = q38[33:9];
                sticky = q38[8:0] != '0;
            end
            2'd1: begin
                f = q38[32:8];
                sticky = q38[7:0] != '0;
            end
            default: begin
                f = q38[31:7];
                sticky = q38[6:0] != '0;
            end
        endcase
    end
    logic [7:0] e;
    assign e = odd38 ? 8'd126 + 8'(up) + 8'(lz38) : 8'd124 + 8'(up) - 8'(lz38);
    logic [31:0] res;
    assign res = sp38[SPW-1] ? sp38[31:0]
               : hls_fp_math_pkg::pack_normal32(s38, e, f, sticky);
    hls_delay #(.W(32), .N(LAT - R * (STAGES - 1))) out (.clk, .ce, .d(res), .q(y));
endmodule

// The argument reduction of the float sine, cosine and tangent (stages 1-8 of hls_fp_sin):
// the special cases, v = x 2/pi mod 4 from an 88-bit window of 2/pi, the quadrant and the
// result's sign, |r'| normalised (rm, its leading one at bit 29, lz its leading zeros below
// 2^-2) and u = r'^2 at 2^-32. KIND 0: sin, 1: cos, 2: tan (odd: -cot). R: registers per
// stage boundary (0: combinational). rtl-gen/src/fsin.rs `reduce` is its mirror.
module hls_fp_sin_reduce #(
    parameter int KIND = 0,
    parameter int R = 1
) (
    input  logic        clk,
    input  logic        ce,
    input  logic [31:0] a,
    output logic [32:0] sp,   // {special, its value}
    output logic        s,
    output logic        odd,
    output logic [4:0]  lz,
    output logic [29:0] rm,
    output logic [29:0] u
);
    localparam int SPW = 33;
    // Stage 1: NaN and infinities (NaN), |x| < 2^-12 (sin x = x, cos x = 1); the window of
    // 2/pi for x's exponent.
    logic [7:0] ex;
    logic special;
    logic [31:0] special_val;
    assign ex = a[30:23];
    always_comb begin
        special = 1'b1;
        if (ex == 8'hFF) special_val = 32'h7FC00000;
        else if (ex < 8'd115) special_val = (KIND == 1) ? 32'h3F800000 : a;
        else begin
            special = 1'b0;
            special_val = 32'd0;
        end
    end
    logic [SPW-1:0] sp1;
    logic xs1;
    logic [23:0] m1;
    logic [87:0] w1;
    hls_delay #(.W(SPW + 1 + 24 + 88), .N(R)) st1 (
        .clk, .ce,
        .d({special, special_val, a[31], 1'b1, a[22:0], hls_fp_math_pkg::sin_win(ex)}),
        .q({sp1, xs1, m1, w1})
    );
    // Stage 2: the window again (a block RAM's output register: its read is slow).
    logic [SPW-1:0] sp1r;
    logic xs1r;
    logic [23:0] m1r;
    logic [87:0] w1r;
    hls_delay #(.W(SPW + 1 + 24 + 88), .N(R)) st1r (
        .clk, .ce, .d({sp1, xs1, m1, w1}), .q({sp1r, xs1r, m1r, w1r})
    );
    // Stage 3: M w's partial products, w in 17-bit slices (the top slice 3 bits); those
    // added at 2^51 and above only modulo 2^88.
    logic [SPW-1:0] sp2;
    logic xs2;
    logic [40:0] pp0, pp1, pp2;
    logic [36:0] pp3;
    logic [19:0] pp4;
    logic [2:0] pp5;
    hls_delay #(.W(SPW + 1 + 3 * 41 + 37 + 20 + 3), .N(R)) st2 (
        .clk, .ce,
        .d({sp1r, xs1r, 41'(m1r) * 41'(w1r[16:0]), 41'(m1r) * 41'(w1r[33:17]),
            41'(m1r) * 41'(w1r[50:34]), 37'(m1r) * 37'(w1r[67:51]), 20'(m1r) * 20'(w1r[84:68]),
            3'(m1r) * 3'(w1r[87:85])}),
        .q({sp2, xs2, pp0, pp1, pp2, pp3, pp4, pp5})
    );
    // Stage 4: two sums of three (the upper one only below 2^37: it is added at 2^51,
    // modulo 2^88).
    logic [74:0] lo3;
    logic [36:0] hi3;
    logic [SPW-1:0] sp3;
    logic xs3;
    hls_delay #(.W(SPW + 1 + 75 + 37), .N(R)) st3 (
        .clk, .ce,
        .d({sp2, xs2, 75'(pp0) + (75'(pp1) << 17) + (75'(pp2) << 34),
            37'(pp3) + (37'(pp4) << 17) + (37'(pp5) << 34)}),
        .q({sp3, xs3, lo3, hi3})
    );
    // Stage 5: v 2^86 = M w mod 2^88 (the bits from 2^-60 on: below, only the carries
    // count).
    /* verilator lint_off UNUSEDSIGNAL */
    logic [87:0] v;
    /* verilator lint_on UNUSEDSIGNAL */
    assign v = 88'(lo3) + {hi3, 51'd0};
    logic [SPW-1:0] sp4;
    logic xs4;
    logic [61:0] v4;
    hls_delay #(.W(SPW + 1 + 62), .N(R)) st4 (
        .clk, .ce, .d({sp3, xs3, v[87:26]}), .q({sp4, xs4, v4})
    );
    // Stage 6: round(v) mod 4 and |r'| = |v - round(v)| (one's complement when v's fraction
    // is over 1/2); n = q (+ 1 for the cosine) picks sin (even) or cos (odd) of |r'| pi/2
    // (tan: tan or -cot), and the sign.
    logic neg;
    logic [1:0] n;
    logic sgn;
    assign neg = v4[59];
    assign n = v4[61:60] + 2'(neg) + 2'(KIND == 1);
    assign sgn = (KIND == 2) ? (n[0] ? !neg : neg) ^ xs4
               : n[1] ^ (!n[0] && neg) ^ (KIND == 0 && xs4);
    logic [SPW-1:0] sp5;
    logic s5, odd5;
    logic [58:0] mag5;
    hls_delay #(.W(SPW + 2 + 59), .N(R)) st5 (
        .clk, .ce,
        .d({sp4, sgn, n[0], v4[58:0] ^ {59{neg}}}),
        .q({sp5, s5, odd5, mag5})
    );
    // Stage 7: r' at 2^-31 (30 bits) squared as two partial products; its leading zeros
    // (|r'| >= 2^-30: at most 28, 29 when none is found).
    logic [29:0] rf;
    logic [4:0] lz5;
    assign rf = mag5[58:29];
    always_comb begin
        lz5 = 5'd29;
        for (int i = 0; i < 30; i++) if (rf[i]) lz5 = 5'(29 - i);
    end
    logic [SPW-1:0] sp6;
    logic s6, odd6;
    logic [58:0] mag6;
    logic [4:0] lz6;
    logic [46:0] sq0;
    logic [42:0] sq1;
    hls_delay #(.W(SPW + 2 + 59 + 5 + 47 + 43), .N(R)) st6 (
        .clk, .ce,
        .d({sp5, s5, odd5, mag5, lz5, 47'(rf) * 47'(rf[16:0]), 43'(rf) * 43'(rf[29:17])}),
        .q({sp6, s6, odd6, mag6, lz6, sq0, sq1})
    );
    // Stage 8: u = r'^2 at 2^-32; rm = r' with its leading one at bit 29.
    /* verilator lint_off UNUSEDSIGNAL */
    logic [59:0] sq;
    logic [58:0] mshift;
    /* verilator lint_on UNUSEDSIGNAL */
    assign sq = 60'(sq0) + (60'(sq1) << 17);
    assign mshift = mag6 << lz6;
    hls_delay #(.W(SPW + 2 + 5 + 30 + 30), .N(R)) st7 (
        .clk, .ce, .d({sp6, s6, odd6, lz6, mshift[58:29], sq[59:30]}),
        .q({sp, s, odd, lz, rm, u})
    );
endmodule

// The Horner chain of the float sine and cosine (stages 9-18 of hls_fp_sin): P = k5, then
// P = k_j - u P for j = 4 .. 0, with the sine's coefficients (odd = 0: S, (pi/2)^(2j+1) /
// (2j+1)!) or the cosine's (odd = 1: C), 2^-32 scale; `pass` rides along. R: registers per
// stage boundary.
module hls_fp_sin_poly #(
    parameter int PW = 1,
    parameter int R = 1
) (
    input  logic          clk,
    input  logic          ce,
    input  logic [PW-1:0] pass,
    input  logic          odd,
    input  logic [29:0]   u,
    output logic [PW-1:0] pass_out,
    output logic [32:0]   p0
);
    // Stages 9-18: Horner, P = k5, P = k_j - u P, each step a product stage and a difference
    // stage, u and P cut to what the step's error (scaled by u^j at the end) allows.
    localparam int CW = PW + 1 + 30;  // {pass, odd, u}
    logic [CW-1:0] c8, c9, c10, c11, c12, c13, c14, c15, c16;
    logic [33:0] t8;                             // u k5 (17 x 17)
    logic [21:0] p9;
    logic [38:0] t10;                            // u p4 (17 x 22)
    logic [25:0] p11;  // P's bits each next product takes
    logic [47:0] t12;                            // u p3 (22 x 26)
    logic [26:0] p13;
    logic [54:0] t14;                            // u p2 (28 x 27)
    logic [29:0] p15;
    logic [46:0] t16a;                           // u p1 (30 x 30, two partial products)
    logic [42:0] t16b;
    // Horner's coefficients for the quadrant bit of a stage's bundle.
    function automatic logic [32:0] kc(input logic cos, input logic [2:0] j);
        return cos ? hls_fp_math_pkg::SIN_C[j] : hls_fp_math_pkg::SIN_S[j];
    endfunction
    // u's bits each product takes (u ends every bundle).
    logic [16:0] u9;
    logic [21:0] u11;
    logic [27:0] u13;
    logic [29:0] u15;
    assign u9 = c9[29:13];
    assign u11 = c11[29:8];
    assign u13 = c13[29:2];
    assign u15 = c15[29:0];
    /* verilator lint_off UNUSEDSIGNAL */
    logic [32:0] d9, d11, d13, d15, d17;
    /* verilator lint_on UNUSEDSIGNAL */
    logic [CW-1:0] c7;
    logic [16:0] k5;  // (below 2^17)
    assign c7 = {pass, odd, u};
    assign k5 = 17'(kc(c7[30], 5));
    hls_delay #(.W(CW + 34), .N(R)) st8 (
        .clk, .ce, .d({c7, 34'(u[29:13]) * 34'(k5)}), .q({c8, t8})
    );
    assign d9 = kc(c8[30], 4) - 33'(t8 >> 19);
    hls_delay #(.W(CW + 22), .N(R)) st9 (.clk, .ce, .d({c8, d9[21:0]}), .q({c9, p9}));
    hls_delay #(.W(CW + 39), .N(R)) st10 (
        .clk, .ce, .d({c9, 39'(u9) * 39'(p9)}), .q({c10, t10})
    );
    assign d11 = kc(c10[30], 3) - 33'(t10 >> 19);
    hls_delay #(.W(CW + 26), .N(R)) st11 (.clk, .ce, .d({c10, d11[26:1]}), .q({c11, p11}));
    hls_delay #(.W(CW + 48), .N(R)) st12 (
        .clk, .ce, .d({c11, 48'(u11) * 48'(p11)}), .q({c12, t12})
    );
    assign d13 = kc(c12[30], 2) - 33'(t12 >> 23);
    hls_delay #(.W(CW + 27), .N(R)) st13 (.clk, .ce, .d({c12, d13[30:4]}), .q({c13, p13}));
    hls_delay #(.W(CW + 55), .N(R)) st14 (
        .clk, .ce, .d({c13, 55'(u13) * 55'(p13)}), .q({c14, t14})
    );
    assign d15 = kc(c14[30], 1) - 33'(t14 >> 26);
    hls_delay #(.W(CW + 30), .N(R)) st15 (.clk, .ce, .d({c14, d15[32:3]}), .q({c15, p15}));
    hls_delay #(.W(CW + 47 + 43), .N(R)) st16 (
        .clk, .ce,
        .d({c15, 47'(u15) * 47'(p15[16:0]), 43'(u15) * 43'(p15[29:17])}),
        .q({c16, t16a, t16b})
    );
    /* verilator lint_off UNUSEDSIGNAL */
    logic [59:0] t16;
    /* verilator lint_on UNUSEDSIGNAL */
    assign t16 = 60'(t16a) + (60'(t16b) << 17);
    assign d17 = kc(c16[30], 0) - 33'(t16 >> 29);
    /* verilator lint_off UNUSEDSIGNAL */
    logic [CW-1:0] c17;  // (odd and u no longer needed)
    /* verilator lint_on UNUSEDSIGNAL */
    hls_delay #(.W(CW + 33), .N(R)) st17 (.clk, .ce, .d({c16, d17}), .q({c17, p0}));
    assign pass_out = c17[CW-1:31];
endmodule
