//! The operator cores as standalone, reusable modules (`hls-build cores`): each has clock
//! `clk`, clock enable `ce`, operands `a` (and `b`), result `y`, and a parameter `LAT` that
//! the board's delay model sets.

use boards::Board;
use serde::Serialize;

#[derive(Debug, Clone, Serialize)]
pub struct CoreInfo {
    pub name: String,
    pub module: String,
    pub precision: String,
    pub operation: String,
    /// Board operator class that gives its latency.
    pub class: String,
    pub inputs: Vec<String>,
    pub outputs: Vec<String>,
    pub accuracy: String,
    /// The core takes parameter FTZ (flush to zero: subnormal operands and results read as
    /// zero; `hls-build cores --ftz`, and kernels compiled with flushed denormals).
    pub flush_to_zero: bool,
    #[serde(skip)]
    pub source: String,
}

/// A fixed core, as written in the table below.
struct Fixed {
    name: &'static str,
    module: &'static str,
    precision: &'static str,
    operation: &'static str,
    class: &'static str,
    inputs: &'static [&'static str],
    outputs: &'static [&'static str],
    accuracy: &'static str,
    flush_to_zero: bool,
    source: &'static str,
}

const FIXED: &[Fixed] = &[
    Fixed {
        name: "fp32_add",
        module: "hls_fp32_add",
        precision: "float",
        operation: "a + b, or a - b when sub = 1",
        class: "fp32_add",
        inputs: &["clk", "ce", "sub", "a[31:0]", "b[31:0]"],
        outputs: &["y[31:0]"],
        accuracy: "correctly rounded (nearest even), subnormals kept",
        flush_to_zero: true,
        source: include_str!("../sv/hls_fp32_add.sv"),
    },
    Fixed {
        name: "fp32_mul",
        module: "hls_fp32_mul",
        precision: "float",
        operation: "a * b",
        class: "fp32_mul",
        inputs: &["clk", "ce", "a[31:0]", "b[31:0]"],
        outputs: &["y[31:0]"],
        accuracy: "correctly rounded (nearest even), subnormals kept",
        flush_to_zero: true,
        source: include_str!("../sv/hls_fp32_mul.sv"),
    },
    Fixed {
        name: "fp32_fma",
        module: "hls_fp32_fma",
        precision: "float",
        operation: "a * b + c, rounded once",
        class: "fp32_fma",
        inputs: &["clk", "ce", "a[31:0]", "b[31:0]", "c[31:0]"],
        outputs: &["y[31:0]"],
        accuracy: "correctly rounded (nearest even), subnormals kept",
        flush_to_zero: true,
        source: include_str!("../sv/hls_fp32_fma.sv"),
    },
    Fixed {
        name: "fp16_fma",
        module: "hls_fp16_fma",
        precision: "half",
        operation: "a * b + c, rounded once (float fma rounded to odd, then to half)",
        class: "fp16_fma",
        inputs: &["clk", "ce", "a[15:0]", "b[15:0]", "c[15:0]"],
        outputs: &["y[15:0]"],
        accuracy: "correctly rounded (nearest even), subnormals kept",
        flush_to_zero: false,
        source: concat!(
            include_str!("../sv/hls_fp32_fma.sv"),
            include_str!("../sv/hls_fp16_fma.sv")
        ),
    },
    Fixed {
        name: "fp32_div",
        module: "hls_fp32_div",
        precision: "float",
        operation: "a / b",
        class: "fp32_div",
        inputs: &["clk", "ce", "a[31:0]", "b[31:0]"],
        outputs: &["y[31:0]"],
        accuracy: "correctly rounded (nearest even), subnormals kept",
        flush_to_zero: true,
        source: include_str!("../sv/hls_fp32_div.sv"),
    },
    Fixed {
        name: "fp32_sqrt",
        module: "hls_fp32_sqrt",
        precision: "float",
        operation: "sqrt(a)",
        class: "fp32_sqrt",
        inputs: &["clk", "ce", "a[31:0]"],
        outputs: &["y[31:0]"],
        accuracy: "correctly rounded (nearest even), subnormal inputs",
        flush_to_zero: true,
        source: include_str!("../sv/hls_fp32_sqrt.sv"),
    },
    Fixed {
        name: "fp64_add",
        module: "hls_fp64_add",
        precision: "double",
        operation: "a + b, or a - b when sub = 1",
        class: "fp64_add",
        inputs: &["clk", "ce", "sub", "a[63:0]", "b[63:0]"],
        outputs: &["y[63:0]"],
        accuracy: "correctly rounded (nearest even), subnormals kept",
        flush_to_zero: true,
        source: include_str!("../sv/hls_fp64.sv"),
    },
    Fixed {
        name: "fp64_mul",
        module: "hls_fp64_mul",
        precision: "double",
        operation: "a * b",
        class: "fp64_mul",
        inputs: &["clk", "ce", "a[63:0]", "b[63:0]"],
        outputs: &["y[63:0]"],
        accuracy: "correctly rounded (nearest even), subnormals kept",
        flush_to_zero: true,
        source: include_str!("../sv/hls_fp64.sv"),
    },
    Fixed {
        name: "fp64_fma",
        module: "hls_fp64_fma",
        precision: "double",
        operation: "a * b + c, rounded once",
        class: "fp64_fma",
        inputs: &["clk", "ce", "a[63:0]", "b[63:0]", "c[63:0]"],
        outputs: &["y[63:0]"],
        accuracy: "correctly rounded (nearest even), subnormals kept",
        flush_to_zero: true,
        source: include_str!("../sv/hls_fp64.sv"),
    },
    Fixed {
        name: "fp64_div",
        module: "hls_fp64_div",
        precision: "double",
        operation: "a / b",
        class: "fp64_div",
        inputs: &["clk", "ce", "a[63:0]", "b[63:0]"],
        outputs: &["y[63:0]"],
        accuracy: "correctly rounded (nearest even), subnormals kept",
        flush_to_zero: true,
        source: include_str!("../sv/hls_fp64.sv"),
    },
    Fixed {
        name: "fp64_sqrt",
        module: "hls_fp64_sqrt",
        precision: "double",
        operation: "sqrt(a)",
        class: "fp64_sqrt",
        inputs: &["clk", "ce", "a[63:0]"],
        outputs: &["y[63:0]"],
        accuracy: "correctly rounded (nearest even), subnormals kept",
        flush_to_zero: true,
        source: include_str!("../sv/hls_fp64.sv"),
    },
    Fixed {
        name: "fp16_to_fp32",
        module: "hls_fp16_to_fp32",
        precision: "half -> float",
        operation: "widen a half to float",
        class: "fp32_convert",
        inputs: &["clk", "ce", "a[15:0]"],
        outputs: &["y[31:0]"],
        accuracy: "exact (subnormals normalised, NaN payload kept and quieted)",
        flush_to_zero: false,
        source: include_str!("../sv/hls_fp_convert.sv"),
    },
    Fixed {
        name: "fp32_to_fp16",
        module: "hls_fp32_to_fp16",
        precision: "float -> half",
        operation: "narrow a float to half; parameter MODE: 0 nearest even, 1 toward zero, 2 toward +inf, 3 toward -inf",
        class: "fp32_convert",
        inputs: &["clk", "ce", "a[31:0]"],
        outputs: &["y[15:0]"],
        accuracy: "correctly rounded in MODE, subnormals kept, overflow per MODE",
        flush_to_zero: false,
        source: include_str!("../sv/hls_fp_convert.sv"),
    },
    Fixed {
        name: "fp32_to_fp64",
        module: "hls_fp32_to_fp64",
        precision: "float -> double",
        operation: "widen a float to double",
        class: "fp32_convert",
        inputs: &["clk", "ce", "a[31:0]"],
        outputs: &["y[63:0]"],
        accuracy: "exact",
        flush_to_zero: false,
        source: include_str!("../sv/hls_fp_convert.sv"),
    },
    Fixed {
        name: "fp64_to_fp32",
        module: "hls_fp64_to_fp32",
        precision: "double -> float",
        operation: "narrow a double to float; parameter MODE as fp32_to_fp16",
        class: "fp32_convert",
        inputs: &["clk", "ce", "a[63:0]"],
        outputs: &["y[31:0]"],
        accuracy: "correctly rounded in MODE, subnormals kept, overflow per MODE",
        flush_to_zero: false,
        source: include_str!("../sv/hls_fp_convert.sv"),
    },
];

