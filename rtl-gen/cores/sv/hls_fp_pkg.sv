// Combinational IEEE-754 binary32 helpers used inline by the datapath: comparisons and
// integer <-> float conversions. Pipelining (when the board gives them a latency) is done
// by registers around the call, as for any operator.
package hls_fp_pkg;
    // Rounds f = {24-bit significand, guard, round, sticky} to nearest even and packs it
    // with sign s and biased exponent e (the exponent of the significand's leading bit; a
    // significand without its top bit set is subnormal and packs with exponent 0).
    function automatic logic [31:0] round_pack32(input logic s, input logic signed [12:0] e, input logic [26:0] f);
        logic inc;
        logic [24:0] m25;
        logic [23:0] mant;
        logic signed [12:0] ex;
        inc = f[2] && (f[1] || f[0] || f[3]);
        m25 = {1'b0, f[26:3]} + {24'd0, inc};
        ex = e;
        if (m25[24]) begin
            mant = m25[24:1];
            ex = ex + 13'sd1;
        end else begin
            mant = m25[23:0];
        end
        if (ex == 13'sd0 && mant[23]) ex = 13'sd1;  // rounded up into the normal range
        if (ex >= 13'sd255) return {s, 8'hFF, 23'd0};
        return {s, mant[23] ? ex[7:0] : 8'd0, mant[22:0]};
    endfunction

    // round_pack32 in one carry chain, for a caller that has the exponent field ready (0
    // for a subnormal) and has ruled out overflow: f = {23 fraction bits, guard, round,
    // sticky}; the increment is added to exponent and fraction as one word, so a carry out
    // of the fraction moves the exponent up (to 1 from a subnormal, to infinity from the
    // largest finite value). The magnitude, 31 bits.
    function automatic logic [30:0] round_word32(input logic [7:0] ef, input logic [25:0] f);
        return {ef, f[25:3]} + 31'(f[2] && (f[1] || f[0] || f[3]));
    endfunction

    // round_pack32's round-to-odd twin (hls_fp_round's ODD): truncate, and set the last bit
    // when anything was dropped.
    function automatic logic [31:0] round_odd32(input logic s, input logic signed [12:0] e, input logic [26:0] f);
        if (e >= 13'sd255) return {s, 8'hFF, 23'd0};
        return {s, !f[26] ? 8'd0 : (e == 13'sd0) ? 8'd1 : e[7:0], f[25:4], f[3] | f[2] | f[1] | f[0]};
    endfunction

    // Predicates, matching the IR's FCmpPred order.
    localparam int OEQ = 0, ONE = 1, OLT = 2, OLE = 3, OGT = 4, OGE = 5,
                   UEQ = 6, UNE = 7, ULT = 8, ULE = 9, UGT = 10, UGE = 11, ORD = 12, UNORD = 13;

    function automatic logic is_nan32(input logic [30:0] x);
        return x[30:23] == 8'hFF && x[22:0] != 23'd0;
    endfunction

    // Order-preserving integer key: larger key, larger float (NaNs excluded, -0 == +0 handled
    // by the caller).
    function automatic logic [31:0] key32(input logic [31:0] x);
        return x[31] ? ~x : (x | 32'h8000_0000);
    endfunction

    function automatic logic fcmp32(input logic [31:0] a, input logic [31:0] b, input int pred);
        logic unord, eq, lt, gt;
        unord = is_nan32(a[30:0]) || is_nan32(b[30:0]);
        eq = (a == b) || (a[30:0] == 31'd0 && b[30:0] == 31'd0);
        lt = !eq && (key32(a) < key32(b));
        gt = !eq && !lt;
        case (pred)
            OEQ: return !unord && eq;
            ONE: return !unord && !eq;
            OLT: return !unord && lt;
            OLE: return !unord && (lt || eq);
            OGT: return !unord && gt;
            OGE: return !unord && (gt || eq);
            UEQ: return unord || eq;
            UNE: return unord || !eq;
            ULT: return unord || lt;
            ULE: return unord || lt || eq;
            UGT: return unord || gt;
            UGE: return unord || gt || eq;
            ORD: return !unord;
            UNORD: return unord;
            default: return 1'b0;
        endcase
    endfunction

    // 64-bit two's complement (signed) or unsigned integer to binary32, rounded in direction
    // `mode` (the IR's Rounding order: 0 nearest even, 1 toward zero, 2 toward +inf,
    // 3 toward -inf).
    function automatic logic [31:0] i64_to_f32(input logic [63:0] v, input logic is_signed, input logic [1:0] mode);
        logic sign, inc, sticky;
        logic [63:0] mag, norm;
        logic [6:0] lz;
        logic [8:0] e;
        logic [24:0] m25;
        sign = is_signed && v[63];
        mag = sign ? (~v + 64'd1) : v;
        if (mag == 64'd0) return 32'd0;
        lz = 7'd64;
        for (int i = 0; i <= 63; i++) if (mag[i]) lz = 7'(63 - i);
        norm = mag << lz[5:0];
        // Leading one at bit 63: value 2^(63 - lz); mantissa bits 62:40, guard 39.
        sticky = norm[38:0] != 39'd0;
        case (mode)
            2'd0: inc = norm[39] && (sticky || norm[40]);
            2'd1: inc = 1'b0;
            2'd2: inc = !sign && (norm[39] || sticky);
            default: inc = sign && (norm[39] || sticky);
        endcase
        m25 = {1'b0, norm[63:40]} + {24'd0, inc};
        e = 9'd127 + 9'd63 - {2'd0, lz};
        if (m25[24]) begin
            e = e + 9'd1;
            return {sign, e[7:0], m25[23:1]};
        end
        return {sign, e[7:0], m25[22:0]};
    endfunction

    // binary32 to a BITS-wide integer, rounding toward zero, saturating out-of-range
    // values and giving 0 for NaN (the result is then cut to BITS by the caller).
    function automatic logic [63:0] f32_to_i64(input logic [31:0] x, input logic is_signed, input int bits);
        logic [63:0] mag, res, max_u, max_s, min_s;
        int sh;
        max_u = (bits >= 64) ? 64'hFFFF_FFFF_FFFF_FFFF : ((64'd1 << bits) - 64'd1);
        max_s = (64'd1 << (bits - 1)) - 64'd1;
        min_s = ~max_s;
        if (is_nan32(x[30:0])) return 64'd0;
        sh = int'(x[30:23]) - 127;
        if (sh < 0) return 64'd0;
        if (sh >= 64) mag = 64'hFFFF_FFFF_FFFF_FFFF;
        else if (sh >= 23) mag = {40'd0, 1'b1, x[22:0]} << (sh - 23);
        else mag = {40'd0, 1'b1, x[22:0]} >> (23 - sh);
        if (is_signed) begin
            if (!x[31]) res = (mag > max_s) ? max_s : mag;
            else res = (mag > max_s + 64'd1) ? min_s : (~mag + 64'd1);
        end else begin
            if (x[31]) res = 64'd0;
            else res = (mag > max_u) ? max_u : mag;
        end
        return res;
    endfunction
    // Rounding to an integral value, keeping the float format. Modes match the IR's
    // FloatUnaryOp order: 2 floor, 3 ceil, 4 trunc, 5 rint (nearest even), 6 round (half away).
    localparam int FLOOR = 2, CEIL = 3, TRUNC = 4, RINT = 5, ROUND = 6;

    function automatic logic [31:0] round32(input logic [31:0] x, input int mode);
        logic sign, up, odd;
        logic [7:0] ex;
        logic [24:0] m, int_part, rem, half, one;
        int frac;
        sign = x[31];
        ex = x[30:23];
        if (ex == 8'hFF && x[22:0] != 23'd0) return 32'h7FC00000;
        if (ex >= 8'd150) return x;  // already integral, or infinite
        if (ex < 8'd127) begin
            // |x| < 1: the result is +-0 or +-1.
            if (x[30:0] == 31'd0) return x;
            case (mode)
                FLOOR: up = sign;
                CEIL: up = !sign;
                RINT: up = ex == 8'd126 && x[22:0] != 23'd0;
                ROUND: up = ex == 8'd126;
                TRUNC: up = 1'b0;
                default: up = 1'b0;
            endcase
            return up ? {sign, 8'd127, 23'd0} : {sign, 31'd0};
        end
        frac = 150 - int'(ex);
        m = {2'b01, x[22:0]};
        one = 25'd1 << frac;
        half = one >> 1;
        rem = m & (one - 25'd1);
        int_part = m & ~(one - 25'd1);
        odd = (int_part & one) != 25'd0;
        case (mode)
            FLOOR: up = sign && rem != 25'd0;
            CEIL: up = !sign && rem != 25'd0;
            RINT: up = rem > half || (rem == half && odd);
            ROUND: up = rem >= half;
            TRUNC: up = 1'b0;
            default: up = 1'b0;
        endcase
        if (up) int_part = int_part + one;
        if (int_part[24]) return {sign, ex + 8'd1, 23'd0};
        return {sign, ex, int_part[22:0]};
    endfunction
    // Bit counting on the low `bits` bits of x (the caller zero-extends to 64).
    function automatic logic [6:0] popcount64(input logic [63:0] x);
        logic [6:0] n;
        n = 7'd0;
        for (int i = 0; i < 64; i++) n = n + {6'd0, x[i]};
        return n;
    endfunction

    // Leading/trailing-zero counts here and in the cores are "last match wins" loops rather
    // than loops with `break`: a break nests every later iteration under the earlier ones,
    // and synthesis front ends (Yosys' mux-tree optimizer) recurse once per nesting level.
    // Position of the highest set bit of x (0 when x is 0) as a tree: each 4-bit group
    // gives "any" and a 2-bit position in one LUT level, then pairs merge level by level
    // (the upper half wins when it has a bit): five LUT levels for 64 bits, where the
    // loops below build a chain as long as the word. For the pipelined cores.
    function automatic logic [5:0] lead64(input logic [63:0] x);
        logic v1 [16];
        logic [1:0] p1 [16];
        logic v2 [8];
        logic [2:0] p2 [8];
        logic v3 [4];
        logic [3:0] p3 [4];
        logic v4 [2];
        logic [4:0] p4 [2];
        for (int g = 0; g < 16; g++) begin
            v1[g] = x[4*g +: 4] != 4'd0;
            p1[g] = x[4*g+3] ? 2'd3 : x[4*g+2] ? 2'd2 : x[4*g+1] ? 2'd1 : 2'd0;
        end
        for (int g = 0; g < 8; g++) begin
            v2[g] = v1[2*g+1] || v1[2*g];
            p2[g] = v1[2*g+1] ? {1'b1, p1[2*g+1]} : {1'b0, p1[2*g]};
        end
        for (int g = 0; g < 4; g++) begin
            v3[g] = v2[2*g+1] || v2[2*g];
            p3[g] = v2[2*g+1] ? {1'b1, p2[2*g+1]} : {1'b0, p2[2*g]};
        end
        for (int g = 0; g < 2; g++) begin
            v4[g] = v3[2*g+1] || v3[2*g];
            p4[g] = v3[2*g+1] ? {1'b1, p3[2*g+1]} : {1'b0, p3[2*g]};
        end
        return v4[1] ? {1'b1, p4[1]} : {1'b0, p4[0]};
    endfunction

    function automatic logic [6:0] clz64(input logic [63:0] x, input int bits);
        logic [6:0] n;
        n = 7'(bits);
        for (int i = 0; i < bits; i++) if (x[i]) n = 7'(bits - 1 - i);
        return n;
    endfunction

    function automatic logic [6:0] ctz64(input logic [63:0] x, input int bits);
        logic [6:0] n;
        n = 7'(bits);
        for (int i = bits - 1; i >= 0; i--) if (x[i]) n = 7'(i);
        return n;
    endfunction
    // Float-format conversions. Widening (half -> float, float -> double) is exact;
    // narrowing rounds in direction `mode` (0 nearest even, 1 toward zero, 2 toward +inf,
    // 3 toward -inf), keeps subnormals, overflows to infinity or the largest finite value as
    // the direction says, and keeps a NaN's top payload bits (quieted).
    function automatic logic [31:0] f16_to_f32(input logic [15:0] h);
        logic [9:0] m;
        logic [3:0] p;
        m = h[9:0];
        if (h[14:10] == 5'h1F) return {h[15], 8'hFF, m != 10'd0, m[8:0], 13'd0};
        if (h[14:10] != 5'd0) return {h[15], {3'd0, h[14:10]} + 8'd112, m, 13'd0};
        if (m == 10'd0) return {h[15], 31'd0};
        // Subnormal: value m * 2^-24; its leading one at bit p becomes the hidden bit.
        p = 4'd0;
        for (int i = 0; i < 10; i++) if (m[i]) p = 4'(i);
        return {h[15], 8'(8'd103 + {4'd0, p}), 23'({m, 13'd0} << (4'd10 - p))};
    endfunction

    function automatic logic [63:0] f32_to_f64(input logic [31:0] x);
        logic [22:0] m;
        logic [4:0] p;
        m = x[22:0];
        if (x[30:23] == 8'hFF) return {x[31], 11'h7FF, m != 23'd0, m[21:0], 29'd0};
        if (x[30:23] != 8'd0) return {x[31], {3'd0, x[30:23]} + 11'd896, m, 29'd0};
        if (m == 23'd0) return {x[31], 63'd0};
        p = 5'd0;
        for (int i = 0; i < 23; i++) if (m[i]) p = 5'(i);
        return {x[31], 11'(11'd874 + {6'd0, p}), 52'({m, 29'd0} << (5'd23 - p))};
    endfunction

    // The increment that rounds a truncated significand: guard bit g, sticky s, lsb l.
    function automatic logic round_inc(input logic [1:0] mode, input logic sign, input logic l,
                                       input logic g, input logic s);
        case (mode)
            2'd0: return g && (s || l);
            2'd1: return 1'b0;
            2'd2: return !sign && (g || s);
            default: return sign && (g || s);
        endcase
    endfunction

    function automatic logic [15:0] f32_to_f16(input logic [31:0] x, input logic [1:0] mode);
        logic sign, away, g, st;
        logic [23:0] sig;
        logic [9:0] kept;
        int e, sh;
        sign = x[31];
        away = mode == 2'd0 || (mode == 2'd2 && !sign) || (mode == 2'd3 && sign);
        if (x[30:23] == 8'hFF)
            return x[22:0] != 23'd0 ? {sign, 5'h1F, 1'b1, x[21:13]} : {sign, 15'h7C00};
        if (x[30:0] == 31'd0) return {sign, 15'd0};
        e = int'(x[30:23]) - 127;
        sig = (x[30:23] == 8'd0) ? {1'b0, x[22:0]} : {1'b1, x[22:0]};
        if (x[30:23] == 8'd0) e = -126;
        if (e > 15) return away ? {sign, 15'h7C00} : {sign, 15'h7BFF};
        // Normal halves keep 11 significant bits; below 2^-14 the spacing stays 2^-24.
        sh = (e >= -14) ? 13 : 13 + (-14 - e);
        if (sh > 25) sh = 25;
        kept = 10'(sig >> sh);
        g = sh <= 24 ? sig[sh - 1] : 1'b0;
        st = sh <= 24 ? (sig & ((24'd1 << (sh - 1)) - 24'd1)) != 24'd0 : sig != 24'd0;
        // Exponent field plus the significand without its hidden bit; the rounding carry
        // runs into the exponent (and a subnormal rounded up to 2^-14 becomes normal;
        // the largest half rounded up becomes infinity, which only directions that round
        // away from zero do).
        if (e >= -14)
            return {sign, 15'({5'(e + 15), 10'd0} + {5'd0, kept[9:0]} + 15'(round_inc(mode, sign, kept[0], g, st)))};
        return {sign, 15'({5'd0, kept[9:0]} + 15'(round_inc(mode, sign, kept[0], g, st)))};
    endfunction

    function automatic logic [31:0] f64_to_f32(input logic [63:0] x, input logic [1:0] mode);
        logic sign, away, g, st;
        logic [52:0] sig;
        logic [22:0] kept;
        int e, sh;
        sign = x[63];
        away = mode == 2'd0 || (mode == 2'd2 && !sign) || (mode == 2'd3 && sign);
        if (x[62:52] == 11'h7FF)
            return x[51:0] != 52'd0 ? {sign, 8'hFF, 1'b1, x[50:29]} : {sign, 31'h7F80_0000};
        if (x[62:0] == 63'd0) return {sign, 31'd0};
        e = int'(x[62:52]) - 1023;
        sig = (x[62:52] == 11'd0) ? {1'b0, x[51:0]} : {1'b1, x[51:0]};
        if (x[62:52] == 11'd0) e = -1022;
        if (e > 127) return away ? {sign, 31'h7F80_0000} : {sign, 31'h7F7F_FFFF};
        sh = (e >= -126) ? 29 : 29 + (-126 - e);
        if (sh > 54) sh = 54;
        kept = 23'(sig >> sh);
        g = sh <= 53 ? sig[sh - 1] : 1'b0;
        st = sh <= 53 ? (sig & ((53'd1 << (sh - 1)) - 53'd1)) != 53'd0 : sig != 53'd0;
        if (e >= -126)
            return {sign, 31'({8'(e + 127), 23'd0} + {8'd0, kept[22:0]} + 31'(round_inc(mode, sign, kept[0], g, st)))};
        return {sign, 31'({8'd0, kept[22:0]} + 31'(round_inc(mode, sign, kept[0], g, st)))};
    endfunction

    // The combinational binary32 divider and square root (correctly rounded, subnormals
    // kept): what hls_fp_div / hls_fp_sqrt compute when the board leaves them fewer cycles
    // than their stages.
    function automatic logic [4:0] lz24(input logic [23:0] m);
        logic [4:0] n;
        n = 5'd24;
        for (int i = 0; i <= 23; i++) if (m[i]) n = 5'(23 - i);
        return n;
    endfunction

    function automatic logic [31:0] fdiv32(input logic [31:0] x, input logic [31:0] z);
        logic sign, sticky;
        logic [7:0] ex, ez;
        logic [23:0] mx, mz;
        logic [4:0] lx, lz;
        logic [49:0] num;
        logic [26:0] q;
        logic signed [11:0] e;
        logic [11:0] rs;
        logic [31:0] res;
        sign = x[31] ^ z[31];
        ex = x[30:23]; ez = z[30:23];
        res = 32'd0;
        if ((ex == 8'hFF && x[22:0] != 23'd0) || (ez == 8'hFF && z[22:0] != 23'd0)) begin
            res = 32'h7FC00000;
        end else if ((ex == 8'hFF && ez == 8'hFF) || (x[30:0] == 31'd0 && z[30:0] == 31'd0)) begin
            res = 32'h7FC00000;  // inf/inf, 0/0
        end else if (ex == 8'hFF || z[30:0] == 31'd0) begin
            res = {sign, 8'hFF, 23'd0};  // inf/finite, finite/0
        end else if (ez == 8'hFF || x[30:0] == 31'd0) begin
            res = {sign, 31'd0};  // finite/inf, 0/finite
        end else begin
            mx = {ex != 8'd0, x[22:0]};
            mz = {ez != 8'd0, z[22:0]};
            lx = lz24(mx);
            lz = lz24(mz);
            mx = mx << lx;
            mz = mz << lz;
            // Biased exponent of the quotient when its leading one is at bit 26.
            e = $signed({4'd0, (ex == 8'd0) ? 8'd1 : ex}) - $signed({7'd0, lx})
              - $signed({4'd0, (ez == 8'd0) ? 8'd1 : ez}) + $signed({7'd0, lz}) + 12'sd127;
            num = {mx, 26'd0};
            q = 27'(num / {26'd0, mz});
            sticky = (num % {26'd0, mz}) != 50'd0;
            if (!q[26]) begin
                q = {q[25:0], 1'b0};
                e = e - 12'sd1;
            end
            if (e < 12'sd1) begin
                // Subnormal result: shift right, keep what falls off as sticky.
                rs = 12'(12'sd1 - e);
                if (rs > 12'd26) begin
                    sticky = sticky | (q != 27'd0);
                    q = 27'd0;
                end else begin
                    sticky = sticky | ((q & ((27'd1 << rs[4:0]) - 27'd1)) != 27'd0);
                    q = q >> rs[4:0];
                end
                e = 12'sd0;
            end
            res = round_pack32(sign, 13'(e), {q[26:1], q[0] | sticky});
        end
        return res;
    endfunction

    function automatic logic [31:0] fsqrt32(input logic [31:0] x);
        logic [7:0] ex;
        logic [23:0] m;
        logic [4:0] lz;
        logic signed [9:0] e;
        logic signed [9:0] half;
        logic [51:0] rad, rem, trial;
        logic [25:0] r;
        logic sticky;
        ex = x[30:23];
        if (ex == 8'hFF && x[22:0] != 23'd0) return 32'h7FC00000;
        if (x[30:0] == 31'd0) return x;  // +-0
        if (x[31]) return 32'h7FC00000;
        if (ex == 8'hFF) return x;       // +inf
        m = {ex != 8'd0, x[22:0]};
        lz = 5'd24;
        for (int i = 0; i <= 23; i++) if (m[i]) lz = 5'(23 - i);
        m = m << lz;
        // Unbiased exponent of 1.f; an odd one moves a factor 2 into the radicand.
        e = $signed({2'd0, (ex == 8'd0) ? 8'd1 : ex}) - 10'sd127 - $signed({5'd0, lz});
        rad = e[0] ? ({28'd0, m} << 28) : ({28'd0, m} << 27);
        half = (e - (e[0] ? 10'sd1 : 10'sd0)) >>> 1;
        // Digit-by-digit square root: 26 result bits and the remainder.
        r = 26'd0;
        rem = 52'd0;
        for (int i = 25; i >= 0; i--) begin
            rem = (rem << 2) | 52'(rad[2*i +: 2]);
            trial = {24'd0, r, 2'b01};
            if (rem >= trial) begin
                rem = rem - trial;
                r = {r[24:0], 1'b1};
            end else begin
                r = {r[24:0], 1'b0};
            end
        end
        sticky = r[0] || (rem != 52'd0);
        return round_pack32(1'b0, 13'(half) + 13'sd127, {r[25:1], 1'b0, sticky});
    endfunction

    // The combinational binary32 adder (correctly rounded, subnormals kept): what
    // hls_fp_add computes when the board leaves it fewer cycles than its stages.
    function automatic logic [31:0] fadd32(input logic [31:0] x, input logic [31:0] z_in);
        logic sx, sz, eff_sub, x_big, sign;
        logic [7:0] ex, ez;
        logic [8:0] e_big, e_small, e, d;
        logic [23:0] fx, fz, f_big, f_small;
        logic [26:0] big_ext, small_ext, small_full, norm;
        logic [27:0] sum;
        logic [4:0] lz;
        logic [8:0] sh;
        logic lost;
        logic [31:0] res;
        sx = x[31]; sz = z_in[31];
        ex = x[30:23]; ez = z_in[30:23];
        fx = {ex != 8'd0, x[22:0]};
        fz = {ez != 8'd0, z_in[22:0]};
        res = 32'd0;
        if ((ex == 8'hFF && x[22:0] != 23'd0) || (ez == 8'hFF && z_in[22:0] != 23'd0)) begin
            res = 32'h7FC00000;
        end else if (ex == 8'hFF && ez == 8'hFF) begin
            res = (sx == sz) ? x : 32'h7FC00000;
        end else if (ex == 8'hFF) begin
            res = x;
        end else if (ez == 8'hFF) begin
            res = z_in;
        end else begin
            // Order by magnitude; subnormals have effective exponent 1.
            x_big = {ex, x[22:0]} >= {ez, z_in[22:0]};
            e_big   = x_big ? {1'b0, (ex == 8'd0) ? 8'd1 : ex} : {1'b0, (ez == 8'd0) ? 8'd1 : ez};
            e_small = x_big ? {1'b0, (ez == 8'd0) ? 8'd1 : ez} : {1'b0, (ex == 8'd0) ? 8'd1 : ex};
            f_big   = x_big ? fx : fz;
            f_small = x_big ? fz : fx;
            sign    = x_big ? sx : sz;
            eff_sub = sx ^ sz;
            d = e_big - e_small;
            big_ext = {f_big, 3'b000};
            small_full = {f_small, 3'b000};
            if (d > 9'd26) begin
                small_ext = {26'd0, f_small != 24'd0};
            end else begin
                lost = (small_full & ((27'd1 << d[4:0]) - 27'd1)) != 27'd0;
                small_ext = (small_full >> d[4:0]) | {26'd0, lost};
            end
            sum = eff_sub ? ({1'b0, big_ext} - {1'b0, small_ext}) : ({1'b0, big_ext} + {1'b0, small_ext});
            if (sum == 28'd0) begin
                // Exact zero: x + (-x) is +0 in round-to-nearest; (-0) + (-0) is -0.
                res = {eff_sub ? 1'b0 : sx, 31'd0};
            end else begin
                if (sum[27]) begin
                    norm = {sum[27:2], sum[1] | sum[0]};
                    e = e_big + 9'd1;
                end else begin
                    lz = 5'd27;
                    for (int i = 0; i <= 26; i++) if (sum[i]) lz = 5'(26 - i);
                    // Never shift below exponent 1: what is left is a subnormal.
                    sh = ({4'd0, lz} < e_big) ? {4'd0, lz} : e_big - 9'd1;
                    norm = sum[26:0] << sh[4:0];
                    e = e_big - sh;
                end
                res = hls_fp_pkg::round_pack32(sign, $signed({4'd0, e}), norm);
            end
        end
        return res;
    endfunction

    // binary32 product rounded to nearest even: the combinational form of hls_fp_mul at
    // 8/23.
    function automatic logic [31:0] fmul32(input logic [31:0] x, input logic [31:0] z_in);
        logic sign, sticky;
        logic [7:0] ex, ez;
        logic [23:0] fx, fz;
        logic [47:0] p, q;
        logic [5:0] lz;
        logic signed [10:0] er;
        logic [10:0] rs;
        logic [31:0] res;
        sign = x[31] ^ z_in[31];
        ex = x[30:23]; ez = z_in[30:23];
        fx = {ex != 8'd0, x[22:0]};
        fz = {ez != 8'd0, z_in[22:0]};
        res = 32'd0;
        if ((ex == 8'hFF && x[22:0] != 23'd0) || (ez == 8'hFF && z_in[22:0] != 23'd0)) begin
            res = 32'h7FC00000;
        end else if (ex == 8'hFF || ez == 8'hFF) begin
            // inf * 0 is invalid; inf * anything else is inf.
            res = ((ex == 8'hFF && z_in[30:0] == 31'd0) || (ez == 8'hFF && x[30:0] == 31'd0))
                ? 32'h7FC00000 : {sign, 8'hFF, 23'd0};
        end else if (x[30:0] == 31'd0 || z_in[30:0] == 31'd0) begin
            res = {sign, 31'd0};
        end else begin
            p = fx * fz;
            lz = 6'd48;
            for (int i = 0; i <= 47; i++) if (p[i]) lz = 6'(47 - i);
            q = p << lz;
            // Biased exponent of the leading one at bit 47.
            er = $signed({3'd0, (ex == 8'd0) ? 8'd1 : ex}) + $signed({3'd0, (ez == 8'd0) ? 8'd1 : ez})
                 - 11'sd126 - $signed({5'd0, lz});
            sticky = 1'b0;
            if (er < 11'sd1) begin
                // Subnormal result: shift right, keep what falls off as sticky.
                rs = 11'd1 - er;
                if (rs > 11'd47) begin
                    sticky = q != 48'd0;
                    q = 48'd0;
                end else begin
                    sticky = (q & ((48'd1 << rs[5:0]) - 48'd1)) != 48'd0;
                    q = q >> rs[5:0];
                end
                er = 11'sd0;
            end
            sticky = sticky | (q[22:0] != 23'd0);
            res = round_pack32(sign, 13'(er), {q[47:24], q[23], 1'b0, sticky});
        end
        return res;
    endfunction

    // Fused multiply-add a * b + c rounded once (to nearest even, or to odd with odd set):
    // the combinational form of hls_fp_fma at 8/23, and the reference its stages follow.
    function automatic logic [31:0] ffma32(input logic [31:0] x, input logic [31:0] z, input logic [31:0] w,
                                           input logic odd);
        logic sp, sc, sign, eff_sub, p_inf, sticky;
        logic [7:0] ex, ez, ew;
        logic [47:0] p;
        logic signed [11:0] ep, ec, emax, e;
        logic [11:0] d;
        logic [52:0] xp, xc, big, little, sum;
        logic [6:0] lead;
        logic [26:0] norm;  // leading one at bit 26 (or lower: subnormal)
        logic signed [11:0] sh;
        logic [31:0] res;
        sp = x[31] ^ z[31];
        sc = w[31];
        ex = x[30:23]; ez = z[30:23]; ew = w[30:23];
        p_inf = ex == 8'hFF || ez == 8'hFF;
        res = 32'd0;
        if ((ex == 8'hFF && x[22:0] != 23'd0) || (ez == 8'hFF && z[22:0] != 23'd0) || (ew == 8'hFF && w[22:0] != 23'd0)) begin
            res = 32'h7FC00000;
        end else if (p_inf && (x[30:0] == 31'd0 || z[30:0] == 31'd0)) begin
            res = 32'h7FC00000;  // inf * 0
        end else if (p_inf) begin
            res = (ew == 8'hFF && sc != sp) ? 32'h7FC00000 : {sp, 8'hFF, 23'd0};
        end else if (ew == 8'hFF) begin
            res = w;
        end else if (x[30:0] == 31'd0 || z[30:0] == 31'd0) begin
            // Exact zero product: the sum is c, and for c = +-0 the IEEE sign rule.
            res = (w[30:0] == 31'd0) ? {sp & sc, 31'd0} : w;
        end else begin
            p = {ex != 8'd0, x[22:0]} * {ez != 8'd0, z[22:0]};
            // Both terms as integers times 2^(e - 176): the product P<<3, the addend c<<26.
            ep = $signed({4'd0, (ex == 8'd0) ? 8'd1 : ex}) + $signed({4'd0, (ez == 8'd0) ? 8'd1 : ez}) - 12'sd127;
            ec = $signed({4'd0, (ew == 8'd0) ? 8'd1 : ew});
            xp = {2'b00, p, 3'b000};
            xc = {3'b000, ew != 8'd0, w[22:0], 26'd0};
            if (w[30:0] == 31'd0) ec = ep;  // a zero addend aligns anywhere
            emax = (ep >= ec) ? ep : ec;
            big = (ep >= ec) ? xp : xc;
            little = (ep >= ec) ? xc : xp;
            d = 12'((ep >= ec) ? ep - ec : ec - ep);
            if (d > 12'd52) begin
                sticky = little != 53'd0;
                little = {52'd0, sticky};
            end else begin
                sticky = (little & ((53'd1 << d[5:0]) - 53'd1)) != 53'd0;
                little = (little >> d[5:0]) | {52'd0, sticky};
            end
            eff_sub = sp != sc;
            sign = (ep >= ec) ? sp : sc;
            if (eff_sub) begin
                if (little > big) begin
                    sum = little - big;
                    sign = !sign;
                end else begin
                    sum = big - little;
                end
            end else begin
                sum = big + little;
            end
            if (sum == 53'd0) begin
                res = 32'd0;  // exact cancellation rounds to +0
            end else begin
                lead = 7'd0;
                for (int i = 0; i < 53; i++) if (sum[i]) lead = 7'(i);
                // Biased exponent if the leading one is kept: value = 1.f * 2^(lead + emax - 176).
                e = $signed({5'd0, lead}) + emax - 12'sd49;
                // Place the leading one at bit 26 (or lower for a subnormal result).
                sh = $signed({5'd0, lead}) - 12'sd26 + ((e < 12'sd1) ? (12'sd1 - e) : 12'sd0);
                if (e < 12'sd1) e = 12'sd0;
                if (sh > 0) begin
                    if (sh > 12'sd52) begin
                        norm = {26'd0, sum != 53'd0};
                    end else begin
                        sticky = (sum & ((53'd1 << sh[5:0]) - 53'd1)) != 53'd0;
                        norm = 27'(sum >> sh[5:0]) | {26'd0, sticky};
                    end
                end else begin
                    norm = 27'(sum << 6'(-sh));
                end
                res = odd ? round_odd32(sign, 13'(e), norm) : round_pack32(sign, 13'(e), norm);
            end
        end
        return res;
    endfunction

    // Cycles hls_fp_sigmul takes for a significand product of sw bits with the board's DSP
    // primitive prim (boards::DspPrimitive::sv_code): the DSP stage and one adder stage for
    // float's two or four tiles, two adder stages more for double's; double's eight
    // cascaded DSP48E2 (prim 2), their sums inside the blocks, 9.
    function automatic int sigmul_latency(input int sw, input int prim = 0);
        return (sw <= 24) ? 2 : (prim == 2) ? 9 : 4;
    endfunction
endpackage
