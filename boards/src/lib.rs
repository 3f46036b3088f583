//! Board support packages: the resource and timing model every later stage reads.
//!
//! A board is data (`bsp/*.yaml`), never code: adding a board means adding one file.
//! This crate knows nothing of SPIR-V or of how the scheduler uses the numbers.

pub mod family;
pub mod flow;
pub mod interface_registers;
pub mod platform;

pub use family::Family;
pub use interface_registers::{READ_RESPONSE_REGISTERS, REQUEST_REGISTERS, STORE_REGISTERS};
pub use platform::{Flow, GlobalMemory, HostLink, Pin, Pins, Resources};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::path::Path;

/// Boards compiled into the binary, by name.
const BUILTIN: &[(&str, &str)] = &[
    ("default", include_str!("../bsp/default.yaml")),
    ("u250", include_str!("../bsp/u250.yaml")),
    ("u280", include_str!("../bsp/u280.yaml")),
    ("u55c", include_str!("../bsp/u55c.yaml")),
    ("d5005", include_str!("../bsp/d5005.yaml")),
    ("n6001", include_str!("../bsp/n6001.yaml")),
    ("ulx3s", include_str!("../bsp/ulx3s.yaml")),
    ("ulx3s_25f", include_str!("../bsp/ulx3s_25f.yaml")),
    ("versa_ecp5", include_str!("../bsp/versa_ecp5.yaml")),
];

#[derive(Debug, thiserror::Error)]
pub enum BoardError {
    #[error("{path}: cannot read board file: {source}")]
    Io {
        path: String,
        source: std::io::Error,
    },
    #[error("{path}: invalid board description: {message}")]
    Parse { path: String, message: String },
    #[error("{path}: {field}: {message}")]
    Invalid {
        path: String,
        field: String,
        message: String,
    },
    #[error("unknown board '{0}': run `hls-build boards` for the list, or pass a .yaml file")]
    Unknown(String),
}

/// Timing of one operator class at the board's clock.
#[derive(Debug, Clone, Copy, Deserialize, Serialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct OperatorTiming {
    /// Pipeline latency in cycles; 0 means combinational (chained).
    pub latency: u32,
    /// Combinational delay in ns. With latency 0 the operator chains; with registers that
    /// trail its logic (a delay operator pipelined without hand-placed stages), it is the
    /// logic in front of them: nothing chains into it, and it still bounds the clock.
    #[serde(default)]
    pub delay_ns: f64,
    /// Area of one core of this class on the board's device, when the board gives it:
    /// LUTs and DSP blocks (the built-in board's figures are Yosys estimates of the cores
    /// at these latencies, from BENCHMARKS.md). Reports sum them over a kernel's operators.
    #[serde(default)]
    pub luts: Option<u32>,
    #[serde(default)]
    pub dsps: Option<u32>,
}

#[derive(Debug, Clone, Deserialize, Serialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct MemoryModel {
    pub global_load_latency: u32,
    pub store_visible_latency: u32,
    pub read_ports_per_master: u32,
    pub write_ports_per_master: u32,
    pub store_queue_depth: u32,
    pub load_request_queue_depth: u32,
}

/// On-chip RAM of the device: what the memories built from local and private arrays cost.
#[derive(Debug, Clone, Deserialize, Serialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct OnChipModel {
    /// Cycles from a RAM read's address to its data (registered output).
    pub ram_read_latency: u32,
    /// Bits of one block RAM (e.g. 36 Kib on UltraScale+).
    pub block_ram_bits: u64,
    /// Block RAMs the kernel may use in all.
    pub block_rams: u32,
    /// A bank of at most this many bits becomes LUT RAM unless the kernel asks otherwise.
    pub lutram_max_bits: u64,
    /// Inferred banking may implement an array in flip-flops up to this many bits.
    pub register_max_bits: u64,
    /// Most banks inference will split one array into.
    pub max_inferred_banks: u32,
}

impl Default for OnChipModel {
    fn default() -> Self {
        OnChipModel {
            ram_read_latency: 1,
            block_ram_bits: 36 * 1024,
            block_rams: 1000,
            lutram_max_bits: 1024,
            register_max_bits: 2048,
            max_inferred_banks: 16,
        }
    }
}

