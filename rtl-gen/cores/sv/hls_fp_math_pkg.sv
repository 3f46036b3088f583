// The tables and constants of the staged elementary-function cores (hls_fp_exp: exp,
// exp2, exp10, expm1 and the halved ones sinh and cosh start from; hls_fp_log: log, log2,
// log10; hls_fp_sin: sin, cos, tan; hls_fp_pow: pow, powr, pown, cbrt, rootn;
// hls_fp_arctan: atan, atan2 (and through them asin, acos); hls_fp_erf: erf, erfc;
// hls_fp_hypot; and the double ones), and the few functions they share: rounding a
// fixed-point value to
// binary32, and the combinational binary32 hypot (hls_fp_hypot's form below its stages).
// The tables and constants (the part marked GENERATED) come from rtl-gen/src/math.rs;
// everything else is fixed.
//
// Fixed point "fx": signed, 80 bits, 64 fraction bits (|v| < 2^15). Unsigned "u66":
// 66 bits, 64 fraction bits (v < 4).
/* verilator lint_off UNUSEDSIGNAL */
// (Each function module uses some of the package's constants.)
/* verilator lint_off UNUSEDPARAM */
package hls_fp_math_pkg;
    typedef logic signed [79:0] fx_t;

    localparam logic [31:0] QNAN = 32'h7FC00000;
    localparam logic [31:0] PINF = 32'h7F800000;

    // GENERATED

    // Rounds m / 2^64 * 2^k (m in [1, 4)) to binary32 with sign s: subnormal results are
    // shifted into place with a sticky bit, overflow gives infinity.
    function automatic logic [31:0] pack(input logic s, input logic signed [15:0] k, input logic [65:0] m);
        logic signed [15:0] be, ke;
        logic [65:0] mn;
        logic [26:0] f;
        logic [15:0] sh;
        logic sticky;
        mn = m;
        ke = k;
        if (mn[65]) begin
            mn = {1'b0, mn[65:2], mn[1] | mn[0]};
            ke = ke + 16'sd1;
        end
        be = ke + 16'sd127;
        f = {mn[64:39], mn[38:0] != 39'd0};
        if (be < 16'sd1) begin
            sh = 16'(16'sd1 - be);
            if (sh > 16'd26) begin
                f = {26'd0, f != 27'd0};
            end else begin
                sticky = (f & ((27'd1 << sh[4:0]) - 27'd1)) != 27'd0;
                f = (f >> sh[4:0]) | {26'd0, sticky};
            end
            be = 16'sd0;
        end
        if (be >= 16'sd255) return {s, 8'hFF, 23'd0};
        return hls_fp_pkg::round_pack32(s, 13'(be), f);
    endfunction

    // v / 2^64 * 2^off rounded to binary32 with sign s (v unsigned, nonzero).
    function automatic logic [31:0] norm_pack(input logic s, input logic signed [15:0] off, input logic [127:0] v);
        logic [6:0] lead;
        logic [65:0] m;
        lead = 7'd0;
        for (int i = 0; i < 128; i++) if (v[i]) lead = 7'(i);
        if (lead > 7'd64) begin
            m = 66'(v >> (lead - 7'd64));
            m[0] = m[0] | ((v & ((128'd1 << (lead - 7'd64)) - 128'd1)) != 128'd0);
        end else begin
            m = 66'(v << (7'd64 - lead));
        end
        return pack(s, 16'(lead) - 16'sd64 + off, m);
    endfunction

    // A normal binary32 result rounded to nearest even and packed (hls_fp_sin, hls_fp_tan):
    // the biased exponent e of its leading one, f the bits below it {fraction, guard, round}
    // and the sticky bit; a carry out of the fraction moves into the exponent.
    function automatic logic [31:0] pack_normal32(input logic s, input logic [7:0] e,
                                                  input logic [24:0] f, input logic sticky);
        return {s, {e, f[24:2]} + 31'(f[1] && (f[0] || sticky || f[2]))};
    endfunction

    // A positive finite nonzero float: its significand with the leading one at bit 23, and
    // its exponent (value = m 2^(e - 23)).
    typedef struct packed {
        logic [23:0] m;
        logic signed [15:0] e;
    } n24_t;

    function automatic n24_t norm24(input logic [30:0] a);
        logic [23:0] m;
        logic [4:0] lz;
        n24_t r;
        m = {a[30:23] != 8'd0, a[22:0]};
        lz = 5'd0;
        for (int i = 0; i < 24; i++) if (m[i]) lz = 5'(23 - i);
        r.m = m << lz;
        r.e = $signed({8'd0, (a[30:23] == 8'd0) ? 8'd1 : a[30:23]}) - 16'sd127 - $signed({11'd0, lz});
        return r;
    endfunction

    // floor(sqrt(v)), bit by bit.
    function automatic logic [63:0] isqrt128(input logic [127:0] v);
        logic [63:0] r, t;
        r = 64'd0;
        for (int i = 63; i >= 0; i--) begin
            t = r | (64'd1 << i);
            if ({64'd0, t} * {64'd0, t} <= v) r = t;
        end
        return r;
    endfunction

    // hypot: infinity wins over NaN (C99 F.9.4.3); the larger operand alone when the other
    // is below 2^-30 of it; otherwise the exact sum of squares (aligned significands, up
    // to 109 bits), its square root to 63 bits with a sticky bit, rounded once.
    function automatic logic [31:0] hypot32(input logic [31:0] x, input logic [31:0] y);
        logic [30:0] ax, ay, hi, lo;
        n24_t nb, ns;
        logic signed [15:0] d;
        logic [127:0] mb, s, sk, r;
        logic [6:0] lead, k;
        ax = x[30:0];
        ay = y[30:0];
        if (ax == PINF[30:0] || ay == PINF[30:0]) return PINF;
        if (ax > PINF[30:0] || ay > PINF[30:0]) return QNAN;
        if (ax == 31'd0 || ay == 31'd0) return {1'b0, ax | ay};
        hi = (ax >= ay) ? ax : ay;
        lo = (ax >= ay) ? ay : ax;
        nb = norm24(hi);
        ns = norm24(lo);
        d = nb.e - ns.e;
        if (d > 16'sd30) return {1'b0, hi};
        mb = 128'(nb.m) << d;
        s = mb * mb + 128'(ns.m) * 128'(ns.m);
        lead = 7'd0;
        for (int i = 0; i < 128; i++) if (s[i]) lead = 7'(i);
        k = (7'd126 - lead) & ~7'd1;
        sk = s << k;
        r = 128'(isqrt128(sk));
        r[0] = r[0] | (r * r != sk);
        return norm_pack(1'b0, ns.e - 16'sd23 - {10'd0, k[6:1]} + 16'sd64, r);
    endfunction
endpackage
/* verilator lint_on UNUSEDSIGNAL */
