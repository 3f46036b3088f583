// IEEE-754 binary64 arithmetic: add, sub, mul, div, sqrt and fused multiply-add, each
// computed exactly (or with an exact sticky bit) on integers and rounded once to nearest
// even; subnormal inputs and outputs, signed zeros, infinities, NaNs (the quiet NaN
// 0x7FF8000000000000 out). Also the compares, integer conversions in the four rounding
// directions and the roundings to integral values. Combinational: the hls_fp64_* modules
// put the board's latency behind them as registers.
// Helpers take whole words and read the fields they need; products and quotients are
// wider than the bits kept.
/* verilator lint_off UNUSEDSIGNAL */
package hls_fp64_pkg;
    localparam logic [63:0] QNAN64 = 64'h7FF8_0000_0000_0000;

    // Class tests and fields take the magnitude bits (the sign is the caller's).
    function automatic logic is_nan64(input logic [62:0] x);
        return x[62:52] == 11'h7FF && x[51:0] != 52'd0;
    endfunction

    function automatic logic is_inf64(input logic [62:0] x);
        return x == 63'h7FF0_0000_0000_0000;
    endfunction

    // The significand with its hidden bit, and the effective biased exponent (subnormals: 1).
    function automatic logic [52:0] sig64(input logic [62:0] x);
        return {x[62:52] != 11'd0, x[51:0]};
    endfunction

    function automatic logic signed [13:0] exp64(input logic [62:0] x);
        return (x[62:52] == 11'd0) ? 14'sd1 : $signed({3'd0, x[62:52]});
    endfunction

    // Rounds f = {53-bit significand, guard, round, sticky} in direction mode (0 nearest
    // even, 1 toward zero, 2 toward +inf, 3 toward -inf) and packs it with sign s and
    // biased exponent e of the significand's top bit (0 with a top bit clear: subnormal).
    function automatic logic [63:0] round_pack64(input logic s, input logic signed [13:0] e, input logic [55:0] f, input logic [1:0] mode);
        logic inc, inexact;
        logic [53:0] m54;
        logic [52:0] mant;
        logic signed [13:0] ex;
        inexact = f[2:0] != 3'd0;
        case (mode)
            2'd0: inc = f[2] && (f[1] || f[0] || f[3]);
            2'd1: inc = 1'b0;
            2'd2: inc = !s && inexact;
            default: inc = s && inexact;
        endcase
        m54 = {1'b0, f[55:3]} + {53'd0, inc};
        ex = e;
        if (m54[53]) begin
            mant = m54[53:1];
            ex = ex + 14'sd1;
        end else begin
            mant = m54[52:0];
        end
        if (ex == 14'sd0 && mant[52]) ex = 14'sd1;
        if (ex >= 14'sd2047) begin
            // Overflow: infinity, or the largest finite value when rounding toward zero
            // or away from the overflow's sign.
            if (mode == 2'd1 || (mode == 2'd2 && s) || (mode == 2'd3 && !s))
                return {s, 63'h7FEF_FFFF_FFFF_FFFF};
            return {s, 11'h7FF, 52'd0};
        end
        return {s, mant[52] ? ex[10:0] : 11'd0, mant[51:0]};
    endfunction

    // Rounds w * 2^q (w an unsigned integer below 2^200) to binary64 with sign s.
    function automatic logic [63:0] pack_wide64(input logic s, input logic signed [15:0] q, input logic [199:0] w, input logic [1:0] mode);
        logic [7:0] lead;
        logic signed [15:0] be, sh;
        logic [55:0] f;
        logic sticky;
        if (w == 200'd0) return {s, 63'd0};
        lead = 8'd0;
        for (int i = 0; i < 200; i++) if (w[i]) lead = 8'(i);
        be = $signed({8'd0, lead}) + q + 16'sd1023;
        // Right shift that puts the top bit at f[55], further for a subnormal result.
        sh = $signed({8'd0, lead}) - 16'sd55 + ((be < 16'sd1) ? 16'sd1 - be : 16'sd0);
        if (be < 16'sd1) be = 16'sd0;
        if (sh > 16'sd199) begin
            f = {55'd0, 1'b1};
        end else if (sh > 16'sd0) begin
            sticky = (w & ((200'd1 << sh[7:0]) - 200'd1)) != 200'd0;
            f = 56'(w >> sh[7:0]) | {55'd0, sticky};
        end else begin
            f = 56'(w << 8'(-sh));
        end
        return round_pack64(s, 14'(be), f, mode);
    endfunction

    function automatic logic [63:0] fadd64(input logic [63:0] x, input logic [63:0] z);
        logic x_big, eff_sub, sign, sticky;
        logic signed [13:0] eb, es;
        logic [13:0] d;
        logic [55:0] big, little;
        logic [56:0] sum;
        if (is_nan64(x[62:0]) || is_nan64(z[62:0])) return QNAN64;
        if (is_inf64(x[62:0]) && is_inf64(z[62:0])) return (x[63] == z[63]) ? x : QNAN64;
        if (is_inf64(x[62:0])) return x;
        if (is_inf64(z[62:0])) return z;
        x_big = x[62:0] >= z[62:0];
        eb = x_big ? exp64(x[62:0]) : exp64(z[62:0]);
        es = x_big ? exp64(z[62:0]) : exp64(x[62:0]);
        big = {x_big ? sig64(x[62:0]) : sig64(z[62:0]), 3'b000};
        little = {x_big ? sig64(z[62:0]) : sig64(x[62:0]), 3'b000};
        sign = x_big ? x[63] : z[63];
        eff_sub = x[63] ^ z[63];
        d = 14'(eb - es);
        if (d > 14'd55) begin
            little = {55'd0, little != 56'd0};
        end else begin
            sticky = (little & ((56'd1 << d[5:0]) - 56'd1)) != 56'd0;
            little = (little >> d[5:0]) | {55'd0, sticky};
        end
        sum = eff_sub ? ({1'b0, big} - {1'b0, little}) : ({1'b0, big} + {1'b0, little});
        // Exact zero: x + (-x) is +0; (-0) + (-0) is -0.
        if (sum == 57'd0) return {eff_sub ? 1'b0 : x[63], 63'd0};
        return pack_wide64(sign, 16'(eb) - 16'sd1078, {143'd0, sum}, 2'd0);
    endfunction

    function automatic logic [63:0] fmul64(input logic [63:0] x, input logic [63:0] z);
        logic sign;
        logic [105:0] p;
        sign = x[63] ^ z[63];
        if (is_nan64(x[62:0]) || is_nan64(z[62:0])) return QNAN64;
        if (is_inf64(x[62:0]) || is_inf64(z[62:0]))
            return (x[62:0] == 63'd0 || z[62:0] == 63'd0) ? QNAN64 : {sign, 11'h7FF, 52'd0};
        if (x[62:0] == 63'd0 || z[62:0] == 63'd0) return {sign, 63'd0};
        p = {53'd0, sig64(x[62:0])} * {53'd0, sig64(z[62:0])};
        return pack_wide64(sign, 16'(exp64(x[62:0])) + 16'(exp64(z[62:0])) - 16'sd2150, {94'd0, p}, 2'd0);
    endfunction

    // The significand shifted so that its top bit is bit 52, and the shift.
    function automatic logic [52:0] norm53(input logic [52:0] m, output logic [5:0] lz);
        lz = 6'd0;
        for (int i = 0; i <= 52; i++) if (m[i]) lz = 6'(52 - i);
        return m << lz;
    endfunction

    function automatic logic [63:0] fdiv64(input logic [63:0] x, input logic [63:0] z);
        logic sign;
        logic [5:0] lx, lz;
        logic [52:0] mx, mz;
        logic [107:0] num;
        logic [55:0] q;
        logic sticky;
        sign = x[63] ^ z[63];
        if (is_nan64(x[62:0]) || is_nan64(z[62:0])) return QNAN64;
        if ((is_inf64(x[62:0]) && is_inf64(z[62:0])) || (x[62:0] == 63'd0 && z[62:0] == 63'd0)) return QNAN64;
        if (is_inf64(x[62:0]) || z[62:0] == 63'd0) return {sign, 11'h7FF, 52'd0};
        if (is_inf64(z[62:0]) || x[62:0] == 63'd0) return {sign, 63'd0};
        mx = norm53(sig64(x[62:0]), lx);
        mz = norm53(sig64(z[62:0]), lz);
        // mx / mz is in (1/2, 2): 55 or 56 quotient bits, the remainder as sticky.
        num = {mx, 55'd0};
        q = 56'(num / {55'd0, mz});
        sticky = (num % {55'd0, mz}) != 108'd0;
        // x / z = (q + r) * 2^(ex - lx - ez + lz - 55), and {q, sticky} is 2q + sticky.
        return pack_wide64(sign, 16'(exp64(x[62:0])) - 16'(lx) - 16'(exp64(z[62:0])) + 16'(lz) - 16'sd56,
                           {143'd0, q, sticky}, 2'd0);
    endfunction

    function automatic logic [63:0] fsqrt64(input logic [63:0] x);
        logic [5:0] lz;
        logic [52:0] m;
        logic signed [15:0] e;
        logic [111:0] rad;
        logic [113:0] rem, trial;
        logic [55:0] r;
        if (is_nan64(x[62:0])) return QNAN64;
        if (x[62:0] == 63'd0) return x;  // +-0
        if (x[63]) return QNAN64;
        if (is_inf64(x[62:0])) return x;
        m = norm53(sig64(x[62:0]), lz);
        // x = m * 2^e with e even: an odd exponent moves a factor 2 into the radicand.
        e = 16'(exp64(x[62:0])) - 16'sd1075 - 16'(lz);
        rad = e[0] ? ({59'd0, m} << 59) : ({59'd0, m} << 58);
        if (e[0]) e = e - 16'sd1;
        // Digit by digit: 56 root bits and the remainder.
        r = 56'd0;
        rem = 114'd0;
        for (int i = 55; i >= 0; i--) begin
            rem = (rem << 2) | 114'(rad[2*i +: 2]);
            trial = {56'd0, r, 2'b01};
            if (rem >= trial) begin
                rem = rem - trial;
                r = {r[54:0], 1'b1};
            end else begin
                r = {r[54:0], 1'b0};
            end
        end
        // sqrt(x) = (r + frac) * 2^((e - 58) / 2).
        return pack_wide64(1'b0, ((e - 16'sd58) >>> 1) - 16'sd1, {143'd0, r, rem != 114'd0}, 2'd0);
    endfunction

    function automatic logic [63:0] ffma64(input logic [63:0] x, input logic [63:0] z, input logic [63:0] w);
        logic sp, sc, sign;
        logic [105:0] p;
        logic signed [15:0] qp, qc, q0, d;
        logic [199:0] big, little, sum;
        sp = x[63] ^ z[63];
        sc = w[63];
        if (is_nan64(x[62:0]) || is_nan64(z[62:0]) || is_nan64(w[62:0])) return QNAN64;
        if ((is_inf64(x[62:0]) || is_inf64(z[62:0])) && (x[62:0] == 63'd0 || z[62:0] == 63'd0)) return QNAN64;
        if (is_inf64(x[62:0]) || is_inf64(z[62:0]))
            return (is_inf64(w[62:0]) && sc != sp) ? QNAN64 : {sp, 11'h7FF, 52'd0};
        if (is_inf64(w[62:0])) return w;
        if (x[62:0] == 63'd0 || z[62:0] == 63'd0)
            return (w[62:0] == 63'd0) ? {sp & sc, 63'd0} : w;
        p = {53'd0, sig64(x[62:0])} * {53'd0, sig64(z[62:0])};
        qp = 16'(exp64(x[62:0])) + 16'(exp64(z[62:0])) - 16'sd2150;
        if (w[62:0] == 63'd0) return pack_wide64(sp, qp, {94'd0, p}, 2'd0);
        qc = 16'(exp64(w[62:0])) - 16'sd1075;
        d = qc - qp;
        // Far apart, the smaller term only decides a sticky bit below the larger's guard
        // bits; otherwise both are placed exactly at the lower one's exponent.
        if (d > 16'sd109) begin
            q0 = qc - 16'sd3;
            big = {144'd0, sig64(w[62:0]), 3'b000};
            little = 200'd1;
            sign = sc;
        end else if (d < -16'sd57) begin
            q0 = qp - 16'sd3;
            big = {91'd0, p, 3'b000};
            little = 200'd1;
            sign = sp;
        end else begin
            q0 = (qp < qc) ? qp : qc;
            big = {94'd0, p} << 8'(qp - q0);
            little = {147'd0, sig64(w[62:0])} << 8'(qc - q0);
            sign = sp;
            if (little > big) begin
                {big, little} = {little, big};
                sign = sc;
            end
        end
        if (sp == sc) begin
            sum = big + little;
        end else begin
            sum = big - little;
        end
        if (sum == 200'd0) return 64'd0;  // exact cancellation rounds to +0
        return pack_wide64(sign, q0, sum, 2'd0);
    endfunction

    // Order-preserving key (NaNs excluded; -0 == +0 handled by the caller).
    function automatic logic [63:0] key64(input logic [63:0] x);
        return x[63] ? ~x : (x | 64'h8000_0000_0000_0000);
    endfunction

    // Predicates in the IR's FCmpPred order (hls_fp_pkg::OEQ ...).
    function automatic logic fcmp64(input logic [63:0] a, input logic [63:0] b, input int pred);
        logic unord, eq, lt, gt;
        unord = is_nan64(a[62:0]) || is_nan64(b[62:0]);
        eq = (a == b) || (a[62:0] == 63'd0 && b[62:0] == 63'd0);
        lt = !eq && (key64(a) < key64(b));
        gt = !eq && !lt;
        case (pred)
            0: return !unord && eq;
            1: return !unord && !eq;
            2: return !unord && lt;
            3: return !unord && (lt || eq);
            4: return !unord && gt;
            5: return !unord && (gt || eq);
            6: return unord || eq;
            7: return unord || !eq;
            8: return unord || lt;
            9: return unord || lt || eq;
            10: return unord || gt;
            11: return unord || gt || eq;
            12: return !unord;
            13: return unord;
            default: return 1'b0;
        endcase
    endfunction

    // A 64-bit signed or unsigned integer to binary64, rounded in direction mode.
    function automatic logic [63:0] i64_to_f64(input logic [63:0] v, input logic is_signed, input logic [1:0] mode);
        logic sign;
        sign = is_signed && v[63];
        return pack_wide64(sign, 16'sd0, {136'd0, sign ? (~v + 64'd1) : v}, mode);
    endfunction

    // binary64 to a BITS-wide integer, toward zero, saturating; NaN gives 0.
    function automatic logic [63:0] f64_to_i64(input logic [63:0] x, input logic is_signed, input int bits);
        logic [63:0] mag, res, max_u, max_s, min_s;
        int sh;
        max_u = (bits >= 64) ? 64'hFFFF_FFFF_FFFF_FFFF : ((64'd1 << bits) - 64'd1);
        max_s = (64'd1 << (bits - 1)) - 64'd1;
        min_s = ~max_s;
        if (is_nan64(x[62:0])) return 64'd0;
        sh = int'(x[62:52]) - 1023;
        if (sh < 0) return 64'd0;
        if (sh >= 64) mag = 64'hFFFF_FFFF_FFFF_FFFF;
        else if (sh >= 52) mag = {11'd0, 1'b1, x[51:0]} << (sh - 52);
        else mag = {11'd0, 1'b1, x[51:0]} >> (52 - sh);
        if (is_signed) begin
            if (!x[63]) res = (mag > max_s) ? max_s : mag;
            else res = (mag > max_s + 64'd1) ? min_s : (~mag + 64'd1);
        end else begin
            if (x[63]) res = 64'd0;
            else res = (mag > max_u) ? max_u : mag;
        end
        return res;
    endfunction

    // Rounding to an integral value in the IR's FloatUnaryOp order: 2 floor, 3 ceil,
    // 4 trunc, 5 rint (nearest even), 6 round (half away from zero).
    function automatic logic [63:0] round64(input logic [63:0] x, input int mode);
        logic sign, up, odd;
        logic [10:0] ex;
        logic [53:0] m, int_part, rem, half, one;
        int frac;
        sign = x[63];
        ex = x[62:52];
        if (is_nan64(x[62:0])) return QNAN64;
        if (ex >= 11'd1075) return x;  // already integral, or infinite
        if (ex < 11'd1023) begin
            if (x[62:0] == 63'd0) return x;
            case (mode)
                2: up = sign;
                3: up = !sign;
                5: up = ex == 11'd1022 && x[51:0] != 52'd0;
                6: up = ex == 11'd1022;
                default: up = 1'b0;
            endcase
            return up ? {sign, 11'd1023, 52'd0} : {sign, 63'd0};
        end
        frac = 1075 - int'(ex);
        m = {2'b01, x[51:0]};
        one = 54'd1 << frac;
        half = one >> 1;
        rem = m & (one - 54'd1);
        int_part = m & ~(one - 54'd1);
        odd = (int_part & one) != 54'd0;
        case (mode)
            2: up = sign && rem != 54'd0;
            3: up = !sign && rem != 54'd0;
            5: up = rem > half || (rem == half && odd);
            6: up = rem >= half;
            default: up = 1'b0;
        endcase
        if (up) int_part = int_part + one;
        if (int_part[53]) return {sign, ex + 11'd1, 52'd0};
        return {sign, ex, int_part[51:0]};
    endfunction
endpackage
/* verilator lint_on UNUSEDSIGNAL */