#[derive(Debug, Clone, Deserialize, Serialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Board {
    pub name: String,
    #[serde(default)]
    pub description: String,
    /// The device family whose delay model (`families/*.yaml`) times the operators the
    /// board does not time itself, at the board's clock.
    #[serde(default)]
    pub family: Option<String>,
    /// The device's part number (e.g. xcu280-fsvh2892-2L-e, LFE5U-85F-6BG381C).
    #[serde(default)]
    pub part: Option<String>,
    #[serde(default)]
    pub speed_grade: Option<String>,
    /// The kernel clock the schedule is built for (the board's default).
    pub clock_mhz: f64,
    /// The fastest kernel clock the board's shell or clock tree offers.
    #[serde(default)]
    pub clock_max_mhz: Option<f64>,
    #[serde(default)]
    pub operators: BTreeMap<String, OperatorTiming>,
    pub memory: MemoryModel,
    #[serde(default)]
    pub onchip: OnChipModel,
    #[serde(default)]
    pub dsp: DspBlock,
    #[serde(default)]
    pub resources: Option<Resources>,
    /// Global memories, by kind; buffer arguments are assigned to their banks.
    #[serde(default)]
    pub memories: Vec<GlobalMemory>,
    #[serde(default)]
    pub host: Option<HostLink>,
    #[serde(default)]
    pub pins: Option<Pins>,
    #[serde(default)]
    pub flow: Flow,
    /// The staged cores' Fmax on this family, where known (filled from the family).
    #[serde(default, skip_deserializing)]
    pub core_fmax: BTreeMap<String, f64>,
    /// The kernel frame's Fmax on this family, where measured (filled from the family).
    #[serde(default, skip_deserializing)]
    pub interface_fmax: Option<f64>,
    /// Each LUT level more in the clock enable's NOR, in ns (filled from the family).
    #[serde(default, skip_deserializing)]
    pub stall_level_ns: Option<f64>,
}

/// The device's DSP multiplier: its signed operand widths. The floating-point cores tile
/// their significand products for it (27 x 18 on UltraScale+ DSP48E2, 18 x 18 on ECP5 and
/// Cyclone V).
#[derive(Debug, Clone, Copy, Deserialize, Serialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct DspBlock {
    pub a_bits: u32,
    pub b_bits: u32,
    /// How a product reaches the block: inferred from `*` (every synthesizer), or the
    /// device's primitive instantiated so that the product's pipeline register is the
    /// block's own output register.
    #[serde(default)]
    pub primitive: DspPrimitive,
}

/// Which DSP primitive the cores instantiate for their significand products.
#[derive(Debug, Clone, Copy, Deserialize, Serialize, PartialEq, Eq, Default)]
#[serde(rename_all = "snake_case")]
pub enum DspPrimitive {
    /// `p <= a * b` in fabric registers; the synthesizer maps the product. Yosys packs no
    /// register into an ECP5 MULT18X18D, so there the register sits in a slice and the
    /// routing to it is in the product's path.
    #[default]
    Inferred,
    /// Lattice ECP5 MULT18X18D with REG_OUTPUT: the register inside the block (measured on
    /// a bare registered 18 x 18 product, nextpnr-ecp5: 141.7 MHz inferred, 207.9 MHz).
    /// Needs `a_bits` and `b_bits` 18.
    Ecp5Mult18x18d,
    /// Xilinx DSP48E2 (UltraScale, UltraScale+), its post-adder and 17-bit cascade used: the
    /// double significand product is eight blocks whose partial products are summed inside
    /// them (Yosys infers no DSP48E2 post-adder), 9 cycles instead of 4, so the staged
    /// double multiplier takes 15 and the fma 20. Needs `a_bits` 27 and `b_bits` 18.
    Dsp48e2,
}

/// The cycles the staged double multiplier and fma take with the cascaded DSP48E2 product
/// (hls_fp_pkg::sigmul_latency(53, 2) = 9, plus 6 and 11 stages).
pub const DSP48E2_FP64_LATENCY: &[(&str, u32)] = &[("fp64_mul", 15), ("fp64_fma", 20)];

impl DspPrimitive {
    /// The cores' DSP_PRIM parameter.
    pub fn sv_code(self) -> u32 {
        match self {
            DspPrimitive::Inferred => 0,
            DspPrimitive::Ecp5Mult18x18d => 1,
            DspPrimitive::Dsp48e2 => 2,
        }
    }
}

impl Default for DspBlock {
    fn default() -> Self {
        DspBlock {
            a_bits: 18,
            b_bits: 18,
            primitive: DspPrimitive::Inferred,
        }
    }
}

/// Operator classes every board must time; the scheduler asks for these names.
pub const REQUIRED_OPERATORS: &[&str] = &[
    "int_add",
    "int_logic",
    "int_shift",
    "int_cmp",
    "select",
    "cast",
    "int_mul",
    "int_div",
    "int_bits",
    "fp32_add",
    "fp32_mul",
    "fp32_div",
    "fp32_fma",
    "fp16_fma",
    "fp32_sqrt",
    "fp32_round",
    "fp32_cmp",
    "fp32_convert",
    "fp32_math",
    "fp64_add",
    "fp64_mul",
    "fp64_div",
    "fp64_sqrt",
    "fp64_fma",
];

