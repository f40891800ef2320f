//! std140 / std430 packing of the typed rows of `[uniform buffer]`, `[storage buffer]` and
//! `[push constants]` sections.
//!
//! Each row is the next member of one struct. A member is a scalar, vector or matrix, optionally
//! an array. The rules (GLSL 4.50 §7.6.2.2, Vulkan "Offset and Stride Assignment"):
//! - scalars align to 4; `vec2` to 8; `vec3` and `vec4` to 16 (`vec3` is 12 bytes);
//! - a matrix with C columns and R rows is an array of C column vectors of R components;
//! - std140: array elements (and matrix columns) are padded to a stride that is a multiple of
//!   16, and arrays and matrices align to 16;
//! - std430: the stride is the element's size rounded up to its own alignment (`float[]` 4,
//!   `vec2[]` 8, `vec3[]` 16), and matrix columns are spaced by the column vector's alignment.

use crate::BufferLayout;

/// The component type of a member.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Scalar {
    Float,
    Int,
    Uint,
}

/// A member type: `columns` vectors of `rows` components (`columns` is 1 except for
/// matrices), optionally an array of `array` such elements.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MemberType {
    pub scalar: Scalar,
    /// Vector size (1 for scalars); the number of rows of a matrix.
    pub rows: u32,
    /// Matrix columns; 1 for scalars and vectors.
    pub columns: u32,
    /// `TYPE[N]`: the element count.
    pub array: Option<u32>,
}

fn round_up(x: u64, to: u64) -> u64 {
    x.div_ceil(to) * to
}

impl MemberType {
    /// Parses `float`, `ivec3`, `mat4`, `mat2x4`, `vec4[3]`...
    pub fn parse(s: &str) -> Option<MemberType> {
        let (base, array) = match s.split_once('[') {
            None => (s, None),
            Some((b, rest)) => {
                let n = rest.strip_suffix(']')?;
                if n.is_empty() || !n.bytes().all(|c| c.is_ascii_digit()) {
                    return None;
                }
                let n: u32 = n.parse().ok()?;
                if n == 0 {
                    return None;
                }
                (b, Some(n))
            }
        };
        let vec = |scalar, n: &str| -> Option<MemberType> {
            let rows = match n {
                "2" => 2,
                "3" => 3,
                "4" => 4,
                _ => return None,
            };
            Some(MemberType { scalar, rows, columns: 1, array })
        };
        let dim = |c: u8| match c {
            b'2' => Some(2),
            b'3' => Some(3),
            b'4' => Some(4),
            _ => None,
        };
        match base {
            "float" => Some(MemberType { scalar: Scalar::Float, rows: 1, columns: 1, array }),
            "int" => Some(MemberType { scalar: Scalar::Int, rows: 1, columns: 1, array }),
            "uint" => Some(MemberType { scalar: Scalar::Uint, rows: 1, columns: 1, array }),
            _ => {
                if let Some(n) = base.strip_prefix("ivec") {
                    vec(Scalar::Int, n)
                } else if let Some(n) = base.strip_prefix("uvec") {
                    vec(Scalar::Uint, n)
                } else if let Some(n) = base.strip_prefix("vec") {
                    vec(Scalar::Float, n)
                } else if let Some(m) = base.strip_prefix("mat") {
                    let (columns, rows) = match m.as_bytes() {
                        [c] => (dim(*c)?, dim(*c)?),
                        [c, b'x', r] => (dim(*c)?, dim(*r)?),
                        _ => return None,
                    };
                    Some(MemberType { scalar: Scalar::Float, rows, columns, array })
                } else {
                    None
                }
            }
        }
    }

    /// How many values a row of this type lists.
    pub fn components(&self) -> u64 {
        self.rows as u64 * self.columns as u64 * self.array.unwrap_or(1) as u64
    }

    /// Alignment of one column vector (of `rows` components).
    fn vector_align(&self) -> u64 {
        match self.rows {
            1 => 4,
            2 => 8,
            _ => 16,
        }
    }

    fn is_matrix(&self) -> bool {
        self.columns > 1
    }

    /// Distance between the columns of a matrix (the vector size for non-matrices).
    pub fn column_stride(&self, layout: BufferLayout) -> u64 {
        if !self.is_matrix() {
            return 4 * self.rows as u64;
        }
        match layout {
            BufferLayout::Std140 => 16,
            BufferLayout::Std430 => self.vector_align(),
        }
    }

