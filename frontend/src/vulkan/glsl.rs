//! GLSL.std.450 onto OpenCL.std: the same cores serve both environments.
//!
//! Precision: GLSL's rules (GLSL 4.50 §4.7.1, Vulkan's "Precision and Operation of SPIR-V
//! Instructions") allow more error than OpenCL's for every function mapped here: exp/exp2
//! 3 + 2·|x| ulp, log/log2 3 ulp (absolute error outside [0.5, 2]), pow as exp2(y·log2 x),
//! sin/cos/tan an absolute 2^-11 in [-π, π], inversesqrt 2 ulp, sqrt as 1/inversesqrt.
//! The OpenCL cores meet OpenCL's tighter bounds (4 ulp or less, sqrt correctly rounded),
//! so they meet GLSL's too. Functions whose meaning differs (GLSL `fract` is `x - floor(x)`
//! with no clamp; `findLSB(0)` is -1) are expanded or refused, never mapped loosely.

use rspirv::spirv::{GlslStd450Op as G, OpenclStd100Op as C};

/// How a GLSL.std.450 instruction becomes OpenCL.std.
pub enum Mapping {
    /// The same operands, another instruction number.
    Same(C),
    /// `x - floor(x)`: GLSL's fract (OpenCL's takes a pointer and clamps below 1).
    Fract,
    /// findMSB/findLSB (-1 when no bit is found): from OpenCL's clz/ctz, 32-bit scalars.
    FindUMsb,
    FindSMsb,
    FindILsb,
    /// Two floats as halves in one word (lane 0 low) and back, through half conversions.
    PackHalf2x16,
    UnpackHalf2x16,
}

/// The mapping, or why there is none.
pub fn map(op: u32) -> Result<Mapping, String> {
    let Some(g) = G::from_u32(op) else {
        return Err(format!("GLSL.std.450 instruction {op} does not exist"));
    };
    use Mapping::Same;
    Ok(match g {
        G::Round => Same(C::round),
        G::RoundEven => Same(C::rint),
        G::Trunc => Same(C::trunc),
        G::FAbs => Same(C::fabs),
        G::SAbs => Same(C::s_abs),
        G::FSign => Same(C::sign),
        G::Floor => Same(C::floor),
        G::Ceil => Same(C::ceil),
        G::Fract => Mapping::Fract,
        G::Radians => Same(C::radians),
        G::Degrees => Same(C::degrees),
        G::Sin => Same(C::sin),
        G::Cos => Same(C::cos),
        G::Tan => Same(C::tan),
        G::Asin => Same(C::asin),
        G::Acos => Same(C::acos),
        G::Atan => Same(C::atan),
        G::Sinh => Same(C::sinh),
        G::Cosh => Same(C::cosh),
        G::Tanh => Same(C::tanh),
        G::Asinh => Same(C::asinh),
        G::Acosh => Same(C::acosh),
        G::Atanh => Same(C::atanh),
        G::Atan2 => Same(C::atan2),
        G::Pow => Same(C::pow),
        G::Exp => Same(C::exp),
        G::Log => Same(C::log),
        G::Exp2 => Same(C::exp2),
        G::Log2 => Same(C::log2),
        G::Sqrt => Same(C::sqrt),
        G::InverseSqrt => Same(C::rsqrt),
        // GLSL leaves min/max of a NaN undefined; OpenCL's fmin/fmax return the other
        // operand, which is one of GLSL's allowed results and exactly N{Min,Max,Clamp}'s.
        G::FMin | G::NMin => Same(C::fmin),
        G::FMax | G::NMax => Same(C::fmax),
        G::FClamp | G::NClamp => Same(C::fclamp),
        G::UMin => Same(C::u_min),
        G::SMin => Same(C::s_min),
        G::UMax => Same(C::u_max),
        G::SMax => Same(C::s_max),
        G::UClamp => Same(C::u_clamp),
        G::SClamp => Same(C::s_clamp),
        G::FMix => Same(C::mix),
        G::Step => Same(C::step),
        G::SmoothStep => Same(C::smoothstep),
        G::Fma => Same(C::fma),
        G::Ldexp => Same(C::ldexp),
        G::Length => Same(C::length),
        G::Distance => Same(C::distance),
        G::Cross => Same(C::cross),
        G::Normalize => Same(C::normalize),
        G::FindUMsb => Mapping::FindUMsb,
        G::FindSMsb => Mapping::FindSMsb,
        G::FindILsb => Mapping::FindILsb,
        G::PackHalf2x16 => Mapping::PackHalf2x16,
        G::UnpackHalf2x16 => Mapping::UnpackHalf2x16,
        other => {
            return Err(format!(
                "GLSL.std.450 {other:?} has no hardware (no OpenCL.std equivalent with the same meaning)"
            ))
        }
    })
}
