//! Buffers to and from .npy files (the user's numpy view of kernel data).

use crate::values::{Buffer, Elem};
use crate::SimError;
use npyz::WriterBuilder;
use std::path::Path;

fn dtype_matches(elem: Elem, descr: &str) -> bool {
    let d = descr.trim_start_matches(['<', '|', '=']);
    match elem {
        Elem::F16 => d == "f2" || d == "u2",
        Elem::F32 => d == "f4",
        Elem::F64 => d == "f8",
        Elem::Int(8) => d == "i1" || d == "u1",
        Elem::Int(16) => d == "i2" || d == "u2",
        Elem::Int(32) => d == "i4" || d == "u4",
        Elem::Int(64) => d == "i8" || d == "u8",
        Elem::Int(_) => false,
    }
}

/// `untyped`: the kernel came from a Vulkan module, whose buffers are bytes that each shader
/// views its own way (clspv packs a `half *` into 32-bit words): any plain dtype is taken
/// as its bytes, as long as they make whole elements.
pub fn read_npy(path: &Path, elem: Elem, arg: &str, untyped: bool) -> Result<Buffer, SimError> {
    let bytes = std::fs::read(path)
        .map_err(|e| SimError::BadArg(format!("{arg}: {}: {e}", path.display())))?;
    let npy = npyz::NpyFile::new(&bytes[..]).map_err(|e| {
        SimError::BadArg(format!("{arg}: {}: not a .npy file: {e}", path.display()))
    })?;
    let descr = match npy.dtype() {
        npyz::DType::Plain(t) => t.to_string(),
        other => {
            return Err(SimError::BadArg(format!(
                "{arg}: {}: structured dtype {other:?} not supported",
                path.display()
            )))
        }
    };
    let retyped = untyped && !dtype_matches(elem, &descr);
    if !dtype_matches(elem, &descr) && !untyped {
        return Err(SimError::BadArg(format!(
            "{arg}: {}: dtype {descr} does not match the kernel's element type {}",
            path.display(),
            elem.name()
        )));
    }
    if descr.starts_with('>') {
        return Err(SimError::BadArg(format!(
            "{arg}: {}: big-endian data; save it little-endian",
            path.display()
        )));
    }
    let kind = descr.trim_start_matches(['<', '|', '=']).to_string();
    macro_rules! raw {
        ($t:ty) => {
            npy.into_vec::<$t>()
                .map(|v| v.iter().flat_map(|x| x.to_le_bytes()).collect::<Vec<u8>>())
        };
    }
    let data: Result<Vec<u8>, std::io::Error> = match kind.as_str() {
        "f4" => raw!(f32),
        "f8" => raw!(f64),
        // npyz reads no f2: the data are the file's last 2·n bytes, little-endian halves.
        "f2" => {
            let n = npy.shape().iter().product::<u64>() as usize * 2;
            Ok(bytes[bytes.len().saturating_sub(n)..].to_vec())
        }
        "i1" => raw!(i8),
        "u1" => raw!(u8),
        "i2" => raw!(i16),
        "u2" => raw!(u16),
        "i4" => raw!(i32),
        "u4" => raw!(u32),
        "i8" => raw!(i64),
        _ => raw!(u64),
    };
    let data = data.map_err(|e| SimError::BadArg(format!("{arg}: {}: {e}", path.display())))?;
    if retyped && data.len() % elem.bytes() != 0 {
        return Err(SimError::BadArg(format!(
            "{arg}: {}: {} bytes of {descr} are not a whole number of the kernel's {} elements",
            path.display(),
            data.len(),
            elem.name()
        )));
    }
    Ok(Buffer { elem, bytes: data })
}

fn write_vec<T: npyz::AutoSerialize>(path: &Path, vals: Vec<T>) -> Result<(), SimError> {
    let io = |e: std::io::Error| SimError::Io(format!("{}: {e}", path.display()));
    let file = std::io::BufWriter::new(std::fs::File::create(path).map_err(io)?);
    let mut w = npyz::WriteOptions::<T>::new()
        .default_dtype()
        .shape(&[vals.len() as u64])
        .writer(file)
        .begin_nd()
        .map_err(io)?;
    w.extend(vals).map_err(io)?;
    w.finish().map_err(io)
}

/// A half buffer as `<f2`, which npyz does not write: the .npy header (format 1.0, padded
/// so the data start on a 64-byte boundary) and the halves' little-endian bytes.
fn write_half(path: &Path, b: &Buffer) -> Result<(), SimError> {
    let dict = format!(
        "{{'descr': '<f2', 'fortran_order': False, 'shape': ({},), }}",
        b.len()
    );
    let unpadded = 10 + dict.len() + 1;
    let header = format!(
        "{dict}{}\n",
        " ".repeat(unpadded.next_multiple_of(64) - unpadded)
    );
    let mut out = b"\x93NUMPY\x01\x00".to_vec();
    out.extend((header.len() as u16).to_le_bytes());
    out.extend(header.as_bytes());
    out.extend(&b.bytes[..b.len() * 2]);
    std::fs::write(path, out).map_err(|e| SimError::Io(format!("{}: {e}", path.display())))
}

/// Writes a buffer with the numpy dtype of its element type (integers signed or not).
pub fn write_npy(path: &Path, b: &Buffer, signed: bool) -> Result<(), SimError> {
    macro_rules! put {
        ($t:ty) => {
            write_vec(
                path,
                (0..b.len()).map(|i| b.get(i) as $t).collect::<Vec<$t>>(),
            )
        };
    }
    match (b.elem, signed) {
        (Elem::F32, _) => write_vec(
            path,
            (0..b.len())
                .map(|i| f32::from_bits(b.get(i) as u32))
                .collect::<Vec<f32>>(),
        ),
        (Elem::F64, _) => write_vec(
            path,
            (0..b.len())
                .map(|i| f64::from_bits(b.get(i)))
                .collect::<Vec<f64>>(),
        ),
        (Elem::F16, _) => write_half(path, b),
        (Elem::Int(8), true) => put!(i8),
        (Elem::Int(8), false) => put!(u8),
        (Elem::Int(16), true) => put!(i16),
        (Elem::Int(16), false) => put!(u16),
        (Elem::Int(32), true) => put!(i32),
        (Elem::Int(32), false) => put!(u32),
        (_, true) => put!(i64),
        (_, false) => put!(u64),
    }
}
