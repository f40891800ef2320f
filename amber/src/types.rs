//! Buffer element types: AmberScript's data types (`vec2<float>`, `mat4x4<float>`, `int32[]`)
//! laid out std140 or std430, and image formats (`B8G8R8A8_UNORM`, `R32G32_SFLOAT`); both give
//! an [`ElementLayout`]: which bits of an element hold which value, and the element's stride.

/// Scalar types of data types.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Scalar {
    I8,
    I16,
    I32,
    I64,
    U8,
    U16,
    U32,
    U64,
    F16,
    F32,
    F64,
}

impl Scalar {
    pub fn parse(s: &str) -> Option<Scalar> {
        Some(match s {
            "int8" => Scalar::I8,
            "int16" => Scalar::I16,
            "int32" => Scalar::I32,
            "int64" => Scalar::I64,
            "uint8" => Scalar::U8,
            "uint16" => Scalar::U16,
            "uint32" => Scalar::U32,
            "uint64" => Scalar::U64,
            "float16" => Scalar::F16,
            "float" => Scalar::F32,
            "double" => Scalar::F64,
            _ => return None,
        })
    }
    pub fn bytes(self) -> u32 {
        match self {
            Scalar::I8 | Scalar::U8 => 1,
            Scalar::I16 | Scalar::U16 | Scalar::F16 => 2,
            Scalar::I32 | Scalar::U32 | Scalar::F32 => 4,
            Scalar::I64 | Scalar::U64 | Scalar::F64 => 8,
        }
    }
    pub fn kind(self) -> NumKind {
        match self {
            Scalar::I8 | Scalar::I16 | Scalar::I32 | Scalar::I64 => NumKind::Sint,
            Scalar::U8 | Scalar::U16 | Scalar::U32 | Scalar::U64 => NumKind::Uint,
            Scalar::F16 | Scalar::F32 | Scalar::F64 => NumKind::Float,
        }
    }
}

/// Buffer layout rules for data types.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Layout {
    Std140,
    #[default]
    Std430,
}

/// A data type: a scalar, vector (`rows` components) or column-major matrix (`columns` ×
/// `rows`), optionally an array (`[]`), which std140 pads to 16 bytes per element.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DataType {
    pub scalar: Scalar,
    pub rows: u32,
    pub columns: u32,
    pub array: bool,
}

impl DataType {
    /// Parses `float`, `vec3<int32>`, `mat2x4<float>`, `uint32[]`.
    pub fn parse(s: &str) -> Option<DataType> {
        let (s, array) = match s.strip_suffix("[]") {
            Some(inner) => (inner, true),
            None => (s, false),
        };
        if let Some(scalar) = Scalar::parse(s) {
            return Some(DataType { scalar, rows: 1, columns: 1, array });
        }
        let (head, inner) = s.strip_suffix('>')?.split_once('<')?;
        let scalar = Scalar::parse(inner)?;
        let digit = |c: &str| c.parse::<u32>().ok().filter(|n| (2..=4).contains(n));
        let (columns, rows) = if let Some(n) = head.strip_prefix("vec") {
            (1, digit(n)?)
        } else {
            let (c, r) = head.strip_prefix("mat")?.split_once('x')?;
            (digit(c)?, digit(r)?)
        };
        Some(DataType { scalar, rows, columns, array })
    }

    /// The format a vertex buffer of this type has (`vec2<float>` → `R32G32_SFLOAT`).
    pub fn as_format(&self) -> Option<Format> {
        if self.columns != 1 {
            return None;
        }
        let mode = match self.scalar.kind() {
            NumKind::Float => "SFLOAT",
            NumKind::Sint => "SINT",
            _ => "UINT",
        };
        let bits = self.scalar.bytes() * 8;
        let name: String = ["R", "G", "B", "A"][..self.rows as usize].iter().map(|c| format!("{c}{bits}")).collect();
        Format::parse(&format!("{name}_{mode}"))
    }

