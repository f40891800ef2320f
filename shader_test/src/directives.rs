//! The `[test]` section: framebuffer, state, draws, probes, tolerance and comparisons.

use tesserae::Topology;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CullMode {
    None,
    Front,
    Back,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FrontFace {
    Ccw,
    Cw,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Draw {
    pub topology: Topology,
    pub indexed: bool,
    /// Vertex count, or index count for indexed draws.
    pub count: u32,
    pub instances: u32,
    pub first: u32,
    pub first_instance: u32,
    pub base_vertex: i32,
    pub line: usize,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Probe {
    pub x: u32,
    pub y: u32,
    pub w: u32,
    pub h: u32,
    /// RGBA in [0, 1]; `None` alpha for `probe rgb`.
    pub rgba: [f32; 4],
    pub check_alpha: bool,
    pub line: usize,
    /// `probe target K ...`: the colour target probed (0 unless said; with `layers`, the
    /// layer); `probe all` without a
    /// target probes every target.
    pub target: Option<u32>,
}

/// A check of what transform feedback captured (`probe xfb ...` in `[test]`): the spec's
/// answer, compared exactly (captured values are copies of what the shader wrote).
#[derive(Debug, Clone, PartialEq)]
pub enum CaptureProbe {
    /// `probe xfb N offset BYTES float|int|uint V...`: consecutive 32-bit words of capture
    /// buffer N from byte `offset` (a multiple of 4).
    Words { buffer: u32, offset: u32, values: CaptureValues, line: usize },
    /// `probe xfb primitives written W needed P`: the `VK_QUERY_TYPE_TRANSFORM_FEEDBACK_STREAM_EXT`
    /// results for stream 0 over all the test's draws (primitives written to the buffers, and
    /// those that would have been had they been large enough).
    Primitives { written: u64, needed: u64, line: usize },
}

impl CaptureProbe {
    pub fn line(&self) -> usize {
        match self {
            CaptureProbe::Words { line, .. } | CaptureProbe::Primitives { line, .. } => *line,
        }
    }
}

/// The expected words of a `probe xfb N offset ...` line, as typed.
#[derive(Debug, Clone, PartialEq)]
pub enum CaptureValues {
    /// Compared as values: `0` matches `-0`, `nan` matches any NaN.
    Float(Vec<f32>),
    Int(Vec<i32>),
    Uint(Vec<u32>),
}

impl CaptureValues {
    pub fn len(&self) -> usize {
        match self {
            CaptureValues::Float(v) => v.len(),
            CaptureValues::Int(v) => v.len(),
            CaptureValues::Uint(v) => v.len(),
        }
    }
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
    /// Whether the captured little-endian `word` is the `i`th expected value.
    pub fn matches(&self, i: usize, word: u32) -> bool {
        match self {
            CaptureValues::Float(v) => v.get(i).is_some_and(|e| {
                let got = f32::from_bits(word);
                *e == got || (e.is_nan() && got.is_nan())
            }),
            CaptureValues::Int(v) => v.get(i).is_some_and(|e| *e as u32 == word),
            CaptureValues::Uint(v) => v.get(i).is_some_and(|e| *e == word),
        }
    }
    /// The `i`th expected value as written in the test, and the word `got` in the same type.
    pub fn describe(&self, i: usize, got: u32) -> (String, String) {
        match self {
            CaptureValues::Float(v) => (v.get(i).map_or(String::new(), |e| format!("{e:?}")), format!("{:?}", f32::from_bits(got))),
            CaptureValues::Int(v) => (v.get(i).map_or(String::new(), |e| e.to_string()), (got as i32).to_string()),
            CaptureValues::Uint(v) => (v.get(i).map_or(String::new(), |e| e.to_string()), got.to_string()),
        }
    }
    /// The type's name as written (`float`, `int`, `uint`).
    pub fn type_name(&self) -> &'static str {
        match self {
            CaptureValues::Float(_) => "float",
            CaptureValues::Int(_) => "int",
            CaptureValues::Uint(_) => "uint",
        }
    }
}

/// How far a translated rendering may stray from its oracle.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Tolerance {
    /// Largest allowed per-channel difference (0–255).
    pub channel: u8,
    /// Largest share of pixels (percent) allowed to differ beyond `channel`: of the whole
    /// image, or with `edges_only` of the expected image's edge pixels.
    pub pixels_percent: f32,
    /// `edge-pixels P%`: pixels may differ beyond `channel` only where the expected image has
    /// an edge (see `tesserae_results::image::edge_mask`), and at most P% of those.
    pub edges_only: bool,
    /// Why the test carries a tolerance (mandatory when one is set).
    pub reason: String,
    /// The executor this tolerance is for (`None`: every executor without its own).
    pub executor: Option<String>,
}

/// Formats a colour target may have: RGBA8, and the float formats Amber's attachments use.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TargetFormat {
    Rgba8Unorm,
    Rgba16Float,
    Rgba32Float,
    Rg16Float,
    Rg32Float,
    R16Float,
    R32Float,
    /// 32-bit signed integers: never blended, cleared to 0 only (a clear colour is a float).
    R32Sint,
    /// Two 8-bit unsigned integers (as `R32Sint`).
    Rg8Uint,
    /// Unsigned 11-, 11- and 10-bit floats packed in 32 bits, red lowest
    /// (`B10G11R11_UFLOAT_PACK32`).
    Rg11b10Ufloat,
}