/// Operator classes a board may time, each with the class whose timing it takes when the
/// board does not: a core that has outgrown a shared class (the staged exponential and
/// logarithm, 16 cycles, expm1, 18, the sine and cosine, 21, the powers, 32, the hypotenuse,
/// 37, the tangent, 39, erf and erfc, 24, the arctangents, 47, cosh, 52, tanh, 54, log1p,
/// 60, sinh, 62, asin and acos, 88, beside the 24 of fp32_math) gets its own without
/// breaking
/// boards written before it.
/// A board without one of the double function classes (fp64_exp, fp64_expm1, fp64_log,
/// fp64_log1p, fp64_pow, fp64_sin, fp64_tan, fp64_hypot, fp64_sinh, fp64_tanh, fp64_atan,
/// fp64_asin, fp64_erf, fp64_rootn) gives its cores fp64_div's timing: the deepest double
/// core every board has.
pub const OPTIONAL_OPERATORS: &[(&str, &str)] = &[
    // The 64-bit product: ten limb products and a deeper sum (hls_int_mul).
    ("int_mul64", "int_mul"),
    // A 64-bit sum (an address, a `long`): a carry chain twice as long.
    ("int_add64", "int_add"),
    // The 64-bit quotient: 64 long-division steps (hls_int_div).
    ("int_div64", "int_div"),
    // Integer <-> float conversions: the staged hls_int_to_fp and hls_fp_to_int, with a
    // level per register where a board gives them the stages.
    ("int_to_fp", "fp32_convert"),
    ("fp_to_int", "fp32_convert"),
    ("fp32_exp", "fp32_math"),
    ("fp32_log", "fp32_math"),
    ("fp32_sin", "fp32_math"),
    ("fp32_pow", "fp32_math"),
    ("fp32_tan", "fp32_math"),
    ("fp32_rootn", "fp32_math"),
    ("fp32_hypot", "fp32_math"),
    ("fp32_expm1", "fp32_math"),
    ("fp32_log1p", "fp32_math"),
    ("fp32_sinh", "fp32_math"),
    ("fp32_cosh", "fp32_math"),
    ("fp32_tanh", "fp32_math"),
    ("fp32_atan", "fp32_math"),
    ("fp32_asin", "fp32_math"),
    ("fp32_erf", "fp32_math"),
    ("fp64_exp", "fp64_div"),
    ("fp64_expm1", "fp64_div"),
    ("fp64_log1p", "fp64_div"),
    ("fp64_log", "fp64_div"),
    ("fp64_pow", "fp64_div"),
    ("fp64_sin", "fp64_div"),
    ("fp64_tan", "fp64_div"),
    ("fp64_hypot", "fp64_div"),
    ("fp64_sinh", "fp64_div"),
    ("fp64_tanh", "fp64_div"),
    ("fp64_atan", "fp64_div"),
    ("fp64_asin", "fp64_div"),
    ("fp64_erf", "fp64_div"),
    ("fp64_rootn", "fp64_div"),
];

/// The operator class of an OpenCL.std function's core at a float width (rtl-gen's math
/// module lists them): exp, exp2 and exp10 are the staged hls_fp_exp (hls_fp_exp64 for
/// double; expm1 is KIND 3 of each, fp32_expm1 and fp64_expm1), log, log2 and log10 the staged hls_fp_log
/// (hls_fp_log64, and the double log1p its KIND 3), the double pow, powr, pown and cbrt
/// hls_fp_pow64 (rootn: its KIND 4, with a divider beside), the double sin and cos
/// hls_fp_sin64, the double tan hls_fp_tan64, the double hypot hls_fp_hypot64, the double
/// sinh and cosh hls_fp_sinh64
/// (tanh: its KIND 2, with the divider), the double atan and atan2 hls_fp_arctan64, the
/// double asin and acos the same with sqrt(1 - x^2) in front, the double erf and erfc
/// hls_fp_erf64; the float sin and cos the staged hls_fp_sin, tan hls_fp_tan, the float pow,
/// powr, pown and cbrt the staged hls_fp_pow (rootn: its KIND 4, with a divider beside),
/// hypot the staged hls_fp_hypot, tanh hls_fp_tanh (the float expm1, adder and divider),
/// sinh and cosh hls_fp_sinh (a halved exponential, the adder and divider; a class each,
/// as their stage counts differ), log1p hls_fp_log1p (the logarithm, adders, divider and
/// fma), atan and atan2 hls_fp_arctan, asin and acos hls_fp_asin (the fma, the square root
/// and hls_fp_arctan), erf and erfc hls_fp_erf; the others share fp32_math.
pub fn math_class(function: &str, width: u32) -> &'static str {
    match function {
        "exp" | "exp2" | "exp10" if width == 64 => "fp64_exp",
        "expm1" if width == 64 => "fp64_expm1",
        "log1p" if width == 64 => "fp64_log1p",
        "exp" | "exp2" | "exp10" => "fp32_exp",
        "log" | "log2" | "log10" if width == 64 => "fp64_log",
        "pow" | "powr" | "pown" | "cbrt" if width == 64 => "fp64_pow",
        "rootn" if width == 64 => "fp64_rootn",
        "sin" | "cos" | "sincos" | "sincos_out" if width == 64 => "fp64_sin",
        "tan" if width == 64 => "fp64_tan",
        "hypot" if width == 64 => "fp64_hypot",
        "sinh" | "cosh" if width == 64 => "fp64_sinh",
        "tanh" if width == 64 => "fp64_tanh",
        "atan" | "atan2" if width == 64 => "fp64_atan",
        "asin" | "acos" if width == 64 => "fp64_asin",
        "erf" | "erfc" if width == 64 => "fp64_erf",
        "log" | "log2" | "log10" => "fp32_log",
        "sin" | "cos" | "sincos" | "sincos_out" => "fp32_sin",
        "pow" | "powr" | "pown" | "cbrt" => "fp32_pow",
        "rootn" => "fp32_rootn",
        "tan" => "fp32_tan",
        "hypot" => "fp32_hypot",
        "expm1" => "fp32_expm1",
        "tanh" => "fp32_tanh",
        "sinh" => "fp32_sinh",
        "cosh" => "fp32_cosh",
        "log1p" => "fp32_log1p",
        "atan" | "atan2" => "fp32_atan",
        "asin" | "acos" => "fp32_asin",
        "erf" | "erfc" => "fp32_erf",
        _ => "fp32_math",
    }
}