    pub fn layout(&self, rules: Layout) -> ElementLayout {
        let s = self.scalar.bytes();
        let bits = s * 8;
        let kind = self.scalar.kind();
        // A vector's size and alignment: vec3 takes a vec4's room.
        let vec_room = if self.rows == 3 { 4 * s } else { self.rows * s };
        let column_stride = if self.columns > 1 && rules == Layout::Std140 { vec_room.next_multiple_of(16) } else { vec_room };
        let mut fields = Vec::new();
        for c in 0..self.columns {
            for r in 0..self.rows {
                let channel = if self.columns == 1 { Channel::ALL[r as usize] } else { Channel::X };
                fields.push(Field { bit_offset: (c * column_stride + r * s) * 8, bits, kind, channel });
            }
        }
        let size = if self.columns > 1 { column_stride * self.columns } else { vec_room };
        let stride = if self.array && rules == Layout::Std140 { size.next_multiple_of(16) } else { size };
        ElementLayout { stride, fields }
    }
}

/// How a field's bits are read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NumKind {
    Sint,
    Uint,
    Float,
    Unorm,
    Snorm,
    Srgb,
    Uscaled,
    Sscaled,
    /// Unsigned floats of packed formats (`B10G11R11_UFLOAT_PACK32`).
    Ufloat,
}

/// The role of a format component.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Channel {
    R,
    G,
    B,
    A,
    D,
    S,
    /// Padding (`X8_D24_UNORM_PACK32`), or a member of a data type that is not a colour.
    X,
}

impl Channel {
    pub const ALL: [Channel; 4] = [Channel::R, Channel::G, Channel::B, Channel::A];
}

/// An image or vertex format, as Vulkan names it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Format {
    pub name: String,
    pub layout: ElementLayout,
    /// A `_PACK` format: data gives each element as one integer of all its bits.
    pub packed: bool,
}

impl Format {
    /// Parses Vulkan format names without the `VK_FORMAT_` prefix: `R8G8B8A8_UNORM`,
    /// `B8G8R8A8_SRGB`, `R32G32_SFLOAT`, `D32_SFLOAT_S8_UINT`, `A8B8G8R8_UNORM_PACK32`.
    pub fn parse(name: &str) -> Option<Format> {
        let mut parts: Vec<&str> = name.split('_').collect();
        let packed = parts.last().is_some_and(|p| p.starts_with("PACK"));
        if packed {
            parts.pop();
        }
        // Groups of (components, numeric kind): `D32 SFLOAT`, `S8 UINT`.
        let mut groups: Vec<(&str, NumKind)> = Vec::new();
        let mut pending: Vec<&str> = Vec::new();
        for p in parts {
            let kind = match p {
                "UNORM" => NumKind::Unorm,
                "SNORM" => NumKind::Snorm,
                "UINT" => NumKind::Uint,
                "SINT" => NumKind::Sint,
                "SFLOAT" => NumKind::Float,
                "UFLOAT" => NumKind::Ufloat,
                "SRGB" => NumKind::Srgb,
                "USCALED" => NumKind::Uscaled,
                "SSCALED" => NumKind::Sscaled,
                _ => {
                    pending.push(p);
                    continue;
                }
            };
            if pending.is_empty() {
                return None;
            }
            groups.extend(pending.drain(..).map(|p| (p, kind)));
        }
        if !pending.is_empty() || groups.is_empty() {
            return None;
        }
        let mut comps: Vec<(Channel, u32, NumKind)> = Vec::new();
        for (letters, kind) in groups {
            let mut chars = letters.char_indices().peekable();
            while let Some((i, c)) = chars.next() {
                let channel = match c {
                    'R' => Channel::R,
                    'G' => Channel::G,
                    'B' => Channel::B,
                    'A' => Channel::A,
                    'D' => Channel::D,
                    'S' => Channel::S,
                    'X' => Channel::X,
                    _ => return None,
                };
                let mut end = i + 1;
                while let Some(&(j, d)) = chars.peek() {
                    if !d.is_ascii_digit() {
                        break;
                    }
                    end = j + 1;
                    chars.next();
                }
                let bits: u32 = letters[i + 1..end].parse().ok().filter(|&b| b > 0 && b <= 64)?;
                comps.push((channel, bits, kind));
            }
        }
        let total: u32 = comps.iter().map(|c| c.1).sum();
        let mut fields = Vec::new();
        if packed {
            // Packed formats name their components from the most significant bit down.
            let mut hi = total;
            for &(channel, bits, kind) in &comps {
                hi -= bits;
                fields.push(Field { bit_offset: hi, bits, kind, channel });
            }
        } else {
            let mut at = 0;
            for &(channel, bits, kind) in &comps {
                fields.push(Field { bit_offset: at, bits, kind, channel });
                // Depth-stencil formats keep each aspect in whole bytes (D24 in 32 bits).
                at += if matches!(channel, Channel::D) && bits == 24 { 32 } else { bits };
            }
        }
        let stride = fields.iter().map(|f| f.bit_offset + f.bits).max().unwrap_or(0).div_ceil(8);
        let stride = if comps.iter().any(|c| c.0 == Channel::D) { stride.next_multiple_of(4) } else { stride };
        Some(Format { name: name.to_string(), layout: ElementLayout { stride, fields }, packed })
    }

