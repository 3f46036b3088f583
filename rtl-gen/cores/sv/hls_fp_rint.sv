// Rounding to an integral value in the float format (EW/MW: float 8/23, double 11/52):
// MODE 2 floor, 3 ceil, 4 trunc, 5 rint (nearest even), 6 round (half away from zero), as
// hls_fp_pkg::round32 and hls_fp64_pkg::round64 compute it (a NaN gives the quiet NaN),
// LAT clock-enabled cycles later. As the function followed by a register, the fraction
// mask, the rounding decision and the add were one path (14 ns on ECP5, half_math.cl).
// Here: with LAT >= 3 an operand register, then three levels with the remaining registers
// spread over them (the last always registered, more delaying the result): the mask of the
// fraction bits below the units from the exponent; the guard, sticky and odd bits and the
// decision; the unit added to the cleared value (exponent and fraction as one word, so a
// carry out of the fraction steps the exponent).
module hls_fp_rint #(
    parameter int EW = 8,
    parameter int MW = 23,
    parameter int MODE = 5,
    parameter int LAT = 4
) (
    input  logic          clk,
    input  logic          ce,
    input  logic [EW+MW:0] a,
    output logic [EW+MW:0] y
);
    localparam int N = 3;
    localparam int RA = LAT - (LAT >= 3 ? 1 : 0);
    localparam int TAIL = RA > N ? RA - N : 0;  // registers past one per level
    localparam int W = EW + MW + 1;
    localparam int BIAS = (1 << (EW - 1)) - 1;
    localparam logic [W-1:0] QNAN = {1'b0, {EW{1'b1}}, 1'b1, {(MW - 1){1'b0}}};
    localparam logic [EW-1:0] ONE_EXP = EW'(BIAS);

    typedef struct packed {
        logic [W-1:0] x;
        logic [MW-1:0] mask;  // the fraction bits below the units
        logic [MW:0] unit;    // the units' place (bit MW: the exponent's lowest)
        logic nan, whole, below_one, up;
    } state_t;

    logic [W-1:0] x0;
    if (LAT >= 3) begin : g_operand
        always_ff @(posedge clk) if (ce) x0 <= a;
    end else begin : g_direct
        assign x0 = a;
    end
    state_t in;
    assign in = '{x: x0, mask: '0, unit: '0, nan: 1'b0, whole: 1'b0, below_one: 1'b0, up: 1'b0};

    state_t lvl [N + 1] /* verilator split_var */;
    assign lvl[0] = in;
    for (genvar l = 1; l <= N; l++) begin : g_level
        state_t s;
        state_t p;
        logic [EW-1:0] e;
        assign p = lvl[l-1];
        assign e = p.x[W-2 -: EW];
        if (l == 1) begin : g_mask
            // f = BIAS + MW - e fraction bits lie below the units (1 to MW in range).
            logic [EW:0] f;
            assign f = (EW + 1)'(BIAS + MW) - {1'b0, e};
            always_comb begin
                s = p;
                s.nan = &e && p.x[MW-1:0] != '0;
                s.whole = e >= EW'(BIAS + MW);
                s.below_one = e < EW'(BIAS);
                s.mask = ~({MW{1'b1}} << f);
                s.unit = (MW + 1)'(1) << f;
            end
        end else if (l == 2) begin : g_decide
            logic g, st, odd, rem, sign;
            assign sign = p.x[W-1];
            logic [MW:0] m;
            assign m = {1'b1, p.x[MW-1:0]};
            // guard: the highest masked bit; sticky: those below it; odd: the units' bit
            assign g = (p.x[MW-1:0] & (p.mask ^ (p.mask >> 1))) != '0;
            assign st = (p.x[MW-1:0] & (p.mask >> 1)) != '0;
            assign rem = (p.x[MW-1:0] & p.mask) != '0;
            assign odd = (m & p.unit) != '0;
            always_comb begin
                s = p;
                if (p.below_one)
                    case (MODE)
                        2: s.up = sign;
                        3: s.up = !sign;
                        5: s.up = e == EW'(BIAS - 1) && p.x[MW-1:0] != '0;
                        6: s.up = e == EW'(BIAS - 1);
                        default: s.up = 1'b0;
                    endcase
                else
                    case (MODE)
                        2: s.up = sign && rem;
                        3: s.up = !sign && rem;
                        5: s.up = g && (st || odd);
                        6: s.up = g;
                        default: s.up = 1'b0;
                    endcase
            end
        end else begin : g_add
            logic [W-2:0] sum;
            logic sign;
            assign sign = p.x[W-1];
            assign sum = {e, p.x[MW-1:0] & ~p.mask} + (p.up ? (W - 1)'(p.unit) : '0);
            always_comb begin
                s = p;
                if (p.nan) s.x = QNAN;
                else if (p.whole || (p.below_one && p.x[W-2:0] == '0)) s.x = p.x;
                else if (p.below_one) s.x = p.up ? {sign, ONE_EXP, {MW{1'b0}}} : {sign, {(W - 1){1'b0}}};
                else s.x = {sign, sum};
            end
        end
        hls_level #(.T(state_t), .L(l), .N(N), .LAT(LAT)) stage (.clk, .ce, .d(s), .q(lvl[l]));
    end
    hls_delay #(.W($bits(y)), .N(TAIL)) tail (.clk, .ce, .d(lvl[N].x), .q(y));
endmodule
