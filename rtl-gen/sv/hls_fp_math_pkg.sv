// Elementary functions of binary32: expm1, log1p, sinh, cosh, tanh, atan, atan2, asin,
// acos, hypot, erf, erfc — and the tables and constants of the staged cores (hls_fp_exp:
// exp, exp2, exp10; hls_fp_log: log, log2, log10; hls_fp_sin: sin, cos, tan; hls_fp_pow:
// pow, powr, pown, cbrt, rootn; and the double ones).
//
// Each is computed in fixed point with a relative error near 2^-40 and rounded once to
// nearest even, so results are within 1 ulp (OpenCL asks 2 to 16: 3 for expm1, 5 for tan,
// 16 for pow); subnormal inputs and results, signed zeros, infinities and NaNs follow
// C99 Annex F as OpenCL requires. The tables and constants (the part marked GENERATED)
// come from rtl-gen/src/math.rs; everything else is fixed.
//
// Fixed point "fx": signed, 80 bits, 64 fraction bits (|v| < 2^15). Unsigned "u66":
// 66 bits, 64 fraction bits (v < 4).
// Products are wider than the bits each step keeps, by design.
/* verilator lint_off UNUSEDSIGNAL */
// (Each function module uses some of the package's constants.)
/* verilator lint_off UNUSEDPARAM */
package hls_fp_math_pkg;
    typedef logic signed [79:0] fx_t;

    localparam logic [31:0] QNAN = 32'h7FC00000;
    localparam logic [31:0] PINF = 32'h7F800000;
    localparam logic [31:0] FONE = 32'h3F800000;
    localparam logic [65:0] U_ONE = 66'h1_0000_0000_0000_0000;

    // GENERATED

    // (a * b) / 2^64, both u66.
    function automatic logic [65:0] umul(input logic [65:0] a, input logic [65:0] b);
        logic [131:0] p;
        p = {66'd0, a} * {66'd0, b};
        return p[129:64];
    endfunction

    // (a * b) / 2^64 of two fx values, rounded toward -inf.
    function automatic fx_t fx_mul(input fx_t a, input fx_t b);
        logic signed [159:0] p;
        p = a * b;  // both operands sign-extended to the 160-bit context
        return p[143:64];
    endfunction

    // v * c where c is an unsigned constant with 2 integer and 62 fraction bits.
    function automatic fx_t fx_mulc(input fx_t v, input logic [63:0] c);
        logic signed [159:0] p;
        fx_t cs;
        cs = {16'd0, c};
        p = v * cs;
        return p[141:62];
    endfunction

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

    // An fx value rounded to binary32 (0 gives +0).
    function automatic logic [31:0] fx_to_f32(input fx_t v);
        logic s;
        logic [79:0] mag;
        s = v[79];
        mag = s ? 80'(-v) : 80'(v);
        if (mag == 80'd0) return 32'd0;
        return norm_pack(s, 16'sd0, 128'(mag));
    endfunction

    // 2^t rounded to binary32: t = k + i/64 + r with r < 2^-6; 2^(i/64) from a table and
    // e^(r ln 2) from its Taylor polynomial to degree 5 (error below 2^-48). exp2_frac is
    // 2^(t - k) as u66, in [1, 2].
    function automatic logic [65:0] exp2_frac(input fx_t t);
        logic [65:0] u, h;
        u = umul({8'd0, t[57:0]}, U_LN2);
        h = umul(u, U_INV120);
        h = umul(u, U_INV24 + h);
        h = umul(u, U_INV6 + h);
        h = umul(u, U_HALF + h);
        h = umul(u, U_ONE + h);
        return umul(exp2_table(t[63:58]), U_ONE + h);
    endfunction

    function automatic logic [31:0] exp2_fx(input fx_t t);
        logic signed [15:0] k;
        k = t[79:64];
        if (k >= 16'sd128) return PINF;
        if (k < -16'sd152) return 32'd0;
        return pack(1'b0, k, exp2_frac(t));
    endfunction

    // x * c as fx for a finite x with |x| < 2^8; c has 2 integer and 62 fraction bits.
    function automatic fx_t scale_fx(input logic [31:0] x, input logic [63:0] c);
        logic [87:0] p;
        logic [7:0] sh;
        fx_t t;
        p = {64'd0, x[30:23] != 8'd0, x[22:0]} * {24'd0, c};
        // x = M * 2^(max(ex, 1) - 150), so x * c * 2^64 = p >> (148 - max(ex, 1)).
        sh = 8'd148 - ((x[30:23] == 8'd0) ? 8'd1 : x[30:23]);
        t = (sh > 8'd87) ? 80'sd0 : $signed(80'(p >> sh));
        return x[31] ? -t : t;
    endfunction

    // (exp, exp2 and exp10 are the staged hls_fp_exp, not a function here.)

    // ln(mp / 2^56 * 2^e) for mp / 2^56 in [0.75, 1.5): the table index is
    // floor(mp / 2^56 * 128) - 96; z = mp r - 1 (65 fraction bits, kept to 64).
    function automatic fx_t ln_core(input logic signed [15:0] e, input logic [63:0] mp);
        logic [6:0] idx;
        logic [73:0] pr;
        logic signed [75:0] zs, zh;
        fx_t z, q, ef;
        idx = 7'(mp[56:49] - 8'd96);
        pr = {10'd0, mp} * {64'd0, log_r_table(idx)};
        zs = $signed({2'b00, pr}) - (76'sd1 <<< 65);
        zh = zs >>> 1;
        z = {{4{zh[75]}}, zh};
        q = FX_LOG1P[6];
        for (int i = 5; i >= 0; i--) q = FX_LOG1P[i] + fx_mul(z, q);
        ef = {{64{e[15]}}, e};
        return ef * FX_LN2 + log_neg_ln_r_table(idx) + fx_mul(z, q);
    endfunction

    // ln x as fx for a positive finite x: x = 2^e m with m in [0.75, 1.5); m r - 1 = z with
    // r from a table (|z| < 2^-7, r = 1 exactly near m = 1 so that ln x keeps its relative
    // precision there); ln x = e ln 2 - ln r + z q(z), q the log1p series to z^6.
    function automatic fx_t ln_fx(input logic [30:0] x);
        logic [7:0] ex;
        logic [23:0] m;
        logic [4:0] lz;
        logic signed [9:0] e;
        logic [24:0] mp;
        ex = x[30:23];
        m = {ex != 8'd0, x[22:0]};
        lz = 5'd0;
        for (int i = 0; i < 24; i++) if (m[i]) lz = 5'(23 - i);
        m = m << lz;
        e = $signed({2'd0, (ex == 8'd0) ? 8'd1 : ex}) - 10'sd127 - $signed({5'd0, lz});
        if (m[22]) begin  // m >= 1.5: halve it
            mp = {1'b0, m};
            e = e + 10'sd1;
        end else begin
            mp = {m, 1'b0};
        end
        return ln_core(16'(e), {7'd0, mp, 32'd0});
    endfunction

    // log2 (kind 0), log (1) or log10 (2) of x.
    function automatic logic [31:0] log32(input logic [31:0] x, input logic [1:0] kind);
        fx_t l;
        if (x[30:23] == 8'hFF && x[22:0] != 23'd0) return QNAN;
        if (x[30:0] == 31'd0) return {1'b1, PINF[30:0]};
        if (x[31]) return QNAN;
        if (x[30:23] == 8'hFF) return PINF;
        l = ln_fx(x[30:0]);
        if (kind == 2'd0) l = fx_mulc(l, C_LOG2E);
        if (kind == 2'd2) l = fx_mulc(l, C_LOG10E);
        return fx_to_f32(l);
    endfunction

    // expm1 x: x itself below 2^-25; x (1 + x/2 + ... + x^11/12!) below 1/2 (relative
    // precision where exp x - 1 would cancel); m 2^k - 1 from exp2's parts up to 2^25,
    // exactly in 128 bits; exp x beyond (the 1 is under a quarter of an ulp there).
    function automatic logic [31:0] expm1_32(input logic [31:0] x);
        fx_t xf, p, t;
        logic signed [15:0] k;
        logic [127:0] mm;
        logic signed [127:0] v;
        if (x[30:23] == 8'hFF) return (x[22:0] != 23'd0) ? QNAN : (x[31] ? 32'hBF80_0000 : PINF);
        if (x[30:23] < 8'd102) return x;
        if (x[30:23] >= 8'd135) return x[31] ? 32'hBF80_0000 : PINF;
        if (x[30:23] < 8'd126) begin
            xf = scale_fx(x, C_ONE);
            p = FX_EXPM1[11];
            for (int i = 10; i >= 0; i--) p = FX_EXPM1[i] + fx_mul(xf, p);
            return fx_to_f32(fx_mul(xf, p));
        end
        t = scale_fx(x, C_LOG2E);
        k = t[79:64];
        if (k >= 16'sd25) return exp2_fx(t);
        mm = 128'(exp2_frac(t));
        v = $signed((k >= 16'sd0) ? (mm << k) : (mm >> (-k))) - $signed(128'd1 << 64);
        return norm_pack(v[127], 16'sd0, v[127] ? 128'(-v) : 128'(v));
    endfunction

    // e^|x| = big 2^k / 2^64 and e^-|x| = little 2^k / 2^64 (aligned to big's k).
    typedef struct packed {
        logic signed [15:0] k;
        logic [65:0] big;
        logic [65:0] little;
    } hyp_t;

    function automatic hyp_t hyp_parts(input logic [31:0] x);
        fx_t t;
        logic [15:0] d;
        hyp_t h;
        t = scale_fx({1'b0, x[30:0]}, C_LOG2E);
        h.k = t[79:64];
        h.big = exp2_frac(t);
        t = -t;
        d = 16'(h.k - t[79:64]);
        h.little = (d >= 16'd66) ? 66'd0 : (exp2_frac(t) >> d[6:0]);
        return h;
    endfunction

    // sinh |x| for |x| < 1 as fx: |x| (1 + x^2/3! + ... + x^14/15!).
    function automatic fx_t sinh_series(input logic [31:0] x);
        fx_t xf, x2, p;
        xf = scale_fx({1'b0, x[30:0]}, C_ONE);
        x2 = fx_mul(xf, xf);
        p = FX_SINH[7];
        for (int i = 6; i >= 0; i--) p = FX_SINH[i] + fx_mul(x2, p);
        return fx_mul(xf, p);
    endfunction

    function automatic logic [31:0] cosh32(input logic [31:0] x);
        hyp_t h;
        if (x[30:23] == 8'hFF) return (x[22:0] != 23'd0) ? QNAN : PINF;
        if (x[30:23] >= 8'd135) return PINF;
        h = hyp_parts(x);
        return norm_pack(1'b0, h.k - 16'sd1, 128'(h.big) + 128'(h.little));
    endfunction

    function automatic logic [31:0] sinh32(input logic [31:0] x);
        hyp_t h;
        logic [31:0] r;
        if (x[30:23] == 8'hFF) return (x[22:0] != 23'd0) ? QNAN : x;
        if (x[30:23] < 8'd115) return x;  // sinh x = x within its bound below 2^-12
        if (x[30:23] >= 8'd135) return {x[31], PINF[30:0]};
        if (x[30:23] < 8'd127) begin
            r = fx_to_f32(sinh_series(x));
            return {x[31], r[30:0]};
        end
        h = hyp_parts(x);
        return norm_pack(x[31], h.k - 16'sd1, 128'(h.big) - 128'(h.little));
    endfunction

    // tanh = sinh / cosh, one division; +-1 from |x| >= 16 (1 - tanh < 2^-45 there).
    function automatic logic [31:0] tanh32(input logic [31:0] x);
        hyp_t h;
        logic [79:0] q;
        fx_t sn;
        if (x[30:23] == 8'hFF) return (x[22:0] != 23'd0) ? QNAN : {x[31], FONE[30:0]};
        if (x[30:23] < 8'd115) return x;
        if (x[30:23] >= 8'd131) return {x[31], FONE[30:0]};
        h = hyp_parts(x);
        if (x[30:23] < 8'd127) begin
            // sinh from its series (sn / 2^64), cosh = (big + small) / 2^64 * 2^(k-1).
            sn = sinh_series(x);
            q = 80'({sn[65:0], 64'd0} / {64'd0, 66'(h.big + h.little)});
            return norm_pack(x[31], 16'sd1 - h.k, 128'(q));
        end
        q = 80'({h.big - h.little, 64'd0} / {64'd0, h.big + h.little});
        return norm_pack(x[31], 16'sd0, 128'(q));
    endfunction

    // log1p x: x q(x) (the log1p series) below 2^-7; ln x from 2^24 (1/x is then below the
    // result's precision); between, 1 + x exactly in fixed point (up to 89 bits), its top
    // 56 bits through ln_core.
    function automatic logic [31:0] log1p32(input logic [31:0] x);
        logic [7:0] ex;
        logic [127:0] xv, v;
        logic [6:0] lead;
        logic [63:0] n, mp;
        fx_t xf, q;
        ex = x[30:23];
        if (x[30:0] > PINF[30:0] || (x[31] && x[30:0] > FONE[30:0])) return QNAN;
        if (x[31] && x[30:0] == FONE[30:0]) return {1'b1, PINF[30:0]};
        if (x[30:0] == PINF[30:0] || ex < 8'd103) return x;
        if (ex < 8'd120) begin
            xf = scale_fx(x, C_ONE);
            q = FX_LOG1P[6];
            for (int i = 5; i >= 0; i--) q = FX_LOG1P[i] + fx_mul(xf, q);
            return fx_to_f32(fx_mul(xf, q));
        end
        if (ex >= 8'd151) return log32(x, 2'd1);
        xv = {104'd0, 1'b1, x[22:0]} << (ex - 8'd86);
        v = x[31] ? (128'd1 << 64) - xv : (128'd1 << 64) + xv;
        lead = 7'd0;
        for (int i = 0; i < 128; i++) if (v[i]) lead = 7'(i);
        n = 64'((lead >= 7'd56) ? v >> (lead - 7'd56) : v << (7'd56 - lead));
        mp = n[55] ? n >> 1 : n;
        return fx_to_f32(ln_core(16'(lead) - 16'sd64 + {15'd0, n[55]}, mp));
    endfunction

    // atan(t / 2^64) for t in [0, 2^64] as fx (pi/2 minus it with co): c = i/64 nearest to
    // t, atan t = atan c + atan u with u = (t - c) / (1 + t c), |u| <= 2^-7, one division;
    // atan c from a table, atan u from its series to u^11.
    function automatic fx_t atan_t(input logic [65:0] t, input logic co);
        logic [65:0] i, ci, den, nmag;
        logic signed [66:0] num;
        logic [129:0] quo;
        fx_t u, u2, p, a;
        i = (t + (66'd1 << 57)) >> 58;
        ci = i << 58;
        num = $signed({1'b0, t}) - $signed({1'b0, ci});
        nmag = num[66] ? 66'(-num) : 66'(num);
        den = U_ONE + umul(t, ci);
        quo = {nmag, 64'd0} / {64'd0, den};
        u = num[66] ? -$signed(quo[79:0]) : $signed(quo[79:0]);
        u2 = fx_mul(u, u);
        p = FX_ATAN[5];
        for (int k = 4; k >= 0; k--) p = FX_ATAN[k] + fx_mul(u2, p);
        a = FX_ATAN_TAB[i[6:0]] + fx_mul(u, p);
        return co ? FX_PI_2 - a : a;
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

    // (num / den) 2^-d 2^64 for two norm24 significands (num / den < 2), d >= 0.
    function automatic logic [65:0] ratio64(input logic [23:0] num, input logic [23:0] den, input logic signed [15:0] d);
        logic [87:0] q;
        if (d > 16'sd100) return 66'd0;
        q = {num, 64'd0} / {64'd0, den};
        return 66'(q >> d);
    endfunction

    // atan x: x itself below 2^-12 (x^3/3 is under a third of an ulp); atan |x| for
    // |x| < 1, pi/2 - atan(1/|x|) above.
    function automatic logic [31:0] atan32(input logic [31:0] x);
        n24_t n;
        logic [31:0] r;
        if (x[30:0] > PINF[30:0]) return QNAN;
        if (x[30:23] < 8'd115) return x;
        n = norm24(x[30:0]);
        if (n.e < 16'sd0) r = fx_to_f32(atan_t(ratio64(n.m, 24'h800000, -n.e), 1'b0));
        else r = fx_to_f32(atan_t(ratio64(24'h800000, n.m, n.e), 1'b1));
        return {x[31], r[30:0]};
    endfunction

    // atan2(y, x) with the special cases of C99 F.9.1.4; otherwise the angle of |y| / |x|
    // (or pi/2 minus that of |x| / |y|), pi minus it for x < 0, y's sign. A ratio below
    // 2^-11 with x > 0 is the quotient itself, rounded with its own exponent.
    function automatic logic [31:0] atan2_32(input logic [31:0] y, input logic [31:0] x);
        logic [30:0] ay, ax;
        n24_t ny, nx;
        fx_t theta;
        logic [31:0] r;
        logic [87:0] q;
        ay = y[30:0];
        ax = x[30:0];
        if (ay > PINF[30:0] || ax > PINF[30:0]) return QNAN;
        if (ay == 31'd0) theta = x[31] ? FX_PI : 80'sd0;
        else if (ax == 31'd0) theta = FX_PI_2;
        else if (ay == PINF[30:0]) theta = (ax != PINF[30:0]) ? FX_PI_2
                                         : x[31] ? FX_PI - (FX_PI_2 >>> 1) : (FX_PI_2 >>> 1);
        else if (ax == PINF[30:0]) theta = x[31] ? FX_PI : 80'sd0;
        else begin
            ny = norm24(ay);
            nx = norm24(ax);
            if (ay < ax) begin
                if (nx.e - ny.e > 16'sd12 && !x[31]) begin
                    q = {ny.m, 64'd0} / {64'd0, nx.m};
                    return norm_pack(y[31], ny.e - nx.e, 128'(q));
                end
                theta = atan_t(ratio64(ny.m, nx.m, nx.e - ny.e), 1'b0);
            end else begin
                theta = atan_t(ratio64(nx.m, ny.m, ny.e - nx.e), 1'b1);
            end
            if (x[31]) theta = FX_PI - theta;
        end
        r = fx_to_f32(theta);
        return {y[31], r[30:0]};
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

    // |x| and sqrt(1 - x^2) with 60 fraction bits (1 - x^2 exact), 2^-12 <= |x| < 1.
    typedef struct packed {
        logic [127:0] xf;
        logic [127:0] s;
    } co_t;

    function automatic co_t co_side(input logic [31:0] x);
        co_t c;
        c.xf = {104'd0, 1'b1, x[22:0]} << (x[30:23] - 8'd90);
        c.s = 128'(isqrt128((128'd1 << 120) - c.xf * c.xf));
        return c;
    endfunction

    // asin x = atan(|x| / sqrt(1 - x^2)) with x's sign; x itself below 2^-12.
    function automatic logic [31:0] asin32(input logic [31:0] x);
        co_t c;
        fx_t a;
        logic [31:0] r;
        if (x[30:0] > FONE[30:0]) return QNAN;
        if (x[30:23] < 8'd115) return x;
        if (x[30:0] == FONE[30:0]) a = FX_PI_2;
        else begin
            c = co_side(x);
            if (c.xf <= c.s) a = atan_t(66'((c.xf << 64) / c.s), 1'b0);
            else a = atan_t(66'((c.s << 64) / c.xf), 1'b1);
        end
        r = fx_to_f32(a);
        return {x[31], r[30:0]};
    endfunction

    // acos x = atan(sqrt(1 - x^2) / |x|), pi minus it for x < 0; pi/2 - x below 2^-12.
    function automatic logic [31:0] acos32(input logic [31:0] x);
        co_t c;
        fx_t a;
        if (x[30:0] > FONE[30:0]) return QNAN;
        if (x[30:0] == FONE[30:0]) a = x[31] ? FX_PI : 80'sd0;
        else if (x[30:23] < 8'd115) a = FX_PI_2 - scale_fx(x, C_ONE);
        else begin
            c = co_side(x);
            if (c.s <= c.xf) a = atan_t(66'((c.s << 64) / c.xf), 1'b0);
            else a = atan_t(66'((c.xf << 64) / c.s), 1'b1);
            if (x[31]) a = FX_PI - a;
        end
        return fx_to_f32(a);
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
    // erfc(|x|) for |x| < 10.25 as {e, v}: v / 2^64 * 2^e. Interval j = floor(8 |x|) (width
    // 1/8, centre c = (2j + 1)/16): erfc = e^(-c^2) (R + u P(u)), u = 16 (|x| - c) in
    // [-1, 1], R and P's 18 coefficients from the tables (no exponential at run time).
    typedef struct packed {
        logic signed [15:0] e;
        logic [65:0] v;
    } parts_t;

    function automatic parts_t erfc_parts(input logic [31:0] x);
        fx_t xa, u, p, b;
        logic [6:0] j;
        logic [81:0] sc;
        parts_t r;
        xa = scale_fx({1'b0, x[30:0]}, C_ONE);
        j = 7'(xa >>> 61);
        u = (xa - ($signed({72'd0, j, 1'b1}) <<< 60)) <<< 4;
        p = erfc_coef(j, 5'd18);
        for (int k = 17; k >= 1; k--) p = erfc_coef(j, 5'(k)) + fx_mul(u, p);
        b = FX_ERFC_R[j] + fx_mul(u, p);
        sc = erfc_scale(j);
        r.v = umul(b[65:0], sc[65:0]);
        r.e = sc[81:66];
        return r;
    endfunction

    // v / 2^64 * 2^e as fx (e <= 0).
    function automatic fx_t parts_fx(input parts_t q);
        if (-q.e >= 16'sd128) return 80'sd0;
        return $signed(80'(128'(q.v) >> (-q.e)));
    endfunction

    localparam logic [30:0] ERF_FAR = 31'h4124_0000;  // 10.25

    // erf: (2/sqrt pi) x, with x's own exponent, below 2^-12; the Maclaurin series to x^31
    // below 1; 1 - erfc(|x|) above; +-1 from 10.25. Odd.
    function automatic logic [31:0] erf32(input logic [31:0] x);
        n24_t n;
        fx_t xf, x2, p, v;
        logic [31:0] r;
        if (x[30:0] > PINF[30:0]) return QNAN;
        if (x[30:0] >= ERF_FAR) return {x[31], FONE[30:0]};
        if (x[30:0] == 31'd0) return x;
        if (x[30:23] < 8'd115) begin
            n = norm24(x[30:0]);
            r = norm_pack(1'b0, n.e - 16'sd22, 128'(n.m) * 128'(C_2_SQRTPI));
            return {x[31], r[30:0]};
        end
        if (x[30:0] < FONE[30:0]) begin
            xf = scale_fx({1'b0, x[30:0]}, C_ONE);
            x2 = fx_mul(xf, xf);
            p = FX_ERF[15];
            for (int i = 14; i >= 0; i--) p = FX_ERF[i] + fx_mul(x2, p);
            v = fx_mul(fx_mul(xf, p), FX_2_SQRTPI);
        end else begin
            v = (80'sd1 <<< 64) - parts_fx(erfc_parts(x));
        end
        r = fx_to_f32(v);
        return {x[31], r[30:0]};
    endfunction

    // erfc: from the tables for 0 <= x < 10.25, 2 - erfc(-x) for x < 0; 0 and 2 beyond.
    function automatic logic [31:0] erfc32(input logic [31:0] x);
        parts_t q;
        if (x[30:0] > PINF[30:0]) return QNAN;
        if (x[30:0] >= ERF_FAR) return x[31] ? 32'h4000_0000 : 32'd0;
        q = erfc_parts(x);
        if (x[31]) return fx_to_f32((80'sd2 <<< 64) - parts_fx(q));
        return norm_pack(1'b0, q.e, 128'(q.v));
    endfunction
endpackage
/* verilator lint_on UNUSEDSIGNAL */