    pub fn has_depth(&self) -> bool {
        self.layout.fields.iter().any(|f| f.channel == Channel::D)
    }
}

/// One value of an element: where its bits are and how to read them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Field {
    pub bit_offset: u32,
    pub bits: u32,
    pub kind: NumKind,
    pub channel: Channel,
}

/// The values of one element and the distance between elements, in bytes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ElementLayout {
    pub stride: u32,
    pub fields: Vec<Field>,
}

/// A value as written in a script: integers keep every bit of 64-bit types.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Value {
    Int(i128),
    Float(f64),
}

impl Value {
    pub fn as_f64(self) -> f64 {
        match self {
            Value::Int(i) => i as f64,
            Value::Float(f) => f,
        }
    }
}

/// Parses a number as written for a field of `kind`: decimal, `0x` hex (a float's bits when
/// the field is a float), or a float literal (`1.5`, `-2e3`, `inf`, `nan`).
pub fn parse_value(text: &str, kind: NumKind, bits: u32) -> Option<Value> {
    let (neg, body) = match text.strip_prefix('-') {
        Some(b) => (true, b),
        None => (false, text.strip_prefix('+').unwrap_or(text)),
    };
    if let Some(hex) = body.strip_prefix("0x").or_else(|| body.strip_prefix("0X")) {
        let raw = u128::from_str_radix(hex, 16).ok()?;
        if kind == NumKind::Float {
            return Some(Value::Float(float_from_bits(raw as u64, bits)));
        }
        let v = raw as i128;
        return Some(Value::Int(if neg { -v } else { v }));
    }
    let integral = matches!(
        kind,
        NumKind::Sint | NumKind::Uint | NumKind::Unorm | NumKind::Snorm | NumKind::Srgb | NumKind::Uscaled | NumKind::Sscaled
    );
    if integral {
        if let Ok(v) = text.parse::<i128>() {
            return Some(Value::Int(v));
        }
        // Integers written as floats (`1.0`) are taken when whole.
        let f: f64 = text.parse().ok()?;
        return (f.fract() == 0.0).then_some(Value::Int(f as i128));
    }
    text.parse::<f64>().ok().map(Value::Float)
}

fn float_from_bits(raw: u64, bits: u32) -> f64 {
    match bits {
        16 => f16_to_f32(raw as u16) as f64,
        32 => f32::from_bits(raw as u32) as f64,
        _ => f64::from_bits(raw),
    }
}

pub fn f16_to_f32(h: u16) -> f32 {
    let sign = if h & 0x8000 != 0 { -1.0 } else { 1.0 };
    let exp = ((h >> 10) & 0x1f) as i32;
    let mant = (h & 0x3ff) as f32;
    match exp {
        0 => sign * mant * 2f32.powi(-24),
        31 if mant == 0.0 => sign * f32::INFINITY,
        31 => f32::NAN,
        e => sign * (1.0 + mant / 1024.0) * 2f32.powi(e - 15),
    }
}

pub fn f32_to_f16(f: f32) -> u16 {
    let bits = f.to_bits();
    let sign = ((bits >> 16) & 0x8000) as u16;
    if f.is_nan() {
        return sign | 0x7e00;
    }
    let exp = ((bits >> 23) & 0xff) as i32 - 127 + 15;
    let mant = bits & 0x7f_ffff;
    if exp >= 31 {
        return sign | 0x7c00;
    }
    if exp <= 0 {
        if exp < -10 {
            return sign;
        }
        let m = (mant | 0x80_0000) >> (1 - exp);
        // Round to nearest even.
        let rounded = (m + 0xfff + ((m >> 13) & 1)) >> 13;
        return sign | rounded as u16;
    }
    let m = mant + 0xfff + ((mant >> 13) & 1);
    if m & 0x80_0000 != 0 {
        return sign | (((exp + 1) as u16) << 10).min(0x7c00);
    }
    sign | ((exp as u16) << 10) | (m >> 13) as u16
}

