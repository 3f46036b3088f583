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
endpackage
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
// N registers in a row with clock enable (N = 0: a wire): the latency an operator core has
// beyond its own stages.
module hls_delay #(
    parameter int W = 32,
    parameter int N = 1
) (
    // With N = 0 the clock and its enable are not needed.
    /* verilator lint_off UNUSEDSIGNAL */
    input  logic         clk,
    input  logic         ce,
    /* verilator lint_on UNUSEDSIGNAL */
    input  logic [W-1:0] d,
    output logic [W-1:0] q
);
    if (N > 0) begin : g_regs
        logic [W-1:0] r [N];
        always_ff @(posedge clk) begin
            if (ce) begin
                r[0] <= d;
                for (int i = 1; i < N; i++) r[i] <= r[i-1];
            end
        end
        assign q = r[N-1];
    end else begin : g_wire
        assign q = d;
    end
endmodule
// The last two stages of the staged float cores (EW exponent and MW fraction bits: 8/23
// for float, 11/52 for double), then the rest of their latency as a delay line. Stage 1:
// round to nearest even — the increment added to exponent and fraction as one word — with
// the overflow check beside it. Stage 2: pack: past the largest exponent, infinity. Special
// results (NaN, infinities, exact zeros) come in ready-made and pass through.
module hls_fp_round #(
    parameter int EW = 8,
    parameter int MW = 23,
    parameter int EXTRA = 0,  // registers after the two stages
    // Round to odd instead: truncate, and set the last bit when anything was dropped. A
    // value rounded to odd with two more bits than a narrower format then rounds to that
    // format as the exact value would (the half fma: float fma to odd, then to half).
    parameter bit ODD = 1'b0
) (
    input  logic                 clk,
    input  logic                 ce,
    input  logic                 special,
    input  logic [EW+MW:0]       special_val,
    input  logic                 sign,
    // Biased exponent of f's leading bit (0 with a subnormal significand).
    input  logic signed [EW+2:0] e,
    // {MW+1-bit significand, guard, round, sticky}
    input  logic [MW+3:0]        f,
    output logic [EW+MW:0]       y
);
    localparam logic signed [EW+2:0] EMAX = (EW+3)'((1 << EW) - 1);
    // The increment is added to exponent and fraction together, as one word: a carry out of
    // the fraction moves the exponent up (from all ones: the fraction is then all zeros), a
    // subnormal rounded up to the smallest normal gets exponent 1, the largest finite value
    // rounded up becomes infinity, all without a case of their own.
    logic r_special, r_sign, r_ovf;
    logic [EW+MW:0] r_special_val;
    logic [EW+MW-1:0] r_sum;
    logic [EW-1:0] e_field;
    // A significand with its top bit clear is subnormal: exponent field 0 (and a normal
    // one at e = 0, should a caller give one, counts as exponent 1).
    assign e_field = !f[MW+3] ? '0 : (e == '0) ? EW'(1) : e[EW-1:0];
    always_ff @(posedge clk) begin
        if (ce) begin
            r_special <= special;
            r_special_val <= special_val;
            r_sign <= sign;
            r_sum <= ODD ? {e_field, f[MW+2:4], f[3] | f[2] | f[1] | f[0]}
                         : {e_field, f[MW+2:3]} + (EW+MW)'(f[2] && (f[1] || f[0] || f[3]));
            r_ovf <= e >= EMAX;
        end
    end
    logic [EW+MW:0] res;
    always_ff @(posedge clk) begin
        if (ce) begin
            if (r_special) res <= r_special_val;
            else if (r_ovf) res <= {r_sign, {EW{1'b1}}, {MW{1'b0}}};
            else res <= {r_sign, r_sum};
        end
    end
    hls_delay #(.W(EW+MW+1), .N(EXTRA)) delay (.clk, .ce, .d(res), .q(y));