impl TargetFormat {
    pub const ALL: [TargetFormat; 10] = [
        TargetFormat::Rgba8Unorm,
        TargetFormat::Rgba16Float,
        TargetFormat::Rgba32Float,
        TargetFormat::Rg16Float,
        TargetFormat::Rg32Float,
        TargetFormat::R16Float,
        TargetFormat::R32Float,
        TargetFormat::R32Sint,
        TargetFormat::Rg8Uint,
        TargetFormat::Rg11b10Ufloat,
    ];
    /// Whether the format holds integers (never blended; a clear colour, a float, clears it
    /// to 0 only).
    pub fn is_integer(self) -> bool {
        matches!(self, TargetFormat::R32Sint | TargetFormat::Rg8Uint)
    }
    pub fn bytes_per_texel(self) -> u32 {
        match self {
            TargetFormat::Rgba8Unorm
            | TargetFormat::Rg16Float
            | TargetFormat::R32Float
            | TargetFormat::R32Sint
            | TargetFormat::Rg11b10Ufloat => 4,
            TargetFormat::R16Float | TargetFormat::Rg8Uint => 2,
            TargetFormat::Rgba16Float | TargetFormat::Rg32Float => 8,
            TargetFormat::Rgba32Float => 16,
        }
    }
}

#[derive(Debug, Clone, PartialEq)]
pub struct TestSection {
    pub width: u32,
    pub height: u32,
    /// `targets N`: RGBA8 colour targets at locations 0..N (1–8); the test's image is the
    /// targets side by side, target 0 leftmost.
    pub targets: u32,
    /// `framebuffer W H layers N`: array layers of the (one) colour target and of the depth
    /// attachment (1–16); the test's image is the layers side by side, layer 0 leftmost.
    pub layers: u32,
    /// `viewport X Y W H` lines, in pixels (1–16 of them: viewport 0 first, and each one's
    /// scissor is its rectangle); none: one viewport over the whole framebuffer.
    pub viewports: Vec<[f32; 4]>,
    /// `samples 1|4`: samples per pixel of every attachment; a multisampled rendering is
    /// resolved (averaged) into the image the oracles read.
    pub samples: u32,
    pub clear: [f32; 4],
    pub cull: CullMode,
    pub front_face: FrontFace,
    pub draws: Vec<Draw>,
    pub probes: Vec<Probe>,
    /// `probe xfb ...` lines: checks of what transform feedback captured.
    pub capture_probes: Vec<CaptureProbe>,
    /// `rasterizer-discard`: primitives are discarded before rasterization (after transform
    /// feedback); the image is the clear colour.
    pub rasterizer_discard: bool,
    /// Tolerances: at most one general one and one per executor.
    pub tolerances: Vec<Tolerance>,
    pub compare_reference: bool,
    pub compare_native: bool,
    /// `render-alone REASON`: the runner renders the test in a child process of its own, not
    /// in a batch, and the child destroys its device before reporting (a driver bug that
    /// corrupts the process's heap shows at teardown, and would otherwise make the tests after
    /// it in the batch fail or flake).
    pub render_alone: bool,
    /// `depth ...`: a depth attachment and test.
    pub depth: Option<crate::DepthState>,
    /// `stencil ...`: a stencil test (the depth attachment gains stencil bits).
    pub stencil: Option<crate::StencilState>,
    /// `blend replace|alpha|additive`.
    pub blend: crate::BlendMode,
    /// The colour targets' format (RGBA8 in `.shader_test` files; Amber's attachments may be
    /// float formats).
    pub target_format: TargetFormat,
    /// What each colour target holds before the draws, as texels of `target_format` (Amber's
    /// RUN over an earlier RUN's image); `None`: cleared to `clear`.
    pub initial_targets: Option<Vec<Vec<u8>>>,
    /// Whether an indexed strip restarts at the index of all ones (the corpus's convention;
    /// Amber's pipelines draw with restart disabled).
    pub primitive_restart: bool,
}

