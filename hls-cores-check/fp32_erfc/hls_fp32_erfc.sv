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
// Elementary functions of binary32: exp, exp2, exp10, expm1, log, log2, log10, log1p, sin,
// cos, tan, sinh, cosh, tanh, atan, atan2, asin, acos, pow, powr, pown, rootn, cbrt, hypot,
// erf, erfc.
//
// Each is computed in fixed point with a relative error near 2^-40 and rounded once to
// nearest even, so results are within 1 ulp (OpenCL asks 3 for exp and log, 4 for sin and
// cos, 16 for pow); subnormal inputs and results, signed zeros, infinities and NaNs follow
// C99 Annex F as OpenCL requires. The tables and constants (the part marked GENERATED)
// come from rtl-gen/src/math.rs; everything else is fixed.
//
// Fixed point "fx": signed, 80 bits, 64 fraction bits (|v| < 2^15). Unsigned "u66":
// 66 bits, 64 fraction bits (v < 4).
// Products are wider than the bits each step keeps, by design.
/* verilator lint_off UNUSEDSIGNAL */
package hls_fp_math_pkg;
    typedef logic signed [79:0] fx_t;

    localparam logic [31:0] QNAN = 32'h7FC00000;
    localparam logic [31:0] PINF = 32'h7F800000;
    localparam logic [31:0] FONE = 32'h3F800000;
    localparam logic [65:0] U_ONE = 66'h1_0000_0000_0000_0000;

    // ---- generated by rtl-gen/src/math.rs ----
    localparam logic [63:0] C_ONE = 64'h4000000000000000;  // 1, 2.62 fixed
    localparam logic [63:0] C_LOG2E = 64'h5c551d94ae0bf85e;  // log2(e), 2.62 fixed
    localparam logic [63:0] C_LOG2_10 = 64'hd49a784bcd1b8afe;  // log2(10), 2.62 fixed
    localparam logic [63:0] C_LOG10E = 64'h1bcb7b1526e50e33;  // log10(e), 2.62 fixed
    localparam logic [63:0] C_LOG2E_3 = 64'h1ec709dc3a03fd75;  // log2(e) / 3, 2.62 fixed
    localparam logic [63:0] C_PI_2 = 64'hc90fdaa22168c235;  // pi/2, 1.63 fixed
    localparam logic [255:0] TWO_OVER_PI = 256'ha2f9836e4e441529fc2757d1f534ddc0db6295993c439041fe5163abdebbc561;  // floor(2/pi * 2^256)
    localparam logic [65:0] U_LN2 = 66'hb17217f7d1cf79ac;  // ln 2
    localparam logic [65:0] U_HALF = 66'h8000000000000000;  // 1/2
    localparam logic [65:0] U_INV6 = 66'h2aaaaaaaaaaaaaab;  // 1/6
    localparam logic [65:0] U_INV24 = 66'haaaaaaaaaaaaaab;  // 1/24
    localparam logic [65:0] U_INV120 = 66'h222222222222222;  // 1/120
    localparam fx_t FX_LN2 = 80'shb17217f7d1cf79ac;
    localparam fx_t FX_PI = 80'sh3243f6a8885a308d3;
    localparam fx_t FX_PI_2 = 80'sh1921fb54442d1846a;
    // log1p(z) = z q(z): q's coefficients (-1)^i / (i + 1)
    localparam fx_t FX_LOG1P [7] = '{
        80'sh10000000000000000,
        80'shffff8000000000000000,
        80'sh5555555555555555,
        80'shffffc000000000000000,
        80'sh3333333333333333,
        80'shffffd555555555555555,
        80'sh2492492492492492
    };
    // sin a = a S(a^2): (-1)^i / (2i + 1)!
    localparam fx_t FX_SIN [6] = '{
        80'sh10000000000000000,
        80'shffffd555555555555555,
        80'sh222222222222222,
        80'shfffffff2ff2ff2ff2ff3,
        80'sh2e3bc74aad8e,
        80'shffffffffff9466ea602b
    };
    // cos a = C(a^2): (-1)^i / (2i)!
    localparam fx_t FX_COS [7] = '{
        80'sh10000000000000000,
        80'shffff8000000000000000,
        80'shaaaaaaaaaaaaaab,
        80'shffffffa4fa4fa4fa4fa5,
        80'sh1a01a01a01a02,
        80'shfffffffffb606c1221d8,
        80'sh8f76c77fc
    };
    // expm1 x = x P(x): 1 / (i + 1)!
    localparam fx_t FX_EXPM1 [12] = '{
        80'sh10000000000000000,
        80'sh8000000000000000,
        80'sh2aaaaaaaaaaaaaab,
        80'shaaaaaaaaaaaaaab,
        80'sh222222222222222,
        80'sh5b05b05b05b05b,
        80'shd00d00d00d00d,
        80'sh1a01a01a01a02,
        80'sh2e3bc74aad8e,
        80'sh49f93edde28,
        80'sh6b99159fd5,
        80'sh8f76c77fc
    };
    // sinh x = x P(x^2): 1 / (2i + 1)!
    localparam fx_t FX_SINH [8] = '{
        80'sh10000000000000000,
        80'sh2aaaaaaaaaaaaaab,
        80'sh222222222222222,
        80'shd00d00d00d00d,
        80'sh2e3bc74aad8e,
        80'sh6b99159fd5,
        80'shb092309d,
        80'shd73f9f
    };
    // atan u = u P(u^2): (-1)^i / (2i + 1)
    localparam fx_t FX_ATAN [6] = '{
        80'sh10000000000000000,
        80'shffffaaaaaaaaaaaaaaab,
        80'sh3333333333333333,
        80'shffffdb6db6db6db6db6e,
        80'sh1c71c71c71c71c72,
        80'shffffe8ba2e8ba2e8ba2f
    };
    // atan(i / 64)
    localparam fx_t FX_ATAN_TAB [65] = '{
        80'sh0,
        80'sh3ffeaab776e5000,
        80'sh7ff556eea5d9000,
        80'shbfdc0c2186d1000,
        80'shffaaddb967ef000,
        80'sh13f59f0e7c55a000,
        80'sh17ee182602f11000,
        80'sh1be39ebe6f07c000,
        80'sh1fd5ba9aac2f7000,
        80'sh23c3f5f6086e5000,
        80'sh27adddd18cc4e000,
        80'sh2b93023c7d84d000,
        80'sh2f72f6979cb60000,
        80'sh334d51d2d90c5000,
        80'sh3721aea524c14000,
        80'sh3aefabbe40ae7000,
        80'sh3eb6ebf25901c000,
        80'sh4277165f618d9000,
        80'sh462fd68c2fc5e000,
        80'sh49e0dc815fbd2000,
        80'sh4d89dcdc1faf3000,
        80'sh512a90db0abc3000,
        80'sh54c2b66547353000,
        80'sh5852100c273f9000,
        80'sh5bd86507937bc000,
        80'sh5f55812d8ecfe000,
        80'sh62c934e5286c9000,
        80'sh6633551535ac6000,
        80'sh6993bb0f308ff000,
        80'sh6cea44769971b000,
        80'sh7036d3253b27c000,
        80'sh73794d0cb04d4000,
        80'sh76b19c1586ed4000,
        80'sh79dfadfc5d68d000,
        80'sh7d03742d50506000,
        80'sh801ce39e0d206000,
        80'sh832bf4a6d9868000,
        80'sh8630a2dada1ed000,
        80'sh892aecdfde955000,
        80'sh8c1ad445f3e0a000,
        80'sh8f005d5ef7f5a000,
        80'sh91db8f1664f35000,
        80'sh94ac72c984719000,
        80'sh97731420365e5000,
        80'sh9a2f80e671bde000,
        80'sh9ce1c8e6a0b8d000,
        80'sh9f89fdc4f4b7a000,
        80'sha22832dbcadab000,
        80'sha4bc7d1934f71000,
        80'sha746f2ddb7602000,
        80'sha9c7abdc48310000,
        80'shac3ec0fb997de000,
        80'shaeac4c38b4d8c000,
        80'shb110688aebdc7000,
        80'shb36b31c91f044000,
        80'shb5bcc49059ecd000,
        80'shb8053e2bc231a000,
        80'shba44bc7dd4708000,
        80'shbc7b5deae98af000,
        80'shbea94144fd04a000,
        80'shc0ce85b8ac527000,
        80'shc2eb4abb66163000,
        80'shc4ffaffabf8fc000,
        80'shc70bd54ce602f000,
        80'shc90fdaa22168c000
    };
    // erf x = (2/sqrt pi) x P(x^2): (-1)^n / (n! (2n + 1))
    localparam fx_t FX_ERF [16] = '{
        80'sh10000000000000000,
        80'shffffaaaaaaaaaaaaaaab,
        80'sh199999999999999a,
        80'shfffff9e79e79e79e79e8,
        80'sh12f684bda12f685,
        80'shffffffce59fce59fce5a,
        80'sh7007007007007,
        80'shffffffff221443665888,
        80'sh187a00187a00,
        80'shfffffffffd911075552e,
        80'sh385c60a90e,
        80'shfffffffffffb52633bd5,
        80'sh5bd12385,
        80'shfffffffffffff975d846,
        80'sh6f55e0,
        80'shfffffffffffffff90e77
    };
    localparam fx_t FX_2_SQRTPI = 80'sh120dd750429b6d11b;
    localparam logic [63:0] C_2_SQRTPI = 64'h906eba8214db688d;  // 2/sqrt(pi), 1.63 fixed
    // erfc(c_j) e^(c_j^2), c_j = (2j + 1)/16
    localparam fx_t FX_ERFC_R [82] = '{
        80'sheee69ace5f191000,
        80'shd1b5ddbf9b437000,
        80'shb9e0c4e7576d6000,
        80'sha6318761c3eab000,
        80'sh95c2783b70a7e000,
        80'sh87e7274b6eb0d000,
        80'sh7c1c8ffd6b37e000,
        80'sh71fe04e09c87c000,
        80'sh693d54317c6a6000,
        80'sh619d248f18178000,
        80'sh5aecddaa4e434000,
        80'sh5505a81658787000,
        80'sh4fc83405fcd4c000,
        80'sh4b1b0f4ab1845000,
        80'sh46e963894636d000,
        80'sh432200f7ea4ad000,
        80'sh3fb6a1d7b925a000,
        80'sh3c9b585b2b062000,
        80'sh39c61c8b56c93000,
        80'sh372e728086a9e000,
        80'sh34cd233e21ab3000,
        80'sh329c03f18f0ce000,
        80'sh3095c8603fc16000,
        80'sh2eb5de16bb417000,
        80'sh2cf84e7d35d57000,
        80'sh2b59a663d044b000,
        80'sh29d6e1eb1da7d000,
        80'sh286d5bec0d6c7000,
        80'sh271ac0320447e000,
        80'sh25dcfffe869f7000,
        80'sh24b2486a18ff6000,
        80'sh2398fa4bee661000,
        80'sh228fa36321949000,
        80'sh2194f889ae134000,
        80'sh20a7d0c3ff865000,
        80'sh1fc721085dd72000,
        80'sh1ef1f8a037119000,
        80'sh1e277e0aabb53000,
        80'sh1d66ec4c18c3f000,
        80'sh1caf9099dc8c4000,
        80'sh1c00c8546be51000,
        80'sh1b59ff441f8d0000,
        80'sh1abaae0f07718000,
        80'sh1a2258dfa0e77000,
        80'sh19908e359616e000,
        80'sh1904e5dabd3f1000,
        80'sh187efff770a6a000,
        80'sh17fe844214774000,
        80'sh178321463d423000,
        80'sh170c8bc06df3c000,
        80'sh169a7e0bd3075000,
        80'sh162cb79fbe782000,
        80'sh15c2fc9af7221000,
        80'sh155d155b317cc000,
        80'sh14face1f40bfa000,
        80'sh149bf6b2c03e5000,
        80'sh144062221e74f000,
        80'sh13e7e67616f30000,
        80'sh13925c75c6ffb000,
        80'sh133f9f6ea33d9000,
        80'sh12ef8d01ab5f3000,
        80'sh12a204f54cb4e000,
        80'sh1256e90b75739000,
        80'sh120e1cdb696ca000,
        80'sh11c785aef5d97000,
        80'sh11830a62ad216000,
        80'sh11409348dd593000,
        80'sh11000a0efcd80000,
        80'sh10c159a54fcc9000,
        80'sh10846e2890614000,
        80'sh104934cd68d3b000,
        80'sh100f9bcd940c4000,
        80'shfd792567dccf000,
        80'shfa108793f947000,
        80'shf6bef1bdae2f000,
        80'shf3837eb94b61000,
        80'shf05d55058e09000,
        80'shed4ba610e61d000,
        80'shea4dad8c81a6000,
        80'she762b0cbf387000,
        80'she489fe3067b8000,
        80'she1c2ec9e706e000
    };
    // erfc's Taylor coefficients e_k (k = 1..18) on interval j, in u = 16 (x - c_j)
    function automatic fx_t erfc_coef(input logic [6:0] j, input logic [4:0] k);
        case ({j, k})
            {7'd0, 5'd1}: return 80'shffffedf228afbd649000;
            {7'd0, 5'd2}: return 80'sh120dd75042a000;
            {7'd0, 5'd3}: return 80'sh5f893e08b6000;
            {7'd0, 5'd4}: return 80'shfffffffff6ff18f50000;
            {7'd0, 5'd5}: return 80'shfffffffffe390732a000;
            {7'd0, 5'd6}: return 80'sh2fe4c4000;
            {7'd0, 5'd7}: return 80'sh6b78b000;
            {7'd0, 5'd8}: return 80'shffffffffffffff40f000;
            {7'd0, 5'd9}: return 80'shffffffffffffffeb4000;
            {7'd0, 5'd10}: return 80'sh2000;
            {7'd0, 5'd11}: return 80'sh0;
            {7'd0, 5'd12}: return 80'sh0;
            {7'd0, 5'd13}: return 80'sh0;
            {7'd0, 5'd14}: return 80'sh0;
            {7'd0, 5'd15}: return 80'sh0;
            {7'd0, 5'd16}: return 80'sh0;
            {7'd0, 5'd17}: return 80'sh0;
            {7'd0, 5'd18}: return 80'sh0;
            {7'd1, 5'd1}: return 80'shffffedf228afbd649000;
            {7'd1, 5'd2}: return 80'sh362985f0c7d000;
            {7'd1, 5'd3}: return 80'sh5984a0edf5000;
            {7'd1, 5'd4}: return 80'shffffffffe58db9997000;
            {7'd1, 5'd5}: return 80'shfffffffffe720c834000;
            {7'd1, 5'd6}: return 80'sh89b5ba000;
            {7'd1, 5'd7}: return 80'sh575f8000;
            {7'd1, 5'd8}: return 80'shfffffffffffffde65000;
            {7'd1, 5'd9}: return 80'shfffffffffffffff07000;
            {7'd1, 5'd10}: return 80'sh7000;
            {7'd1, 5'd11}: return 80'sh0;
            {7'd1, 5'd12}: return 80'sh0;
            {7'd1, 5'd13}: return 80'sh0;
            {7'd1, 5'd14}: return 80'sh0;
            {7'd1, 5'd15}: return 80'sh0;
            {7'd1, 5'd16}: return 80'sh0;
            {7'd1, 5'd17}: return 80'sh0;
            {7'd1, 5'd18}: return 80'sh0;
            {7'd2, 5'd1}: return 80'shffffedf228afbd649000;
            {7'd2, 5'd2}: return 80'sh5a4534914d1000;
            {7'd2, 5'd3}: return 80'sh4d7b66b873000;
            {7'd2, 5'd4}: return 80'shffffffffd5cda66d7000;
            {7'd2, 5'd5}: return 80'shfffffffffee07ac61000;
            {7'd2, 5'd6}: return 80'shd1fd3d000;
            {7'd2, 5'd7}: return 80'sh31b55000;
            {7'd2, 5'd8}: return 80'shfffffffffffffcf1e000;
            {7'd2, 5'd9}: return 80'shfffffffffffffff9c000;
            {7'd2, 5'd10}: return 80'sh9000;
            {7'd2, 5'd11}: return 80'sh0;
            {7'd2, 5'd12}: return 80'sh0;
            {7'd2, 5'd13}: return 80'sh0;
            {7'd2, 5'd14}: return 80'sh0;
            {7'd2, 5'd15}: return 80'sh0;
            {7'd2, 5'd16}: return 80'sh0;
            {7'd2, 5'd17}: return 80'sh0;
            {7'd2, 5'd18}: return 80'sh0;
            {7'd3, 5'd1}: return 80'shffffedf228afbd649000;
            {7'd3, 5'd2}: return 80'sh7e60e331d24000;
            {7'd3, 5'd3}: return 80'sh3b6d8f6831000;
            {7'd3, 5'd4}: return 80'shffffffffc8dfbce5f000;
            {7'd3, 5'd5}: return 80'shffffffffff7d193ec000;
            {7'd3, 5'd6}: return 80'shfe4b4e000;
            {7'd3, 5'd7}: return 80'shffffffffffffff615000;
            {7'd3, 5'd8}: return 80'shfffffffffffffc994000;
            {7'd3, 5'd9}: return 80'sh57000;
            {7'd3, 5'd10}: return 80'sh9000;
            {7'd3, 5'd11}: return 80'sh0;
            {7'd3, 5'd12}: return 80'sh0;
            {7'd3, 5'd13}: return 80'sh0;
            {7'd3, 5'd14}: return 80'sh0;
            {7'd3, 5'd15}: return 80'sh0;
            {7'd3, 5'd16}: return 80'sh0;
            {7'd3, 5'd17}: return 80'sh0;
            {7'd3, 5'd18}: return 80'sh0;
            {7'd4, 5'd1}: return 80'shffffedf228afbd649000;
            {7'd4, 5'd2}: return 80'sha27c91d2577000;
            {7'd4, 5'd3}: return 80'sh235b1afd2d000;
            {7'd4, 5'd4}: return 80'shffffffffbfe4da780000;
            {7'd4, 5'd5}: return 80'sh3d12d26000;
            {7'd4, 5'd6}: return 80'sh106115d000;
            {7'd4, 5'd7}: return 80'shffffffffffffc7573000;
            {7'd4, 5'd8}: return 80'shfffffffffffffcfcf000;
            {7'd4, 5'd9}: return 80'sh111000;
            {7'd4, 5'd10}: return 80'sh7000;
            {7'd4, 5'd11}: return 80'sh0;
            {7'd4, 5'd12}: return 80'sh0;
            {7'd4, 5'd13}: return 80'sh0;
            {7'd4, 5'd14}: return 80'sh0;
            {7'd4, 5'd15}: return 80'sh0;
            {7'd4, 5'd16}: return 80'sh0;
            {7'd4, 5'd17}: return 80'sh0;
            {7'd4, 5'd18}: return 80'sh0;
            {7'd5, 5'd1}: return 80'shffffedf228afbd649000;
            {7'd5, 5'd2}: return 80'shc6984072dcb000;
            {7'd5, 5'd3}: return 80'sh544097769000;
            {7'd5, 5'd4}: return 80'shffffffffbbfddc98b000;
            {7'd5, 5'd5}: return 80'sh111f607f000;
            {7'd5, 5'd6}: return 80'she362e0000;
            {7'd5, 5'd7}: return 80'shffffffffffff921b2000;
            {7'd5, 5'd8}: return 80'shfffffffffffffe22a000;
            {7'd5, 5'd9}: return 80'sh19f000;
            {7'd5, 5'd10}: return 80'sh2000;
            {7'd5, 5'd11}: return 80'sh0;
            {7'd5, 5'd12}: return 80'sh0;
            {7'd5, 5'd13}: return 80'sh0;
            {7'd5, 5'd14}: return 80'sh0;
            {7'd5, 5'd15}: return 80'sh0;
            {7'd5, 5'd16}: return 80'sh0;
            {7'd5, 5'd17}: return 80'sh0;
            {7'd5, 5'd18}: return 80'sh0;
            {7'd6, 5'd1}: return 80'shffffedf228afbd649000;
            {7'd6, 5'd2}: return 80'sheab3ef1361e000;
            {7'd6, 5'd3}: return 80'shfffffffe1285ad6e4000;
            {7'd6, 5'd4}: return 80'shffffffffbe4ba0bcf000;
            {7'd6, 5'd5}: return 80'sh1e9b5082000;
            {7'd6, 5'd6}: return 80'sh93b5e4000;
            {7'd6, 5'd7}: return 80'shffffffffffff691cf000;
            {7'd6, 5'd8}: return 80'shffffffffffffffeff000;
            {7'd6, 5'd9}: return 80'sh1d8000;
            {7'd6, 5'd10}: return 80'shffffffffffffffffb000;
            {7'd6, 5'd11}: return 80'sh0;
            {7'd6, 5'd12}: return 80'sh0;
            {7'd6, 5'd13}: return 80'sh0;
            {7'd6, 5'd14}: return 80'sh0;
            {7'd6, 5'd15}: return 80'sh0;
            {7'd6, 5'd16}: return 80'sh0;
            {7'd6, 5'd17}: return 80'sh0;
            {7'd6, 5'd18}: return 80'sh0;
            {7'd7, 5'd1}: return 80'shffffedf228afbd649000;
            {7'd7, 5'd2}: return 80'sh10ecf9db3e72000;
            {7'd7, 5'd3}: return 80'shfffffffb7080f1b9d000;
            {7'd7, 5'd4}: return 80'shffffffffc7ef0459c000;
            {7'd7, 5'd5}: return 80'sh2aea59d6000;
            {7'd7, 5'd6}: return 80'sh18a3a4000;
            {7'd7, 5'd7}: return 80'shffffffffffff55e9b000;
            {7'd7, 5'd8}: return 80'sh2296000;
            {7'd7, 5'd9}: return 80'sh19e000;
            {7'd7, 5'd10}: return 80'shffffffffffffffff5000;
            {7'd7, 5'd11}: return 80'sh0;
            {7'd7, 5'd12}: return 80'sh0;
            {7'd7, 5'd13}: return 80'sh0;
            {7'd7, 5'd14}: return 80'sh0;
            {7'd7, 5'd15}: return 80'sh0;
            {7'd7, 5'd16}: return 80'sh0;
            {7'd7, 5'd17}: return 80'sh0;
            {7'd7, 5'd18}: return 80'sh0;
            {7'd8, 5'd1}: return 80'shffffedf228afbd649000;
            {7'd8, 5'd2}: return 80'sh132eb4c546c5000;
            {7'd8, 5'd3}: return 80'shfffffff86e3264597000;
            {7'd8, 5'd4}: return 80'shffffffffda08e4e44000;
            {7'd8, 5'd5}: return 80'sh3478133d000;
            {7'd8, 5'd6}: return 80'shfffffffffff78a918000;
            {7'd8, 5'd7}: return 80'shffffffffffff61340000;
            {7'd8, 5'd8}: return 80'sh472f000;
            {7'd8, 5'd9}: return 80'she1000;
            {7'd8, 5'd10}: return 80'shffffffffffffffff0000;
            {7'd8, 5'd11}: return 80'sh0;
            {7'd8, 5'd12}: return 80'sh0;
            {7'd8, 5'd13}: return 80'sh0;
            {7'd8, 5'd14}: return 80'sh0;
            {7'd8, 5'd15}: return 80'sh0;
            {7'd8, 5'd16}: return 80'sh0;
            {7'd8, 5'd17}: return 80'sh0;
            {7'd8, 5'd18}: return 80'sh0;
            {7'd9, 5'd1}: return 80'shffffedf228afbd649000;
            {7'd9, 5'd2}: return 80'sh15706faf4f19000;
            {7'd9, 5'd3}: return 80'shfffffff50b9a054cf000;
            {7'd9, 5'd4}: return 80'shfffffffff5ba1fd15000;
            {7'd9, 5'd5}: return 80'sh39764d96000;
            {7'd9, 5'd6}: return 80'shffffffffffebfe78d000;
            {7'd9, 5'd7}: return 80'shffffffffffff91b35000;
            {7'd9, 5'd8}: return 80'sh6556000;
            {7'd9, 5'd9}: return 80'shfffffffffffffffab000;
            {7'd9, 5'd10}: return 80'shfffffffffffffffef000;
            {7'd9, 5'd11}: return 80'sh0;
            {7'd9, 5'd12}: return 80'sh0;
            {7'd9, 5'd13}: return 80'sh0;
            {7'd9, 5'd14}: return 80'sh0;
            {7'd9, 5'd15}: return 80'sh0;
            {7'd9, 5'd16}: return 80'sh0;
            {7'd9, 5'd17}: return 80'sh0;
            {7'd9, 5'd18}: return 80'sh0;
            {7'd10, 5'd1}: return 80'shffffedf228afbd649000;
            {7'd10, 5'd2}: return 80'sh17b22a99576c000;
            {7'd10, 5'd3}: return 80'shfffffff148b7d4946000;
            {7'd10, 5'd4}: return 80'sh1c2392961000;
            {7'd10, 5'd5}: return 80'sh37dd13db000;
            {7'd10, 5'd6}: return 80'shffffffffffe00e537000;
            {7'd10, 5'd7}: return 80'shffffffffffffead9c000;
            {7'd10, 5'd8}: return 80'sh7476000;
            {7'd10, 5'd9}: return 80'shffffffffffffffe22000;
            {7'd10, 5'd10}: return 80'shffffffffffffffff3000;
            {7'd10, 5'd11}: return 80'sh0;
            {7'd10, 5'd12}: return 80'sh0;
            {7'd10, 5'd13}: return 80'sh0;
            {7'd10, 5'd14}: return 80'sh0;
            {7'd10, 5'd15}: return 80'sh0;
            {7'd10, 5'd16}: return 80'sh0;
            {7'd10, 5'd17}: return 80'sh0;
            {7'd10, 5'd18}: return 80'sh0;
            {7'd11, 5'd1}: return 80'shffffedf228afbd649000;
            {7'd11, 5'd2}: return 80'sh19f3e5835fbf000;
            {7'd11, 5'd3}: return 80'shffffffed258bd22fc000;
            {7'd11, 5'd4}: return 80'sh4e661aa78000;
            {7'd11, 5'd5}: return 80'sh2d6aab22000;
            {7'd11, 5'd6}: return 80'shffffffffffd554dc4000;
            {7'd11, 5'd7}: return 80'sh6b609000;
            {7'd11, 5'd8}: return 80'sh6bb4000;
            {7'd11, 5'd9}: return 80'shffffffffffffffc8b000;
            {7'd11, 5'd10}: return 80'shffffffffffffffffd000;
            {7'd11, 5'd11}: return 80'sh1000;
            {7'd11, 5'd12}: return 80'sh0;
            {7'd11, 5'd13}: return 80'sh0;
            {7'd11, 5'd14}: return 80'sh0;
            {7'd11, 5'd15}: return 80'sh0;
            {7'd11, 5'd16}: return 80'sh0;
            {7'd11, 5'd17}: return 80'sh0;
            {7'd11, 5'd18}: return 80'sh0;
            {7'd12, 5'd1}: return 80'shffffedf228afbd649000;
            {7'd12, 5'd2}: return 80'sh1c35a06d6813000;
            {7'd12, 5'd3}: return 80'shffffffe8a215fe1f2000;
            {7'd12, 5'd4}: return 80'sh8da2957aa000;
            {7'd12, 5'd5}: return 80'sh17a3929c000;
            {7'd12, 5'd6}: return 80'shffffffffffcdeb2f0000;
            {7'd12, 5'd7}: return 80'sh10baba000;
            {7'd12, 5'd8}: return 80'sh4326000;
            {7'd12, 5'd9}: return 80'shffffffffffffffb4a000;
            {7'd12, 5'd10}: return 80'shc000;
            {7'd12, 5'd11}: return 80'sh1000;
            {7'd12, 5'd12}: return 80'sh0;
            {7'd12, 5'd13}: return 80'sh0;
            {7'd12, 5'd14}: return 80'sh0;
            {7'd12, 5'd15}: return 80'sh0;
            {7'd12, 5'd16}: return 80'sh0;
            {7'd12, 5'd17}: return 80'sh0;
            {7'd12, 5'd18}: return 80'sh0;
            {7'd13, 5'd1}: return 80'shffffedf228afbd649000;
            {7'd13, 5'd2}: return 80'sh1e775b577066000;
            {7'd13, 5'd3}: return 80'shffffffe3be5658627000;
            {7'd13, 5'd4}: return 80'shdaf9e0847000;
            {7'd13, 5'd5}: return 80'shffffffffff3d28398000;
            {7'd13, 5'd6}: return 80'shffffffffffcc74d19000;
            {7'd13, 5'd7}: return 80'sh1bc039000;
            {7'd13, 5'd8}: return 80'shffffffffffffff567000;
            {7'd13, 5'd9}: return 80'shffffffffffffffada000;
            {7'd13, 5'd10}: return 80'sh1e000;
            {7'd13, 5'd11}: return 80'sh0;
            {7'd13, 5'd12}: return 80'sh0;
            {7'd13, 5'd13}: return 80'sh0;
            {7'd13, 5'd14}: return 80'sh0;
            {7'd13, 5'd15}: return 80'sh0;
            {7'd13, 5'd16}: return 80'sh0;
            {7'd13, 5'd17}: return 80'sh0;
            {7'd13, 5'd18}: return 80'sh0;
            {7'd14, 5'd1}: return 80'shffffedf228afbd649000;
            {7'd14, 5'd2}: return 80'sh20b9164178ba000;
            {7'd14, 5'd3}: return 80'shffffffde7a4ce0f9b000;
            {7'd14, 5'd4}: return 80'sh1378cd93a0000;
            {7'd14, 5'd5}: return 80'shfffffffffbf08717e000;
            {7'd14, 5'd6}: return 80'shffffffffffd42bbd4000;
            {7'd14, 5'd7}: return 80'sh262a63000;
            {7'd14, 5'd8}: return 80'shfffffffffffff8192000;
            {7'd14, 5'd9}: return 80'shffffffffffffffbc3000;
            {7'd14, 5'd10}: return 80'sh2f000;
            {7'd14, 5'd11}: return 80'sh0;
            {7'd14, 5'd12}: return 80'sh0;
            {7'd14, 5'd13}: return 80'sh0;
            {7'd14, 5'd14}: return 80'sh0;
            {7'd14, 5'd15}: return 80'sh0;
            {7'd14, 5'd16}: return 80'sh0;
            {7'd14, 5'd17}: return 80'sh0;
            {7'd14, 5'd18}: return 80'sh0;
            {7'd15, 5'd1}: return 80'shffffedf228afbd649000;
            {7'd15, 5'd2}: return 80'sh22fad12b810d000;
            {7'd15, 5'd3}: return 80'shffffffd8d5f997e4e000;
            {7'd15, 5'd4}: return 80'sh1a47c5d105000;
            {7'd15, 5'd5}: return 80'shfffffffff761c89d4000;
            {7'd15, 5'd6}: return 80'shffffffffffe8ec67c000;
            {7'd15, 5'd7}: return 80'sh2d9ae9000;
            {7'd15, 5'd8}: return 80'shffffffffffffeedae000;
            {7'd15, 5'd9}: return 80'shffffffffffffffe84000;
            {7'd15, 5'd10}: return 80'sh3a000;
            {7'd15, 5'd11}: return 80'shfffffffffffffffff000;
            {7'd15, 5'd12}: return 80'sh0;
            {7'd15, 5'd13}: return 80'sh0;
            {7'd15, 5'd14}: return 80'sh0;
            {7'd15, 5'd15}: return 80'sh0;
            {7'd15, 5'd16}: return 80'sh0;
            {7'd15, 5'd17}: return 80'sh0;
            {7'd15, 5'd18}: return 80'sh0;
            {7'd16, 5'd1}: return 80'shffffedf228afbd649000;
            {7'd16, 5'd2}: return 80'sh253c8c158961000;
            {7'd16, 5'd3}: return 80'shffffffd2d15c7d240000;
            {7'd16, 5'd4}: return 80'sh222e9497c5000;
            {7'd16, 5'd5}: return 80'shfffffffff15ac343a000;
            {7'd16, 5'd6}: return 80'shf41ccc000;
            {7'd16, 5'd7}: return 80'sh2ecd2d000;
            {7'd16, 5'd8}: return 80'shffffffffffffe4994000;
            {7'd16, 5'd9}: return 80'sh375000;
            {7'd16, 5'd10}: return 80'sh37000;
            {7'd16, 5'd11}: return 80'shffffffffffffffffe000;
            {7'd16, 5'd12}: return 80'sh0;
            {7'd16, 5'd13}: return 80'sh0;
            {7'd16, 5'd14}: return 80'sh0;
            {7'd16, 5'd15}: return 80'sh0;
            {7'd16, 5'd16}: return 80'sh0;
            {7'd16, 5'd17}: return 80'sh0;
            {7'd16, 5'd18}: return 80'sh0;
            {7'd17, 5'd1}: return 80'shffffedf228afbd649000;
            {7'd17, 5'd2}: return 80'sh277e46ff91b4000;
            {7'd17, 5'd3}: return 80'shffffffcc6c7590b71000;
            {7'd17, 5'd4}: return 80'sh2b3f47bf32000;
            {7'd17, 5'd5}: return 80'shffffffffe9a1b126e000;
            {7'd17, 5'd6}: return 80'sh4c7176d000;
            {7'd17, 5'd7}: return 80'sh256f97000;
            {7'd17, 5'd8}: return 80'shffffffffffffdb258000;
            {7'd17, 5'd9}: return 80'shaa3000;
            {7'd17, 5'd10}: return 80'sh1e000;
            {7'd17, 5'd11}: return 80'shffffffffffffffffe000;
            {7'd17, 5'd12}: return 80'sh0;
            {7'd17, 5'd13}: return 80'sh0;
            {7'd17, 5'd14}: return 80'sh0;
            {7'd17, 5'd15}: return 80'sh0;
            {7'd17, 5'd16}: return 80'sh0;
            {7'd17, 5'd17}: return 80'sh0;
            {7'd17, 5'd18}: return 80'sh0;
            {7'd18, 5'd1}: return 80'shffffedf228afbd649000;
            {7'd18, 5'd2}: return 80'sh29c001e99a07000;
            {7'd18, 5'd3}: return 80'shffffffc5a744d29e1000;
            {7'd18, 5'd4}: return 80'sh358bed1e9b000;
            {7'd18, 5'd5}: return 80'shffffffffdff930048000;
            {7'd18, 5'd6}: return 80'sha68788e000;
            {7'd18, 5'd7}: return 80'shbfa4f000;
            {7'd18, 5'd8}: return 80'shffffffffffffd563f000;
            {7'd18, 5'd9}: return 80'sh1391000;
            {7'd18, 5'd10}: return 80'shfffffffffffffffe8000;
            {7'd18, 5'd11}: return 80'shffffffffffffffffd000;
            {7'd18, 5'd12}: return 80'sh0;
            {7'd18, 5'd13}: return 80'sh0;
            {7'd18, 5'd14}: return 80'sh0;
            {7'd18, 5'd15}: return 80'sh0;
            {7'd18, 5'd16}: return 80'sh0;
            {7'd18, 5'd17}: return 80'sh0;
            {7'd18, 5'd18}: return 80'sh0;
            {7'd19, 5'd1}: return 80'shffffedf228afbd649000;
            {7'd19, 5'd2}: return 80'sh2c01bcd3a25b000;
            {7'd19, 5'd3}: return 80'shffffffbe81ca42d91000;
            {7'd19, 5'd4}: return 80'sh4126928d51000;
            {7'd19, 5'd5}: return 80'shffffffffd420413bc000;
            {7'd19, 5'd6}: return 80'sh12462c73000;
            {7'd19, 5'd7}: return 80'shfffffffffffdb8361000;
            {7'd19, 5'd8}: return 80'shffffffffffffd7948000;
            {7'd19, 5'd9}: return 80'sh1cfd000;
            {7'd19, 5'd10}: return 80'shfffffffffffffff91000;
            {7'd19, 5'd11}: return 80'shffffffffffffffffe000;
            {7'd19, 5'd12}: return 80'sh0;
            {7'd19, 5'd13}: return 80'sh0;
            {7'd19, 5'd14}: return 80'sh0;
            {7'd19, 5'd15}: return 80'sh0;
            {7'd19, 5'd16}: return 80'sh0;
            {7'd19, 5'd17}: return 80'sh0;
            {7'd19, 5'd18}: return 80'sh0;
            {7'd20, 5'd1}: return 80'shffffedf228afbd649000;
            {7'd20, 5'd2}: return 80'sh2e4377bdaaae000;
            {7'd20, 5'd3}: return 80'shffffffb6fc05e167f000;
            {7'd20, 5'd4}: return 80'sh4e2145e2a5000;
            {7'd20, 5'd5}: return 80'shffffffffc5d249cdb000;
            {7'd20, 5'd6}: return 80'sh1cdc0a0f000;
            {7'd20, 5'd7}: return 80'shfffffffffff8b9059000;
            {7'd20, 5'd8}: return 80'shffffffffffffe7a52000;
            {7'd20, 5'd9}: return 80'sh2482000;
            {7'd20, 5'd10}: return 80'shfffffffffffffff1a000;
            {7'd20, 5'd11}: return 80'sh1000;
            {7'd20, 5'd12}: return 80'sh0;
            {7'd20, 5'd13}: return 80'sh0;
            {7'd20, 5'd14}: return 80'sh0;
            {7'd20, 5'd15}: return 80'sh0;
            {7'd20, 5'd16}: return 80'sh0;
            {7'd20, 5'd17}: return 80'sh0;
            {7'd20, 5'd18}: return 80'sh0;
            {7'd21, 5'd1}: return 80'shffffedf228afbd649000;
            {7'd21, 5'd2}: return 80'sh308532a7b302000;
            {7'd21, 5'd3}: return 80'shffffffaf15f7ae4ad000;
            {7'd21, 5'd4}: return 80'sh5c8e14f5e5000;
            {7'd21, 5'd5}: return 80'shffffffffb4c7125d0000;
            {7'd21, 5'd6}: return 80'sh2ab4938f000;
            {7'd21, 5'd7}: return 80'shfffffffffff11e537000;
            {7'd21, 5'd8}: return 80'shd8ee000;
            {7'd21, 5'd9}: return 80'sh2633000;
            {7'd21, 5'd10}: return 80'shffffffffffffffe91000;
            {7'd21, 5'd11}: return 80'sh5000;
            {7'd21, 5'd12}: return 80'sh0;
            {7'd21, 5'd13}: return 80'sh0;
            {7'd21, 5'd14}: return 80'sh0;
            {7'd21, 5'd15}: return 80'sh0;
            {7'd21, 5'd16}: return 80'sh0;
            {7'd21, 5'd17}: return 80'sh0;
            {7'd21, 5'd18}: return 80'sh0;
            {7'd22, 5'd1}: return 80'shffffedf228afbd649000;
            {7'd22, 5'd2}: return 80'sh32c6ed91bb55000;
            {7'd22, 5'd3}: return 80'shffffffa6cf9fa981a000;
            {7'd22, 5'd4}: return 80'sh6c7f0d9e63000;
            {7'd22, 5'd5}: return 80'shffffffffa0b2c72e3000;
            {7'd22, 5'd6}: return 80'sh3c69b6f8000;
            {7'd22, 5'd7}: return 80'shffffffffffe6250e5000;
            {7'd22, 5'd8}: return 80'sh53bdd000;
            {7'd22, 5'd9}: return 80'sh1c1a000;
            {7'd22, 5'd10}: return 80'shffffffffffffffe15000;
            {7'd22, 5'd11}: return 80'shb000;
            {7'd22, 5'd12}: return 80'sh0;
            {7'd22, 5'd13}: return 80'sh0;
            {7'd22, 5'd14}: return 80'sh0;
            {7'd22, 5'd15}: return 80'sh0;
            {7'd22, 5'd16}: return 80'sh0;
            {7'd22, 5'd17}: return 80'sh0;
            {7'd22, 5'd18}: return 80'sh0;
            {7'd23, 5'd1}: return 80'shffffedf228afbd649000;
            {7'd23, 5'd2}: return 80'sh3508a87bc3a9000;
            {7'd23, 5'd3}: return 80'shffffff9e28fdd30c6000;
            {7'd23, 5'd4}: return 80'sh7e063db36f000;
            {7'd23, 5'd5}: return 80'shffffffff8945f8277000;
            {7'd23, 5'd6}: return 80'sh52a58eb2000;
            {7'd23, 5'd7}: return 80'shffffffffffd6e7703000;
            {7'd23, 5'd8}: return 80'shc7846000;
            {7'd23, 5'd9}: return 80'shffffffffffffffd9d000;
            {7'd23, 5'd10}: return 80'shffffffffffffffddf000;
            {7'd23, 5'd11}: return 80'sh13000;
            {7'd23, 5'd12}: return 80'sh0;
            {7'd23, 5'd13}: return 80'sh0;
            {7'd23, 5'd14}: return 80'sh0;
            {7'd23, 5'd15}: return 80'sh0;
            {7'd23, 5'd16}: return 80'sh0;
            {7'd23, 5'd17}: return 80'sh0;
            {7'd23, 5'd18}: return 80'sh0;
            {7'd24, 5'd1}: return 80'shffffedf228afbd649000;
            {7'd24, 5'd2}: return 80'sh374a6365cbfc000;
            {7'd24, 5'd3}: return 80'shffffff9522122aeb1000;
            {7'd24, 5'd4}: return 80'sh9135b30c59000;
            {7'd24, 5'd5}: return 80'shffffffff6e2d98d0d000;
            {7'd24, 5'd6}: return 80'sh6e23221f000;
            {7'd24, 5'd7}: return 80'shffffffffffc259731000;
            {7'd24, 5'd8}: return 80'sh1799b3000;
            {7'd24, 5'd9}: return 80'shfffffffffffffbed2000;
            {7'd24, 5'd10}: return 80'shffffffffffffffe4d000;
            {7'd24, 5'd11}: return 80'sh1a000;
            {7'd24, 5'd12}: return 80'shfffffffffffffffff000;
            {7'd24, 5'd13}: return 80'sh0;
            {7'd24, 5'd14}: return 80'sh0;
            {7'd24, 5'd15}: return 80'sh0;
            {7'd24, 5'd16}: return 80'sh0;
            {7'd24, 5'd17}: return 80'sh0;
            {7'd24, 5'd18}: return 80'sh0;
            {7'd25, 5'd1}: return 80'shffffedf228afbd649000;
            {7'd25, 5'd2}: return 80'sh398c1e4fd44f000;
            {7'd25, 5'd3}: return 80'shffffff8bbadcb11db000;
            {7'd25, 5'd4}: return 80'sha61f7b8072000;
            {7'd25, 5'd5}: return 80'shffffffff4f130053e000;
            {7'd25, 5'd6}: return 80'sh8faf262f000;
            {7'd25, 5'd7}: return 80'shffffffffffa7451ba000;
            {7'd25, 5'd8}: return 80'sh27ead4000;
            {7'd25, 5'd9}: return 80'shfffffffffffff4fa7000;
            {7'd25, 5'd10}: return 80'shfffffffffffffffee000;
            {7'd25, 5'd11}: return 80'sh1e000;
            {7'd25, 5'd12}: return 80'shfffffffffffffffff000;
            {7'd25, 5'd13}: return 80'sh0;
            {7'd25, 5'd14}: return 80'sh0;
            {7'd25, 5'd15}: return 80'sh0;
            {7'd25, 5'd16}: return 80'sh0;
            {7'd25, 5'd17}: return 80'sh0;
            {7'd25, 5'd18}: return 80'sh0;
            {7'd26, 5'd1}: return 80'shffffedf228afbd649000;
            {7'd26, 5'd2}: return 80'sh3bcdd939dca3000;
            {7'd26, 5'd3}: return 80'shffffff81f35d65a45000;
            {7'd26, 5'd4}: return 80'shbcd5a4e709000;
            {7'd26, 5'd5}: return 80'shffffffff2b9be97c3000;
            {7'd26, 5'd6}: return 80'shb828bdf4000;
            {7'd26, 5'd7}: return 80'shffffffffff84469ac000;
            {7'd26, 5'd8}: return 80'sh3eff16000;
            {7'd26, 5'd9}: return 80'shffffffffffffe9af6000;
            {7'd26, 5'd10}: return 80'sh396000;
            {7'd26, 5'd11}: return 80'sh18000;
            {7'd26, 5'd12}: return 80'shfffffffffffffffff000;
            {7'd26, 5'd13}: return 80'sh0;
            {7'd26, 5'd14}: return 80'sh0;
            {7'd26, 5'd15}: return 80'sh0;
            {7'd26, 5'd16}: return 80'sh0;
            {7'd26, 5'd17}: return 80'sh0;
            {7'd26, 5'd18}: return 80'sh0;
            {7'd27, 5'd1}: return 80'shffffedf228afbd649000;
            {7'd27, 5'd2}: return 80'sh3e0f9423e4f6000;
            {7'd27, 5'd3}: return 80'shffffff77cb94487ed000;
            {7'd27, 5'd4}: return 80'shd56a3d176f000;
            {7'd27, 5'd5}: return 80'shffffffff036a72b6d000;
            {7'd27, 5'd6}: return 80'she8823b33000;
            {7'd27, 5'd7}: return 80'shffffffffff57c8460000;
            {7'd27, 5'd8}: return 80'sh5ebd20000;
            {7'd27, 5'd9}: return 80'shffffffffffffd856d000;
            {7'd27, 5'd10}: return 80'sha6d000;
            {7'd27, 5'd11}: return 80'sh0;
            {7'd27, 5'd12}: return 80'shffffffffffffffffe000;
            {7'd27, 5'd13}: return 80'sh0;
            {7'd27, 5'd14}: return 80'sh0;
            {7'd27, 5'd15}: return 80'sh0;
            {7'd27, 5'd16}: return 80'sh0;
            {7'd27, 5'd17}: return 80'sh0;
            {7'd27, 5'd18}: return 80'sh0;
            {7'd28, 5'd1}: return 80'shffffedf228afbd649000;
            {7'd28, 5'd2}: return 80'sh40514f0ded4a000;
            {7'd28, 5'd3}: return 80'shffffff6d438159ad5000;
            {7'd28, 5'd4}: return 80'shefef51e8f4000;
            {7'd28, 5'd5}: return 80'shfffffffed61d1e12c000;
            {7'd28, 5'd6}: return 80'sh121c1defb000;
            {7'd28, 5'd7}: return 80'shffffffffff1ffe66a000;
            {7'd28, 5'd8}: return 80'sh896a2b000;
            {7'd28, 5'd9}: return 80'shffffffffffffbec52000;
            {7'd28, 5'd10}: return 80'sh160c000;
            {7'd28, 5'd11}: return 80'shfffffffffffffffc6000;
            {7'd28, 5'd12}: return 80'shfffffffffffffffff000;
            {7'd28, 5'd13}: return 80'sh0;
            {7'd28, 5'd14}: return 80'sh0;
            {7'd28, 5'd15}: return 80'sh0;
            {7'd28, 5'd16}: return 80'sh0;
            {7'd28, 5'd17}: return 80'sh0;
            {7'd28, 5'd18}: return 80'sh0;
            {7'd29, 5'd1}: return 80'shffffedf228afbd649000;
            {7'd29, 5'd2}: return 80'sh429309f7f59d000;
            {7'd29, 5'd3}: return 80'shffffff625b24992fc000;
            {7'd29, 5'd4}: return 80'sh10c76f132e9000;
            {7'd29, 5'd5}: return 80'shfffffffea34ed1409000;
            {7'd29, 5'd6}: return 80'sh165029a35000;
            {7'd29, 5'd7}: return 80'shfffffffffedae2df8000;
            {7'd29, 5'd8}: return 80'shc1b64b000;
            {7'd29, 5'd9}: return 80'shffffffffffff9a421000;
            {7'd29, 5'd10}: return 80'sh2899000;
            {7'd29, 5'd11}: return 80'shfffffffffffffff57000;
            {7'd29, 5'd12}: return 80'sh0;
            {7'd29, 5'd13}: return 80'sh0;
            {7'd29, 5'd14}: return 80'sh0;
            {7'd29, 5'd15}: return 80'sh0;
            {7'd29, 5'd16}: return 80'sh0;
            {7'd29, 5'd17}: return 80'sh0;
            {7'd29, 5'd18}: return 80'sh0;
            {7'd30, 5'd1}: return 80'shffffedf228afbd649000;
            {7'd30, 5'd2}: return 80'sh44d4c4e1fdf1000;
            {7'd30, 5'd3}: return 80'shffffff57127e07062000;
            {7'd30, 5'd4}: return 80'sh12b1328cc9d000;
            {7'd30, 5'd5}: return 80'shfffffffe6a96d592b000;
            {7'd30, 5'd6}: return 80'sh1b374ce3d000;
            {7'd30, 5'd7}: return 80'shfffffffffe8630a97000;
            {7'd30, 5'd8}: return 80'sh10ac9bb000;
            {7'd30, 5'd9}: return 80'shffffffffffff676f3000;
            {7'd30, 5'd10}: return 80'sh44e7000;
            {7'd30, 5'd11}: return 80'shffffffffffffffe93000;
            {7'd30, 5'd12}: return 80'sh4000;
            {7'd30, 5'd13}: return 80'sh0;
            {7'd30, 5'd14}: return 80'sh0;
            {7'd30, 5'd15}: return 80'sh0;
            {7'd30, 5'd16}: return 80'sh0;
            {7'd30, 5'd17}: return 80'sh0;
            {7'd30, 5'd18}: return 80'sh0;
            {7'd31, 5'd1}: return 80'shffffedf228afbd649000;
            {7'd31, 5'd2}: return 80'sh47167fcc0644000;
            {7'd31, 5'd3}: return 80'shffffff4b698da3307000;
            {7'd31, 5'd4}: return 80'sh14bd6068d61000;
            {7'd31, 5'd5}: return 80'shfffffffe2b88d7fd3000;
            {7'd31, 5'd6}: return 80'sh20e5f0d6f000;
            {7'd31, 5'd7}: return 80'shfffffffffe1f5f26a000;
            {7'd31, 5'd8}: return 80'sh168531c000;
            {7'd31, 5'd9}: return 80'shffffffffffff222be000;
            {7'd31, 5'd10}: return 80'sh6ea2000;
            {7'd31, 5'd11}: return 80'shffffffffffffffd52000;
            {7'd31, 5'd12}: return 80'shb000;
            {7'd31, 5'd13}: return 80'sh0;
            {7'd31, 5'd14}: return 80'sh0;
            {7'd31, 5'd15}: return 80'sh0;
            {7'd31, 5'd16}: return 80'sh0;
            {7'd31, 5'd17}: return 80'sh0;
            {7'd31, 5'd18}: return 80'sh0;
            {7'd32, 5'd1}: return 80'shffffedf228afbd649000;
            {7'd32, 5'd2}: return 80'sh49583ab60e97000;
            {7'd32, 5'd3}: return 80'shffffff3f60536daeb000;
            {7'd32, 5'd4}: return 80'sh16ed1984c86000;
            {7'd32, 5'd5}: return 80'shfffffffde5b4e915f000;
            {7'd32, 5'd6}: return 80'sh2771edbc0000;
            {7'd32, 5'd7}: return 80'shfffffffffda39d4c8000;
            {7'd32, 5'd8}: return 80'sh1de96c6000;
            {7'd32, 5'd9}: return 80'shfffffffffffec575c000;
            {7'd32, 5'd10}: return 80'shaa7b000;
            {7'd32, 5'd11}: return 80'shffffffffffffffb59000;
            {7'd32, 5'd12}: return 80'sh19000;
            {7'd32, 5'd13}: return 80'sh0;
            {7'd32, 5'd14}: return 80'sh0;
            {7'd32, 5'd15}: return 80'sh0;
            {7'd32, 5'd16}: return 80'sh0;
            {7'd32, 5'd17}: return 80'sh0;
            {7'd32, 5'd18}: return 80'sh0;
            {7'd33, 5'd1}: return 80'shffffedf228afbd649000;
            {7'd33, 5'd2}: return 80'sh4b99f5a016eb000;
            {7'd33, 5'd3}: return 80'shffffff32f6cf6680e000;
            {7'd33, 5'd4}: return 80'sh19417ebe15a000;
            {7'd33, 5'd5}: return 80'shfffffffd98a77d149000;
            {7'd33, 5'd6}: return 80'sh2ef296f4f000;
            {7'd33, 5'd7}: return 80'shfffffffffd0fcca4b000;
            {7'd33, 5'd8}: return 80'sh2727f2c000;
            {7'd33, 5'd9}: return 80'shfffffffffffe4b457000;
            {7'd33, 5'd10}: return 80'shfe62000;
            {7'd33, 5'd11}: return 80'shffffffffffffff85d000;
            {7'd33, 5'd12}: return 80'sh2f000;
            {7'd33, 5'd13}: return 80'shfffffffffffffffff000;
            {7'd33, 5'd14}: return 80'sh0;
            {7'd33, 5'd15}: return 80'sh0;
            {7'd33, 5'd16}: return 80'sh0;
            {7'd33, 5'd17}: return 80'sh0;
            {7'd33, 5'd18}: return 80'sh0;
            {7'd34, 5'd1}: return 80'shffffedf228afbd649000;
            {7'd34, 5'd2}: return 80'sh4ddbb08a1f3e000;
            {7'd34, 5'd3}: return 80'shffffff262d018da71000;
            {7'd34, 5'd4}: return 80'sh1bbbb0f2330000;
            {7'd34, 5'd5}: return 80'shfffffffd43e96bd26000;
            {7'd34, 5'd6}: return 80'sh3780c70f8000;
            {7'd34, 5'd7}: return 80'shfffffffffc607c244000;
            {7'd34, 5'd8}: return 80'sh329ae5a000;
            {7'd34, 5'd9}: return 80'shfffffffffffdac67e000;
            {7'd34, 5'd10}: return 80'sh171c2000;
            {7'd34, 5'd11}: return 80'shffffffffffffff3f9000;
            {7'd34, 5'd12}: return 80'sh52000;
            {7'd34, 5'd13}: return 80'shffffffffffffffffe000;
            {7'd34, 5'd14}: return 80'sh0;
            {7'd34, 5'd15}: return 80'sh0;
            {7'd34, 5'd16}: return 80'sh0;
            {7'd34, 5'd17}: return 80'sh0;
            {7'd34, 5'd18}: return 80'sh0;
            {7'd35, 5'd1}: return 80'shffffedf228afbd649000;
            {7'd35, 5'd2}: return 80'sh501d6b742792000;
            {7'd35, 5'd3}: return 80'shffffff1902e9e3212000;
            {7'd35, 5'd4}: return 80'sh1e5cd0fe957000;
            {7'd35, 5'd5}: return 80'shfffffffce6fff0ca8000;
            {7'd35, 5'd6}: return 80'sh4136ebcec000;
            {7'd35, 5'd7}: return 80'shfffffffffb91e2da3000;
            {7'd35, 5'd8}: return 80'sh40a909b000;
            {7'd35, 5'd9}: return 80'shfffffffffffce0538000;
            {7'd35, 5'd10}: return 80'sh20dca000;
            {7'd35, 5'd11}: return 80'shfffffffffffffedaa000;
            {7'd35, 5'd12}: return 80'sh89000;
            {7'd35, 5'd13}: return 80'shffffffffffffffffd000;
            {7'd35, 5'd14}: return 80'sh0;
            {7'd35, 5'd15}: return 80'sh0;
            {7'd35, 5'd16}: return 80'sh0;
            {7'd35, 5'd17}: return 80'sh0;
            {7'd35, 5'd18}: return 80'sh0;
            {7'd36, 5'd1}: return 80'shffffedf228afbd649000;
            {7'd36, 5'd2}: return 80'sh525f265e2fe5000;
            {7'd36, 5'd3}: return 80'shffffff0b788866ef3000;
            {7'd36, 5'd4}: return 80'sh2125ffc0b1e000;
            {7'd36, 5'd5}: return 80'shfffffffc816cab19a000;
            {7'd36, 5'd6}: return 80'sh4c311233e000;
            {7'd36, 5'd7}: return 80'shfffffffffa9fda740000;
            {7'd36, 5'd8}: return 80'sh51c704c000;
            {7'd36, 5'd9}: return 80'shfffffffffffbdcf90000;
            {7'd36, 5'd10}: return 80'sh2ddc0000;
            {7'd36, 5'd11}: return 80'shfffffffffffffe4ca000;
            {7'd36, 5'd12}: return 80'shdc000;
            {7'd36, 5'd13}: return 80'shffffffffffffffffa000;
            {7'd36, 5'd14}: return 80'sh0;
            {7'd36, 5'd15}: return 80'sh0;
            {7'd36, 5'd16}: return 80'sh0;
            {7'd36, 5'd17}: return 80'sh0;
            {7'd36, 5'd18}: return 80'sh0;
            {7'd37, 5'd1}: return 80'shffffedf228afbd649000;
            {7'd37, 5'd2}: return 80'sh54a0e1483839000;
            {7'd37, 5'd3}: return 80'shfffffefd8ddd19113000;
            {7'd37, 5'd4}: return 80'sh24185e15fd8000;
            {7'd37, 5'd5}: return 80'shfffffffc12ad9d7e6000;
            {7'd37, 5'd6}: return 80'sh588cf287c000;
            {7'd37, 5'd7}: return 80'shfffffffff985d999a000;
            {7'd37, 5'd8}: return 80'sh6678ae5000;
            {7'd37, 5'd9}: return 80'shfffffffffffa968fb000;
            {7'd37, 5'd10}: return 80'sh3ef60000;
            {7'd37, 5'd11}: return 80'shfffffffffffffd882000;
            {7'd37, 5'd12}: return 80'sh155000;
            {7'd37, 5'd13}: return 80'shffffffffffffffff6000;
            {7'd37, 5'd14}: return 80'sh0;
            {7'd37, 5'd15}: return 80'sh0;
            {7'd37, 5'd16}: return 80'sh0;
            {7'd37, 5'd17}: return 80'sh0;
            {7'd37, 5'd18}: return 80'sh0;
            {7'd38, 5'd1}: return 80'shffffedf228afbd649000;
            {7'd38, 5'd2}: return 80'sh56e29c32408c000;
            {7'd38, 5'd3}: return 80'shfffffeef42e7f9872000;
            {7'd38, 5'd4}: return 80'sh27350cdbed3000;
            {7'd38, 5'd5}: return 80'shfffffffb9a3d2e590000;
            {7'd38, 5'd6}: return 80'sh6669fc640000;
            {7'd38, 5'd7}: return 80'shfffffffff83eee1fd000;
            {7'd38, 5'd8}: return 80'sh7f52745000;
            {7'd38, 5'd9}: return 80'shfffffffffff8ff5d1000;
            {7'd38, 5'd10}: return 80'sh55341000;
            {7'd38, 5'd11}: return 80'shfffffffffffffc7c8000;
            {7'd38, 5'd12}: return 80'sh203000;
            {7'd38, 5'd13}: return 80'shffffffffffffffff0000;
            {7'd38, 5'd14}: return 80'sh0;
            {7'd38, 5'd15}: return 80'sh0;
            {7'd38, 5'd16}: return 80'sh0;
            {7'd38, 5'd17}: return 80'sh0;
            {7'd38, 5'd18}: return 80'sh0;
            {7'd39, 5'd1}: return 80'shffffedf228afbd649000;
            {7'd39, 5'd2}: return 80'sh5924571c48df000;
            {7'd39, 5'd3}: return 80'shfffffee097a908510000;
            {7'd39, 5'd4}: return 80'sh2a7d2ceff60000;
            {7'd39, 5'd5}: return 80'shfffffffb179227ab9000;
            {7'd39, 5'd6}: return 80'sh75e962bc7000;
            {7'd39, 5'd7}: return 80'shfffffffff6c5b7113000;
            {7'd39, 5'd8}: return 80'sh9cfad47000;
            {7'd39, 5'd9}: return 80'shfffffffffff707773000;
            {7'd39, 5'd10}: return 80'sh71d4f000;
            {7'd39, 5'd11}: return 80'shfffffffffffffb14c000;
            {7'd39, 5'd12}: return 80'sh2f8000;
            {7'd39, 5'd13}: return 80'shfffffffffffffffe7000;
            {7'd39, 5'd14}: return 80'sh1000;
            {7'd39, 5'd15}: return 80'sh0;
            {7'd39, 5'd16}: return 80'sh0;
            {7'd39, 5'd17}: return 80'sh0;
            {7'd39, 5'd18}: return 80'sh0;
            {7'd40, 5'd1}: return 80'shffffedf228afbd649000;
            {7'd40, 5'd2}: return 80'sh5b6612065133000;
            {7'd40, 5'd3}: return 80'shfffffed18c20456ed000;
            {7'd40, 5'd4}: return 80'sh2df1df2f8cf000;
            {7'd40, 5'd5}: return 80'shfffffffa8a1fb719c000;
            {7'd40, 5'd6}: return 80'sh872e27e7e000;
            {7'd40, 5'd7}: return 80'shfffffffff5145e8e3000;
            {7'd40, 5'd8}: return 80'shc02bea7000;
            {7'd40, 5'd9}: return 80'shfffffffffff49c81d000;
            {7'd40, 5'd10}: return 80'sh96551000;
            {7'd40, 5'd11}: return 80'shfffffffffffff9372000;
            {7'd40, 5'd12}: return 80'sh44d000;
            {7'd40, 5'd13}: return 80'shfffffffffffffffda000;
            {7'd40, 5'd14}: return 80'sh1000;
            {7'd40, 5'd15}: return 80'sh0;
            {7'd40, 5'd16}: return 80'sh0;
            {7'd40, 5'd17}: return 80'sh0;
            {7'd40, 5'd18}: return 80'sh0;
            {7'd41, 5'd1}: return 80'shffffedf228afbd649000;
            {7'd41, 5'd2}: return 80'sh5da7ccf05986000;
            {7'd41, 5'd3}: return 80'shfffffec2204db0e0a000;
            {7'd41, 5'd4}: return 80'sh31944478271000;
            {7'd41, 5'd5}: return 80'shfffffff9f1556de91000;
            {7'd41, 5'd6}: return 80'sh9a5d29a9c000;
            {7'd41, 5'd7}: return 80'shfffffffff3249383c000;
            {7'd41, 5'd8}: return 80'she9b5147000;
            {7'd41, 5'd9}: return 80'shfffffffffff1a965a000;
            {7'd41, 5'd10}: return 80'shc477c000;
            {7'd41, 5'd11}: return 80'shfffffffffffff6c3c000;
            {7'd41, 5'd12}: return 80'sh620000;
            {7'd41, 5'd13}: return 80'shfffffffffffffffc7000;
            {7'd41, 5'd14}: return 80'sh2000;
            {7'd41, 5'd15}: return 80'sh0;
            {7'd41, 5'd16}: return 80'sh0;
            {7'd41, 5'd17}: return 80'sh0;
            {7'd41, 5'd18}: return 80'sh0;
            {7'd42, 5'd1}: return 80'shffffedf228afbd649000;
            {7'd42, 5'd2}: return 80'sh5fe987da61da000;
            {7'd42, 5'd3}: return 80'shfffffeb254314aa65000;
            {7'd42, 5'd4}: return 80'sh35657da7396000;
            {7'd42, 5'd5}: return 80'shfffffff94c9f4100d000;
            {7'd42, 5'd6}: return 80'shaf9d2d3b4000;
            {7'd42, 5'd7}: return 80'shfffffffff0ef83385000;
            {7'd42, 5'd8}: return 80'sh11a7cad5000;
            {7'd42, 5'd9}: return 80'shffffffffffee1601b000;
            {7'd42, 5'd10}: return 80'shfe519000;
            {7'd42, 5'd11}: return 80'shfffffffffffff3941000;
            {7'd42, 5'd12}: return 80'sh897000;
            {7'd42, 5'd13}: return 80'shfffffffffffffffac000;
            {7'd42, 5'd14}: return 80'sh3000;
            {7'd42, 5'd15}: return 80'sh0;
            {7'd42, 5'd16}: return 80'sh0;
            {7'd42, 5'd17}: return 80'sh0;
            {7'd42, 5'd18}: return 80'sh0;
            {7'd43, 5'd1}: return 80'shffffedf228afbd649000;
            {7'd43, 5'd2}: return 80'sh622b42c46a2d000;
            {7'd43, 5'd3}: return 80'shfffffea227cb12c00000;
            {7'd43, 5'd4}: return 80'sh3966ab9a38d000;
            {7'd43, 5'd5}: return 80'shfffffff89b6588e9e000;
            {7'd43, 5'd6}: return 80'shc716eb546000;
            {7'd43, 5'd7}: return 80'shffffffffee6dd2b07000;
            {7'd43, 5'd8}: return 80'sh15381ddf000;
            {7'd43, 5'd9}: return 80'shffffffffffe9c6d68000;
            {7'd43, 5'd10}: return 80'sh146541000;
            {7'd43, 5'd11}: return 80'shffffffffffffef791000;
            {7'd43, 5'd12}: return 80'shbe3000;
            {7'd43, 5'd13}: return 80'shfffffffffffffff86000;
            {7'd43, 5'd14}: return 80'sh4000;
            {7'd43, 5'd15}: return 80'sh0;
            {7'd43, 5'd16}: return 80'sh0;
            {7'd43, 5'd17}: return 80'sh0;
            {7'd43, 5'd18}: return 80'sh0;
            {7'd44, 5'd1}: return 80'shffffedf228afbd649000;
            {7'd44, 5'd2}: return 80'sh646cfdae7281000;
            {7'd44, 5'd3}: return 80'shfffffe919b1b092d9000;
            {7'd44, 5'd4}: return 80'sh3d98ef2e9a8000;
            {7'd44, 5'd5}: return 80'shfffffff7dd0d01cef000;
            {7'd44, 5'd6}: return 80'she0f51c356000;
            {7'd44, 5'd7}: return 80'shffffffffeb9797e92000;
            {7'd44, 5'd8}: return 80'sh195de85f000;
            {7'd44, 5'd9}: return 80'shffffffffffe49caa5000;
            {7'd44, 5'd10}: return 80'sh19f5a3000;
            {7'd44, 5'd11}: return 80'shffffffffffffea3a2000;
            {7'd44, 5'd12}: return 80'sh1041000;
            {7'd44, 5'd13}: return 80'shfffffffffffffff53000;
            {7'd44, 5'd14}: return 80'sh6000;
            {7'd44, 5'd15}: return 80'sh0;
            {7'd44, 5'd16}: return 80'sh0;
            {7'd44, 5'd17}: return 80'sh0;
            {7'd44, 5'd18}: return 80'sh0;
            {7'd45, 5'd1}: return 80'shffffedf228afbd649000;
            {7'd45, 5'd2}: return 80'sh66aeb8987ad4000;
            {7'd45, 5'd3}: return 80'shfffffe80ae212def2000;
            {7'd45, 5'd4}: return 80'sh41fd6941d37000;
            {7'd45, 5'd5}: return 80'shfffffff710f6cb7c9000;
            {7'd45, 5'd6}: return 80'shfd6483afe000;
            {7'd45, 5'd7}: return 80'shffffffffe86452e99000;
            {7'd45, 5'd8}: return 80'sh1e2c93c6000;
            {7'd45, 5'd9}: return 80'shffffffffffde7426e000;
            {7'd45, 5'd10}: return 80'sh20cb6b000;
            {7'd45, 5'd11}: return 80'shffffffffffffe393b000;
            {7'd45, 5'd12}: return 80'sh15f9000;
            {7'd45, 5'd13}: return 80'shfffffffffffffff0c000;
            {7'd45, 5'd14}: return 80'sh9000;
            {7'd45, 5'd15}: return 80'sh0;
            {7'd45, 5'd16}: return 80'sh0;
            {7'd45, 5'd17}: return 80'sh0;
            {7'd45, 5'd18}: return 80'sh0;
            {7'd46, 5'd1}: return 80'shffffedf228afbd649000;
            {7'd46, 5'd2}: return 80'sh68f073828327000;
            {7'd46, 5'd3}: return 80'shfffffe6f60dd8104a000;
            {7'd46, 5'd4}: return 80'sh46953ab1589000;
            {7'd46, 5'd5}: return 80'shfffffff636806960d000;
            {7'd46, 5'd6}: return 80'sh11c93fd302000;
            {7'd46, 5'd7}: return 80'shffffffffe4cae6ab9000;
            {7'd46, 5'd8}: return 80'sh23b9768f000;
            {7'd46, 5'd9}: return 80'shffffffffffd7256f5000;
            {7'd46, 5'd10}: return 80'sh292439000;
            {7'd46, 5'd11}: return 80'shffffffffffffdb34c000;
            {7'd46, 5'd12}: return 80'sh1d69000;
            {7'd46, 5'd13}: return 80'shffffffffffffffeae000;
            {7'd46, 5'd14}: return 80'she000;
            {7'd46, 5'd15}: return 80'sh0;
            {7'd46, 5'd16}: return 80'sh0;
            {7'd46, 5'd17}: return 80'sh0;
            {7'd46, 5'd18}: return 80'sh0;
            {7'd47, 5'd1}: return 80'shffffedf228afbd649000;
            {7'd47, 5'd2}: return 80'sh6b322e6c8b7b000;
            {7'd47, 5'd3}: return 80'shfffffe5db350026e2000;
            {7'd47, 5'd4}: return 80'sh4b61845a9f0000;
            {7'd47, 5'd5}: return 80'shfffffff54d03c28bb000;
            {7'd47, 5'd6}: return 80'sh13eb487c63000;
            {7'd47, 5'd7}: return 80'shffffffffe0c191da2000;
            {7'd47, 5'd8}: return 80'sh2a1bf766000;
            {7'd47, 5'd9}: return 80'shffffffffffce83af0000;
            {7'd47, 5'd10}: return 80'sh334730000;
            {7'd47, 5'd11}: return 80'shffffffffffffd0bda000;
            {7'd47, 5'd12}: return 80'sh26ff000;
            {7'd47, 5'd13}: return 80'shffffffffffffffe31000;
            {7'd47, 5'd14}: return 80'sh13000;
            {7'd47, 5'd15}: return 80'shfffffffffffffffff000;
            {7'd47, 5'd16}: return 80'sh0;
            {7'd47, 5'd17}: return 80'sh0;
            {7'd47, 5'd18}: return 80'sh0;
            {7'd48, 5'd1}: return 80'shffffedf228afbd649000;
            {7'd48, 5'd2}: return 80'sh6d73e95693ce000;
            {7'd48, 5'd3}: return 80'shfffffe4ba578b22b8000;
            {7'd48, 5'd4}: return 80'sh5063671b1bb000;
            {7'd48, 5'd5}: return 80'shfffffff453d721aec000;
            {7'd48, 5'd6}: return 80'sh163f9522f3000;
            {7'd48, 5'd7}: return 80'shffffffffdc3de767a000;
            {7'd48, 5'd8}: return 80'sh316db1e4000;
            {7'd48, 5'd9}: return 80'shffffffffffc45c9fd000;
            {7'd48, 5'd10}: return 80'sh3f8626000;
            {7'd48, 5'd11}: return 80'shffffffffffffc3bd0000;
            {7'd48, 5'd12}: return 80'sh3344000;
            {7'd48, 5'd13}: return 80'shffffffffffffffd8b000;
            {7'd48, 5'd14}: return 80'sh1b000;
            {7'd48, 5'd15}: return 80'shfffffffffffffffff000;
            {7'd48, 5'd16}: return 80'sh0;
            {7'd48, 5'd17}: return 80'sh0;
            {7'd48, 5'd18}: return 80'sh0;
            {7'd49, 5'd1}: return 80'shffffedf228afbd649000;
            {7'd49, 5'd2}: return 80'sh6fb5a4409c22000;
            {7'd49, 5'd3}: return 80'shfffffe393757903cd000;
            {7'd49, 5'd4}: return 80'sh559c03d043a000;
            {7'd49, 5'd5}: return 80'shfffffff34a4d351d7000;
            {7'd49, 5'd6}: return 80'sh18c97c6dea000;
            {7'd49, 5'd7}: return 80'shffffffffd734c6fa3000;
            {7'd49, 5'd8}: return 80'sh39ca9cf9000;
            {7'd49, 5'd9}: return 80'shffffffffffb878089000;
            {7'd49, 5'd10}: return 80'sh4e3ee8000;
            {7'd49, 5'd11}: return 80'shffffffffffffb3adc000;
            {7'd49, 5'd12}: return 80'sh42da000;
            {7'd49, 5'd13}: return 80'shffffffffffffffcb2000;
            {7'd49, 5'd14}: return 80'sh26000;
            {7'd49, 5'd15}: return 80'shffffffffffffffffe000;
            {7'd49, 5'd16}: return 80'sh0;
            {7'd49, 5'd17}: return 80'sh0;
            {7'd49, 5'd18}: return 80'sh0;
            {7'd50, 5'd1}: return 80'shffffedf228afbd649000;
            {7'd50, 5'd2}: return 80'sh71f75f2aa475000;
            {7'd50, 5'd3}: return 80'shfffffe2668ec9ca22000;
            {7'd50, 5'd4}: return 80'sh5b0c7b578bf000;
            {7'd50, 5'd5}: return 80'shfffffff22fb50eccf000;
            {7'd50, 5'd6}: return 80'sh1b8c798077000;
            {7'd50, 5'd7}: return 80'shffffffffd19a552eb000;
            {7'd50, 5'd8}: return 80'sh435132f7000;
            {7'd50, 5'd9}: return 80'shffffffffffaa9732a000;
            {7'd50, 5'd10}: return 80'sh5fdca2000;
            {7'd50, 5'd11}: return 80'shffffffffffff9ff3f000;
            {7'd50, 5'd12}: return 80'sh5686000;
            {7'd50, 5'd13}: return 80'shffffffffffffffb98000;
            {7'd50, 5'd14}: return 80'sh34000;
            {7'd50, 5'd15}: return 80'shffffffffffffffffe000;
            {7'd50, 5'd16}: return 80'sh0;
            {7'd50, 5'd17}: return 80'sh0;
            {7'd50, 5'd18}: return 80'sh0;
            {7'd51, 5'd1}: return 80'shffffedf228afbd649000;
            {7'd51, 5'd2}: return 80'sh74391a14acc9000;
            {7'd51, 5'd3}: return 80'shfffffe133a37d75b5000;
            {7'd51, 5'd4}: return 80'sh60b5ee8e698000;
            {7'd51, 5'd5}: return 80'shfffffff1035a24540000;
            {7'd51, 5'd6}: return 80'sh1e8c2cba57000;
            {7'd51, 5'd7}: return 80'shffffffffcb61f3b2e000;
            {7'd51, 5'd8}: return 80'sh4e229b5b000;
            {7'd51, 5'd9}: return 80'shffffffffff9a7455f000;
            {7'd51, 5'd10}: return 80'sh74d966000;
            {7'd51, 5'd11}: return 80'shffffffffffff87d99000;
            {7'd51, 5'd12}: return 80'sh6f35000;
            {7'd51, 5'd13}: return 80'shffffffffffffffa2d000;
            {7'd51, 5'd14}: return 80'sh47000;
            {7'd51, 5'd15}: return 80'shffffffffffffffffd000;
            {7'd51, 5'd16}: return 80'sh0;
            {7'd51, 5'd17}: return 80'sh0;
            {7'd51, 5'd18}: return 80'sh0;
            {7'd52, 5'd1}: return 80'shffffedf228afbd649000;
            {7'd52, 5'd2}: return 80'sh767ad4feb51c000;
            {7'd52, 5'd3}: return 80'shfffffdffab3940688000;
            {7'd52, 5'd4}: return 80'sh66997e52517000;
            {7'd52, 5'd5}: return 80'shffffffefc4844eeb5000;
            {7'd52, 5'd6}: return 80'sh21cc5c7864000;
            {7'd52, 5'd7}: return 80'shffffffffc47e39362000;
            {7'd52, 5'd8}: return 80'sh5a62d653000;
            {7'd52, 5'd9}: return 80'shffffffffff87c1fc5000;
            {7'd52, 5'd10}: return 80'sh8dbfd3000;
            {7'd52, 5'd11}: return 80'shffffffffffff6a8b1000;
            {7'd52, 5'd12}: return 80'sh8dfe000;
            {7'd52, 5'd13}: return 80'shffffffffffffff85c000;
            {7'd52, 5'd14}: return 80'sh60000;
            {7'd52, 5'd15}: return 80'shffffffffffffffffc000;
            {7'd52, 5'd16}: return 80'sh0;
            {7'd52, 5'd17}: return 80'sh0;
            {7'd52, 5'd18}: return 80'sh0;
            {7'd53, 5'd1}: return 80'shffffedf228afbd649000;
            {7'd53, 5'd2}: return 80'sh78bc8fe8bd6f000;
            {7'd53, 5'd3}: return 80'shfffffdebbbf0d7c9a000;
            {7'd53, 5'd4}: return 80'sh6cb84b80b8c000;
            {7'd53, 5'd5}: return 80'shffffffee7277cb6d3000;
            {7'd53, 5'd6}: return 80'sh2550f5d52f000;
            {7'd53, 5'd7}: return 80'shffffffffbce0e930a000;
            {7'd53, 5'd8}: return 80'sh6838ea07000;
            {7'd53, 5'd9}: return 80'shffffffffff722a5a7000;
            {7'd53, 5'd10}: return 80'shab2ce1000;
            {7'd53, 5'd11}: return 80'shffffffffffff47136000;
            {7'd53, 5'd12}: return 80'shb42e000;
            {7'd53, 5'd13}: return 80'shffffffffffffff60b000;
            {7'd53, 5'd14}: return 80'sh80000;
            {7'd53, 5'd15}: return 80'shffffffffffffffffa000;
            {7'd53, 5'd16}: return 80'sh0;
            {7'd53, 5'd17}: return 80'sh0;
            {7'd53, 5'd18}: return 80'sh0;
            {7'd54, 5'd1}: return 80'shffffedf228afbd649000;
            {7'd54, 5'd2}: return 80'sh7afe4ad2c5c3000;
            {7'd54, 5'd3}: return 80'shfffffdd76c5e9d7eb000;
            {7'd54, 5'd4}: return 80'sh731376f7146000;
            {7'd54, 5'd5}: return 80'shffffffed0c753a55b000;
            {7'd54, 5'd6}: return 80'sh291e0d698c000;
            {7'd54, 5'd7}: return 80'shffffffffb47aeb81a000;
            {7'd54, 5'd8}: return 80'sh77cf11be000;
            {7'd54, 5'd9}: return 80'shffffffffff594e9e7000;
            {7'd54, 5'd10}: return 80'shcdd1d9000;
            {7'd54, 5'd11}: return 80'shffffffffffff1c576000;
            {7'd54, 5'd12}: return 80'she34e000;
            {7'd54, 5'd13}: return 80'shffffffffffffff31e000;
            {7'd54, 5'd14}: return 80'shab000;
            {7'd54, 5'd15}: return 80'shffffffffffffffff8000;
            {7'd54, 5'd16}: return 80'sh0;
            {7'd54, 5'd17}: return 80'sh0;
            {7'd54, 5'd18}: return 80'sh0;
            {7'd55, 5'd1}: return 80'shffffedf228afbd649000;
            {7'd55, 5'd2}: return 80'sh7d4005bcce16000;
            {7'd55, 5'd3}: return 80'shfffffdc2bc829187b000;
            {7'd55, 5'd4}: return 80'sh79ac2192d97000;
            {7'd55, 5'd5}: return 80'shffffffeb91b99fc2a000;
            {7'd55, 5'd6}: return 80'sh2d37e00d2c000;
            {7'd55, 5'd7}: return 80'shffffffffab3c43e47000;
            {7'd55, 5'd8}: return 80'sh8952eecf000;
            {7'd55, 5'd9}: return 80'shffffffffff3cc6347000;
            {7'd55, 5'd10}: return 80'shf6766d000;
            {7'd55, 5'd11}: return 80'shfffffffffffee9113000;
            {7'd55, 5'd12}: return 80'sh11d2c000;
            {7'd55, 5'd13}: return 80'shfffffffffffffef70000;
            {7'd55, 5'd14}: return 80'she1000;
            {7'd55, 5'd15}: return 80'shffffffffffffffff5000;
            {7'd55, 5'd16}: return 80'sh0;
            {7'd55, 5'd17}: return 80'sh0;
            {7'd55, 5'd18}: return 80'sh0;
            {7'd56, 5'd1}: return 80'shffffedf228afbd649000;
            {7'd56, 5'd2}: return 80'sh7f81c0a6d66a000;
            {7'd56, 5'd3}: return 80'shfffffdadac5cb3e4b000;
            {7'd56, 5'd4}: return 80'sh80836c317ce000;
            {7'd56, 5'd5}: return 80'shffffffea017e63739000;
            {7'd56, 5'd6}: return 80'sh31a2d3972f000;
            {7'd56, 5'd7}: return 80'shffffffffa114093bd000;
            {7'd56, 5'd8}: return 80'sh9cf5bb80000;
            {7'd56, 5'd9}: return 80'shffffffffff1c1dff1000;
            {7'd56, 5'd10}: return 80'sh125fb03000;
            {7'd56, 5'd11}: return 80'shfffffffffffeabcad000;
            {7'd56, 5'd12}: return 80'sh163e9000;
            {7'd56, 5'd13}: return 80'shfffffffffffffead4000;
            {7'd56, 5'd14}: return 80'sh127000;
            {7'd56, 5'd15}: return 80'shffffffffffffffff1000;
            {7'd56, 5'd16}: return 80'sh1000;
            {7'd56, 5'd17}: return 80'sh0;
            {7'd56, 5'd18}: return 80'sh0;
            {7'd57, 5'd1}: return 80'shffffedf228afbd649000;
            {7'd57, 5'd2}: return 80'sh81c37b90debd000;
            {7'd57, 5'd3}: return 80'shfffffd983bed04959000;
            {7'd57, 5'd4}: return 80'sh879a77b073c000;
            {7'd57, 5'd5}: return 80'shffffffe85af950c9d000;
            {7'd57, 5'd6}: return 80'sh3663779eb4000;
            {7'd57, 5'd7}: return 80'shffffffff95f05cb49000;
            {7'd57, 5'd8}: return 80'shb2ec7fca000;
            {7'd57, 5'd9}: return 80'shfffffffffef6d7857000;
            {7'd57, 5'd10}: return 80'sh15d5b2b000;
            {7'd57, 5'd11}: return 80'shfffffffffffe62d83000;
            {7'd57, 5'd12}: return 80'sh1b9fe000;
            {7'd57, 5'd13}: return 80'shfffffffffffffe518000;
            {7'd57, 5'd14}: return 80'sh180000;
            {7'd57, 5'd15}: return 80'shfffffffffffffffec000;
            {7'd57, 5'd16}: return 80'sh1000;
            {7'd57, 5'd17}: return 80'sh0;
            {7'd57, 5'd18}: return 80'sh0;
            {7'd58, 5'd1}: return 80'shffffedf228afbd649000;
            {7'd58, 5'd2}: return 80'sh8405367ae711000;
            {7'd58, 5'd3}: return 80'shfffffd826b33839a7000;
            {7'd58, 5'd4}: return 80'sh8ef264ed331000;
            {7'd58, 5'd5}: return 80'shffffffe69d5c96c86000;
            {7'd58, 5'd6}: return 80'sh3b7e863b72000;
            {7'd58, 5'd7}: return 80'shffffffff89be60be6000;
            {7'd58, 5'd8}: return 80'shcb704817000;
            {7'd58, 5'd9}: return 80'shfffffffffecc68148000;
            {7'd58, 5'd10}: return 80'sh19db044000;
            {7'd58, 5'd11}: return 80'shfffffffffffe0c50d000;
            {7'd58, 5'd12}: return 80'sh2224f000;
            {7'd58, 5'd13}: return 80'shfffffffffffffddfe000;
            {7'd58, 5'd14}: return 80'sh1f0000;
            {7'd58, 5'd15}: return 80'shfffffffffffffffe6000;
            {7'd58, 5'd16}: return 80'sh1000;
            {7'd58, 5'd17}: return 80'sh0;
            {7'd58, 5'd18}: return 80'sh0;
            {7'd59, 5'd1}: return 80'shffffedf228afbd649000;
            {7'd59, 5'd2}: return 80'sh8646f164ef64000;
            {7'd59, 5'd3}: return 80'shfffffd6c3a3030f34000;
            {7'd59, 5'd4}: return 80'sh968c54c52fd000;
            {7'd59, 5'd5}: return 80'shffffffe4c7d6c8140000;
            {7'd59, 5'd6}: return 80'sh40f8e4c649000;
            {7'd59, 5'd7}: return 80'shffffffff7c6a2fdbc000;
            {7'd59, 5'd8}: return 80'she6be5dfd000;
            {7'd59, 5'd9}: return 80'shfffffffffe9c37d44000;
            {7'd59, 5'd10}: return 80'sh1e8345b000;
            {7'd59, 5'd11}: return 80'shfffffffffffda6088000;
            {7'd59, 5'd12}: return 80'sh2a038000;
            {7'd59, 5'd13}: return 80'shfffffffffffffd53c000;
            {7'd59, 5'd14}: return 80'sh27e000;
            {7'd59, 5'd15}: return 80'shfffffffffffffffde000;
            {7'd59, 5'd16}: return 80'sh2000;
            {7'd59, 5'd17}: return 80'sh0;
            {7'd59, 5'd18}: return 80'sh0;
            {7'd60, 5'd1}: return 80'shffffedf228afbd649000;
            {7'd60, 5'd2}: return 80'sh8888ac4ef7b7000;
            {7'd60, 5'd3}: return 80'shfffffd55a8e30c9ff000;
            {7'd60, 5'd4}: return 80'sh9e696815df1000;
            {7'd60, 5'd5}: return 80'shffffffe2d992daf34000;
            {7'd60, 5'd6}: return 80'sh46d7a499d5000;
            {7'd60, 5'd7}: return 80'shffffffff6dded348a000;
            {7'd60, 5'd8}: return 80'sh1051882fc000;
            {7'd60, 5'd9}: return 80'shfffffffffe65a0d02000;
            {7'd60, 5'd10}: return 80'sh23e4536000;
            {7'd60, 5'd11}: return 80'shfffffffffffd2d87b000;
            {7'd60, 5'd12}: return 80'sh3379a000;
            {7'd60, 5'd13}: return 80'shfffffffffffffca7b000;
            {7'd60, 5'd14}: return 80'sh331000;
            {7'd60, 5'd15}: return 80'shfffffffffffffffd3000;
            {7'd60, 5'd16}: return 80'sh2000;
            {7'd60, 5'd17}: return 80'sh0;
            {7'd60, 5'd18}: return 80'sh0;
            {7'd61, 5'd1}: return 80'shffffedf228afbd649000;
            {7'd61, 5'd2}: return 80'sh8aca6739000b000;
            {7'd61, 5'd3}: return 80'shfffffd3eb74c16a0a000;
            {7'd61, 5'd4}: return 80'sha68abfbcb5c000;
            {7'd61, 5'd5}: return 80'shffffffe0d1b8294e5000;
            {7'd61, 5'd6}: return 80'sh4d2003d302000;
            {7'd61, 5'd7}: return 80'shffffffff5e0639777000;
            {7'd61, 5'd8}: return 80'sh126c52d4f000;
            {7'd61, 5'd9}: return 80'shfffffffffe27edf21000;
            {7'd61, 5'd10}: return 80'sh2a167a3000;
            {7'd61, 5'd11}: return 80'shfffffffffffca0030000;
            {7'd61, 5'd12}: return 80'sh3ecf4000;
            {7'd61, 5'd13}: return 80'shfffffffffffffbd55000;
            {7'd61, 5'd14}: return 80'sh40f000;
            {7'd61, 5'd15}: return 80'shfffffffffffffffc6000;
            {7'd61, 5'd16}: return 80'sh3000;
            {7'd61, 5'd17}: return 80'sh0;
            {7'd61, 5'd18}: return 80'sh0;
            {7'd62, 5'd1}: return 80'shffffedf228afbd649000;
            {7'd62, 5'd2}: return 80'sh8d0c2223085e000;
            {7'd62, 5'd3}: return 80'shfffffd27656b4ef55000;
            {7'd62, 5'd4}: return 80'shaef17c9728f000;
            {7'd62, 5'd5}: return 80'shffffffdeaf6a70af2000;
            {7'd62, 5'd6}: return 80'sh53d76e11a2000;
            {7'd62, 5'd7}: return 80'shffffffff4cc92c657000;
            {7'd62, 5'd8}: return 80'sh14c0fc6d8000;
            {7'd62, 5'd9}: return 80'shfffffffffde259eff000;
            {7'd62, 5'd10}: return 80'sh3134afb000;
            {7'd62, 5'd11}: return 80'shfffffffffffbfa51d000;
            {7'd62, 5'd12}: return 80'sh4c571000;
            {7'd62, 5'd13}: return 80'shfffffffffffffad52000;
            {7'd62, 5'd14}: return 80'sh523000;
            {7'd62, 5'd15}: return 80'shfffffffffffffffb5000;
            {7'd62, 5'd16}: return 80'sh4000;
            {7'd62, 5'd17}: return 80'sh0;
            {7'd62, 5'd18}: return 80'sh0;
            {7'd63, 5'd1}: return 80'shffffedf228afbd649000;
            {7'd63, 5'd2}: return 80'sh8f4ddd0d10b2000;
            {7'd63, 5'd3}: return 80'shfffffd0fb340b59de000;
            {7'd63, 5'd4}: return 80'shb79ebf82adb000;
            {7'd63, 5'd5}: return 80'shffffffdc71c9d2417000;
            {7'd63, 5'd6}: return 80'sh5b037d38fd000;
            {7'd63, 5'd7}: return 80'shffffffff3a0f47c51000;
            {7'd63, 5'd8}: return 80'sh17548ee2d000;
            {7'd63, 5'd9}: return 80'shfffffffffd940e2a6000;
            {7'd63, 5'd10}: return 80'sh395cce7000;
            {7'd63, 5'd11}: return 80'shfffffffffffb38e48000;
            {7'd63, 5'd12}: return 80'sh5c702000;
            {7'd63, 5'd13}: return 80'shfffffffffffff99e6000;
            {7'd63, 5'd14}: return 80'sh679000;
            {7'd63, 5'd15}: return 80'shfffffffffffffff9f000;
            {7'd63, 5'd16}: return 80'sh5000;
            {7'd63, 5'd17}: return 80'sh0;
            {7'd63, 5'd18}: return 80'sh0;
            {7'd64, 5'd1}: return 80'shffffedf228afbd649000;
            {7'd64, 5'd2}: return 80'sh918f97f71905000;
            {7'd64, 5'd3}: return 80'shfffffcf7a0cc4a9a6000;
            {7'd64, 5'd4}: return 80'shc093a95cb8f000;
            {7'd64, 5'd5}: return 80'shffffffda17f2d2d2c000;
            {7'd64, 5'd6}: return 80'sh62a9fa3067000;
            {7'd64, 5'd7}: return 80'shffffffff25beeeffd000;
            {7'd64, 5'd8}: return 80'sh1a2c6b9cc000;
            {7'd64, 5'd9}: return 80'shfffffffffd3c217d8000;
            {7'd64, 5'd10}: return 80'sh42afd6c000;
            {7'd64, 5'd11}: return 80'shfffffffffffa57b91000;
            {7'd64, 5'd12}: return 80'sh6f875000;
            {7'd64, 5'd13}: return 80'shfffffffffffff826d000;
            {7'd64, 5'd14}: return 80'sh81f000;
            {7'd64, 5'd15}: return 80'shfffffffffffffff84000;
            {7'd64, 5'd16}: return 80'sh7000;
            {7'd64, 5'd17}: return 80'sh0;
            {7'd64, 5'd18}: return 80'sh0;
            {7'd65, 5'd1}: return 80'shffffedf228afbd649000;
            {7'd65, 5'd2}: return 80'sh93d152e12159000;
            {7'd65, 5'd3}: return 80'shfffffcdf2e0e0deae000;
            {7'd65, 5'd4}: return 80'shc9d15b02bfb000;
            {7'd65, 5'd5}: return 80'shffffffd7a0fe5ad23000;
            {7'd65, 5'd6}: return 80'sh6ad0dda3d2000;
            {7'd65, 5'd7}: return 80'shffffffff0fbd430e3000;
            {7'd65, 5'd8}: return 80'sh1d4e4fd8a000;
            {7'd65, 5'd9}: return 80'shfffffffffcd997022000;
            {7'd65, 5'd10}: return 80'sh4d52337000;
            {7'd65, 5'd11}: return 80'shfffffffffff9524f6000;
            {7'd65, 5'd12}: return 80'sh86192000;
            {7'd65, 5'd13}: return 80'shfffffffffffff6628000;
            {7'd65, 5'd14}: return 80'sha24000;
            {7'd65, 5'd15}: return 80'shfffffffffffffff62000;
            {7'd65, 5'd16}: return 80'sh9000;
            {7'd65, 5'd17}: return 80'sh0;
            {7'd65, 5'd18}: return 80'sh0;
            {7'd66, 5'd1}: return 80'shffffedf228afbd649000;
            {7'd66, 5'd2}: return 80'sh96130dcb29ac000;
            {7'd66, 5'd3}: return 80'shfffffcc65b05ff8f4000;
            {7'd66, 5'd4}: return 80'shd358f552371000;
            {7'd66, 5'd5}: return 80'shffffffd50c01b650b000;
            {7'd66, 5'd6}: return 80'sh737e50c466000;
            {7'd66, 5'd7}: return 80'shfffffffef7ee1826b000;
            {7'd66, 5'd8}: return 80'sh20c059238000;
            {7'd66, 5'd9}: return 80'shfffffffffc6b5cbf0000;
            {7'd66, 5'd10}: return 80'sh596c032000;
            {7'd66, 5'd11}: return 80'shfffffffffff8239c5000;
            {7'd66, 5'd12}: return 80'sha0b38000;
            {7'd66, 5'd13}: return 80'shfffffffffffff443a000;
            {7'd66, 5'd14}: return 80'shc9d000;
            {7'd66, 5'd15}: return 80'shfffffffffffffff38000;
            {7'd66, 5'd16}: return 80'shc000;
            {7'd66, 5'd17}: return 80'shfffffffffffffffff000;
            {7'd66, 5'd18}: return 80'sh0;
            {7'd67, 5'd1}: return 80'shffffedf228afbd649000;
            {7'd67, 5'd2}: return 80'sh9854c8b531ff000;
            {7'd67, 5'd3}: return 80'shfffffcad27b41f87a000;
            {7'd67, 5'd4}: return 80'shdd2b9928940000;
            {7'd67, 5'd5}: return 80'shffffffd2580e9500f000;
            {7'd67, 5'd6}: return 80'sh7cb8ae090d000;
            {7'd67, 5'd7}: return 80'shfffffffede33eb43a000;
            {7'd67, 5'd8}: return 80'sh248909f97000;
            {7'd67, 5'd9}: return 80'shfffffffffbf04a4a9000;
            {7'd67, 5'd10}: return 80'sh672966f000;
            {7'd67, 5'd11}: return 80'shfffffffffff6c5fba000;
            {7'd67, 5'd12}: return 80'shbff7f000;
            {7'd67, 5'd13}: return 80'shfffffffffffff1ba1000;
            {7'd67, 5'd14}: return 80'shf9f000;
            {7'd67, 5'd15}: return 80'shfffffffffffffff03000;
            {7'd67, 5'd16}: return 80'shf000;
            {7'd67, 5'd17}: return 80'shfffffffffffffffff000;
            {7'd67, 5'd18}: return 80'sh0;
            {7'd68, 5'd1}: return 80'shffffedf228afbd649000;
            {7'd68, 5'd2}: return 80'sh9a96839f3a53000;
            {7'd68, 5'd3}: return 80'shfffffc9394186dd3f000;
            {7'd68, 5'd4}: return 80'she74a67634b9000;
            {7'd68, 5'd5}: return 80'shffffffcf84330a374000;
            {7'd68, 5'd6}: return 80'sh868681ef0e000;
            {7'd68, 5'd7}: return 80'shfffffffec26fd77f6000;
            {7'd68, 5'd8}: return 80'sh28af4e892000;
            {7'd68, 5'd9}: return 80'shfffffffffb671f5b9000;
            {7'd68, 5'd10}: return 80'sh76bad57000;
            {7'd68, 5'd11}: return 80'shfffffffffff53320d000;
            {7'd68, 5'd12}: return 80'she49df000;
            {7'd68, 5'd13}: return 80'shffffffffffffeeb36000;
            {7'd68, 5'd14}: return 80'sh1347000;
            {7'd68, 5'd15}: return 80'shffffffffffffffec2000;
            {7'd68, 5'd16}: return 80'sh13000;
            {7'd68, 5'd17}: return 80'shfffffffffffffffff000;
            {7'd68, 5'd18}: return 80'sh0;
            {7'd69, 5'd1}: return 80'shffffedf228afbd649000;
            {7'd69, 5'd2}: return 80'sh9cd83e8942a6000;
            {7'd69, 5'd3}: return 80'shfffffc79a032ea743000;
            {7'd69, 5'd4}: return 80'shf1b680dfd2c000;
            {7'd69, 5'd5}: return 80'shffffffcc8f798ce9e000;
            {7'd69, 5'd6}: return 80'sh90ee8bba9b000;
            {7'd69, 5'd7}: return 80'shfffffffea4818b47a000;
            {7'd69, 5'd8}: return 80'sh2d3a819d8000;
            {7'd69, 5'd9}: return 80'shffffffffface82486000;
            {7'd69, 5'd10}: return 80'sh8855737000;
            {7'd69, 5'd11}: return 80'shfffffffffff36406c000;
            {7'd69, 5'd12}: return 80'sh10f755000;
            {7'd69, 5'd13}: return 80'shffffffffffffeb1a3000;
            {7'd69, 5'd14}: return 80'sh17b3000;
            {7'd69, 5'd15}: return 80'shffffffffffffffe72000;
            {7'd69, 5'd16}: return 80'sh18000;
            {7'd69, 5'd17}: return 80'shfffffffffffffffff000;
            {7'd69, 5'd18}: return 80'sh0;
            {7'd70, 5'd1}: return 80'shffffedf228afbd649000;
            {7'd70, 5'd2}: return 80'sh9f19f9734afa000;
            {7'd70, 5'd3}: return 80'shfffffc5f4c0395686000;
            {7'd70, 5'd4}: return 80'shfc71067b9e8000;
            {7'd70, 5'd5}: return 80'shffffffc978e8f7b0a000;
            {7'd70, 5'd6}: return 80'sh9bf7be376b000;
            {7'd70, 5'd7}: return 80'shfffffffe84473d673000;
            {7'd70, 5'd8}: return 80'sh323271ad1000;
            {7'd70, 5'd9}: return 80'shfffffffffa24fe74e000;
            {7'd70, 5'd10}: return 80'sh9c33725000;
            {7'd70, 5'd11}: return 80'shfffffffffff150de0000;
            {7'd70, 5'd12}: return 80'sh14168f000;
            {7'd70, 5'd13}: return 80'shffffffffffffe6d60000;
            {7'd70, 5'd14}: return 80'sh1d08000;
            {7'd70, 5'd15}: return 80'shffffffffffffffe10000;
            {7'd70, 5'd16}: return 80'sh1f000;
            {7'd70, 5'd17}: return 80'shffffffffffffffffe000;
            {7'd70, 5'd18}: return 80'sh0;
            {7'd71, 5'd1}: return 80'shffffedf228afbd649000;
            {7'd71, 5'd2}: return 80'sha15bb45d534d000;
            {7'd71, 5'd3}: return 80'shfffffc44978a6eb09000;
            {7'd71, 5'd4}: return 80'sh1077b191423f000;
            {7'd71, 5'd5}: return 80'shffffffc63f8488c53000;
            {7'd71, 5'd6}: return 80'sha7a9407945000;
            {7'd71, 5'd7}: return 80'shfffffffe619da1e6b000;
            {7'd71, 5'd8}: return 80'sh379f66102000;
            {7'd71, 5'd9}: return 80'shfffffffff96902ae1000;
            {7'd71, 5'd10}: return 80'shb29473b000;
            {7'd71, 5'd11}: return 80'shffffffffffeef0f9c000;
            {7'd71, 5'd12}: return 80'sh17b820000;
            {7'd71, 5'd13}: return 80'shffffffffffffe1cab000;
            {7'd71, 5'd14}: return 80'sh2371000;
            {7'd71, 5'd15}: return 80'shffffffffffffffd98000;
            {7'd71, 5'd16}: return 80'sh27000;
            {7'd71, 5'd17}: return 80'shffffffffffffffffe000;
            {7'd71, 5'd18}: return 80'sh0;
            {7'd72, 5'd1}: return 80'shffffedf228afbd649000;
            {7'd72, 5'd2}: return 80'sha39d6f475ba1000;
            {7'd72, 5'd3}: return 80'shfffffc2982c7764ca000;
            {7'd72, 5'd4}: return 80'sh112d5d986d81000;
            {7'd72, 5'd5}: return 80'shffffffc2e24be202c000;
            {7'd72, 5'd6}: return 80'shb40a6e9c9d000;
            {7'd72, 5'd7}: return 80'shfffffffe3c5fdec3f000;
            {7'd72, 5'd8}: return 80'sh3d8a245e1000;
            {7'd72, 5'd9}: return 80'shfffffffff898df72a000;
            {7'd72, 5'd10}: return 80'shcbbdf38000;
            {7'd72, 5'd11}: return 80'shffffffffffec3abb5000;
            {7'd72, 5'd12}: return 80'sh1beeb4000;
            {7'd72, 5'd13}: return 80'shffffffffffffdbd81000;
            {7'd72, 5'd14}: return 80'sh2b20000;
            {7'd72, 5'd15}: return 80'shffffffffffffffd06000;
            {7'd72, 5'd16}: return 80'sh31000;
            {7'd72, 5'd17}: return 80'shffffffffffffffffd000;
            {7'd72, 5'd18}: return 80'sh0;
            {7'd73, 5'd1}: return 80'shffffedf228afbd649000;
            {7'd73, 5'd2}: return 80'sha5df2a3163f4000;
            {7'd73, 5'd3}: return 80'shfffffc0e0dbaac3cb000;
            {7'd73, 5'd4}: return 80'sh11e8268b12fd000;
            {7'd73, 5'd5}: return 80'shffffffbf603b08e69000;
            {7'd73, 5'd6}: return 80'shc122da871f000;
            {7'd73, 5'd7}: return 80'shfffffffe1467807fc000;
            {7'd73, 5'd8}: return 80'sh43fbf5f2b000;
            {7'd73, 5'd9}: return 80'shfffffffff7b2c5284000;
            {7'd73, 5'd10}: return 80'she7fbb86000;
            {7'd73, 5'd11}: return 80'shffffffffffe9237c0000;
            {7'd73, 5'd12}: return 80'sh20cf48000;
            {7'd73, 5'd13}: return 80'shffffffffffffd4d95000;
            {7'd73, 5'd14}: return 80'sh344f000;
            {7'd73, 5'd15}: return 80'shffffffffffffffc54000;
            {7'd73, 5'd16}: return 80'sh3d000;
            {7'd73, 5'd17}: return 80'shffffffffffffffffc000;
            {7'd73, 5'd18}: return 80'sh0;
            {7'd74, 5'd1}: return 80'shffffedf228afbd649000;
            {7'd74, 5'd2}: return 80'sha820e51b6c47000;
            {7'd74, 5'd3}: return 80'shfffffbf238641080a000;
            {7'd74, 5'd4}: return 80'sh12a81e770a05000;
            {7'd74, 5'd5}: return 80'shffffffbbb84a668f5000;
            {7'd74, 5'd6}: return 80'shcefa4ca84b000;
            {7'd74, 5'd7}: return 80'shfffffffde98c6e834000;
            {7'd74, 5'd8}: return 80'sh4afead9b7000;
            {7'd74, 5'd9}: return 80'shfffffffff6b4c23d5000;
            {7'd74, 5'd10}: return 80'sh107a04a8000;
            {7'd74, 5'd11}: return 80'shffffffffffe59f757000;
            {7'd74, 5'd12}: return 80'sh26716a000;
            {7'd74, 5'd13}: return 80'shffffffffffffcca49000;
            {7'd74, 5'd14}: return 80'sh3f41000;
            {7'd74, 5'd15}: return 80'shffffffffffffffb7d000;
            {7'd74, 5'd16}: return 80'sh4d000;
            {7'd74, 5'd17}: return 80'shffffffffffffffffb000;
            {7'd74, 5'd18}: return 80'sh0;
            {7'd75, 5'd1}: return 80'shffffedf228afbd649000;
            {7'd75, 5'd2}: return 80'shaa62a005749b000;
            {7'd75, 5'd3}: return 80'shfffffbd602c3a3189000;
            {7'd75, 5'd4}: return 80'sh136d576a29e8000;
            {7'd75, 5'd5}: return 80'shffffffb7e96ec7bdb000;
            {7'd75, 5'd6}: return 80'shdd98c4ba01000;
            {7'd75, 5'd7}: return 80'shfffffffdbba4df5ae000;
            {7'd75, 5'd8}: return 80'sh529cad6de000;
            {7'd75, 5'd9}: return 80'shfffffffff59cc1358000;
            {7'd75, 5'd10}: return 80'sh12b05714000;
            {7'd75, 5'd11}: return 80'shffffffffffe1a1a81000;
            {7'd75, 5'd12}: return 80'sh2cef7f000;
            {7'd75, 5'd13}: return 80'shffffffffffffc30a3000;
            {7'd75, 5'd14}: return 80'sh4c43000;
            {7'd75, 5'd15}: return 80'shffffffffffffffa79000;
            {7'd75, 5'd16}: return 80'sh5f000;
            {7'd75, 5'd17}: return 80'shffffffffffffffffa000;
            {7'd75, 5'd18}: return 80'sh0;
            {7'd76, 5'd1}: return 80'shffffedf228afbd649000;
            {7'd76, 5'd2}: return 80'shaca45aef7cee000;
            {7'd76, 5'd3}: return 80'shfffffbb96cd964047000;
            {7'd76, 5'd4}: return 80'sh1437e37249f6000;
            {7'd76, 5'd5}: return 80'shffffffb3f2995cd3e000;
            {7'd76, 5'd6}: return 80'shed067a811a000;
            {7'd76, 5'd7}: return 80'shfffffffd8a854cc93000;
            {7'd76, 5'd8}: return 80'sh5ae0ecc78000;
            {7'd76, 5'd9}: return 80'shfffffffff46886a22000;
            {7'd76, 5'd10}: return 80'sh1528cb87000;
            {7'd76, 5'd11}: return 80'shffffffffffdd1bbff000;
            {7'd76, 5'd12}: return 80'sh34670c000;
            {7'd76, 5'd13}: return 80'shffffffffffffb7d41000;
            {7'd76, 5'd14}: return 80'sh5bae000;
            {7'd76, 5'd15}: return 80'shffffffffffffff941000;
            {7'd76, 5'd16}: return 80'sh76000;
            {7'd76, 5'd17}: return 80'shffffffffffffffff8000;
            {7'd76, 5'd18}: return 80'sh0;
            {7'd77, 5'd1}: return 80'shffffedf228afbd649000;
            {7'd77, 5'd2}: return 80'shaee615d98542000;
            {7'd77, 5'd3}: return 80'shfffffb9c76a553444000;
            {7'd77, 5'd4}: return 80'sh1507d49d4181000;
            {7'd77, 5'd5}: return 80'shffffffafd2b7b9d60000;
            {7'd77, 5'd6}: return 80'shfd4bde8df8000;
            {7'd77, 5'd7}: return 80'shfffffffd560067af6000;
            {7'd77, 5'd8}: return 80'sh63d6fe77c000;
            {7'd77, 5'd9}: return 80'shfffffffff315af043000;
            {7'd77, 5'd10}: return 80'sh17e9ffc4000;
            {7'd77, 5'd11}: return 80'shffffffffffd7fdf79000;
            {7'd77, 5'd12}: return 80'sh3cf90a000;
            {7'd77, 5'd13}: return 80'shffffffffffffaac4f000;
            {7'd77, 5'd14}: return 80'sh6dea000;
            {7'd77, 5'd15}: return 80'shffffffffffffff7c9000;
            {7'd77, 5'd16}: return 80'sh92000;
            {7'd77, 5'd17}: return 80'shffffffffffffffff6000;
            {7'd77, 5'd18}: return 80'sh1000;
            {7'd78, 5'd1}: return 80'shffffedf228afbd649000;
            {7'd78, 5'd2}: return 80'shb127d0c38d95000;
            {7'd78, 5'd3}: return 80'shfffffb7f202770d80000;
            {7'd78, 5'd4}: return 80'sh15dd3cf8e7d8000;
            {7'd78, 5'd5}: return 80'shffffffab88b3d669c000;
            {7'd78, 5'd6}: return 80'sh10e719afd1e000;
            {7'd78, 5'd7}: return 80'shfffffffd1de70bcd7000;
            {7'd78, 5'd8}: return 80'sh6d8b17144000;
            {7'd78, 5'd9}: return 80'shfffffffff1a1ac988000;
            {7'd78, 5'd10}: return 80'sh1afb1fde000;
            {7'd78, 5'd11}: return 80'shffffffffffd236f85000;
            {7'd78, 5'd12}: return 80'sh46ca3c000;
            {7'd78, 5'd13}: return 80'shffffffffffff9b976000;
            {7'd78, 5'd14}: return 80'sh836b000;
            {7'd78, 5'd15}: return 80'shffffffffffffff608000;
            {7'd78, 5'd16}: return 80'shb4000;
            {7'd78, 5'd17}: return 80'shffffffffffffffff4000;
            {7'd78, 5'd18}: return 80'sh1000;
            {7'd79, 5'd1}: return 80'shffffedf228afbd649000;
            {7'd79, 5'd2}: return 80'shb3698bad95e9000;
            {7'd79, 5'd3}: return 80'shfffffb61695fbcbfc000;
            {7'd79, 5'd4}: return 80'sh16b82e93144b000;
            {7'd79, 5'd5}: return 80'shffffffa713740dd6b000;
            {7'd79, 5'd6}: return 80'sh120809437bd000;
            {7'd79, 5'd7}: return 80'shfffffffce20833586000;
            {7'd79, 5'd8}: return 80'sh780a13789000;
            {7'd79, 5'd9}: return 80'shfffffffff009c50d2000;
            {7'd79, 5'd10}: return 80'sh1e63eff7000;
            {7'd79, 5'd11}: return 80'shffffffffffcbb3b94000;
            {7'd79, 5'd12}: return 80'sh52038e000;
            {7'd79, 5'd13}: return 80'shffffffffffff89fd2000;
            {7'd79, 5'd14}: return 80'sh9cb8000;
            {7'd79, 5'd15}: return 80'shffffffffffffff3ef000;
            {7'd79, 5'd16}: return 80'shde000;
            {7'd79, 5'd17}: return 80'shffffffffffffffff1000;
            {7'd79, 5'd18}: return 80'sh1000;
            {7'd80, 5'd1}: return 80'shffffedf228afbd649000;
            {7'd80, 5'd2}: return 80'shb5ab46979e3c000;
            {7'd80, 5'd3}: return 80'shfffffb43524e36fb6000;
            {7'd80, 5'd4}: return 80'sh1798bb799e2a000;
            {7'd80, 5'd5}: return 80'shffffffa271db1f061000;
            {7'd80, 5'd6}: return 80'sh13381e9b44f000;
            {7'd80, 5'd7}: return 80'shfffffffca230ea679000;
            {7'd80, 5'd8}: return 80'sh83617f71b000;
            {7'd80, 5'd9}: return 80'shffffffffee4b0f1f3000;
            {7'd80, 5'd10}: return 80'sh222cd68d000;
            {7'd80, 5'd11}: return 80'shffffffffffc45f5b6000;
            {7'd80, 5'd12}: return 80'sh5ed27f000;
            {7'd80, 5'd13}: return 80'shffffffffffff759df000;
            {7'd80, 5'd14}: return 80'shba6c000;
            {7'd80, 5'd15}: return 80'shffffffffffffff170000;
            {7'd80, 5'd16}: return 80'sh10f000;
            {7'd80, 5'd17}: return 80'shfffffffffffffffee000;
            {7'd80, 5'd18}: return 80'sh1000;
            {7'd81, 5'd1}: return 80'shffffedf228afbd649000;
            {7'd81, 5'd2}: return 80'shb7ed0181a68f000;
            {7'd81, 5'd3}: return 80'shfffffb24daf2df8b0000;
            {7'd81, 5'd4}: return 80'sh187ef5ba5cc7000;
            {7'd81, 5'd5}: return 80'shffffff9da2c82c82e000;
            {7'd81, 5'd6}: return 80'sh1477ef6b727000;
            {7'd81, 5'd7}: return 80'shfffffffc5e2c4238b000;
            {7'd81, 5'd8}: return 80'sh8f9f9c955000;
            {7'd81, 5'd9}: return 80'shffffffffec627020b000;
            {7'd81, 5'd10}: return 80'sh265ee750000;
            {7'd81, 5'd11}: return 80'shffffffffffbc23038000;
            {7'd81, 5'd12}: return 80'sh6d6990000;
            {7'd81, 5'd13}: return 80'shffffffffffff5e167000;
            {7'd81, 5'd14}: return 80'shdd36000;
            {7'd81, 5'd15}: return 80'shfffffffffffffee79000;
            {7'd81, 5'd16}: return 80'sh14b000;
            {7'd81, 5'd17}: return 80'shfffffffffffffffe9000;
            {7'd81, 5'd18}: return 80'sh1000;
            default: return 80'sd0;
        endcase
    endfunction
    // e^(-c_j^2) = m / 2^64 * 2^e: {e (16 bits, signed), m (u66)}
    function automatic logic [81:0] erfc_scale(input logic [6:0] j);
        case (j)
            7'd0: return {16'hffff, 66'h1fe00ffaabffbc000};
            7'd1: return {16'hffff, 66'h1ee500f1eed967000};
            7'd2: return {16'hffff, 66'h1d05d24612c2af000};
            7'd3: return {16'hffff, 66'h1a6cede9f70468000};
            7'd4: return {16'hffff, 66'h1752077990e79d000};
            7'd5: return {16'hffff, 66'h13f26fc3a423a1000};
            7'd6: return {16'hffff, 66'h1089627612572f000};
            7'd7: return {16'hfffe, 66'h1a933d7dd220fc000};
            7'd8: return {16'hfffe, 66'h14b25e696b1e9f000};
            7'd9: return {16'hfffd, 66'h1f3ed651d94e1c000};
            7'd10: return {16'hfffd, 66'h16dc1305420a79000};
            7'd11: return {16'hfffd, 66'h1035bdf80102bb000};
            7'd12: return {16'hfffc, 66'h1648257e94a907000};
            7'd13: return {16'hfffb, 66'h1daf8fba9e2f70000};
            7'd14: return {16'hfffb, 66'h132aa5490fc7ca000};
            7'd15: return {16'hfffa, 66'h17fd00329bd7e8000};
            7'd16: return {16'hfff9, 66'h1d1969167c47a6000};
            7'd17: return {16'hfff9, 66'h111b4852eaa984000};
            7'd18: return {16'hfff8, 66'h137e7adc463a6d000};
            7'd19: return {16'hfff7, 66'h15880270993620000};
            7'd20: return {16'hfff6, 66'h170cbb70da2228000};
            7'd21: return {16'hfff5, 66'h17ea84e17f4e93000};
            7'd22: return {16'hfff4, 66'h180d311cd27e54000};
            7'd23: return {16'hfff3, 66'h17718d21af4ea3000};
            7'd24: return {16'hfff2, 66'h1625dd3bbe4b61000};
            7'd25: return {16'hfff1, 66'h1447b4ba5889f3000};
            7'd26: return {16'hfff0, 66'h11ff9c722056c9000};
            7'd27: return {16'hffee, 66'h1ef6d5dc130f34000};
            7'd28: return {16'hffed, 66'h19d0cb1078fb5b000};
            7'd29: return {16'hffec, 66'h14dc633ec4b4bf000};
            7'd30: return {16'hffeb, 66'h1056a6d77bd67c000};
            7'd31: return {16'hffe9, 66'h18ce38dc5ae5dd000};
            7'd32: return {16'hffe8, 66'h12403b79962533000};
            7'd33: return {16'hffe6, 66'h1a07be3274183b000};
            7'd34: return {16'hffe5, 66'h11fddb1b6cdf3d000};
            7'd35: return {16'hffe3, 66'h181b12ead7e725000};
            7'd36: return {16'hffe1, 66'h1f4dd14577e044000};
            7'd37: return {16'hffe0, 66'h13b351b01e9334000};
            7'd38: return {16'hffde, 66'h1808806e465fdd000};
            7'd39: return {16'hffdc, 66'h1c6ab43f84aea0000};
            7'd40: return {16'hffdb, 66'h104879a92986b8000};
            7'd41: return {16'hffd9, 66'h12162cd16ab8ae000};
            7'd42: return {16'hffd7, 66'h1378c76327f5a3000};
            7'd43: return {16'hffd5, 66'h14516dd5166117000};
            7'd44: return {16'hffd3, 66'h148c824472e49a000};
            7'd45: return {16'hffd1, 66'h142492928e267c000};
            7'd46: return {16'hffcf, 66'h13232c60248eb0000};
            7'd47: return {16'hffcd, 66'h119f6a3be40417000};
            7'd48: return {16'hffca, 66'h1f750fdd397c02000};
            7'd49: return {16'hffc8, 66'h1b36631cfedfd5000};
            7'd50: return {16'hffc6, 66'h16d0efb1b1c9da000};
            7'd51: return {16'hffc4, 66'h128aa1fbb85a0c000};
            7'd52: return {16'hffc1, 66'h1d3556d8de0983000};
            7'd53: return {16'hffbf, 66'h164c4cf8f9e127000};
            7'd54: return {16'hffbd, 66'h107fb7c1af0318000};
            7'd55: return {16'hffba, 66'h17aa2abfa90279000};
            7'd56: return {16'hffb8, 66'h1073019ae34981000};
            7'd57: return {16'hffb5, 66'h1629fe51e5ac6f000};
            7'd58: return {16'hffb2, 66'h1cf2081f7cdff5000};
            7'd59: return {16'hffb0, 66'h1251bfc47f539f000};
            7'd60: return {16'hffad, 66'h1679920e65d86e000};
            7'd61: return {16'hffaa, 66'h1ab9890997717f000};
            7'd62: return {16'hffa7, 66'h1ecceed0fee63e000};
            7'd63: return {16'hffa5, 66'h1133eeeb622234000};
            7'd64: return {16'hffa2, 66'h12a00f7a6819b9000};
            7'd65: return {16'hff9f, 66'h138b77a783bb5d000};
            7'd66: return {16'hff9c, 66'h13e0f4b9d5d302000};
            7'd67: return {16'hff99, 66'h1398a8c851fa9c000};
            7'd68: return {16'hff96, 66'h12b93c70ab7097000};
            7'd69: return {16'hff93, 66'h1156dbdb032e54000};
            7'd70: return {16'hff8f, 66'h1f206b229068bc000};
            7'd71: return {16'hff8c, 66'h1b1433d68c205b000};
            7'd72: return {16'hff89, 66'h16d530acdd66d5000};
            7'd73: return {16'hff86, 66'h12a8fd78782bcc000};
            7'd74: return {16'hff82, 66'h1d8fc6f4f3e056000};
            7'd75: return {16'hff7f, 66'h16b20f68659806000};
            7'd76: return {16'hff7c, 66'h10e35bb5e7cde5000};
            7'd77: return {16'hff78, 66'h185c33793cb8ac000};
            7'd78: return {16'hff75, 66'h11074e2f8081d7000};
            7'd79: return {16'hff71, 66'h17131437a50eca000};
            7'd80: return {16'hff6d, 66'h1e4e1f0126e416000};
            7'd81: return {16'hff6a, 66'h1349dbc24d1483000};
            default: return 82'd0;
        endcase
    endfunction
    // 2^(i/64), 1.64 fixed
    function automatic logic [65:0] exp2_table(input logic [5:0] i);
        case (i)
            6'd0: return 66'h10000000000000000;
            6'd1: return 66'h102c9a3e778061000;
            6'd2: return 66'h1059b0d3158574000;
            6'd3: return 66'h10874518759bc8000;
            6'd4: return 66'h10b5586cf9890f000;
            6'd5: return 66'h10e3ec32d3d1a2000;
            6'd6: return 66'h111301d0125b51000;
            6'd7: return 66'h11429aaea92de0000;
            6'd8: return 66'h1172b83c7d517b000;
            6'd9: return 66'h11a35beb6fcb75000;
            6'd10: return 66'h11d4873168b9aa000;
            6'd11: return 66'h12063b88628cd6000;
            6'd12: return 66'h12387a6e756238000;
            6'd13: return 66'h126b4565e27cdd000;
            6'd14: return 66'h129e9df51fdee1000;
            6'd15: return 66'h12d285a6e4030b000;
            6'd16: return 66'h1306fe0a31b715000;
            6'd17: return 66'h133c08b26416ff000;
            6'd18: return 66'h1371a7373aa9cb000;
            6'd19: return 66'h13a7db34e59ff7000;
            6'd20: return 66'h13dea64c123422000;
            6'd21: return 66'h14160a21f72e2a000;
            6'd22: return 66'h144e086061892d000;
            6'd23: return 66'h1486a2b5c13cd0000;
            6'd24: return 66'h14bfdad5362a27000;
            6'd25: return 66'h14f9b2769d2ca7000;
            6'd26: return 66'h15342b569d4f82000;
            6'd27: return 66'h156f4736b527da000;
            6'd28: return 66'h15ab07dd485429000;
            6'd29: return 66'h15e76f15ad2148000;
            6'd30: return 66'h16247eb03a5585000;
            6'd31: return 66'h16623882552225000;
            6'd32: return 66'h16a09e667f3bcd000;
            6'd33: return 66'h16dfb23c651a2f000;
            6'd34: return 66'h171f75e8ec5f74000;
            6'd35: return 66'h175feb564267c9000;
            6'd36: return 66'h17a11473eb0187000;
            6'd37: return 66'h17e2f336cf4e62000;
            6'd38: return 66'h182589994cce13000;
            6'd39: return 66'h1868d99b4492ed000;
            6'd40: return 66'h18ace5422aa0db000;
            6'd41: return 66'h18f1ae99157736000;
            6'd42: return 66'h193737b0cdc5e5000;
            6'd43: return 66'h197d829fde4e50000;
            6'd44: return 66'h19c49182a3f090000;
            6'd45: return 66'h1a0c667b5de565000;
            6'd46: return 66'h1a5503b23e255d000;
            6'd47: return 66'h1a9e6b5579fdbf000;
            6'd48: return 66'h1ae89f995ad3ad000;
            6'd49: return 66'h1b33a2b84f15fb000;
            6'd50: return 66'h1b7f76f2fb5e47000;
            6'd51: return 66'h1bcc1e904bc1d2000;
            6'd52: return 66'h1c199bdd85529c000;
            6'd53: return 66'h1c67f12e57d14b000;
            6'd54: return 66'h1cb720dcef9069000;
            6'd55: return 66'h1d072d4a07897c000;
            6'd56: return 66'h1d5818dcfba487000;
            6'd57: return 66'h1da9e603db3285000;
            6'd58: return 66'h1dfc97337b9b5f000;
            6'd59: return 66'h1e502ee78b3ff6000;
            6'd60: return 66'h1ea4afa2a490da000;
            6'd61: return 66'h1efa1bee615a27000;
            6'd62: return 66'h1f50765b6e4540000;
            6'd63: return 66'h1fa7c1819e90d8000;
            default: return 66'd0;
        endcase
    endfunction
    // r ~ 1/m' for m' in [(i + 96)/128, (i + 97)/128), 9 fraction bits
    function automatic logic [9:0] log_r_table(input logic [6:0] i);
        case (i)
            7'd0: return 10'd679;
            7'd1: return 10'd672;
            7'd2: return 10'd665;
            7'd3: return 10'd659;
            7'd4: return 10'd652;
            7'd5: return 10'd646;
            7'd6: return 10'd639;
            7'd7: return 10'd633;
            7'd8: return 10'd627;
            7'd9: return 10'd621;
            7'd10: return 10'd615;
            7'd11: return 10'd610;
            7'd12: return 10'd604;
            7'd13: return 10'd599;
            7'd14: return 10'd593;
            7'd15: return 10'd588;
            7'd16: return 10'd583;
            7'd17: return 10'd577;
            7'd18: return 10'd572;
            7'd19: return 10'd567;
            7'd20: return 10'd563;
            7'd21: return 10'd558;
            7'd22: return 10'd553;
            7'd23: return 10'd548;
            7'd24: return 10'd544;
            7'd25: return 10'd539;
            7'd26: return 10'd535;
            7'd27: return 10'd531;
            7'd28: return 10'd526;
            7'd29: return 10'd522;
            7'd30: return 10'd518;
            7'd31: return 10'd512;
            7'd32: return 10'd512;
            7'd33: return 10'd506;
            7'd34: return 10'd502;
            7'd35: return 10'd498;
            7'd36: return 10'd495;
            7'd37: return 10'd491;
            7'd38: return 10'd487;
            7'd39: return 10'd484;
            7'd40: return 10'd480;
            7'd41: return 10'd477;
            7'd42: return 10'd473;
            7'd43: return 10'd470;
            7'd44: return 10'd466;
            7'd45: return 10'd463;
            7'd46: return 10'd460;
            7'd47: return 10'd457;
            7'd48: return 10'd454;
            7'd49: return 10'd450;
            7'd50: return 10'd447;
            7'd51: return 10'd444;
            7'd52: return 10'd441;
            7'd53: return 10'd438;
            7'd54: return 10'd435;
            7'd55: return 10'd433;
            7'd56: return 10'd430;
            7'd57: return 10'd427;
            7'd58: return 10'd424;
            7'd59: return 10'd421;
            7'd60: return 10'd419;
            7'd61: return 10'd416;
            7'd62: return 10'd413;
            7'd63: return 10'd411;
            7'd64: return 10'd408;
            7'd65: return 10'd406;
            7'd66: return 10'd403;
            7'd67: return 10'd401;
            7'd68: return 10'd398;
            7'd69: return 10'd396;
            7'd70: return 10'd394;
            7'd71: return 10'd391;
            7'd72: return 10'd389;
            7'd73: return 10'd387;
            7'd74: return 10'd384;
            7'd75: return 10'd382;
            7'd76: return 10'd380;
            7'd77: return 10'd378;
            7'd78: return 10'd376;
            7'd79: return 10'd373;
            7'd80: return 10'd371;
            7'd81: return 10'd369;
            7'd82: return 10'd367;
            7'd83: return 10'd365;
            7'd84: return 10'd363;
            7'd85: return 10'd361;
            7'd86: return 10'd359;
            7'd87: return 10'd357;
            7'd88: return 10'd355;
            7'd89: return 10'd353;
            7'd90: return 10'd351;
            7'd91: return 10'd350;
            7'd92: return 10'd348;
            7'd93: return 10'd346;
            7'd94: return 10'd344;
            7'd95: return 10'd342;
            default: return 10'd512;
        endcase
    endfunction
    // -ln r for the same index, fx
    function automatic fx_t log_neg_ln_r_table(input logic [6:0] i);
        case (i)
            7'd0: return 80'shffffb7bb6a99e7a7d000;
            7'd1: return 80'shffffba628d515167c000;
            7'd2: return 80'shffffbd10cc93cb6d1000;
            7'd3: return 80'shffffbf62c8fa4f734000;
            7'd4: return 80'shffffc21ea468474d9000;
            7'd5: return 80'shffffc47c86bea8270000;
            7'd6: return 80'shffffc7468b578a37b000;
            7'd7: return 80'shffffc9b0d023739be000;
            7'd8: return 80'shffffcc20f85b12cb9000;
            7'd9: return 80'shffffce9720fbb93b5000;
            7'd10: return 80'shffffd11367dae1bdb000;
            7'd11: return 80'shffffd32a657b1aa56000;
            7'd12: return 80'shffffd5b23438bc979000;
            7'd13: return 80'shffffd7d2fa811b088000;
            7'd14: return 80'shffffda66be14141b6000;
            7'd15: return 80'shffffdc91aa55a130c000;
            7'd16: return 80'shffffdec153c231cc8000;
            7'd17: return 80'shffffe1674ab698eba000;
            7'd18: return 80'shffffe3a1ab70a438c000;
            7'd19: return 80'shffffe5e10e27f9e33000;
            7'd20: return 80'shffffe7b1076717d7d000;
            7'd21: return 80'shffffe9f9a756c8af4000;
            7'd22: return 80'shffffec478a674e491000;
            7'd23: return 80'shffffee9ac9115c852000;
            7'd24: return 80'shfffff07ae79ff74eb000;
            7'd25: return 80'shfffff2d80b002e16e000;
            7'd26: return 80'shfffff4c03587b5a13000;
            7'd27: return 80'shfffff6ac09eef58bc000;
            7'd28: return 80'shfffff9180ff6141ba000;
            7'd29: return 80'shfffffb0c56ef2e56a000;
            7'd30: return 80'shfffffd0477140fdeb000;
            7'd31: return 80'sh0;
            7'd32: return 80'sh0;
            7'd33: return 80'sh304891471145000;
            7'd34: return 80'sh50caa4966033000;
            7'd35: return 80'sh718f4bb052ac000;
            7'd36: return 80'sh8a4f1f2002d4000;
            7'd37: return 80'shab8ae2601e77000;
            7'd38: return 80'shcd0c3dab9ef4000;
            7'd39: return 80'she65b9e6eed96000;
            7'd40: return 80'sh108598b59e3a0000;
            7'd41: return 80'sh12207b5c7854a000;
            7'd42: return 80'sh14485e03dbdfb000;
            7'd43: return 80'sh15e95a4d9791d000;
            7'd44: return 80'sh18197e2f40e3f000;
            7'd45: return 80'sh19c0c32d4d255000;
            7'd46: return 80'sh1b6ac88dad5b2000;
            7'd47: return 80'sh1d17978821936000;
            7'd48: return 80'sh1ec739830a112000;
            7'd49: return 80'sh210b316b3c741000;
            7'd50: return 80'sh22c19004964f6000;
            7'd51: return 80'sh247ae25493840000;
            7'd52: return 80'sh2637329a749f1000;
            7'd53: return 80'sh27f68b4b3251a000;
            7'd54: return 80'sh29b8f712f7839000;
            7'd55: return 80'sh2ae6f9920319c000;
            7'd56: return 80'sh2cae9d7d18267000;
            7'd57: return 80'sh2e79720e9fa2a000;
            7'd58: return 80'sh304782caa3478000;
            7'd59: return 80'sh3218db73f979b000;
            7'd60: return 80'sh3350ef1bd7547000;
            7'd61: return 80'sh3527da7915b3c000;
            7'd62: return 80'sh37022e617047a000;
            7'd63: return 80'sh384051562ff37000;
            7'd64: return 80'sh3a206fe4cabcf000;
            7'd65: return 80'sh3b627b61a9128000;
            7'd66: return 80'sh3d48893e0955f000;
            7'd67: return 80'sh3e8e96269be45000;
            7'd68: return 80'sh407ab9589b1a4000;
            7'd69: return 80'sh41c4e18135619000;
            7'd70: return 80'sh4310b59d858b9000;
            7'd71: return 80'sh45059fbcd9de1000;
            7'd72: return 80'sh4655b4ee6f0bf000;
            7'd73: return 80'sh47a7859e2267d000;
            7'd74: return 80'sh49a58844d36e5000;
            7'd75: return 80'sh4afbc1f3724d5000;
            7'd76: return 80'sh4c53c7874d739000;
            7'd77: return 80'sh4dad9ddaf8446000;
            7'd78: return 80'sh4f0949dcccc61000;
            7'd79: return 80'sh511647814e7d2000;
            7'd80: return 80'sh52769fcef3108000;
            7'd81: return 80'sh53d8dfaeea604000;
            7'd82: return 80'sh553d0c6def86a000;
            7'd83: return 80'sh56a32b6efb7e8000;
            7'd84: return 80'sh580b422bc247b000;
            7'd85: return 80'sh5975563533803000;
            7'd86: return 80'sh5ae16d33fe8ff000;
            7'd87: return 80'sh5c4f8ce91a85f000;
            7'd88: return 80'sh5dbfbb2e51c5d000;
            7'd89: return 80'sh5f31fdf6d1a84000;
            7'd90: return 80'sh60a65b4fbe2f3000;
            7'd91: return 80'sh616155ddb72ff000;
            7'd92: return 80'sh62d8e6a22cb7d000;
            7'd93: return 80'sh6452a18d6fda3000;
            7'd94: return 80'sh65ce8d0c4d5ac000;
            7'd95: return 80'sh674cafa857b4f000;
            default: return 80'sd0;
        endcase
    endfunction
    // ---- end of generated part ----

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

    // exp2 (kind 0), exp (1) or exp10 (2) of x.
    function automatic logic [31:0] exp32(input logic [31:0] x, input logic [1:0] kind);
        if (x[30:23] == 8'hFF) return (x[22:0] != 23'd0) ? QNAN : (x[31] ? 32'd0 : PINF);
        if (x[30:23] >= 8'd135) return x[31] ? 32'd0 : PINF;  // |x| >= 256
        return exp2_fx(scale_fx(x, (kind == 2'd0) ? C_ONE : (kind == 2'd1) ? C_LOG2E : C_LOG2_10));
    endfunction

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

    // w * y as fx, saturated to +-2^10 (2^t is then infinite or zero).
    function automatic fx_t times_f32(input fx_t w, input logic [31:0] y);
        logic [7:0] ey;
        logic signed [8:0] sh;
        logic signed [103:0] p;
        logic signed [199:0] big;
        fx_t lim, t;
        ey = y[30:23];
        p = w * $signed({1'b0, ey != 8'd0, y[22:0]});
        big = {{96{p[103]}}, p};
        sh = $signed({1'b0, (ey == 8'd0) ? 8'd1 : ey}) - 9'sd150;
        lim = 80'sh400_0000_0000_0000_0000;
        if (p == 104'sd0) begin
            t = 80'sd0;  // |x| = 1
        end else if (sh >= 9'sd80) begin
            t = p[103] ? -lim : lim;
        end else begin
            big = (sh >= 9'sd0) ? (big <<< sh) : (big >>> (-sh));
            t = (big > 200'(lim)) ? lim : (big < -200'(lim)) ? -lim : big[79:0];
        end
        return y[31] ? -t : t;
    endfunction

    // pow(x, y) with the special cases of C99 F.9.4.4.
    function automatic logic [31:0] pow32(input logic [31:0] x, input logic [31:0] y);
        logic [7:0] ey;
        logic [23:0] my;
        logic [4:0] ush;
        logic y_int, y_odd, x_nan, y_nan, x_inf, y_inf, lt1, neg;
        logic [31:0] r;
        ey = y[30:23];
        my = {ey != 8'd0, y[22:0]};
        x_nan = x[30:23] == 8'hFF && x[22:0] != 23'd0;
        y_nan = ey == 8'hFF && y[22:0] != 23'd0;
        x_inf = x[30:0] == PINF[30:0];
        y_inf = y[30:0] == PINF[30:0];
        // Is y an integer, and odd? The units bit of y is bit 150 - ey of its significand.
        ush = 5'(8'd150 - ey);
        y_int = ey >= 8'd150 || (ey >= 8'd127 && (my & ((24'd1 << ush) - 24'd1)) == 24'd0);
        y_odd = ey == 8'd150 ? my[0] : (ey >= 8'd127 && ey < 8'd150 && y_int && my[ush]);
        if (y[30:0] == 31'd0) return FONE;
        if (x == FONE) return FONE;
        if (x_nan || y_nan) return QNAN;
        if (x[30:0] == 31'd0) begin
            if (y[31]) return {y_odd & x[31], PINF[30:0]};
            return {y_odd & x[31], 31'd0};
        end
        if (x == 32'hBF800000 && y_inf) return FONE;
        lt1 = x[30:0] < FONE[30:0];
        if (y_inf) return (y[31] == lt1) ? PINF : 32'd0;
        if (x_inf) begin
            if (y[31]) return {x[31] & y_odd, 31'd0};
            return {x[31] & y_odd, PINF[30:0]};
        end
        if (x[31] && !y_int) return QNAN;
        neg = x[31] && y_odd;
        r = exp2_fx(times_f32(fx_mulc(ln_fx(x[30:0]), C_LOG2E), y));
        return {neg, r[30:0]};
    endfunction

    // powr(x, y) = exp2(y log2 x) for x >= 0, with OpenCL's special cases (NaN for x < 0,
    // 0^0, inf^0 and 1^inf).
    function automatic logic [31:0] powr32(input logic [31:0] x, input logic [31:0] y);
        logic x_nan, y_nan, x_zero, y_zero, x_inf, y_inf;
        x_nan = x[30:23] == 8'hFF && x[22:0] != 23'd0;
        y_nan = y[30:23] == 8'hFF && y[22:0] != 23'd0;
        x_zero = x[30:0] == 31'd0;
        y_zero = y[30:0] == 31'd0;
        x_inf = x[30:0] == PINF[30:0];
        y_inf = y[30:0] == PINF[30:0];
        if (x_nan || y_nan || (x[31] && !x_zero)) return QNAN;
        if ((x_zero && y_zero) || (x_inf && y_zero) || (x == FONE && y_inf)) return QNAN;
        if (x_zero) return y[31] ? PINF : 32'd0;
        if (y_zero || x == FONE) return FONE;
        if (x_inf) return y[31] ? 32'd0 : PINF;
        if (y_inf) return (y[31] == (x[30:0] < FONE[30:0])) ? PINF : 32'd0;
        return exp2_fx(times_f32(fx_mulc(ln_fx(x[30:0]), C_LOG2E), y));
    endfunction

    // cbrt x = sign(x) 2^(log2|x| / 3).
    function automatic logic [31:0] cbrt32(input logic [31:0] x);
        logic [31:0] r;
        if (x[30:23] == 8'hFF && x[22:0] != 23'd0) return QNAN;
        if (x[30:23] == 8'hFF || x[30:0] == 31'd0) return x;
        r = exp2_fx(fx_mulc(ln_fx(x[30:0]), C_LOG2E_3));
        return {x[31], r[30:0]};
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

    // The reduction of sin, cos and tan: x (2/pi) = q + f with |f| <= 1/2, from the bits of
    // 2/pi that matter for x's exponent (Payne-Hanek); a = |f| pi/2 = am / 2^63 * 2^ea,
    // and a^2 as u66 for the polynomials. For |x| >= 2^-12 (ex >= 115), finite.
    typedef struct packed {
        logic [1:0] q;       // the nearest quadrant
        logic neg;           // f < 0
        logic zero;          // f = 0 (no float is a multiple of pi/2; kept for safety)
        logic [63:0] am;
        logic signed [15:0] ea;
        logic [65:0] a2;
    } reduced_t;

    function automatic reduced_t reduce(input logic [31:0] x);
        logic [127:0] w;
        logic [151:0] p;
        logic [125:0] frac, mag;
        logic [6:0] lead;
        logic [63:0] fm;
        logic [127:0] pa;
        logic [15:0] sh;
        logic [65:0] af;
        reduced_t r;
        // Bits s .. s + 127 of 2/pi, s = ex - 151; earlier bits only add multiples of 4.
        w = 128'(TWO_OVER_PI >> (9'd280 - {1'b0, x[30:23]}));
        p = {128'd0, 1'b1, x[22:0]} * {24'd0, w};
        frac = p[125:0];
        r.q = p[127:126];
        r.neg = frac[125];
        if (r.neg) begin
            r.q = r.q + 2'd1;
            mag = -frac;
        end else begin
            mag = frac;
        end
        r.zero = mag == 126'd0;
        lead = 7'd0;
        for (int i = 0; i < 126; i++) if (mag[i]) lead = 7'(i);
        fm = 64'((mag << (7'd125 - lead)) >> 62);
        r.ea = 16'(lead) - 16'sd126;
        pa = {64'd0, fm} * {64'd0, C_PI_2};
        if (pa[127]) begin
            r.am = pa[127:64];
            r.ea = r.ea + 16'sd1;
        end else begin
            r.am = pa[126:63];
        end
        sh = 16'(-(r.ea + 16'sd1));
        af = (sh >= 16'd64) ? 66'd0 : 66'({2'b00, r.am} >> sh[5:0]);
        r.a2 = umul(af, af);
        return r;
    endfunction

    // cos a = C(a^2), an fx value in [0.7, 1].
    function automatic fx_t cos_poly(input logic [65:0] a2u);
        fx_t a2, poly;
        a2 = {14'd0, a2u};
        poly = FX_COS[6];
        for (int i = 5; i >= 0; i--) poly = FX_COS[i] + fx_mul(a2, poly);
        return poly;
    endfunction

    // sin a = a S(a^2): am times S (in [0.9, 1]) lands in [1, 4) after >> 62, so sin a =
    // result / 2^64 * 2^(ea - 1).
    function automatic logic [65:0] sin_mant(input reduced_t r);
        fx_t a2, poly;
        a2 = {14'd0, r.a2};
        poly = FX_SIN[5];
        for (int i = 4; i >= 0; i--) poly = FX_SIN[i] + fx_mul(a2, poly);
        return 66'(({64'd0, r.am} * {48'd0, poly[79:0]}) >> 62);
    endfunction

    // sin x (want_cos = 0) or cos x: polynomials to degree 11 and 12 in a; the quadrant
    // (plus one for cos) picks one and the sign.
    function automatic logic [31:0] sincos32(input logic [31:0] x, input logic want_cos);
        reduced_t r;
        logic [1:0] n;
        logic s;
        logic [31:0] c;
        if (x[30:23] == 8'hFF) return QNAN;
        // |x| < 2^-12: sin x = x and cos x = 1 within their bounds.
        if (x[30:23] < 8'd115) return want_cos ? FONE : x;
        r = reduce(x);
        n = r.q + {1'b0, want_cos};
        s = n[1] ^ (!n[0] && r.neg) ^ (!want_cos && x[31]);
        if (r.zero) return n[0] ? {s, FONE[30:0]} : {s, 31'd0};
        if (n[0]) begin
            c = fx_to_f32(cos_poly(r.a2));
            return {s, c[30:0]};
        end
        return pack(s, r.ea - 16'sd1, sin_mant(r));
    endfunction

    // tan x: tan a = sin a / cos a in an even quadrant, -cot a = -cos a / sin a in an odd
    // one, as one integer division of the two (sin a with its exponent apart).
    function automatic logic [31:0] tan32(input logic [31:0] x);
        reduced_t r;
        logic s;
        logic [65:0] sm;
        logic [79:0] c;
        logic [129:0] num;
        logic [79:0] qv;
        if (x[30:23] == 8'hFF) return QNAN;
        // |x| < 2^-12: tan x = x within its bound (x^3/3 is under a third of an ulp).
        if (x[30:23] < 8'd115) return x;
        r = reduce(x);
        s = (r.q[0] ? !r.neg : r.neg) ^ x[31];
        if (r.zero) return r.q[0] ? {s, PINF[30:0]} : {s, 31'd0};
        sm = sin_mant(r);
        c = cos_poly(r.a2);
        if (!r.q[0]) begin
            // sm / c in [1.8, 5.7): tan a = qv / 2^64 * 2^(ea - 1).
            num = {sm, 64'd0};
            qv = 80'(num / {50'd0, c});
            return norm_pack(s, r.ea - 16'sd1, 128'(qv));
        end
        // c / sm in [0.17, 0.56): cot a = qv / 2^64 * 2^(1 - ea).
        num = {c[65:0], 64'd0};
        qv = 80'(num / {64'd0, sm});
        return norm_pack(s, 16'sd1 - r.ea, 128'(qv));
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
    // w * n as fx, saturated to +-2^10 (2^t is then infinite or zero) like times_f32.
    function automatic fx_t times_int(input fx_t w, input logic [31:0] n);
        logic signed [111:0] p;
        fx_t lim;
        lim = 80'sh400_0000_0000_0000_0000;
        p = w * $signed(n);
        if (p > 112'(lim)) return lim;
        if (p < -112'(lim)) return -lim;
        return p[79:0];
    endfunction

    // x^n or x^(1/n) at x = +-0 or +-inf: for n > 0 zero stays zero and inf inf, for n < 0
    // they swap; an odd n keeps x's sign.
    function automatic logic [31:0] pown_edge(input logic [31:0] x, input logic [31:0] n);
        logic zero;
        zero = x[30:0] == 31'd0;
        return {x[31] & n[0], (zero == ($signed(n) > 0)) ? 31'd0 : PINF[30:0]};
    endfunction

    // pown(x, n) = 2^(n log2 |x|), x's sign for odd n; pown(x, 0) = 1 even for a NaN.
    function automatic logic [31:0] pown32(input logic [31:0] x, input logic [31:0] n);
        logic [31:0] r;
        if (n == 32'd0) return FONE;
        if (x[30:0] > PINF[30:0]) return QNAN;
        if (x[30:0] == 31'd0 || x[30:0] == PINF[30:0]) return pown_edge(x, n);
        r = exp2_fx(times_int(fx_mulc(ln_fx(x[30:0]), C_LOG2E), n));
        return {x[31] & n[0], r[30:0]};
    endfunction

    // rootn(x, n) = 2^(log2 |x| / n) (one division by n, truncated), x's sign for odd n;
    // NaN for n = 0 and for x < 0 with n even.
    function automatic logic [31:0] rootn32(input logic [31:0] x, input logic [31:0] n);
        logic [31:0] r;
        fx_t w;
        if (n == 32'd0 || x[30:0] > PINF[30:0] || (x[31] && x[30:0] != 31'd0 && !n[0])) return QNAN;
        if (x[30:0] == 31'd0 || x[30:0] == PINF[30:0]) return pown_edge(x, n);
        w = fx_mulc(ln_fx(x[30:0]), C_LOG2E);
        r = exp2_fx(w / $signed({{48{n[31]}}, n}));
        return {x[31] & n[0], r[30:0]};
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
// round to nearest even — the increment of the significand — with the exponent checks the
// packing needs computed beside it. Stage 2: pack. A carry out of the significand moves
// the exponent up one; a subnormal rounded up to the smallest normal becomes normal; past
// the largest exponent, infinity. Special results (NaN, infinities, exact zeros) come in
// ready-made and pass through.
module hls_fp_round #(
    parameter int EW = 8,
    parameter int MW = 23,
    parameter int EXTRA = 0  // registers after the two stages
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
    logic r_special, r_sign, r_ovf, r_ovf1, r_e0;
    logic [EW+MW:0] r_special_val;
    logic [EW-1:0] r_e, r_e1;
    logic [MW+1:0] r_m;
    always_ff @(posedge clk) begin
        if (ce) begin
            r_special <= special;
            r_special_val <= special_val;
            r_sign <= sign;
            r_m <= {1'b0, f[MW+3:3]} + {{(MW+1){1'b0}}, f[2] && (f[1] || f[0] || f[3])};
            r_e <= e[EW-1:0];
            r_e1 <= e[EW-1:0] + 1'b1;
            r_ovf <= e >= EMAX;
            r_ovf1 <= e >= EMAX - 1;
            r_e0 <= e == '0;
        end
    end
    logic carry;
    logic [MW:0] mant;
    assign carry = r_m[MW+1];
    assign mant = carry ? r_m[MW+1:1] : r_m[MW:0];
    logic [EW+MW:0] res;
    always_ff @(posedge clk) begin
        if (ce) begin
            if (r_special) res <= r_special_val;
            else if (carry ? r_ovf1 : r_ovf) res <= {r_sign, {EW{1'b1}}, {MW{1'b0}}};
            else if (!mant[MW]) res <= {r_sign, {EW{1'b0}}, mant[MW-1:0]};
            else res <= {r_sign, carry ? r_e1 : (r_e0 ? EW'(1) : r_e), mant[MW-1:0]};
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
// and pack (hls_fp_round). With SPLIT (LAT >= the eight stages + 2) both shifts take two
// stages (by the multiple of 8, then the rest): the wide formats' shifters are six levels
// of multiplexers. Extra latency is a delay line at the output. With LAT < STAGES the whole
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
    localparam bit SPLIT = LAT >= 10;
    localparam int STAGES = SPLIT ? 10 : 8;
    localparam logic [W-1:0] QNAN = {1'b0, {EW{1'b1}}, 1'b1, {(MW-1){1'b0}}};

    if (LAT >= STAGES) begin : g_staged
        // Stage 1: classify; order by magnitude (the larger first, so the difference of
        // significands is never negative); the exponent difference.
        logic [EW-1:0] ex, ez, e_x, e_z, dxz, dzx;
        logic nan_x, nan_z, inf_x, inf_z, x_big;
        assign ex = a[W-2:MW];
        assign ez = b[W-2:MW];
        assign nan_x = &ex && a[MW-1:0] != '0;
        assign nan_z = &ez && b[MW-1:0] != '0;
        assign inf_x = &ex && a[MW-1:0] == '0;
        assign inf_z = &ez && b[MW-1:0] == '0;
        assign x_big = a[W-2:0] >= b[W-2:0];
        // Subnormals have effective exponent 1.
        assign e_x = (ex == '0) ? EW'(1) : ex;
        assign e_z = (ez == '0) ? EW'(1) : ez;
        assign dxz = e_x - e_z;
        assign dzx = e_z - e_x;
        logic s1_special, s1_nan, s1_inf_sign, s1_sign, s1_sub, s1_sx;
        logic [EW-1:0] s1_e_big;
        logic [EW-1:0] s1_d;
        logic [SW-1:0] s1_f_big, s1_f_small;
        always_ff @(posedge clk) begin
            if (ce) begin
                s1_special <= &ex || &ez;
                // NaN in, inf - inf: the quiet NaN; otherwise the infinite operand.
                s1_nan <= nan_x || nan_z || (inf_x && inf_z && a[W-1] != b[W-1]);
                s1_inf_sign <= inf_x ? a[W-1] : b[W-1];
                s1_sign <= x_big ? a[W-1] : b[W-1];
                s1_sub <= a[W-1] ^ b[W-1];
                s1_sx <= a[W-1];
                s1_e_big <= x_big ? e_x : e_z;
                s1_d <= x_big ? dxz : dzx;
                s1_f_big <= x_big ? {ex != '0, a[MW-1:0]} : {ez != '0, b[MW-1:0]};
                s1_f_small <= x_big ? {ez != '0, b[MW-1:0]} : {ex != '0, a[MW-1:0]};
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
        assign coarse = far ? '0 : SPLIT ? small_full >> {d[DW-1:3], 3'b000} : small_full >> d;
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
                s2_fine <= SPLIT && !far ? d[2:0] : 3'd0;
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
                s3_sum <= s2b_sub ? {1'b0, s2b_f_big, 3'b000} - {1'b0, s2b_small}
                                  : {1'b0, s2b_f_big, 3'b000} + {1'b0, s2b_small};
            end
        end
        // Stage 4: the leading one of the sum; an exact zero (x + (-x) is +0 in
        // round-to-nearest; (-0) + (-0) is -0) becomes a special result here.
        logic [LW-1:0] lz;
        assign lz = LW'(SUMW - 1) - LW'(hls_fp_pkg::lead64(64'(s3_sum)));
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
        logic [LW-1:0] sh;
        assign sh = (EW'(s4_lz) <= s4_e_big) ? s4_lz : LW'(s4_e_big);
        always_ff @(posedge clk) begin
            if (ce) begin
                s5_special <= s4_special;
                s5_nan <= s4_nan;
                s5_inf <= s4_inf;
                s5_sign <= s4_sign;
                s5_e <= {1'b0, s4_e_big} + 1'b1 - (EW+1)'(sh);
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
                s6_fine <= SPLIT ? 3'(s5_sh) : 3'd0;
                s6_n <= SPLIT ? s5_sum << {s5_sh[LW-1:3], 3'b000} : s5_sum << s5_sh;
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
            if (j == 0) begin : g_first
                assign b = {!neg, 1'b1, neg};
            end else begin : g_rest
                assign b = {!neg, q_in[j-1:0] ^ {j{!neg}}, 1'b1, neg};
            end
            assign sum = r4 + b + SWJ'(!neg);
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
// binary32 erfc(a): within 1 ulp (OpenCL: 16), IEEE special values; fixed latency LAT with clock enable.
module hls_fp32_erfc #(
    parameter int LAT = 24
) (
    input  logic        clk,
    input  logic        ce,
    input  logic [31:0] a,
    output logic [31:0] y
);
    hls_delay #(.W(32), .N(LAT)) delay (.clk(clk), .ce(ce), .d(hls_fp_math_pkg::erfc32(a)), .q(y));
endmodule
// fp32_erfc: erfc(a) on board 'default' at 250 MHz: latency 24 cycles.
module hls_fp32_erfc_top (
    input  logic        clk,
    input  logic        ce,
    input  logic [31:0] a,
    output logic [31:0] y
);
    hls_fp32_erfc #(.LAT(24)) core (.clk(clk), .ce(ce), .a(a), .y(y));
endmodule