/// Every core: the fixed ones, then one per elementary function (`math::FUNCTIONS`).
pub fn all() -> Vec<CoreInfo> {
    let strings = |v: &[&str]| v.iter().map(|s| s.to_string()).collect();
    let fixed = FIXED.iter().map(|c| CoreInfo {
        name: c.name.into(),
        module: c.module.into(),
        precision: c.precision.into(),
        operation: c.operation.into(),
        class: c.class.into(),
        inputs: strings(c.inputs),
        outputs: strings(c.outputs),
        accuracy: c.accuracy.into(),
        flush_to_zero: c.flush_to_zero,
        source: c.source.into(),
    });
    let math = crate::math::FUNCTIONS.iter().flat_map(|f| {
        f.widths().map(move |w| {
            let args = if f.arity == 2 { "a, b" } else { "a" };
            let port = |p: &str| format!("{p}[{}:0]", w - 1);
            let mut inputs = vec!["clk".to_string(), "ce".into(), port("a")];
            if f.arity == 2 {
                // pown and rootn: an int exponent.
                inputs.push(if f.int_b { "b[31:0]".into() } else { port("b") });
            }
            CoreInfo {
                name: format!("fp{w}_{}", f.name),
                module: f.module(w),
                precision: if w == 64 { "double" } else { "float" }.into(),
                operation: format!("{}({args})", f.name),
                class: boards::math_class(f.name, w).into(),
                inputs,
                outputs: vec![port("y")],
                accuracy: format!(
                    "within {} ulp (OpenCL bound {} ulp), subnormals kept, IEEE special values",
                    // The double tangents are quotients of two rounded values; the float
                    // expm1 and the hyperbolic functions built on the float exponentials
                    // (rtl-gen/src/fexp.rs has their analyses) round more than once.
                    match (f.name, w) {
                        ("tan", 64) => "2.5",
                        ("tanh", 64 | 32) => "3",
                        ("expm1", 32) => "1.5",
                        ("sinh", 32) => "2.6",
                        ("log1p", 32) => "1.2",
                        ("cosh", 32) => "1.1",
                        _ => "1",
                    },
                    f.bound_ulp
                ),
                flush_to_zero: false,
                source: f.module_source(w),
            }
        })
    });
    fixed.chain(math).collect()
}