impl Default for TestSection {
    fn default() -> Self {
        TestSection {
            width: 64,
            height: 64,
            targets: 1,
            layers: 1,
            viewports: Vec::new(),
            samples: 1,
            clear: [0.0, 0.0, 0.0, 1.0],
            cull: CullMode::None,
            front_face: FrontFace::Ccw,
            draws: Vec::new(),
            probes: Vec::new(),
            capture_probes: Vec::new(),
            rasterizer_discard: false,
            tolerances: Vec::new(),
            compare_reference: true,
            compare_native: true,
            render_alone: false,
            depth: None,
            stencil: None,
            blend: crate::BlendMode::Replace,
            primitive_restart: true,
            target_format: TargetFormat::Rgba8Unorm,
            initial_targets: None,
        }
    }
}

impl TestSection {
    /// The format of the depth attachment the executors read back after the draws: one that is
    /// single-sampled, of one layer and without a stencil aspect.
    pub fn depth_read_back(&self) -> Option<crate::DepthFormat> {
        self.depth.filter(|_| self.stencil.is_none() && self.samples == 1 && self.layers == 1).map(|z| z.format)
    }

    /// The scissor of viewport `r` (`[x, y, w, h]` in pixels): its rectangle rounded out to
    /// whole pixels and cut to the framebuffer, as `[x, y, w, h]`.
    pub fn scissor(&self, r: &[f32; 4]) -> [u32; 4] {
        let (x, y) = (r[0].floor().min(self.width as f32) as u32, r[1].floor().min(self.height as f32) as u32);
        let (x1, y1) = ((r[0] + r[2]).ceil().min(self.width as f32) as u32, (r[1] + r[3]).ceil().min(self.height as f32) as u32);
        [x, y, x1 - x, y1 - y]
    }
}

impl Tolerance {
    /// The tolerance as written in a test file (`channel N pixels P%` / `edge-pixels P%`).
    pub fn describe(&self) -> String {
        let kind = if self.edges_only { "edge-pixels" } else { "pixels" };
        format!("channel {} {kind} {}%", self.channel, self.pixels_percent)
    }
}

impl TestSection {
    /// The tolerance that applies to `executor`: the first whose executor pattern (`*` matches
    /// any run of characters) matches, else the general one, else exact.
    pub fn tolerance(&self, executor: &str) -> Tolerance {
        let own = self.tolerances.iter().find(|t| t.executor.as_deref().is_some_and(|p| wildcard_match(p, executor)));
        own.or_else(|| self.tolerances.iter().find(|t| t.executor.is_none())).cloned().unwrap_or_default()
    }
}

/// `*`-only glob matching for executor names.
pub fn wildcard_match(pattern: &str, name: &str) -> bool {
    match pattern.split_once('*') {
        None => pattern == name,
        Some((head, tail)) => {
            name.starts_with(head) && (0..=name.len() - head.len()).any(|i| wildcard_match(tail, &name[head.len() + i..]))
        }
    }
}

/// Topology names (one parser for the format and the CLI: `Topology::from_str`).
pub fn parse_topology(s: &str) -> Option<Topology> {
    s.parse().ok()
}

/// Compare ops as written in `depth ... compare OP`.
pub fn parse_compare_op(s: &str) -> Option<crate::CompareOp> {
    use crate::CompareOp::*;
    Some(match s {
        "never" => Never,
        "less" => Less,
        "equal" => Equal,
        "less-equal" => LessEqual,
        "greater" => Greater,
        "not-equal" => NotEqual,
        "greater-equal" => GreaterEqual,
        "always" => Always,
        _ => return None,
    })
}

/// Blend modes as written in `blend MODE`.
pub fn parse_blend_mode(s: &str) -> Option<crate::BlendMode> {
    Some(match s {
        "replace" => crate::BlendMode::Replace,
        "alpha" => crate::BlendMode::Alpha,
        "additive" => crate::BlendMode::Additive,
        _ => return None,
    })
}