/// A kernel clock asked for on the command line: positive, and within the board's
/// `clock_max_mhz` where it has one.
fn check_clock(board: &Board, clock: f64, path: &str) -> Result<(), BoardError> {
    let invalid = |message: String| BoardError::Invalid {
        path: path.to_string(),
        field: "clock_mhz".into(),
        message,
    };
    if !(clock.is_finite() && clock > 0.0 && clock <= 2000.0) {
        return Err(invalid(format!(
            "--clock {clock}: give a clock in (0, 2000] MHz"
        )));
    }
    match board.clock_max_mhz {
        Some(max) if clock > max => Err(invalid(format!(
            "--clock {clock} MHz is above the board's clock_max_mhz, {max} MHz"
        ))),
        _ => Ok(()),
    }
}

/// Fills in what a board with a `family` leaves to it: the operators it does not time (at
/// its clock, through the family's delay model), the DSP block and the on-chip RAM model.
/// Returns the family, if there is one.
fn with_family(value: &mut serde_yaml_ng::Value, path: &str) -> Result<Option<Family>, BoardError> {
    let invalid = |field: &str, message: String| BoardError::Invalid {
        path: path.to_string(),
        field: field.to_string(),
        message,
    };
    let Some(map) = value.as_mapping_mut() else {
        return Ok(None);
    };
    let Some(name) = map.get("family") else {
        return Ok(None);
    };
    let name = name
        .as_str()
        .ok_or_else(|| invalid("family", "must be a family name".into()))?;
    let family = Family::load(name).map_err(|m| invalid("family", m))?;
    let clock = map
        .get("clock_mhz")
        .and_then(|c| c.as_f64())
        .filter(|c| c.is_finite() && *c > 0.0 && *c <= 2000.0)
        .ok_or_else(|| invalid("clock_mhz", "must be a clock in (0, 2000] MHz".into()))?;
    let yaml = |v: &dyn erased::ToValue| v.to_value();
    let ops = map
        .entry("operators".into())
        .or_insert_with(|| serde_yaml_ng::Value::Mapping(Default::default()));
    let ops = ops
        .as_mapping_mut()
        .ok_or_else(|| invalid("operators", "must be a mapping of operator classes".into()))?;
    for (class, timing) in family.operators_at(clock) {
        if !ops.contains_key(class.as_str()) {
            ops.insert(class.into(), yaml(&timing));
        }
    }
    if !map.contains_key("dsp") {
        map.insert("dsp".into(), yaml(&family.dsp));
    }
    if !map.contains_key("onchip") {
        let block_rams = map
            .get("resources")
            .and_then(|r| r.get("block_rams"))
            .and_then(|n| n.as_u64())
            .map_or(OnChipModel::default().block_rams, |n| {
                n.min(u32::MAX as u64) as u32
            });
        let onchip = OnChipModel {
            ram_read_latency: family.ram_read_latency,
            block_ram_bits: family.block_ram_bits,
            block_rams,
            ..OnChipModel::default()
        };
        map.insert("onchip".into(), yaml(&onchip));
    }
    Ok(Some(family))
}

/// Serializing the board's own types cannot fail; this keeps the `expect` in one place.
mod erased {
    pub trait ToValue {
        fn to_value(&self) -> serde_yaml_ng::Value;
    }
    impl<T: serde::Serialize> ToValue for T {
        fn to_value(&self) -> serde_yaml_ng::Value {
            serde_yaml_ng::to_value(self).expect("plain data serializes")
        }
    }
}

impl Board {
    pub fn clock_period_ns(&self) -> f64 {
        1000.0 / self.clock_mhz
    }

    /// Timing for an operator class (an optional one the board leaves out: its fallback's).
    /// Classes are checked at load time, so this cannot miss.
    pub fn operator(&self, class: &str) -> OperatorTiming {
        match self.operators.get(class) {
            Some(t) => *t,
            None => {
                let fallback = OPTIONAL_OPERATORS
                    .iter()
                    .find(|(c, _)| *c == class)
                    .map_or(class, |(_, f)| *f);
                self.operators[fallback]
            }
        }
    }

    /// Loads a board by built-in name or from a YAML file path.
    pub fn load(name_or_path: &str) -> Result<Board, BoardError> {
        Board::load_at(name_or_path, None)
    }