    /// Size of one element (a whole matrix, or one vector), without trailing array padding.
    fn element_size(&self, layout: BufferLayout) -> u64 {
        if self.is_matrix() {
            self.columns as u64 * self.column_stride(layout)
        } else {
            4 * self.rows as u64
        }
    }

    fn element_align(&self, layout: BufferLayout) -> u64 {
        match (self.is_matrix(), layout) {
            (true, BufferLayout::Std140) => 16,
            _ => self.vector_align(),
        }
    }

    /// Distance between array elements (the element size for non-arrays).
    pub fn array_stride(&self, layout: BufferLayout) -> u64 {
        let own = round_up(self.element_size(layout), self.element_align(layout));
        match (self.array, layout) {
            (None, _) => self.element_size(layout),
            (Some(_), BufferLayout::Std140) => round_up(own, 16),
            (Some(_), BufferLayout::Std430) => own,
        }
    }

    /// Base alignment of the member.
    pub fn align(&self, layout: BufferLayout) -> u64 {
        match (self.array, layout) {
            (Some(_), BufferLayout::Std140) => self.element_align(layout).max(16),
            _ => self.element_align(layout),
        }
    }

    /// Bytes the member occupies from its offset.
    pub fn size(&self, layout: BufferLayout) -> u64 {
        match self.array {
            None => self.element_size(layout),
            Some(n) => n as u64 * self.array_stride(layout),
        }
    }
}

/// Packs members one after the other into a byte buffer.
#[derive(Debug, Clone)]
pub struct Packer {
    pub layout: BufferLayout,
    pub data: Vec<u8>,
    /// End of the last member (the next member starts at or after it).
    end: u64,
}

/// Largest buffer a test may describe (16 MiB); larger rows are an error, not an allocation.
pub const MAX_BUFFER_BYTES: u64 = 16 << 20;

impl Packer {
    pub fn new(layout: BufferLayout) -> Packer {
        Packer { layout, data: Vec::new(), end: 0 }
    }

    fn reserve_to(&mut self, end: u64) -> Result<(), String> {
        if end > MAX_BUFFER_BYTES {
            return Err(format!("buffer would be {end} bytes, more than the limit of {MAX_BUFFER_BYTES}"));
        }
        if (self.data.len() as u64) < end {
            self.data.resize(end as usize, 0);
        }
        self.end = end;
        Ok(())
    }

    /// Places the next member; `words` are its values (bit patterns, little endian), matrices
    /// column by column, arrays element by element. Returns the member's offset.
    pub fn member(&mut self, ty: &MemberType, words: &[u32]) -> Result<u64, String> {
        if words.len() as u64 != ty.components() {
            return Err(format!("expected {} values, got {}", ty.components(), words.len()));
        }
        let l = self.layout;
        let offset = round_up(self.end, ty.align(l));
        self.reserve_to(offset + ty.size(l))?;
        let (stride, column_stride) = (ty.array_stride(l), ty.column_stride(l));
        let mut it = words.iter();
        for e in 0..ty.array.unwrap_or(1) as u64 {
            for c in 0..ty.columns as u64 {
                for r in 0..ty.rows as u64 {
                    let at = (offset + e * stride + c * column_stride + r * 4) as usize;
                    let w = it.next().copied().unwrap_or(0);
                    self.data[at..at + 4].copy_from_slice(&w.to_le_bytes());
                }
            }
        }
        Ok(offset)
    }

    /// `zeros N`: `n` zero bytes (a multiple of 4) at the next 4-aligned offset.
    pub fn zeros(&mut self, n: u64) -> Result<u64, String> {
        if !n.is_multiple_of(4) {
            return Err(format!("zeros {n}: the count must be a multiple of 4"));
        }
        let offset = round_up(self.end, 4);
        self.reserve_to(offset + n)?;
        Ok(offset)
    }