/// Writes `v` into `bytes` (an element) at `field`.
pub fn write_field(bytes: &mut [u8], field: &Field, v: Value) {
    let raw: u64 = match (field.kind, v) {
        (NumKind::Float | NumKind::Ufloat, v) => {
            let f = v.as_f64();
            match field.bits {
                16 => f32_to_f16(f as f32) as u64,
                32 => (f as f32).to_bits() as u64,
                _ => f.to_bits(),
            }
        }
        (_, Value::Int(i)) => i as u64,
        (NumKind::Unorm | NumKind::Srgb, Value::Float(f)) => (f.clamp(0.0, 1.0) * max_unsigned(field.bits) as f64).round() as u64,
        (NumKind::Snorm, Value::Float(f)) => (f.clamp(-1.0, 1.0) * (max_unsigned(field.bits - 1) as f64)).round() as i64 as u64,
        (_, Value::Float(f)) => f as i64 as u64,
    };
    put_bits(bytes, field.bit_offset, field.bits, raw);
}

/// An unsigned float of `bits` bits of a packed format (`B10G11R11_UFLOAT_PACK32`'s 11 and 10):
/// 5 exponent bits, the rest mantissa; an all-ones exponent is infinity or NaN.
pub fn small_ufloat(raw: u64, bits: u32) -> f64 {
    let m_bits = bits - 5;
    let e = (raw >> m_bits) as i32;
    let m = (raw & ((1 << m_bits) - 1)) as f64 / (1u64 << m_bits) as f64;
    match e {
        0 => m * 2f64.powi(-14),
        31 if m == 0.0 => f64::INFINITY,
        31 => f64::NAN,
        _ => (1.0 + m) * 2f64.powi(e - 15),
    }
}

/// Reads `field` from an element as a number: integers as they are, normalized formats scaled
/// to [0, 1] (or [-1, 1]), sRGB components converted to linear as Amber's probes do.
pub fn read_field(bytes: &[u8], field: &Field) -> f64 {
    let raw = get_bits(bytes, field.bit_offset, field.bits);
    let signed = |raw: u64| -> i64 {
        if field.bits >= 64 {
            raw as i64
        } else {
            ((raw << (64 - field.bits)) as i64) >> (64 - field.bits)
        }
    };
    match field.kind {
        NumKind::Uint | NumKind::Uscaled => raw as f64,
        NumKind::Sint | NumKind::Sscaled => signed(raw) as f64,
        NumKind::Float | NumKind::Ufloat => match field.bits {
            16 => f16_to_f32(raw as u16) as f64,
            32 => f32::from_bits(raw as u32) as f64,
            64 => f64::from_bits(raw),
            b => small_ufloat(raw, b),
        },
        NumKind::Unorm => raw as f64 / max_unsigned(field.bits) as f64,
        NumKind::Snorm => (signed(raw) as f64 / max_unsigned(field.bits - 1) as f64).max(-1.0),
        NumKind::Srgb => {
            let v = raw as f64 / max_unsigned(field.bits) as f64;
            if field.channel == Channel::A {
                v
            } else if v <= 0.04045 {
                v / 12.92
            } else {
                ((v + 0.055) / 1.055).powf(2.4)
            }
        }
    }
}

/// Reads `field`'s bits as an integer (two's complement for signed fields), exact for 64-bit
/// values that an `f64` would round.
pub fn read_field_int(bytes: &[u8], field: &Field) -> i128 {
    let raw = get_bits(bytes, field.bit_offset, field.bits);
    match field.kind {
        NumKind::Sint | NumKind::Sscaled | NumKind::Snorm if field.bits < 64 => {
            (((raw << (64 - field.bits)) as i64) >> (64 - field.bits)) as i128
        }
        NumKind::Sint | NumKind::Sscaled | NumKind::Snorm => raw as i64 as i128,
        _ => raw as i128,
    }
}

fn max_unsigned(bits: u32) -> u64 {
    if bits >= 64 {
        u64::MAX
    } else {
        (1u64 << bits) - 1
    }
}