endmodule
// IEEE-754 adder for a format of EW exponent and MW fraction bits (binary32: 8/23,
// binary64: 11/52): a + b (the caller flips b's sign for a subtraction), round to nearest
// even, subnormal inputs and outputs, infinities, NaN (the quiet NaN out). Fixed latency
// LAT cycles with clock enable.
//
// With LAT >= STAGES the datapath is staged, one step per cycle: order the operands by
// magnitude; align the smaller (the bits it drops become the sticky bit); add or subtract; the
// leading one of the sum; the normalising shift, limited so that the exponent does not go
// below 1 (what is left is a subnormal) and covering the carry out as a shift by 0; round
// and pack (hls_fp_round). With SPLIT (LAT >= the eight stages + 3) both shifts take two
// stages (by the multiple of 8, then the rest): the wide formats' shifters are six levels
// of multiplexers; and the magnitude comparison gets a stage before the ordering. Extra latency is a delay line at the output. With LAT < STAGES the whole
// addition is combinational (hls_fp_pkg::fadd32, hls_fp64_pkg::fadd64), then LAT registers.
module hls_fp_add #(
    parameter int EW = 8,
    parameter int MW = 23,
    parameter int LAT = 8
) (
    input  logic           clk,
    input  logic           ce,
    input  logic [EW+MW:0] a,
    input  logic [EW+MW:0] b,
    output logic [EW+MW:0] y
);
    localparam int W = EW + MW + 1;
    localparam int SW = MW + 1;           // significand with its hidden bit
    localparam int FW = SW + 3;           // {significand, guard, round, sticky}
    localparam int SUMW = FW + 1;         // the sum, one carry bit above
    localparam int DW = $clog2(FW + 1);   // alignment shifts 0..FW (FW: only sticky left)
    localparam int LW = $clog2(SUMW);     // normalising shifts 0..SUMW-1
    localparam bit SPLIT = LAT >= 11;
    localparam int STAGES = SPLIT ? 11 : 8;
    localparam logic [W-1:0] QNAN = {1'b0, {EW{1'b1}}, 1'b1, {(MW-1){1'b0}}};

    if (LAT >= STAGES) begin : g_staged
        // Stage 1: classify; order by magnitude (the larger first, so the difference of
        // significands is never negative); the exponent difference. (SPLIT: the magnitude
        // comparison, a carry chain as long as the word, and the exponent differences in a
        // stage of their own, stage 1a, before the multiplexers that order the operands.)
        logic [EW-1:0] e_x0, e_z0, dxz0, dzx0;
        // Subnormals have effective exponent 1.
        assign e_x0 = (a[W-2:MW] == '0) ? EW'(1) : a[W-2:MW];
        assign e_z0 = (b[W-2:MW] == '0) ? EW'(1) : b[W-2:MW];
        assign dxz0 = e_x0 - e_z0;
        assign dzx0 = e_z0 - e_x0;
        logic [W-1:0] xa, xb;
        logic [EW-1:0] ex, ez, e_x, e_z, dxz, dzx;
        logic nan_x, nan_z, inf_x, inf_z, x_big;
        hls_delay #(.W(1 + 2 * W + 4 * EW), .N(SPLIT ? 1 : 0)) order (
            .clk, .ce,
            .d({a[W-2:0] >= b[W-2:0], a, b, e_x0, e_z0, dxz0, dzx0}),
            .q({x_big, xa, xb, e_x, e_z, dxz, dzx})
        );
        assign ex = xa[W-2:MW];
        assign ez = xb[W-2:MW];
        assign nan_x = &ex && xa[MW-1:0] != '0;
        assign nan_z = &ez && xb[MW-1:0] != '0;
        assign inf_x = &ex && xa[MW-1:0] == '0;
        assign inf_z = &ez && xb[MW-1:0] == '0;
        logic s1_special, s1_nan, s1_inf_sign, s1_sign, s1_sub, s1_sx;
        logic [EW-1:0] s1_e_big;
        logic [EW-1:0] s1_d;
        logic [SW-1:0] s1_f_big, s1_f_small;
        always_ff @(posedge clk) begin
            if (ce) begin
                s1_special <= &ex || &ez;
                // NaN in, inf - inf: the quiet NaN; otherwise the infinite operand.
                s1_nan <= nan_x || nan_z || (inf_x && inf_z && xa[W-1] != xb[W-1]);
                s1_inf_sign <= inf_x ? xa[W-1] : xb[W-1];
                s1_sign <= x_big ? xa[W-1] : xb[W-1];
                s1_sub <= xa[W-1] ^ xb[W-1];
                s1_sx <= xa[W-1];
                s1_e_big <= x_big ? e_x : e_z;
                s1_d <= x_big ? dxz : dzx;
                s1_f_big <= x_big ? {ex != '0, xa[MW-1:0]} : {ez != '0, xb[MW-1:0]};
                s1_f_small <= x_big ? {ez != '0, xb[MW-1:0]} : {ex != '0, xa[MW-1:0]};
            end
        end
        // Stage 2: align the smaller significand; what falls off, selected by a thermometer
        // mask decoded from the shift (LUTs, no carry chain) and OR-reduced, becomes the
        // sticky bit. Shifts of FW and more leave nothing but that; the low DW bits of the
        // difference cover FW, so "far" is only whether a higher bit is set.
        logic [FW-1:0] small_full, coarse;
        logic [DW-1:0] d;
        logic lost, far;
        assign small_full = {s1_f_small, 3'b000};
        assign far = (s1_d >> DW) != '0;
        assign d = s1_d[DW-1:0];
        assign coarse = far ? '0 : SPLIT ? small_full >> {d[DW-1:2], 2'b00} : small_full >> d;
        assign lost = far ? s1_f_small != '0 : (small_full & ~({FW{1'b1}} << d)) != '0;
        logic s2_special, s2_nan, s2_inf_sign, s2_sign, s2_sub, s2_sx, s2_lost;
        logic [EW-1:0] s2_e_big;
        logic [2:0] s2_fine;
        logic [SW-1:0] s2_f_big;
        logic [FW-1:0] s2_small;
        always_ff @(posedge clk) begin
            if (ce) begin
                s2_special <= s1_special;
                s2_nan <= s1_nan;
                s2_inf_sign <= s1_inf_sign;
                s2_sign <= s1_sign;
                s2_sub <= s1_sub;
                s2_sx <= s1_sx;
                s2_e_big <= s1_e_big;
                s2_fine <= SPLIT && !far ? {1'b0, d[1:0]} : 3'd0;
                s2_f_big <= s1_f_big;
                s2_small <= coarse;
                s2_lost <= lost;
            end
        end
        // (SPLIT) Stage 2b: the rest of the alignment.
        logic s2b_special, s2b_nan, s2b_inf_sign, s2b_sign, s2b_sub, s2b_sx;
        logic [EW-1:0] s2b_e_big;
        logic [SW-1:0] s2b_f_big;
        logic [FW-1:0] s2b_small;
        hls_delay #(.W(6 + EW + SW + FW), .N(SPLIT ? 1 : 0)) align2 (
            .clk, .ce,
            .d({s2_special, s2_nan, s2_inf_sign, s2_sign, s2_sub, s2_sx, s2_e_big, s2_f_big,
                (s2_small >> s2_fine) | FW'(s2_lost)}),
            .q({s2b_special, s2b_nan, s2b_inf_sign, s2b_sign, s2b_sub, s2b_sx, s2b_e_big,
                s2b_f_big, s2b_small})
        );
        // Stage 3: add or subtract.
        logic s3_special, s3_nan, s3_inf_sign, s3_sign, s3_sub, s3_sx;
        logic [EW-1:0] s3_e_big;
        logic [SUMW-1:0] s3_sum;
        always_ff @(posedge clk) begin
            if (ce) begin
                s3_special <= s2b_special;
                s3_nan <= s2b_nan;
                s3_inf_sign <= s2b_inf_sign;
                s3_sign <= s2b_sign;
                s3_sub <= s2b_sub;
                s3_sx <= s2b_sx;
                s3_e_big <= s2b_e_big;
                // One adder for both: the subtrahend inverted (in the adder's LUTs) with a
                // carry in, rather than an adder, a subtractor and a multiplexer.
                s3_sum <= {1'b0, s2b_f_big, 3'b000} + ({1'b0, s2b_small} ^ {(SUMW){s2b_sub}})
                          + SUMW'(s2b_sub);
            end
        end
        // Stage 4: the leading one of the sum; an exact zero (x + (-x) is +0 in
        // round-to-nearest; (-0) + (-0) is -0) becomes a special result here.
        logic [LW-1:0] lz;
        // The sum left-aligned in 64 bits: its leading one at 63 - lz, so lz is the
        // position's complement (no subtraction after the tree).
        logic [5:0] lead;
        assign lead = hls_fp_pkg::lead64({s3_sum, (64 - SUMW)'(0)});
        assign lz = LW'(~lead);
        logic s4_special, s4_nan, s4_inf, s4_sign;
        logic [EW-1:0] s4_e_big;
        logic [LW-1:0] s4_lz;
        logic [SUMW-1:0] s4_sum;
        always_ff @(posedge clk) begin
            if (ce) begin
                s4_special <= s3_special || s3_sum == '0;
                s4_nan <= s3_special && s3_nan;
                s4_inf <= s3_special;
                s4_sign <= s3_special ? s3_inf_sign
                         : (s3_sum == '0) ? (s3_sub ? 1'b0 : s3_sx) : s3_sign;
                s4_e_big <= s3_e_big;
                s4_lz <= lz;
                s4_sum <= s3_sum;
            end
        end
        // Stage 5: the shift that puts the leading one on the top bit (0: a carry out),
        // but no further than exponent 1; the exponent of the top bit after it.
        logic s5_special, s5_nan, s5_inf, s5_sign;
        logic [EW:0] s5_e;
        logic [LW-1:0] s5_sh;
        logic [SUMW-1:0] s5_sum;
        // One subtraction both compares (its sign) and gives the exponent.
        logic [LW-1:0] sh;
        logic signed [EW+1:0] rest;
        logic fits;
        assign rest = $signed({2'b00, s4_e_big}) - $signed((EW+2)'(s4_lz));
        assign fits = !rest[EW+1];
        assign sh = fits ? s4_lz : LW'(s4_e_big);
        always_ff @(posedge clk) begin
            if (ce) begin
                s5_special <= s4_special;
                s5_nan <= s4_nan;
                s5_inf <= s4_inf;
                s5_sign <= s4_sign;
                s5_e <= fits ? (EW+1)'(rest) + 1'b1 : (EW+1)'(1);
                s5_sh <= sh;
                s5_sum <= s4_sum;
            end
        end
        // Stage 6: normalise (SPLIT: by the multiple of 8 here, the rest in stage 6b).
        logic s6_special, s6_nan, s6_inf, s6_sign;
        logic [EW:0] s6_e;
        logic [2:0] s6_fine;
        logic [SUMW-1:0] s6_n;
        always_ff @(posedge clk) begin
            if (ce) begin
                s6_special <= s5_special;
                s6_nan <= s5_nan;
                s6_inf <= s5_inf;
                s6_sign <= s5_sign;
                s6_e <= s5_e;
                s6_fine <= SPLIT ? {1'b0, s5_sh[1:0]} : 3'd0;
                s6_n <= SPLIT ? s5_sum << {s5_sh[LW-1:2], 2'b00} : s5_sum << s5_sh;
            end
        end
        logic s6b_special, s6b_nan, s6b_inf, s6b_sign;
        logic [EW:0] s6b_e;
        logic [SUMW-1:0] s6b_n;
        hls_delay #(.W(4 + EW + 1 + SUMW), .N(SPLIT ? 1 : 0)) normalise2 (
            .clk, .ce,
            .d({s6_special, s6_nan, s6_inf, s6_sign, s6_e, s6_n << s6_fine}),
            .q({s6b_special, s6b_nan, s6b_inf, s6b_sign, s6b_e, s6b_n})
        );
        // Stages 7 and 8: round and pack. The two bits below the round bit make the sticky
        // bit (with a carry out they are the round bit's neighbours; otherwise the lowest
        // is 0).
        hls_fp_round #(.EW(EW), .MW(MW), .EXTRA(LAT - STAGES)) round (
            .clk, .ce,
            .special(s6b_special),
            .special_val(s6b_nan ? QNAN : {s6b_sign, s6b_inf ? {EW{1'b1}} : {EW{1'b0}}, {MW{1'b0}}}),
            .sign(s6b_sign),
            .e((EW+3)'(s6b_e)),
            .f({s6b_n[SUMW-1:2], s6b_n[1] | s6b_n[0]}),
            .y
        );
    end else begin : g_combinational
        logic [W-1:0] sum;
        if (MW == 23) begin : g_f32
            assign sum = hls_fp_pkg::fadd32(a, b);
        end else begin : g_f64
            assign sum = W'(hls_fp64_pkg::fadd64(64'(a), 64'(b)));
        end
        hls_delay #(.W(W), .N(LAT)) delay (.clk, .ce, .d(sum), .q(y));
    end
endmodule
// A narrowing float-format conversion (EWI/MWI exponent and fraction bits in, EWO/MWO
// out: float -> half is 8/23 -> 5/10, double -> float 11/52 -> 8/23) rounding in direction
// MODE (0 nearest even, 1 toward zero, 2 toward +inf, 3 toward -inf): subnormal results
// kept, overflow to infinity or the largest finite value as the direction says, NaNs
// quieted with their top payload bits. Fixed latency LAT with clock enable.
//
// With LAT >= 3 staged: classify, the output exponent and the right shift (the fraction
// bits the output drops, more below its normal range); the shift, with guard and sticky
// bits (a mask decoded from the shift); the rounding increment added to exponent and
// fraction as one word (a carry reaches the exponent: a subnormal rounded up to the
// smallest normal, the largest finite rounded up to infinity) and packing. Extra latency
// is a delay line. With LAT < 3 the package function (hls_fp_pkg::f32_to_f16 or
// f64_to_f32), then LAT registers.
module hls_fp_narrow #(
    parameter int EWI = 8,
    parameter int MWI = 23,
    parameter int EWO = 5,
    parameter int MWO = 10,
    parameter logic [1:0] MODE = 2'd0,
    parameter int LAT = 4
) (
    input  logic               clk,
    input  logic               ce,
    input  logic [EWI+MWI:0]   a,
    output logic [EWO+MWO:0]   y
);
    localparam int WI = EWI + MWI + 1;
    localparam int WO = EWO + MWO + 1;
    localparam int XW = EWI + 2;              // signed exponents
    localparam int SIGW = MWI + 1;            // the input significand with its hidden bit
    localparam int SHMAX = MWI + 2;           // from here on only the sticky bit is left
    localparam int SHW = $clog2(SHMAX + 1);
    localparam logic signed [XW-1:0] REBIAS = XW'((1 << (EWO - 1)) - (1 << (EWI - 1)));
    localparam logic signed [XW-1:0] EMAXO = XW'((1 << EWO) - 1);
    localparam logic signed [XW-1:0] DROP = XW'(MWI - MWO);
    localparam int STAGES = 3;

    if (LAT >= STAGES) begin : g_staged
        // Stage 1: classify; the output's biased exponent (inputs' subnormals count as
        // exponent 1); the shift: the dropped fraction bits, and 1 - e more for a result
        // below the normal range.
        logic [EWI-1:0] ex;
        logic sign, away, nan, inf, zero;
        logic signed [XW-1:0] eo, sh;
        assign ex = a[WI-2:MWI];
        assign sign = a[WI-1];
        assign away = MODE == 2'd0 || (MODE == 2'd2 && !sign) || (MODE == 2'd3 && sign);
        assign nan = &ex && a[MWI-1:0] != '0;
        assign inf = &ex && a[MWI-1:0] == '0;
        assign zero = a[WI-2:0] == '0;
        assign eo = $signed({2'b00, (ex == '0) ? EWI'(1) : ex}) + REBIAS;
        assign sh = (eo < XW'(1)) ? DROP + XW'(1) - eo : DROP;
        logic s1_special, s1_sign;
        logic [WO-1:0] s1_special_val;
        logic [SIGW-1:0] s1_sig;
        logic [SHW-1:0] s1_sh;
        logic [EWO-1:0] s1_e;
        always_ff @(posedge clk) begin
            if (ce) begin
                s1_sign <= sign;
                s1_special <= nan || inf || zero || eo >= EMAXO;
                if (nan) s1_special_val <= {sign, {EWO{1'b1}}, 1'b1, a[MWI-2 -: MWO-1]};
                else if (inf || (!zero && away)) s1_special_val <= {sign, {EWO{1'b1}}, {MWO{1'b0}}};
                else if (zero) s1_special_val <= {sign, {(WO-1){1'b0}}};
                // Overflow toward zero: the largest finite value.
                else s1_special_val <= {sign, {(EWO-1){1'b1}}, 1'b0, {MWO{1'b1}}};
                s1_sig <= {ex != '0, a[MWI-1:0]};
                s1_sh <= (sh > XW'(SHMAX)) ? SHW'(SHMAX) : SHW'(sh);
                s1_e <= (eo < XW'(1)) ? '0 : EWO'(eo);
            end
        end
        // Stage 2: the shift; the guard bit (the last one shifted out) and the sticky bit
        // (those below it, from a thermometer mask); the increment.
        // The kept fraction bits (the hidden bit is implied by the exponent) and the guard.
        logic [MWO:0] t;
        logic [SIGW-1:0] below;
        logic st, inc;
        assign t = (MWO+1)'({s1_sig, 1'b0} >> s1_sh);
        assign below = (s1_sh == '0) ? '0 : ~({SIGW{1'b1}} << (s1_sh - SHW'(1)));
        assign st = (s1_sig & below) != '0;
        assign inc = hls_fp_pkg::round_inc(MODE, s1_sign, t[1], t[0], st);
        logic s2_special, s2_sign, s2_inc;
        logic [WO-1:0] s2_special_val;
        logic [EWO+MWO-1:0] s2_mag;
        always_ff @(posedge clk) begin
            if (ce) begin
                s2_special <= s1_special;
                s2_special_val <= s1_special_val;
                s2_sign <= s1_sign;
                s2_inc <= inc;
                s2_mag <= {s1_e, t[MWO:1]};
            end
        end
        // Stage 3: round and pack.
        logic [WO-1:0] res;
        always_ff @(posedge clk) begin
            if (ce) res <= s2_special ? s2_special_val : {s2_sign, s2_mag + (EWO+MWO)'(s2_inc)};
        end
        hls_delay #(.W(WO), .N(LAT - STAGES)) delay (.clk, .ce, .d(res), .q(y));
    end else if (EWI == 8) begin : g_combinational16
        hls_delay #(.W(WO), .N(LAT)) delay (.clk, .ce, .d(WO'(hls_fp_pkg::f32_to_f16(32'(a), MODE))), .q(y));
    end else begin : g_combinational32
        hls_delay #(.W(WO), .N(LAT)) delay (.clk, .ce, .d(WO'(hls_fp_pkg::f64_to_f32(64'(a), MODE))), .q(y));
    end
endmodule
// IEEE-754 divider for a format of EW exponent and MW fraction bits (binary32: 8/23,
// binary64: 11/52): correctly rounded (nearest even), subnormal inputs and outputs,
// infinities, NaN (the quiet NaN out). Fixed latency LAT cycles with clock enable.
//
// With LAT >= STAGES the datapath is staged: classify and count the leading zeros of the
// significands (nonzero only for subnormals); normalise them; MW + 3 steps of
// non-restoring division, IPS to a stage (each step one add or subtract of the divisor,
// chosen by the sign of the partial remainder, so one carry chain per step and no
// multiplexer); the one-bit normalisation of the quotient with its sticky bit from the
// final remainder, and the right shift a subnormal quotient needs; that shift; rounding and
// packing (hls_fp_round). Extra latency is a delay line at the output. With LAT < STAGES
// the whole division is combinational (hls_fp_pkg::fdiv32, hls_fp64_pkg::fdiv64),
// followed by LAT registers.
module hls_fp_div #(
    parameter int EW = 8,
    parameter int MW = 23,
    parameter int LAT = 28
) (
    input  logic            clk,
    input  logic            ce,
    input  logic [EW+MW:0]  a,
    input  logic [EW+MW:0]  b,
    output logic [EW+MW:0]  y
);
    localparam int W = EW + MW + 1;
    localparam int SW = MW + 1;       // significand with its hidden bit
    localparam int RW = SW + 1;       // the remainder stays in [-d, d)
    localparam int XW = EW + 3;       // signed exponents
    localparam int FW = MW + 4;       // {significand, guard, round, sticky}
    localparam int SHW = $clog2(FW + 1);
    localparam logic signed [XW-1:0] BIAS = XW'((1 << (EW - 1)) - 1);
    localparam logic signed [XW-1:0] ONE = 1, TWO = 2, FAR = XW'(FW - 1);
    // Quotient bits: SW significant and a guard bit, one more when the first is 0; the
    // remainder's sticky bit stands for the round bit and everything below.
    localparam int STEPS = SW + 2;
    // Division steps per stage: one when the latency allows it (the fastest pipeline),
    // else two (each stage then holds two carry chains in a row).
    localparam int DEEP = 2 + STEPS + 2 + 2;
    localparam int IPS = (LAT >= DEEP) ? 1 : 2;
    localparam int QST = (STEPS + IPS - 1) / IPS;
    localparam int STAGES = 2 + QST + 2 + 2;
    localparam logic [W-1:0] QNAN = {1'b0, {EW{1'b1}}, 1'b1, {(MW-1){1'b0}}};

    // One non-restoring step: 2r - d when r >= 0, else 2r + d, as one adder whose second
    // operand is d or ~d by the sign (folded into the adder's LUTs) and whose carry in
    // (the +1 of the subtraction) enters below a spare bit. Exact modulo 2^RW.
    function automatic logic signed [RW-1:0] div_step(input logic signed [RW-1:0] rr, input logic [SW-1:0] dd);
        /* verilator lint_off UNUSEDSIGNAL */
        logic [RW:0] sum;  // bit 0 only carries the +1 in
        /* verilator lint_on UNUSEDSIGNAL */
        logic [RW-1:0] op;
        op = {1'b0, dd} ^ {RW{!rr[RW-1]}};
        sum = {rr[RW-2:0], 1'b0, 1'b1} + {op, !rr[RW-1]};
        return sum[RW:1];
    endfunction

    // Leading zeros of a significand (SW bits, nonzero).
    function automatic logic [5:0] lzs(input logic [SW-1:0] m);
        return 6'(MW) - hls_fp_pkg::lead64(64'(m));
    endfunction

    if (LAT >= STAGES) begin : g_staged
        // Stage 1: special operands and leading-zero counts.
        logic [EW-1:0] ex, ez;
        logic nan_x, nan_z, inf_x, inf_z, zero_x, zero_z;
        assign ex = a[W-2:MW];
        assign ez = b[W-2:MW];
        assign nan_x = ex == '1 && a[MW-1:0] != '0;
        assign nan_z = ez == '1 && b[MW-1:0] != '0;
        assign inf_x = ex == '1 && a[MW-1:0] == '0;
        assign inf_z = ez == '1 && b[MW-1:0] == '0;
        assign zero_x = a[W-2:0] == '0;
        assign zero_z = b[W-2:0] == '0;
        logic s1_special, s1_sign;
        logic [W-1:0] s1_special_val;
        logic [SW-1:0] s1_mx, s1_mz;
        logic [5:0] s1_lx, s1_lz;
        logic signed [XW-1:0] s1_e;
        always_ff @(posedge clk) begin
            if (ce) begin
                s1_sign <= a[W-1] ^ b[W-1];
                s1_special <= ex == '1 || ez == '1 || zero_x || zero_z;
                if (nan_x || nan_z || (inf_x && inf_z) || (zero_x && zero_z))
                    s1_special_val <= QNAN;
                else if (inf_x || zero_z)
                    s1_special_val <= {a[W-1] ^ b[W-1], {EW{1'b1}}, {MW{1'b0}}};
                else
                    s1_special_val <= {a[W-1] ^ b[W-1], {(W-1){1'b0}}};
                s1_mx <= {ex != '0, a[MW-1:0]};
                s1_mz <= {ez != '0, b[MW-1:0]};
                s1_lx <= lzs({ex != '0, a[MW-1:0]});
                s1_lz <= lzs({ez != '0, b[MW-1:0]});
                // Biased exponent of the quotient's first bit (the first step's), before
                // the subnormal counts are taken off.
                s1_e <= $signed({3'd0, (ex == '0) ? EW'(1) : ex})
                      - $signed({3'd0, (ez == '0) ? EW'(1) : ez}) + BIAS;
            end
        end
        // Stage 2: normalise both significands; the first step's remainder mx - mz.
        logic s2_special, s2_sign;
        logic [W-1:0] s2_special_val;
        logic signed [XW-1:0] s2_e;
        logic [SW-1:0] s2_d;
        logic signed [RW-1:0] s2_r;
        logic [SW-1:0] nx, nz;
        assign nx = s1_mx << s1_lx;
        assign nz = s1_mz << s1_lz;
        always_ff @(posedge clk) begin
            if (ce) begin
                s2_special <= s1_special;
                s2_special_val <= s1_special_val;
                s2_sign <= s1_sign;
                s2_e <= s1_e - $signed(XW'(s1_lx)) + $signed(XW'(s1_lz));
                s2_d <= nz;
                s2_r <= $signed({1'b0, nx}) - $signed({1'b0, nz});
            end
        end
        // Division stages: the partial remainder r in [-d, d), the quotient bits so far;
        // each step decides the bit r >= 0, then r = 2r -+ d.
        logic signed [RW-1:0] r [QST + 1];
        logic [STEPS-1:0] q [QST + 1];
        logic [SW-1:0] d [QST + 1];
        logic special [QST + 1];
        logic sign [QST + 1];
        logic [W-1:0] special_val [QST + 1];
        logic signed [XW-1:0] e [QST + 1];
        assign r[0] = s2_r;
        assign q[0] = '0;
        assign d[0] = s2_d;
        assign special[0] = s2_special;
        assign sign[0] = s2_sign;
        assign special_val[0] = s2_special_val;
        assign e[0] = s2_e;
        for (genvar st = 0; st < QST; st++) begin : g_step
            logic signed [RW-1:0] rv;
            logic [STEPS-1:0] qv;
            always_comb begin
                rv = r[st];
                qv = q[st];
                for (int k = 0; k < IPS; k++) begin
                    if (st * IPS + k < STEPS) begin
                        qv = {qv[STEPS-2:0], !rv[RW-1]};
                        // The last step only decides its bit (the remainder it leaves is
                        // the one the sticky bit needs).
                        if (st * IPS + k < STEPS - 1) rv = div_step(rv, d[st]);
                    end
                end
            end
            always_ff @(posedge clk) begin
                if (ce) begin
                    r[st + 1] <= rv;
                    q[st + 1] <= qv;
                    d[st + 1] <= d[st];
                    special[st + 1] <= special[st];
                    sign[st + 1] <= sign[st];
                    special_val[st + 1] <= special_val[st];
                    e[st + 1] <= e[st];
                end
            end
        end
        // Post 1: a quotient below 1 moves up one bit; the sticky bit is a nonzero true
        // remainder (r, or r + d when r is negative: then r != -d). The right shift a
        // subnormal quotient needs is decided here too, for both cases of the top bit, so
        // that post 2 only shifts.
        logic p1_special, p1_sign, p1_tiny, p1_far;
        logic [W-1:0] p1_special_val;
        logic signed [XW-1:0] p1_e;
        logic [FW-1:0] p1_f;
        logic [SHW-1:0] p1_rs;
        logic sticky, top;
        logic signed [XW-1:0] e_top, rs_top;
        assign top = q[QST][STEPS-1];
        assign sticky = r[QST][RW-1] ? (r[QST] != -$signed({1'b0, d[QST]})) : (r[QST] != '0);
        assign e_top = top ? e[QST] : e[QST] - ONE;
        assign rs_top = top ? ONE - e[QST] : TWO - e[QST];
        always_ff @(posedge clk) begin
            if (ce) begin
                p1_special <= special[QST];
                p1_special_val <= special_val[QST];
                p1_sign <= sign[QST];
                p1_f <= top ? {q[QST], sticky} : {q[QST][STEPS-2:0], 1'b0, sticky};
                p1_e <= e_top;
                p1_tiny <= e_top < ONE;
                p1_far <= rs_top > FAR;
                p1_rs <= rs_top[SHW-1:0];
            end
        end
        // Post 2: a subnormal quotient shifts right, what falls off kept as sticky.
        logic [FW-1:0] below, shifted;
        assign below = ~({FW{1'b1}} << p1_rs);
        assign shifted = (p1_f >> p1_rs) | FW'((p1_f & below) != '0);
        logic p2_special, p2_sign;
        logic [W-1:0] p2_special_val;
        logic signed [XW-1:0] p2_e;
        logic [FW-1:0] p2_f;
        always_ff @(posedge clk) begin
            if (ce) begin
                p2_special <= p1_special;
                p2_special_val <= p1_special_val;
                p2_sign <= p1_sign;
                if (!p1_tiny) begin
                    p2_f <= p1_f;
                    p2_e <= p1_e;
                end else begin
                    p2_f <= p1_far ? FW'(p1_f != '0) : shifted;
                    p2_e <= '0;
                end
            end
        end
        hls_fp_round #(.EW(EW), .MW(MW), .EXTRA(LAT - STAGES)) round (
            .clk, .ce,
            .special(p2_special),
            .special_val(p2_special_val),
            .sign(p2_sign),
            .e(p2_e),
            .f(p2_f),
            .y
        );
    end else if (EW == 8) begin : g_combinational32
        hls_delay #(.W(W), .N(LAT)) delay (.clk, .ce, .d(W'(hls_fp_pkg::fdiv32(32'(a), 32'(b)))), .q(y));
    end else begin : g_combinational64
        hls_delay #(.W(W), .N(LAT)) delay (.clk, .ce, .d(W'(hls_fp64_pkg::fdiv64(64'(a), 64'(b)))), .q(y));
    end
endmodule
// IEEE-754 square root for a format of EW exponent and MW fraction bits (binary32: 8/23,
// binary64: 11/52): correctly rounded (nearest even), subnormal inputs, sqrt(-0) = -0,
// negative or NaN inputs give the quiet NaN, sqrt(+inf) = +inf. Fixed latency LAT cycles
// with clock enable.
//
// With LAT >= STAGES the datapath is staged: classify and count the leading zeros
// (subnormal inputs); normalise and halve the exponent; MW + 3 steps of non-restoring
// square root — step j adds or subtracts 4q + 1 or 4q + 3 in a carry chain only j + 3
// bits long, so the area follows a triangle — the first four, shortest, in one stage, then
// one a stage; the last step's result registered; the sticky bit from the final remainder;
// rounding and packing (hls_fp_round). The result is never subnormal. With LAT < STAGES it
// is all combinational (hls_fp_pkg::fsqrt32, hls_fp64_pkg::fsqrt64), then LAT registers.
module hls_fp_sqrt #(
    parameter int EW = 8,
    parameter int MW = 23,
    parameter int LAT = 28
) (
    input  logic            clk,
    input  logic            ce,
    input  logic [EW+MW:0]  a,
    output logic [EW+MW:0]  y
);
    localparam int W = EW + MW + 1;
    localparam int SW = MW + 1;
    localparam int STEPS = SW + 2;    // root bits: significand, guard, round
    localparam int RADW = 2 * STEPS;  // radicand bits
    localparam int CW = STEPS + 2;    // the remainder's container (sign-extended)
    localparam int XW = EW + 3;
    localparam logic signed [XW-1:0] BIAS = XW'((1 << (EW - 1)) - 1);
    localparam logic signed [XW-1:0] ONE = 1, ZERO = 0;
    localparam logic [W-1:0] QNAN = {1'b0, {EW{1'b1}}, 1'b1, {(MW-1){1'b0}}};
    // The stage each step runs in (a register before step j when it differs from j - 1's).
    function automatic int stage_of(input int j);
        return (j < 4) ? 0 : j - 3;
    endfunction
    // Registers between the root steps, and one after the last.
    localparam int RST = stage_of(STEPS - 1) + 1;
    localparam int STAGES = 2 + RST + 1 + 2;

    if (LAT >= STAGES) begin : g_staged
        // Stage 1: special operands, the leading zeros of a subnormal significand.
        logic [EW-1:0] ex;
        assign ex = a[W-2:MW];
        logic s1_special;
        logic [W-1:0] s1_special_val;
        logic [SW-1:0] s1_m;
        logic [5:0] s1_lz;
        logic [EW-1:0] s1_ex;
        always_ff @(posedge clk) begin
            if (ce) begin
                s1_special <= ex == '1 || a[W-2:0] == '0 || a[W-1];
                // NaN or negative: the quiet NaN; +-0 and +inf: themselves.
                s1_special_val <= ((ex == '1 && a[MW-1:0] != '0) || (a[W-1] && a[W-2:0] != '0))
                                  ? QNAN : a;
                s1_m <= {ex != '0, a[MW-1:0]};
                s1_lz <= 6'(MW) - hls_fp_pkg::lead64(64'({ex != '0, a[MW-1:0]}));
                s1_ex <= (ex == '0) ? EW'(1) : ex;
            end
        end
        // Stage 2: normalise; an odd exponent moves a factor 2 into the radicand; the
        // result's biased exponent is half the unbiased one, plus the bias.
        logic signed [XW-1:0] s1_eu;
        assign s1_eu = $signed({3'd0, s1_ex}) - BIAS - $signed(XW'(s1_lz));
        logic s2_special;
        logic [W-1:0] s2_special_val;
        logic signed [XW-1:0] s2_e;
        logic [RADW-1:0] s2_rad;
        logic [SW-1:0] nm;
        assign nm = s1_m << s1_lz;
        always_ff @(posedge clk) begin
            if (ce) begin
                s2_special <= s1_special;
                s2_special_val <= s1_special_val;
                s2_rad <= RADW'(nm) << (s1_eu[0] ? RADW - SW : RADW - SW - 1);
                s2_e <= ((s1_eu - (s1_eu[0] ? ONE : ZERO)) >>> 1) + BIAS;
            end
        end
        // Root steps: r the partial remainder (sign-extended), q the root so far. Step j
        // brings down radicand bits RADW - 1 - 2j and RADW - 2 - 2j and adds (r < 0) 4q + 3
        // or subtracts (r >= 0) 4q + 1, as one (j + 3)-bit adder: the remainder fits there.
        for (genvar j = 0; j < STEPS; j++) begin : g_step
            localparam int SWJ = j + 3;
            // Each step reads only the bits it needs of the full-width links.
            /* verilator lint_off UNUSEDSIGNAL */
            logic signed [CW-1:0] r_in, r_out;
            logic [STEPS-1:0] q_in, q_out;
            logic [RADW-1:0] rad_in;
            /* verilator lint_on UNUSEDSIGNAL */
            if (j == 0) begin : g_start
                assign r_in = '0;
                assign q_in = '0;
                assign rad_in = s2_rad;
            end else if (stage_of(j) != stage_of(j - 1)) begin : g_reg
                always_ff @(posedge clk) begin
                    if (ce) begin
                        r_in <= g_step[j - 1].r_out;
                        q_in <= g_step[j - 1].q_out;
                        rad_in <= g_step[j - 1].rad_in;
                    end
                end
            end else begin : g_wire
                assign r_in = g_step[j - 1].r_out;
                assign q_in = g_step[j - 1].q_out;
                assign rad_in = g_step[j - 1].rad_in;
            end
            logic neg;
            logic [SWJ-1:0] r4, b, sum;
            assign neg = r_in[CW-1];
            assign r4 = {r_in[SWJ-3:0], rad_in[RADW - 1 - 2*j -: 2]};
            // 4q + 3 added, or 4q + 1 subtracted as its complement plus one: that +1 lands
            // on the complement's last bit, a 0, so the operand's last two bits are 1 either
            // way and the step is one two-operand adder.
            if (j == 0) begin : g_first
                assign b = {!neg, 2'b11};
            end else begin : g_rest
                assign b = {!neg, q_in[j-1:0] ^ {j{!neg}}, 2'b11};
            end
            assign sum = r4 + b;
            assign r_out = CW'($signed(sum));
            assign q_out = {q_in[STEPS-2:0], !sum[SWJ-1]};
        end
        // The exponent and special results wait beside the root stages.
        logic [W-1:0] special_val_q;
        logic special_q;
        logic signed [XW-1:0] e_q;
        hls_delay #(.W(1 + W + XW), .N(RST)) side (
            .clk, .ce,
            .d({s2_special, s2_special_val, s2_e}),
            .q({special_q, special_val_q, e_q})
        );
        // Post: the sticky bit is a nonzero true remainder (r, or r + 2q + 1 when r < 0).
        logic signed [CW-1:0] r_last;
        logic [STEPS-1:0] q_last;
        always_ff @(posedge clk) begin
            if (ce) begin
                r_last <= g_step[STEPS - 1].r_out;
                q_last <= g_step[STEPS - 1].q_out;
            end
        end
        logic p_special, p_sticky;
        logic [W-1:0] p_special_val;
        logic signed [XW-1:0] p_e;
        logic [STEPS-1:0] p_q;
        always_ff @(posedge clk) begin
            if (ce) begin
                p_special <= special_q;
                p_special_val <= special_val_q;
                p_e <= e_q;
                p_q <= q_last;
                p_sticky <= r_last[CW-1] ? (r_last != -$signed({1'b0, q_last, 1'b1}))
                                         : (r_last != '0);
            end
        end
        hls_fp_round #(.EW(EW), .MW(MW), .EXTRA(LAT - STAGES)) round (
            .clk, .ce,
            .special(p_special),
            .special_val(p_special_val),
            .sign(1'b0),
            .e(p_e),
            .f({p_q, p_sticky}),
            .y
        );
    end else if (EW == 8) begin : g_combinational32
        hls_delay #(.W(W), .N(LAT)) delay (.clk, .ce, .d(W'(hls_fp_pkg::fsqrt32(32'(a)))), .q(y));
    end else begin : g_combinational64
        hls_delay #(.W(W), .N(LAT)) delay (.clk, .ce, .d(W'(hls_fp64_pkg::fsqrt64(64'(a)))), .q(y));
    end
endmodule
// IEEE-754 binary32 fused multiply-add a * b + c with a single rounding (nearest even),
// subnormal inputs and outputs, infinities, NaN (quiet NaN 0x7FC00000 out). Fixed latency
// LAT cycles with clock enable.
//
// With LAT >= STAGES (13) the datapath of hls_ffma32 below is staged: classify and the
// exponents; four partial products (12 x 17, 12 x 17, 12 x 7 in DSP blocks; the other
// 12 x 7 in LUTs as carry-save rows) beside the exponent difference; their sum; the larger
// term first and the smaller aligned to it in two steps, what falls off as sticky; the
// magnitude compare of an effective subtraction; the sum as one adder; the leading one;
// the exponent and one left shift that puts the leading one, or for a subnormal result the
// exponent-1 position, on top of a 27-bit window (no right shift: the sum sits below 27
// zero bits), in two steps, the bits below the window as sticky from a mask; rounding and
// packing (hls_fp_round). Extra latency is a delay line at the output. With LAT < STAGES
// it is all combinational, followed by LAT registers.
module hls_fp32_fma #(
    parameter int LAT = 14,
    // Round to odd instead of to nearest even (for hls_fp16_fma; see hls_fp_round).
    parameter bit ODD = 1'b0,
    // The DSP block's multiplier (as hls_fp32_mul): 27 x 18 takes 24 x 17 and 24 x 7;
    // smaller blocks 12 x 17, 12 x 17, 12 x 7 and the last 12 x 7 in LUTs.
    parameter int DSP_A = 18,
    parameter int DSP_B = 18
) (
    input  logic        clk,
    input  logic        ce,
    input  logic [31:0] a,
    input  logic [31:0] b,
    input  logic [31:0] c,
    output logic [31:0] y
);
    localparam int STAGES = 13;
    localparam bit WIDE = DSP_A >= 25 && DSP_B >= 18;
    function automatic logic [31:0] hls_ffma32(input logic [31:0] x, input logic [31:0] z, input logic [31:0] w);
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
                res = ODD ? hls_fp_pkg::round_odd32(sign, 13'(e), norm)
                          : hls_fp_pkg::round_pack32(sign, 13'(e), norm);
            end
        end
        return res;
    endfunction

    if (LAT >= STAGES) begin : g_staged
        // Stage 1: special operands; the exponents of the product and the addend (each
        // term an integer times 2^(e - 176): the product P << 3, the addend c << 26).
        logic [7:0] ex, ez, ew;
        logic sp, sc, p_inf, nan_in;
        assign ex = a[30:23];
        assign ez = b[30:23];
        assign ew = c[30:23];
        assign sp = a[31] ^ b[31];
        assign sc = c[31];
        assign p_inf = ex == 8'hFF || ez == 8'hFF;
        assign nan_in = (ex == 8'hFF && a[22:0] != 23'd0) || (ez == 8'hFF && b[22:0] != 23'd0)
                     || (ew == 8'hFF && c[22:0] != 23'd0);
        logic s1_special, s1_sp, s1_sc, s1_c_zero;
        logic [31:0] s1_special_val;
        logic [23:0] s1_fx, s1_fz, s1_fw;
        logic signed [11:0] s1_ep, s1_ec;
        always_ff @(posedge clk) begin
            if (ce) begin
                s1_sp <= sp;
                s1_sc <= sc;
                s1_special <= nan_in || p_inf || ew == 8'hFF || a[30:0] == 31'd0 || b[30:0] == 31'd0;
                if (nan_in || (p_inf && (a[30:0] == 31'd0 || b[30:0] == 31'd0)))
                    s1_special_val <= 32'h7FC00000;
                else if (p_inf)
                    s1_special_val <= (ew == 8'hFF && sc != sp) ? 32'h7FC00000 : {sp, 8'hFF, 23'd0};
                else if (ew == 8'hFF)
                    s1_special_val <= c;
                else  // an exact zero product: c, or for c = +-0 the IEEE sign rule
                    s1_special_val <= (c[30:0] == 31'd0) ? {sp & sc, 31'd0} : c;
                s1_fx <= {ex != 8'd0, a[22:0]};
                s1_fz <= {ez != 8'd0, b[22:0]};
                s1_fw <= {ew != 8'd0, c[22:0]};
                s1_c_zero <= c[30:0] == 31'd0;
                s1_ep <= $signed({4'd0, (ex == 8'd0) ? 8'd1 : ex}) + $signed({4'd0, (ez == 8'd0) ? 8'd1 : ez}) - 12'sd127;
                s1_ec <= $signed({4'd0, (ew == 8'd0) ? 8'd1 : ew});
            end
        end
        // Stage 2: partial products; which term is larger by exponent, and by how much (a
        // zero addend aligns anywhere: it counts as the product's exponent).
        logic signed [11:0] ec_eff;
        assign ec_eff = s1_c_zero ? s1_ep : s1_ec;
        logic s2_special, s2_sp, s2_sc, s2_p_big;
        logic [31:0] s2_special_val;
        logic [23:0] s2_fw;
        logic [28:0] s2_lo, s2_mid;
        logic [18:0] s2_hi1, s2_hs, s2_hc;
        logic [40:0] s2_w0;
        logic [30:0] s2_w1;
        // fx[11:0] x fz[23:17] in LUTs (a fourth DSP block otherwise): its seven rows
        // reduced to two by carry-save adders, no carry chain; stage 3 adds them in.
        logic [18:0] rows [7];
        logic [18:0] t_s [5], t_c [5];
        always_comb begin
            for (int k = 0; k < 7; k++)
                rows[k] = s1_fz[17 + k] ? (19'(s1_fx[11:0]) << k) : 19'd0;
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
        logic signed [11:0] s2_emax;
        logic [11:0] s2_d;
        always_ff @(posedge clk) begin
            if (ce) begin
                s2_special <= s1_special;
                s2_special_val <= s1_special_val;
                s2_sp <= s1_sp;
                s2_sc <= s1_sc;
                s2_fw <= s1_fw;
                // 12 x 17 fits one ECP5 MULT18X18D and one DSP48E2.
                s2_lo <= {17'd0, s1_fx[11:0]} * {12'd0, s1_fz[16:0]};
                s2_mid <= {17'd0, s1_fx[23:12]} * {12'd0, s1_fz[16:0]};
                s2_hs <= t_s[4];
                s2_hc <= t_c[4];
                s2_hi1 <= {7'd0, s1_fx[23:12]} * {12'd0, s1_fz[23:17]};
                s2_w0 <= WIDE ? 41'(s1_fx * s1_fz[16:0]) : 41'd0;
                s2_w1 <= WIDE ? 31'(s1_fx * s1_fz[23:17]) : 31'd0;
                s2_p_big <= s1_ep >= ec_eff;
                s2_emax <= (s1_ep >= ec_eff) ? s1_ep : ec_eff;
                s2_d <= 12'((s1_ep >= ec_eff) ? s1_ep - ec_eff : ec_eff - s1_ep);
            end
        end
        // Stage 3: the product (one carry-save layer, one carry chain).
        logic [47:0] pa, pb, pc, pd, s1s, s1c, psum, pcarry;
        assign pa = {s2_hi1[18:0], s2_lo};
        assign pb = {7'd0, s2_mid, 12'd0};
        assign pc = {12'd0, s2_hs, 17'd0};
        assign pd = {12'd0, s2_hc, 17'd0};
        assign s1s = pa ^ pb ^ pc;
        assign s1c = {(pa[46:0] & pb[46:0]) | (pb[46:0] & pc[46:0]) | (pa[46:0] & pc[46:0]), 1'b0};
        assign psum = s1s ^ s1c ^ pd;
        assign pcarry = {(s1s[46:0] & s1c[46:0]) | (s1c[46:0] & pd[46:0]) | (s1s[46:0] & pd[46:0]), 1'b0};
        logic s3_special, s3_sp, s3_sc, s3_p_big, s3_far;
        logic [31:0] s3_special_val;
        logic [23:0] s3_fw;
        logic [47:0] s3_p;
        logic signed [11:0] s3_emax;
        logic [5:0] s3_d;
        logic [52:0] s3_below;
        always_ff @(posedge clk) begin
            if (ce) begin
                s3_below <= ~({53{1'b1}} << s2_d[5:0]);
                s3_special <= s2_special;
                s3_special_val <= s2_special_val;
                s3_sp <= s2_sp;
                s3_sc <= s2_sc;
                s3_fw <= s2_fw;
                s3_p <= WIDE ? {7'd0, s2_w0} + {s2_w1, 17'd0} : psum + pcarry;
                s3_p_big <= s2_p_big;
                s3_emax <= s2_emax;
                s3_far <= s2_d > 12'd52;
                s3_d <= s2_d[5:0];
            end
        end
        // Stage 4: the larger term, and the smaller shifted right by d's multiple of 8;
        // what the whole shift drops, from a mask decoded a stage earlier.
        logic [52:0] xp, xc, big_t, little_t;
        assign xp = {2'b00, s3_p, 3'b000};
        assign xc = {3'b000, s3_fw, 26'd0};
        assign big_t = s3_p_big ? xp : xc;
        assign little_t = s3_p_big ? xc : xp;
        logic s4_special, s4_sub, s4_sign, s4_lost;
        logic [31:0] s4_special_val;
        logic [52:0] s4_big, s4_coarse;
        logic [2:0] s4_fine;
        logic signed [11:0] s4_emax;
        always_ff @(posedge clk) begin
            if (ce) begin
                s4_special <= s3_special;
                s4_special_val <= s3_special_val;
                s4_sub <= s3_sp != s3_sc;
                s4_sign <= s3_p_big ? s3_sp : s3_sc;
                s4_emax <= s3_emax;
                s4_big <= big_t;
                s4_fine <= s3_far ? 3'd0 : s3_d[2:0];
                s4_coarse <= s3_far ? 53'd0 : (little_t >> {s3_d[5:3], 3'b000});
                s4_lost <= s3_far ? little_t != 53'd0 : (little_t & s3_below) != 53'd0;
            end
        end
        // Stage 4b: the rest of the shift, the dropped bits as sticky.
        logic s4b_special, s4b_sub, s4b_sign;
        logic [31:0] s4b_special_val;
        logic [52:0] s4b_big, s4b_little;
        logic signed [11:0] s4b_emax;
        always_ff @(posedge clk) begin
            if (ce) begin
                s4b_special <= s4_special;
                s4b_special_val <= s4_special_val;
                s4b_sub <= s4_sub;
                s4b_sign <= s4_sign;
                s4b_emax <= s4_emax;
                s4b_big <= s4_big;
                s4b_little <= (s4_coarse >> s4_fine) | {52'd0, s4_lost};
            end
        end
        // Stage 5: which magnitude is larger (only an effective subtraction asks).
        logic s5_special, s5_sub, s5_sign, s5_swap;
        logic [31:0] s5_special_val;
        logic [52:0] s5_big, s5_little;
        logic signed [11:0] s5_emax;
        always_ff @(posedge clk) begin
            if (ce) begin
                s5_special <= s4b_special;
                s5_special_val <= s4b_special_val;
                s5_sub <= s4b_sub;
                s5_sign <= s4b_sign;
                s5_swap <= s4b_sub && s4b_little > s4b_big;
                s5_emax <= s4b_emax;
                s5_big <= s4b_big;
                s5_little <= s4b_little;
            end
        end
        // Stage 6: the sum, never negative: one adder for the three cases (a + b, a - b,
        // b - a), each operand inverted in the adder's LUTs as the case asks, the carry in
        // completing the subtraction.
        logic s6_special, s6_sign;
        logic [31:0] s6_special_val;
        logic [52:0] s6_sum;
        logic signed [11:0] s6_emax;
        always_ff @(posedge clk) begin
            if (ce) begin
                s6_special <= s5_special;
                s6_special_val <= s5_special_val;
                s6_sign <= s5_sign ^ s5_swap;
                s6_emax <= s5_emax;
                s6_sum <= (s5_big ^ {53{s5_sub && s5_swap}}) + (s5_little ^ {53{s5_sub && !s5_swap}})
                        + 53'(s5_sub);
            end
        end
        // Stage 7: the leading one; an exact zero sum (cancellation) rounds to +0.
        logic [5:0] lead;
        assign lead = hls_fp_pkg::lead64({11'd0, s6_sum});
        logic s7_special, s7_sign;
        logic [31:0] s7_special_val;
        logic [52:0] s7_sum;
        logic [5:0] s7_lead;
        logic signed [11:0] s7_emax;
        always_ff @(posedge clk) begin
            if (ce) begin
                s7_special <= s6_special || s6_sum == 53'd0;
                s7_special_val <= s6_special ? s6_special_val : 32'd0;
                s7_sign <= s6_sign;
                s7_sum <= s6_sum;
                s7_lead <= lead;
                s7_emax <= s6_emax;
            end
        end
        // Stage 8: the biased exponent if the leading one is kept (value 1.f *
        // 2^(lead + emax - 176)), and one left shift t of the sum, read as the 80-bit word
        // {27 zeros, sum}, whose top 27 bits (the significand, guard and round bits) are
        // what rounding takes: 79 - lead puts the leading one on top; a subnormal result
        // (e < 1) instead takes emax + 29, the shift that leaves exponent 1, down to 0
        // (nothing but sticky bits left). No right shift, no second shifter.
        logic signed [11:0] e;
        logic tiny, t_neg;
        assign e = $signed({6'd0, s7_lead}) + s7_emax - 12'sd49;
        assign tiny = e < 12'sd1;
        assign t_neg = s7_emax < -12'sd29;
        logic s8_special, s8_sign;
        logic [31:0] s8_special_val;
        logic [52:0] s8_sum;
        logic [6:0] s8_t;
        logic signed [10:0] s8_e;
        always_ff @(posedge clk) begin
            if (ce) begin
                s8_special <= s7_special;
                s8_special_val <= s7_special_val;
                s8_sign <= s7_sign;
                s8_sum <= s7_sum;
                s8_e <= tiny ? 11'sd0 : 11'(e);
                s8_t <= !tiny ? 7'd79 - {1'b0, s7_lead} : t_neg ? 7'd0 : 7'(s7_emax + 12'sd29);
            end
        end
        // Stages 9 and 10: the shift, by t's multiple of 8 (keeping the 34 bits the rest
        // of the shift can bring into the window) and then the rest; the sticky bit, the
        // sum's bits that stay below the window (below 53 - t), from a mask beside the
        // first step.
        logic [33:0] window;
        logic [52:0] below;
        assign window = 34'(({27'd0, s8_sum} << {s8_t[6:3], 3'b000}) >> 46);
        assign below = (s8_t >= 7'd53) ? 53'd0 : ~({53{1'b1}} << (7'd53 - s8_t));
        logic s9_special, s9_sign, s9_lost;
        logic [31:0] s9_special_val;
        logic [33:0] s9_coarse;
        logic [2:0] s9_fine;
        logic signed [10:0] s9_e;
        always_ff @(posedge clk) begin
            if (ce) begin
                s9_special <= s8_special;
                s9_special_val <= s8_special_val;
                s9_sign <= s8_sign;
                s9_e <= s8_e;
                s9_fine <= s8_t[2:0];
                s9_coarse <= window;
                s9_lost <= (s8_sum & below) != 53'd0;
            end
        end
        logic s10_special, s10_sign;
        logic [31:0] s10_special_val;
        logic [26:0] s10_norm;
        logic signed [10:0] s10_e;
        logic [33:0] fine;
        assign fine = s9_coarse << s9_fine;
        always_ff @(posedge clk) begin
            if (ce) begin
                s10_special <= s9_special;
                s10_special_val <= s9_special_val;
                s10_sign <= s9_sign;
                s10_e <= s9_e;
                // The window's 26 bits and the sticky bit: the bits the fine shift moves
                // out of the window's bottom stay sticky too.
                s10_norm <= {fine[33:8], s9_lost || fine[7:0] != 8'd0};
            end
        end
        // Stages 11 and 12: round and pack.
        hls_fp_round #(.EW(8), .MW(23), .EXTRA(LAT - STAGES), .ODD(ODD)) round (
            .clk, .ce,
            .special(s10_special),
            .special_val(s10_special_val),
            .sign(s10_sign),
            .e(s10_e),
            .f(s10_norm),
            .y
        );
    end else begin : g_combinational
        logic [31:0] stage [LAT];
        always_ff @(posedge clk) begin
            if (ce) begin
                stage[0] <= hls_ffma32(a, b, c);
                for (int i = 1; i < LAT; i++) stage[i] <= stage[i-1];
            end
        end
        assign y = stage[LAT-1];
    end
endmodule
// IEEE-754 binary16 fused multiply-add a * b + c, rounded once to nearest even: the
// operands widened to float (exact), the float fma rounded to odd, then narrowed to half.
// Rounding to odd keeps a sticky last bit, so with float's 24 bits (two more than twice
// half's 11) the narrowing rounds as the exact sum would; rounding the float fma to nearest
// instead can land on a half tie the exact sum is not on. Fixed latency LAT with clock
// enable: the widening registered (1 cycle), the staged float fma (13), the staged
// narrowing (3), the rest a delay line; fewer cycles give the float fma fewer (down to its
// combinational form) and then the narrowing.
module hls_fp16_fma #(
    parameter int LAT = 18,
    parameter int DSP_A = 18,  // the DSP block, for the float fma's products
    parameter int DSP_B = 18
) (
    input  logic        clk,
    input  logic        ce,
    input  logic [15:0] a,
    input  logic [15:0] b,
    input  logic [15:0] c,
    output logic [15:0] y
);
    // Cycles for the widening, the float fma and the narrowing.
    localparam int WIDEN = (LAT >= 17) ? 1 : 0;
    localparam int NARROW = (LAT >= 16) ? 3 : (LAT >= 2 ? 1 : 0);
    localparam int INNER = LAT - WIDEN - NARROW;
    logic [95:0] wide;
    hls_delay #(.W(96), .N(WIDEN)) widen (
        .clk, .ce,
        .d({hls_fp_pkg::f16_to_f32(a), hls_fp_pkg::f16_to_f32(b), hls_fp_pkg::f16_to_f32(c)}),
        .q(wide)
    );
    logic [31:0] r;
    hls_fp32_fma #(.LAT(INNER), .ODD(1'b1), .DSP_A(DSP_A), .DSP_B(DSP_B)) core (
        .clk, .ce, .a(wide[95:64]), .b(wide[63:32]), .c(wide[31:0]), .y(r)
    );
    hls_fp_narrow #(.EWI(8), .MWI(23), .EWO(5), .MWO(10), .MODE(2'd0), .LAT(NARROW)) narrow (
        .clk, .ce, .a(r), .y
    );
endmodule
// fp16_fma: a * b + c, rounded once (float fma rounded to odd, then to half) on board 'default' at 250 MHz: latency 18 cycles.
module hls_fp16_fma_top (
    input  logic        clk,
    input  logic        ce,
    input  logic [15:0] a,
    input  logic [15:0] b,
    input  logic [15:0] c,
    output logic [15:0] y
);
    hls_fp16_fma #(.LAT(18), .DSP_A(27), .DSP_B(18)) core (.clk(clk), .ce(ce), .a(a), .b(b), .c(c), .y(y));
endmodule