    /// Loads a board, optionally at another kernel clock (`--clock MHZ`): the family's
    /// delay model then times the operators at that clock, up to the board's
    /// `clock_max_mhz`.
    pub fn load_at(name_or_path: &str, clock_mhz: Option<f64>) -> Result<Board, BoardError> {
        if let Some((_, text)) = BUILTIN.iter().find(|(n, _)| *n == name_or_path) {
            let path = format!("<built-in board {name_or_path}>");
            return Board::from_yaml_at(text, &path, clock_mhz);
        }
        let looks_like_file = name_or_path.ends_with(".yaml")
            || name_or_path.ends_with(".yml")
            || name_or_path.contains('/');
        if !looks_like_file {
            return Err(BoardError::Unknown(name_or_path.to_string()));
        }
        let path = Path::new(name_or_path);
        let text = std::fs::read_to_string(path).map_err(|source| BoardError::Io {
            path: name_or_path.to_string(),
            source,
        })?;
        Board::from_yaml_at(&text, name_or_path, clock_mhz)
    }

    pub fn builtin_default() -> Board {
        Board::load("default").expect("the built-in board is valid (checked by a unit test)")
    }

    pub fn builtin_names() -> Vec<&'static str> {
        BUILTIN.iter().map(|(n, _)| *n).collect()
    }

    pub fn from_yaml(text: &str, path: &str) -> Result<Board, BoardError> {
        Board::from_yaml_at(text, path, None)
    }

    fn from_yaml_at(text: &str, path: &str, clock_mhz: Option<f64>) -> Result<Board, BoardError> {
        let parse = |e: serde_yaml_ng::Error| BoardError::Parse {
            path: path.to_string(),
            message: e.to_string(),
        };
        // Read as written first: a mistake is reported with its field and line.
        let mut board: Board = serde_yaml_ng::from_str(text).map_err(parse)?;
        let mut value: serde_yaml_ng::Value = serde_yaml_ng::from_str(text).map_err(parse)?;
        if let Some(clock) = clock_mhz {
            check_clock(&board, clock, path)?;
            board.clock_mhz = clock;
            if let Some(map) = value.as_mapping_mut() {
                map.insert("clock_mhz".into(), clock.into());
            }
        }
        let family = with_family(&mut value, path)?;
        if let Some(f) = family {
            board = serde_yaml_ng::from_value(value).map_err(parse)?;
            board.core_fmax = f
                .operators
                .iter()
                .filter_map(|(c, op)| Some((c.clone(), op.fmax_mhz?)))
                .collect();
            board.interface_fmax = f.interface_fmax_mhz;
            board.stall_level_ns = f.stall_level_ns;
        }
        board.check(path)?;
        Ok(board)
    }

    /// The staged cores this kernel clock is above, with the Fmax each reaches on the
    /// family (they, not the schedule, then bound the clock the kernel closes at).
    pub fn core_limits(&self) -> Vec<(String, f64)> {
        self.core_fmax
            .iter()
            .filter(|(_, f)| **f < self.clock_mhz)
            .map(|(c, f)| (c.clone(), *f))
            .collect()
    }

    /// Every global memory bank, in the board's order: (bank name, its memory).
    pub fn banks(&self) -> Vec<(String, &GlobalMemory)> {
        self.memories
            .iter()
            .flat_map(|m| m.bank_names().map(move |n| (n, m)))
            .collect()
    }

    // Long because it checks every field of a board file in the file's order.
    fn check(&self, path: &str) -> Result<(), BoardError> {
        let invalid = |field: &str, message: String| BoardError::Invalid {
            path: path.to_string(),
            field: field.to_string(),
            message,
        };
        if !(2..=64).contains(&self.dsp.a_bits) || !(2..=64).contains(&self.dsp.b_bits) {
            return Err(invalid(
                "dsp",
                format!(
                    "{} x {} is not a DSP multiplier (operand widths 2..=64 bits)",
                    self.dsp.a_bits, self.dsp.b_bits
                ),
            ));
        }
        if self.dsp.primitive == DspPrimitive::Ecp5Mult18x18d
            && (self.dsp.a_bits, self.dsp.b_bits) != (18, 18)
        {
            return Err(invalid(
                "dsp.primitive",
                format!(
                    "ecp5_mult18x18d is an 18 x 18 multiplier, but the board says {} x {}: \
                     set a_bits and b_bits to 18, or drop `primitive`",
                    self.dsp.a_bits, self.dsp.b_bits
                ),
            ));
        }
        if self.dsp.primitive == DspPrimitive::Dsp48e2 {
            if (self.dsp.a_bits, self.dsp.b_bits) != (27, 18) {
                return Err(invalid(
                    "dsp.primitive",
                    format!(
                        "dsp48e2 is a 27 x 18 multiplier, but the board says {} x {}: \
                         set a_bits 27 and b_bits 18, or drop `primitive`",
                        self.dsp.a_bits, self.dsp.b_bits
                    ),
                ));
            }
            // Below its staged latency a core is built combinational; with this block
            // that would be a silent surprise, so it is refused.
            for &(class, stages) in DSP48E2_FP64_LATENCY {
                if let Some(op) = self.operators.get(class) {
                    if op.latency < stages {
                        return Err(invalid(
                            &format!("operators.{class}.latency"),
                            format!(
                                "with `primitive: dsp48e2` the staged {class} takes {stages} \
                                 cycles (its product is a cascade of DSP48E2), but the board \
                                 gives {}: give it {stages} or more, or drop `primitive`",
                                op.latency
                            ),
                        ));
                    }
                }
            }
        }
        if !(self.clock_mhz.is_finite() && self.clock_mhz > 0.0 && self.clock_mhz <= 2000.0) {
            return Err(invalid(
                "clock_mhz",
                format!("{} is not a clock in (0, 2000] MHz", self.clock_mhz),
            ));
        }
        for required in REQUIRED_OPERATORS {
            if !self.operators.contains_key(*required) {
                return Err(invalid(
                    &format!("operators.{required}"),
                    "missing: every board must give latency (and delay_ns when latency is 0)"
                        .into(),
                ));
            }
        }
        for (name, op) in &self.operators {
            let optional = OPTIONAL_OPERATORS.iter().any(|(c, _)| c == name);
            if !REQUIRED_OPERATORS.contains(&name.as_str()) && !optional {
                let optional: Vec<&str> = OPTIONAL_OPERATORS.iter().map(|(c, _)| *c).collect();
                return Err(invalid(
                    &format!("operators.{name}"),
                    format!(
                        "unknown operator class; known: {} (optional: {})",
                        REQUIRED_OPERATORS.join(", "),
                        optional.join(", ")
                    ),
                ));
            }
            // (A sanity bound: the deepest core, the double tangent, takes 85 cycles.)
            if op.latency > 256 {
                return Err(invalid(
                    &format!("operators.{name}.latency"),
                    "more than 256 cycles".into(),
                ));
            }
            if !(op.delay_ns.is_finite() && op.delay_ns >= 0.0) {
                return Err(invalid(
                    &format!("operators.{name}.delay_ns"),
                    "must be ≥ 0".into(),
                ));
            }
            if op.latency == 0 && op.delay_ns > self.clock_period_ns() {
                return Err(invalid(
                    &format!("operators.{name}.delay_ns"),
                    format!(
                        "{} ns does not fit the {:.3} ns clock period; give the operator a latency ≥ 1",
                        op.delay_ns,
                        self.clock_period_ns()
                    ),
                ));
            }
        }
        let m = &self.memory;
        if m.global_load_latency == 0 || m.global_load_latency > 1024 {
            return Err(invalid(
                "memory.global_load_latency",
                "must be in 1..=1024".into(),
            ));
        }
        if m.read_ports_per_master != 1 || m.write_ports_per_master != 1 {
            return Err(invalid(
                "memory.read_ports_per_master",
                "an AXI4 master accepts one read and one write request per cycle; only 1 is supported".into(),
            ));
        }
        let o = &self.onchip;
        if !(1..=4).contains(&o.ram_read_latency) {
            return Err(invalid(
                "onchip.ram_read_latency",
                "must be in 1..=4".into(),
            ));
        }
        if !o.max_inferred_banks.is_power_of_two() || o.max_inferred_banks > 64 {
            return Err(invalid(
                "onchip.max_inferred_banks",
                format!("{} must be a power of two up to 64", o.max_inferred_banks),
            ));
        }
        if o.block_ram_bits == 0 {
            return Err(invalid("onchip.block_ram_bits", "must be > 0".into()));
        }
        for (field, v) in [
            ("memory.store_queue_depth", m.store_queue_depth),
            (
                "memory.load_request_queue_depth",
                m.load_request_queue_depth,
            ),
        ] {
            if !(2..=1024).contains(&v) || !v.is_power_of_two() {
                return Err(invalid(
                    field,
                    format!("{v} must be a power of two in 2..=1024"),
                ));
            }
        }
        self.check_platform(path)
    }

    /// The fields beyond timing: clocks, resources, memories, and what the flow needs.
    fn check_platform(&self, path: &str) -> Result<(), BoardError> {
        let invalid = |field: &str, message: String| BoardError::Invalid {
            path: path.to_string(),
            field: field.to_string(),
            message,
        };
        if let Some(max) = self.clock_max_mhz {
            if !(max.is_finite() && max >= self.clock_mhz) {
                return Err(invalid(
                    "clock_max_mhz",
                    format!("{max} MHz is below the kernel clock {} MHz", self.clock_mhz),
                ));
            }
        }
        if let Some(r) = &self.resources {
            for (field, n) in [
                ("resources.luts", r.luts),
                ("resources.ffs", r.ffs),
                ("resources.block_rams", r.block_rams),
                ("resources.dsps", r.dsps),
            ] {
                if n == 0 {
                    return Err(invalid(field, "must be > 0".into()));
                }
            }
        }
        let mut names = std::collections::BTreeSet::new();
        for (i, m) in self.memories.iter().enumerate() {
            let field = |f: &str| format!("memories[{i}].{f}");
            let ok_name = !m.name.is_empty()
                && m.name
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || c == '_');
            if !ok_name || !names.insert(m.name.clone()) {
                return Err(invalid(
                    &field("name"),
                    format!(
                        "'{}' must be a unique identifier (letters, digits, _)",
                        m.name
                    ),
                ));
            }
            if m.banks == 0 || m.banks > 1024 {
                return Err(invalid(&field("banks"), "must be in 1..=1024".into()));
            }
            if m.bank_kib == 0 {
                return Err(invalid(&field("bank_kib"), "must be > 0".into()));
            }
            if !m.data_bits.is_power_of_two() || !(8..=1024).contains(&m.data_bits) {
                return Err(invalid(
                    &field("data_bits"),
                    format!("{} must be a power of two in 8..=1024", m.data_bits),
                ));
            }
            for (f, v) in [
                ("bandwidth_gbs", m.bandwidth_gbs),
                ("latency_ns", m.latency_ns),
            ] {
                if !(v.is_finite() && v > 0.0) {
                    return Err(invalid(&field(f), format!("{v} must be > 0")));
                }
            }
        }
        let needs = |what: &str, present: bool| {
            if present {
                Ok(())
            } else {
                Err(invalid(
                    what,
                    format!(
                        "missing: a board with `flow: {}` must give it",
                        self.flow.name()
                    ),
                ))
            }
        };
        match self.flow {
            Flow::None => {}
            Flow::Vitis | Flow::Quartus => {
                needs("part", self.part.is_some())?;
                needs("resources", self.resources.is_some())?;
                needs("memories", !self.memories.is_empty())?;
                needs(
                    "host.platform",
                    self.host.as_ref().is_some_and(|h| h.platform.is_some()),
                )?;
            }
            Flow::Ecp5 => {
                needs("part", self.part.is_some())?;
                needs("resources", self.resources.is_some())?;
                needs("memories", !self.memories.is_empty())?;
                needs("pins", self.pins.is_some())?;
                needs(
                    "host.uart_baud",
                    self.host.as_ref().is_some_and(|h| h.uart_baud.is_some()),
                )?;
                if self
                    .memories
                    .iter()
                    .any(|m| m.kind != "bram" || m.data_bits != 32)
                {
                    return Err(invalid(
                        "memories",
                        "the open flow builds its global memory in block RAM: give kind: bram, data_bits: 32".into(),
                    ));
                }
                // The UART bridge addresses a bank with 4 bits (hls_uart_bridge.sv).
                let banks: u32 = self.memories.iter().map(|m| m.banks).sum();
                if banks > 16 {
                    return Err(invalid(
                        "memories",
                        format!("{banks} banks; the open flow's bridge addresses at most 16"),
                    ));
                }
                let p = self.pins.as_ref().expect("checked above");
                if !(p.clock_mhz.is_finite() && p.clock_mhz > 0.0) {
                    return Err(invalid("pins.clock_mhz", "must be > 0".into()));
                }
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The default board as it was written before the family delay model: an explicit
    /// operator table, as a user's board file may still give one.
    const EXPLICIT: &str = include_str!("../tests/fixtures/default_explicit.yaml");

    /// The default board's table, now derived from the UltraScale+ family at 250 MHz,
    /// is the one it listed: every schedule and golden file rests on it.
    #[test]
    fn derived_default_equals_its_old_table() {
        let derived = Board::builtin_default();
        let explicit = Board::from_yaml(EXPLICIT, "explicit").unwrap();
        assert_eq!(derived.operators, explicit.operators);
        assert_eq!(derived.dsp, explicit.dsp);
        assert_eq!(derived.onchip, explicit.onchip);
    }

    /// Every built-in board loads, and its operators follow its clock: the 50 MHz ECP5
    /// boards chain the integer multiply the 300 MHz Alveo boards pipeline.
    #[test]
    fn every_builtin_board_loads() {
        for name in Board::builtin_names() {
            let b = Board::load(name).unwrap_or_else(|e| panic!("{name}: {e}"));
            assert_eq!(b.name, name);
        }
        assert_eq!(Board::load("ulx3s").unwrap().operator("int_mul").latency, 0);
        assert_eq!(Board::load("u280").unwrap().operator("int_mul").latency, 3);
        assert_eq!(Board::load("u280").unwrap().operator("int_div").latency, 43);
        assert_eq!(Board::load("u280").unwrap().banks().len(), 34);
        assert!(Board::load("ulx3s").unwrap().core_limits().is_empty());
    }

    #[test]
    fn builtin_board_loads() {
        let b = Board::builtin_default();
        assert_eq!(b.name, "default");
        assert!((b.clock_period_ns() - 4.0).abs() < 1e-9);
    }

    /// An optional class the board leaves out takes its fallback's timing; one it gives is
    /// its own.
    #[test]
    fn optional_classes_fall_back() {
        let b = Board::builtin_default();
        assert_eq!(b.operator(math_class("exp", 32)).latency, 16);
        assert_eq!(math_class("log10", 32), "fp32_log");
        assert_eq!(math_class("exp2", 64), "fp64_exp");
        assert_eq!(math_class("log10", 64), "fp64_log");
        assert_eq!(math_class("cbrt", 64), "fp64_pow");
        assert_eq!(math_class("cbrt", 32), "fp32_pow");
        assert_eq!(math_class("rootn", 32), "fp32_rootn");
        assert_eq!(math_class("cos", 64), "fp64_sin");
        assert_eq!(math_class("sin", 32), "fp32_sin");
        assert_eq!(math_class("tan", 32), "fp32_tan");
        assert_eq!(math_class("hypot", 32), "fp32_hypot");
        assert_eq!(math_class("atan2", 32), "fp32_atan");
        assert_eq!(math_class("sinh", 32), "fp32_sinh");
        assert_eq!(math_class("cosh", 32), "fp32_cosh");
        assert_eq!(math_class("acos", 32), "fp32_asin");
        assert_eq!(math_class("fdim", 32), "fp32_math");
        // asin and acos: the fma's stages, the square root's 28, the arctangent's.
        let asin = b.operator("fp32_asin").latency;
        assert_eq!(
            asin,
            b.operator("fp32_fma").latency + 28 + b.operator("fp32_atan").latency
        );
        let text = EXPLICIT.replace("  fp32_exp:", "  # fp32_exp:");
        let old = Board::from_yaml(&text, "old board").unwrap();
        assert_eq!(old.operator("fp32_exp"), old.operator("fp32_math"));
        let text = EXPLICIT.replace("  fp32_asin:", "  # fp32_asin:");
        let old = Board::from_yaml(&text, "old board").unwrap();
        assert_eq!(old.operator("fp32_asin"), old.operator("fp32_math"));
    }

    #[test]
    fn bad_yaml_names_the_field() {
        let text = include_str!("../tests/fixtures/default_explicit.yaml")
            .replace("clock_mhz: 250.0", "clock_mhz: -3");
        let err = Board::from_yaml(&text, "x.yaml").unwrap_err().to_string();
        assert!(err.contains("x.yaml") && err.contains("clock_mhz"), "{err}");
        let err = Board::from_yaml("name: [", "y.yaml")
            .unwrap_err()
            .to_string();
        assert!(err.contains("y.yaml"), "{err}");
        let text = include_str!("../tests/fixtures/default_explicit.yaml")
            .replace("fp32_mul", "fp32_mull");
        let err = Board::from_yaml(&text, "z.yaml").unwrap_err().to_string();
        assert!(err.contains("fp32_mul"), "{err}");
    }

    /// The DSP primitive: inferred unless the board names one; the ECP5 block only at
    /// 18 x 18; DSP48E2 only at 27 x 18 and with the double cores' staged latencies; an
    /// unknown name is an error naming the field.
    #[test]
    fn dsp_primitive_is_checked() {
        let base = include_str!("../tests/fixtures/default_explicit.yaml");
        assert_eq!(
            Board::from_yaml(base, "d.yaml").unwrap().dsp.primitive,
            DspPrimitive::Inferred
        );
        let ecp5 = base.replace(
            "dsp: { a_bits: 27, b_bits: 18 }",
            "dsp: { a_bits: 18, b_bits: 18, primitive: ecp5_mult18x18d }",
        );
        let b = Board::from_yaml(&ecp5, "e.yaml").unwrap();
        assert_eq!(b.dsp.primitive.sv_code(), 1);
        let wide = base.replace(
            "dsp: { a_bits: 27, b_bits: 18 }",
            "dsp: { a_bits: 27, b_bits: 18, primitive: ecp5_mult18x18d }",
        );
        let err = Board::from_yaml(&wide, "w.yaml").unwrap_err().to_string();
        assert!(
            err.contains("w.yaml") && err.contains("dsp.primitive"),
            "{err}"
        );
        let xilinx = base
            .replace(
                "dsp: { a_bits: 27, b_bits: 18 }",
                "dsp: { a_bits: 27, b_bits: 18, primitive: dsp48e2 }",
            )
            .replace("fp64_mul:  { latency: 12,", "fp64_mul:  { latency: 15,");
        let err = Board::from_yaml(&xilinx, "x.yaml").unwrap_err().to_string();
        assert!(
            err.contains("x.yaml")
                && err.contains("operators.fp64_fma.latency")
                && err.contains("give it 20"),
            "{err}"
        );
        let xilinx = xilinx.replace("fp64_fma:  { latency: 15,", "fp64_fma:  { latency: 20,");
        assert_eq!(
            Board::from_yaml(&xilinx, "x.yaml")
                .unwrap()
                .dsp
                .primitive
                .sv_code(),
            2
        );
        let narrow = xilinx.replace(
            "a_bits: 27, b_bits: 18, primitive",
            "a_bits: 18, b_bits: 18, primitive",
        );
        let err = Board::from_yaml(&narrow, "n.yaml").unwrap_err().to_string();
        assert!(
            err.contains("n.yaml") && err.contains("dsp.primitive") && err.contains("27 x 18"),
            "{err}"
        );
        let bad = base.replace(
            "dsp: { a_bits: 27, b_bits: 18 }",
            "dsp: { a_bits: 18, b_bits: 18, primitive: dsp48e9 }",
        );
        let err = Board::from_yaml(&bad, "b.yaml").unwrap_err().to_string();
        assert!(err.contains("b.yaml") && err.contains("dsp48e9"), "{err}");
    }

    #[test]
    fn unknown_board_name() {
        assert!(matches!(
            Board::load("nonexistent"),
            Err(BoardError::Unknown(_))
        ));
    }
}