    /// The bytes, with the size rounded up to a multiple of `multiple`.
    pub fn finish(mut self, multiple: u64) -> Vec<u8> {
        let n = round_up(self.data.len() as u64, multiple);
        self.data.resize(n as usize, 0);
        self.data
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use BufferLayout::*;

    fn ty(s: &str) -> MemberType {
        MemberType::parse(s).unwrap_or_else(|| panic!("{s}"))
    }

    fn offsets(layout: BufferLayout, types: &[&str]) -> Vec<u64> {
        let mut p = Packer::new(layout);
        types
            .iter()
            .map(|t| {
                let t = ty(t);
                p.member(&t, &vec![0; t.components() as usize]).unwrap()
            })
            .collect()
    }

    #[test]
    fn parses_types() {
        assert_eq!(ty("float"), MemberType { scalar: Scalar::Float, rows: 1, columns: 1, array: None });
        assert_eq!(ty("uvec3"), MemberType { scalar: Scalar::Uint, rows: 3, columns: 1, array: None });
        assert_eq!(ty("mat4x2"), MemberType { scalar: Scalar::Float, rows: 2, columns: 4, array: None });
        assert_eq!(ty("mat3[2]"), MemberType { scalar: Scalar::Float, rows: 3, columns: 3, array: Some(2) });
        assert_eq!(ty("ivec2[7]").components(), 14);
        for bad in ["vec5", "vec", "mat5", "mat2x", "mat2x5", "float[0]", "float[", "float[]", "float[+1]", "double", "vec4[2", "mat2x2x2"]
        {
            assert_eq!(MemberType::parse(bad), None, "{bad}");
        }
    }

    #[test]
    fn std140_offsets() {
        assert_eq!(offsets(Std140, &["float", "vec3", "float[2]", "float"]), vec![0, 16, 32, 64]);
        assert_eq!(offsets(Std140, &["vec3", "float", "vec2", "vec2", "vec4"]), vec![0, 12, 16, 24, 32]);
        assert_eq!(offsets(Std140, &["float", "mat2", "float"]), vec![0, 16, 48]);
        assert_eq!(offsets(Std140, &["float", "vec2[2]", "float"]), vec![0, 16, 48]);
    }

    #[test]
    fn std430_offsets() {
        assert_eq!(offsets(Std430, &["float", "vec3", "float[2]", "float"]), vec![0, 16, 28, 36]);
        assert_eq!(offsets(Std430, &["float", "vec2[2]", "float"]), vec![0, 8, 24]);
        assert_eq!(offsets(Std430, &["float", "vec3[2]", "float"]), vec![0, 16, 48]);
        assert_eq!(offsets(Std430, &["float", "mat2", "float"]), vec![0, 8, 24]);
    }

    #[test]
    fn strides() {
        assert_eq!(ty("float[2]").array_stride(Std140), 16);
        assert_eq!(ty("float[2]").array_stride(Std430), 4);
        assert_eq!(ty("vec3[2]").array_stride(Std430), 16);
        assert_eq!(ty("vec2[2]").array_stride(Std430), 8);
        assert_eq!(ty("mat2").column_stride(Std140), 16);
        assert_eq!(ty("mat2").column_stride(Std430), 8);
        assert_eq!(ty("mat3").column_stride(Std430), 16);
        assert_eq!(ty("mat4x2").size(Std430), 32);
        assert_eq!(ty("mat2x4").size(Std430), 32);
        assert_eq!(ty("mat4x2").size(Std140), 64);
        assert_eq!(ty("mat2[2]").array_stride(Std430), 16);
        assert_eq!(ty("mat2[2]").array_stride(Std140), 32);
        assert_eq!(ty("mat3[2]").size(Std430), 96);
    }

    #[test]
    fn values_land_in_place() {
        let mut p = Packer::new(Std140);
        p.member(&ty("float"), &[1]).unwrap();
        p.member(&ty("mat2"), &[2, 3, 4, 5]).unwrap();
        let d = p.finish(16);
        assert_eq!(d.len(), 48);
        let w = |o: usize| u32::from_le_bytes(d[o..o + 4].try_into().unwrap());
        assert_eq!([w(0), w(16), w(20), w(32), w(36)], [1, 2, 3, 4, 5]);
        assert_eq!([w(4), w(24), w(40)], [0, 0, 0]);

        let mut p = Packer::new(Std430);
        p.member(&ty("float[2]"), &[7, 8]).unwrap();
        p.zeros(8).unwrap();
        p.member(&ty("uint"), &[9]).unwrap();
        let d = p.finish(4);
        assert_eq!(d.len(), 20);
        assert_eq!(&d[16..20], &9u32.to_le_bytes());
    }

    #[test]
    fn errors() {
        let mut p = Packer::new(Std430);
        assert!(p.member(&ty("vec2"), &[1]).unwrap_err().contains("expected 2 values, got 1"));
        assert!(p.zeros(3).is_err());
        assert!(p.zeros(MAX_BUFFER_BYTES + 4).is_err());
    }
}