pub fn find(name: &str) -> Option<CoreInfo> {
    all().into_iter().find(|c| c.name == name)
}

/// The parameters of a core module beyond LAT (", .NAME(value)..."): the multipliers tile
/// their products for the board's DSP block and instantiate its primitive where the board
/// names one; with `ftz` the float and double arithmetic
/// cores flush subnormals to zero. The one place that says which cores take what; code
/// generation and `hls-build cores` both use it.
pub fn board_params(module: &str, dsp: &boards::DspBlock, ftz: bool) -> String {
    let mut p = match module {
        "hls_fp32_mul" | "hls_fp64_mul" | "hls_fp32_fma" | "hls_fp16_fma" | "hls_fp64_fma" => {
            format!(
                ", .DSP_A({}), .DSP_B({}), .DSP_PRIM({})",
                dsp.a_bits,
                dsp.b_bits,
                dsp.primitive.sv_code()
            )
        }
        _ => String::new(),
    };
    if ftz && takes_ftz(module) {
        p += ", .FTZ(1'b1)";
    }
    p
}

/// Whether a core module has the FTZ parameter (the float and double add, mul, fma, div
/// and sqrt).
pub fn takes_ftz(module: &str) -> bool {
    FIXED.iter().any(|c| c.module == module && c.flush_to_zero)
}

/// The core's source followed by a wrapper `<module>_top` with the board's latency fixed
/// (and with `ftz`, flushing subnormals: only for cores with `flush_to_zero`).
pub fn emit(core: &CoreInfo, board: &Board, ftz: bool) -> String {
    let lat = board.operator(&core.class).latency.max(1);
    let ports: Vec<String> = core
        .inputs
        .iter()
        .map(|p| format!("input  logic {}", sv_port(p)))
        .chain(
            core.outputs
                .iter()
                .map(|p| format!("output logic {}", sv_port(p))),
        )
        .collect();
    let conns: Vec<String> = core
        .inputs
        .iter()
        .chain(&core.outputs)
        .map(|p| {
            let n = p.split('[').next().unwrap_or(p);
            format!(".{n}({n})")
        })
        .collect();
    // The library sources the core uses, each after what it uses, then a wrapper with the
    // board's latency fixed.
    let wrapper = format!(
        "// {}: {} on board '{}' at {} MHz: latency {lat} cycles{}.\nmodule {}_top (\n    {}\n);\n{}endmodule\n",
        core.name,
        core.operation,
        board.name,
        board.clock_mhz,
        if ftz && core.flush_to_zero {
            ", subnormals flushed to zero"
        } else {
            ""
        },
        core.module,
        ports.join(",\n    "),
        instance(&core.module, lat, &board.dsp, ftz, "core", &conns.join(", "))
    );
    let mut text = String::new();
    for s in crate::library::needed_by(&wrapper, &[]) {
        text += s.text.trim_end();
        text += "\n";
    }
    text + &wrapper
}

/// One instance of a core module, `LAT` set to `latency` and the board's parameters
/// (`board_params`) added: how code generation and standalone emission both instantiate a
/// core. `ports` is the connection list (`.clk(ap_clk), .a(x)`).
pub fn instance(
    module: &str,
    latency: u32,
    dsp: &boards::DspBlock,
    ftz: bool,
    name: &str,
    ports: &str,
) -> String {
    format!(
        "    {module} #(.LAT({latency}){}) {name} ({ports});\n",
        board_params(module, dsp, ftz)
    )
}

fn sv_port(p: &str) -> String {
    match p.split_once('[') {
        Some((n, range)) => format!("[{} {n}", range),
        None => format!("       {p}"),
    }
}