fn get_bits(bytes: &[u8], offset: u32, bits: u32) -> u64 {
    let mut v: u64 = 0;
    for i in 0..bits {
        let at = (offset + i) as usize;
        if bytes.get(at / 8).is_some_and(|b| b >> (at % 8) & 1 == 1) {
            v |= 1 << i;
        }
    }
    v
}

fn put_bits(bytes: &mut [u8], offset: u32, bits: u32, v: u64) {
    for i in 0..bits.min(64) {
        let at = (offset + i) as usize;
        if let Some(b) = bytes.get_mut(at / 8) {
            if v >> i & 1 == 1 {
                *b |= 1 << (at % 8);
            } else {
                *b &= !(1 << (at % 8));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn data_type_layouts_follow_amber_memory_layout() {
        let l = |t: &str, r| {
            let l = DataType::parse(t).unwrap().layout(r);
            (l.stride, l.fields.iter().map(|f| f.bit_offset / 8).collect::<Vec<_>>())
        };
        assert_eq!(l("vec3<float>", Layout::Std430), (16, vec![0, 4, 8]));
        assert_eq!(l("vec2<float>[]", Layout::Std140), (16, vec![0, 4]));
        assert_eq!(l("vec2<float>[]", Layout::Std430), (8, vec![0, 4]));
        assert_eq!(l("float[]", Layout::Std140), (16, vec![0]));
        assert_eq!(l("int8[]", Layout::Std430), (1, vec![0]));
        assert_eq!(l("vec3<int8>", Layout::Std430), (4, vec![0, 1, 2]));
        assert_eq!(l("mat2x2<float>", Layout::Std140), (32, vec![0, 4, 16, 20]));
        assert_eq!(l("mat2x3<float>", Layout::Std430), (32, vec![0, 4, 8, 16, 20, 24]));
        assert_eq!(l("int64", Layout::Std430), (8, vec![0]));
        assert!(DataType::parse("vec5<float>").is_none());
        assert!(DataType::parse("vec2<flot>").is_none());
    }

    #[test]
    fn formats() {
        let f = Format::parse("B8G8R8A8_UNORM").unwrap();
        assert_eq!(f.layout.stride, 4);
        assert_eq!(f.layout.fields.iter().map(|f| f.channel).collect::<Vec<_>>(), vec![Channel::B, Channel::G, Channel::R, Channel::A]);
        let d = Format::parse("D32_SFLOAT_S8_UINT").unwrap();
        assert_eq!((d.layout.stride, d.layout.fields[1].bit_offset), (8, 32));
        let p = Format::parse("A8B8G8R8_UNORM_PACK32").unwrap();
        assert_eq!(p.layout.fields[3], Field { bit_offset: 0, bits: 8, kind: NumKind::Unorm, channel: Channel::R });
        assert_eq!(Format::parse("R32G32_SFLOAT").unwrap().layout.stride, 8);
        assert_eq!(DataType::parse("vec2<float>").unwrap().as_format().unwrap().name, "R32G32_SFLOAT");
        assert!(Format::parse("R8G8B8A8").is_none());
        let x = Format::parse("X8_D24_UNORM_PACK32").unwrap();
        assert_eq!((x.layout.stride, x.layout.fields[1].bit_offset, x.layout.fields[1].channel), (4, 0, Channel::D));
        assert!(Format::parse("Q8_UNORM").is_none());
    }

    #[test]
    fn values_round_trip() {
        let field = Field { bit_offset: 8, bits: 16, kind: NumKind::Sint, channel: Channel::X };
        let mut b = [0u8; 4];
        write_field(&mut b, &field, Value::Int(-2));
        assert_eq!(b, [0, 0xfe, 0xff, 0]);
        assert_eq!(read_field(&b, &field), -2.0);
        let h = Field { bit_offset: 0, bits: 16, kind: NumKind::Float, channel: Channel::X };
        write_field(&mut b, &h, Value::Float(1.5));
        assert_eq!(read_field(&b, &h), 1.5);
        assert_eq!(parse_value("0x3f800000", NumKind::Float, 32), Some(Value::Float(1.0)));
        assert_eq!(parse_value("-9223372036854775805", NumKind::Sint, 64), Some(Value::Int(-9223372036854775805)));
        assert_eq!(parse_value("1.5", NumKind::Uint, 32), None);
        assert_eq!(f32_to_f16(65504.0), 0x7bff);
        assert_eq!(f32_to_f16(1.0), 0x3c00);
    }
}
