//! The per-draw uniform every emulation pass reads: one Rust type, and its WGSL declaration
//! generated from the same field list, so the bytes the runtime writes are the layout the
//! kernels read (checked by a test against `offset_of!`).

/// `first` is the first vertex, or the first index for indexed draws; `count` the vertex or
/// index count; `primitives` the primitives per instance of the draw's topology.
#[repr(C)]
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct DrawUniform {
    /// Framebuffer size in pixels (points are sized in pixels).
    pub viewport: [f32; 2],
    /// Point size when the last pre-rasterization stage writes none.
    pub point_size: f32,
    pub indexed: u32,
    pub first: u32,
    pub base_vertex: i32,
    /// 1 when the index buffer holds 16-bit indices.
    pub index_u16: u32,
    pub count: u32,
    /// The device's point size range: sizes clamp into it.
    pub size_range: [f32; 2],
    pub instances: u32,
    pub primitives: u32,
    pub first_instance: u32,
    /// Vulkan's `BaseVertex`: the vertex offset of an indexed draw, the first vertex of any
    /// other (`lower::draw_parameters`).
    pub vulkan_base_vertex: i32,
    /// The tessellator's spacing, winding and point mode
    /// ([`crate::tessellator::gpu::TessMode::draw_bits`]; 0 without tessellation): read by
    /// the kernels at run time, so one compiled kernel serves every mode of a domain.
    pub tess_mode: u32,
    pub _pad: u32,
}

/// (name, WGSL type, byte offset) of every field, in order.
pub const FIELDS: &[(&str, &str, usize)] = &[
    ("viewport", "vec2<f32>", 0),
    ("point_size", "f32", 8),
    ("indexed", "u32", 12),
    ("first", "u32", 16),
    ("base_vertex", "i32", 20),
    ("index_u16", "u32", 24),
    ("count", "u32", 28),
    ("size_range", "vec2<f32>", 32),
    ("instances", "u32", 40),
    ("primitives", "u32", 44),
    ("first_instance", "u32", 48),
    ("vulkan_base_vertex", "i32", 52),
    ("tess_mode", "u32", 56),
];

/// Bytes of the uniform.
pub const SIZE: u64 = std::mem::size_of::<DrawUniform>() as u64;

/// `struct TesseraeDraw { ... }` in WGSL (written once per process: every kernel declaring the
/// draw asks for it).
pub fn wgsl_struct() -> &'static str {
    static TEXT: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    TEXT.get_or_init(|| {
        let mut s = String::from("struct TesseraeDraw {\n");
        for (name, ty, _) in FIELDS {
            s.push_str(&format!("    {name}: {ty},\n"));
        }
        s.push_str("}\n");
        s
    })
}

/// The struct and its `tesserae_draw` uniform at (`group`, `binding`): what every kernel that
/// reads the draw declares.
pub fn wgsl_declaration(group: u32, binding: u32) -> String {
    format!("{}@group({group}) @binding({binding}) var<uniform> tesserae_draw: TesseraeDraw;\n", wgsl_struct())
}

impl DrawUniform {
    pub fn to_bytes(&self) -> [u8; SIZE as usize] {
        let words: [u32; 16] = [
            self.viewport[0].to_bits(),
            self.viewport[1].to_bits(),
            self.point_size.to_bits(),
            self.indexed,
            self.first,
            self.base_vertex as u32,
            self.index_u16,
            self.count,
            self.size_range[0].to_bits(),
            self.size_range[1].to_bits(),
            self.instances,
            self.primitives,
            self.first_instance,
            self.vulkan_base_vertex as u32,
            self.tess_mode,
            0,
        ];
        let mut out = [0u8; SIZE as usize];
        for (i, w) in words.iter().enumerate() {
            out[i * 4..i * 4 + 4].copy_from_slice(&w.to_le_bytes());
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::mem::offset_of;

    #[test]
    fn wgsl_layout_is_the_rust_layout() {
        let rust = [
            offset_of!(DrawUniform, viewport),
            offset_of!(DrawUniform, point_size),
            offset_of!(DrawUniform, indexed),
            offset_of!(DrawUniform, first),
            offset_of!(DrawUniform, base_vertex),
            offset_of!(DrawUniform, index_u16),
            offset_of!(DrawUniform, count),
            offset_of!(DrawUniform, size_range),
            offset_of!(DrawUniform, instances),
            offset_of!(DrawUniform, primitives),
            offset_of!(DrawUniform, first_instance),
            offset_of!(DrawUniform, vulkan_base_vertex),
            offset_of!(DrawUniform, tess_mode),
        ];
        let wgsl: Vec<usize> = FIELDS.iter().map(|f| f.2).collect();
        assert_eq!(wgsl, rust);
        // naga computes the same offsets for the generated declaration.
        let src = format!("{}@group(0) @binding(0) var<uniform> d: TesseraeDraw;", wgsl_struct());
        let module = naga::front::wgsl::parse_str(&src).unwrap();
        let (_, ty) = module.types.iter().find(|(_, t)| t.name.as_deref() == Some("TesseraeDraw")).unwrap();
        let naga::TypeInner::Struct { members, span } = &ty.inner else { panic!() };
        assert_eq!(members.iter().map(|m| m.offset as usize).collect::<Vec<_>>(), wgsl);
        assert!(*span as u64 <= SIZE);
        // Field order of to_bytes.
        let u = DrawUniform { first_instance: 7, base_vertex: -2, vulkan_base_vertex: -3, tess_mode: 9, ..Default::default() };
        let b = u.to_bytes();
        assert_eq!(&b[48..52], &7u32.to_le_bytes());
        assert_eq!(&b[52..56], &(-3i32).to_le_bytes());
        assert_eq!(&b[20..24], &(-2i32).to_le_bytes());
        assert_eq!(&b[56..60], &9u32.to_le_bytes());
    }
}
