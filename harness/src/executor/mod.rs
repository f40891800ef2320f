//! Executors: turn a test into an image. One trait, one module per executor.
//!
//! - [`native`]: the original SPIR-V on a Vulkan driver through ash (the *driver output*).
//! - [`translated`]: the translator's plan on wgpu, on a chosen backend and adapter.

pub mod adapters;
mod depth_fill;
pub mod native;
pub mod translated;

use crate::compile::CompileError;
use crate::image::Image;
use crate::shader_test::ShaderTest;

/// Why an executor produced no image.
#[derive(Debug, thiserror::Error)]
pub enum ExecError {
    /// The executor or its device lacks something the test needs: the test is skipped.
    #[error("skipped: {0}")]
    Skip(String),
    #[error(transparent)]
    Compile(#[from] CompileError),
    #[error("translation failed: {0}")]
    Translate(#[from] tesserae::TranslateError),
    /// The device or API reported an error.
    #[error("{0}")]
    Device(String),
    /// The runtime refused the plan or the frame.
    #[error("runtime: {0}")]
    Runtime(tesserae_wgpu::RuntimeError),
}

impl From<tesserae_wgpu::RuntimeError> for ExecError {
    fn from(e: tesserae_wgpu::RuntimeError) -> Self {
        match e {
            // A device without a feature the plan needs skips the test, as the native
            // executor does.
            tesserae_wgpu::RuntimeError::MissingFeature(_) => ExecError::Skip(e.to_string()),
            e => ExecError::Runtime(e),
        }
    }
}

pub use tesserae_results::child::{Captures, DriverInfo};

/// What a rendering leaves: the image, the storage buffers the shaders could write, by
/// index in `test.resources` (only those the executor reads back), and what transform feedback
/// captured.
pub struct Outputs {
    /// The targets side by side as RGBA8 (float targets' values clamped to [0, 1]).
    pub image: Image,
    /// Each target's texels as read back, tightly packed in the test's `target_format`.
    pub targets: Vec<Vec<u8>>,
    pub storage: Vec<(usize, Vec<u8>)>,
    /// The depth attachment's values after the draws, row by row, when the test has one that
    /// can be read back (single-sampled, one layer, no stencil aspect).
    pub depth: Option<Vec<f32>>,
    /// The test's `[transform feedback N]` buffers after the draws and the primitives query;
    /// `None` when the test has none (or the executor captured nothing).
    pub captures: Option<Captures>,
}

/// An RGBA8 picture of a target's texels, for images and reports (float values clamped to
/// [0, 1], integers to [0, 255]; missing channels 0, alpha 1).
pub fn preview(format: crate::shader_test::TargetFormat, texels: &[u8], width: u32, height: u32) -> Image {
    use crate::shader_test::TargetFormat as F;
    let f16 = |b: &[u8]| tesserae_amber::types::f16_to_f32(u16::from_le_bytes([b[0], b[1]]));
    let f32_ = |b: &[u8]| f32::from_le_bytes([b[0], b[1], b[2], b[3]]);
    let (channels, size): (usize, usize) = match format {
        F::Rgba8Unorm => return Image { width, height, data: texels.to_vec() },
        F::R32Sint => {
            let data = texels
                .chunks_exact(4)
                .flat_map(|t| [i32::from_le_bytes([t[0], t[1], t[2], t[3]]).clamp(0, 255) as u8, 0, 0, 255])
                .collect();
            return Image { width, height, data };
        }
        F::Rg8Uint => return Image { width, height, data: texels.chunks_exact(2).flat_map(|t| [t[0], t[1], 0, 255]).collect() },
        F::Rg11b10Ufloat => {
            let ufloat = |raw: u32, bits: u32| tesserae_amber::types::small_ufloat(u64::from(raw), bits) as f32;
            let unorm = |x: f32| (x.clamp(0.0, 1.0) * 255.0).round() as u8;
            let data = texels
                .chunks_exact(4)
                .flat_map(|t| {
                    let w = u32::from_le_bytes([t[0], t[1], t[2], t[3]]);
                    [unorm(ufloat(w & 0x7ff, 11)), unorm(ufloat((w >> 11) & 0x7ff, 11)), unorm(ufloat(w >> 22, 10)), 255]
                })
                .collect();
            return Image { width, height, data };
        }
        F::Rgba16Float | F::Rg16Float | F::R16Float => (format.bytes_per_texel() as usize / 2, 2),
        F::Rgba32Float | F::Rg32Float | F::R32Float => (format.bytes_per_texel() as usize / 4, 4),
    };
    let data = texels
        .chunks_exact(channels * size)
        .flat_map(|t| {
            let mut px = [0u8, 0, 0, 255];
            for (c, v) in t.chunks_exact(size).enumerate() {
                let x = if size == 2 { f16(v) } else { f32_(v) };
                px[c] = (x.clamp(0.0, 1.0) * 255.0).round() as u8;
            }
            px
        })
        .collect();
    Image { width, height, data }
}

/// One compute dispatch: the descriptors, push constants and specialization of `test` (which
/// has no shader sections), the compute stage's SPIR-V, and the workgroup counts.
pub struct ComputeJob {
    pub test: ShaderTest,
    pub spirv: Vec<u32>,
    pub entry_point: String,
    pub groups: [u32; 3],
}

/// What an Amber script asks of the device: `DEVICE_FEATURE`, `DEVICE_PROPERTY`,
/// `DEVICE_EXTENSION` and `INSTANCE_EXTENSION` names as written.
pub struct DeviceRequirements<'a> {
    pub features: &'a [String],
    pub properties: &'a [String],
    pub device_extensions: &'a [String],
    pub instance_extensions: &'a [String],
}

pub trait Executor {
    /// Executor name as shown in results (`native`, `wgpu-vulkan`, `wgpu-gl`...).
    fn name(&self) -> String;
    fn driver(&self) -> DriverInfo;
    /// Renders one test and reads back what it wrote.
    fn render_outputs(&mut self, test: &ShaderTest) -> Result<Outputs, ExecError>;
    /// Renders one test.
    fn render(&mut self, test: &ShaderTest) -> Result<Image, ExecError> {
        self.render_outputs(test).map(|o| o.image)
    }
    /// Skips (naming it) what the device lacks of an Amber script's requirements. Executors
    /// that cannot tell let the work itself fail or be refused.
    fn require(&self, r: &DeviceRequirements) -> Result<(), ExecError> {
        let _ = r;
        Ok(())
    }
    /// Runs one compute dispatch and returns the storage buffers, by index in
    /// `job.test.resources`.
    fn compute(&mut self, job: &ComputeJob) -> Result<Vec<(usize, Vec<u8>)>, ExecError> {
        let _ = job;
        Err(ExecError::Skip(format!("{} does not run compute pipelines", self.name())))
    }
}

/// Hint printed when no adapter is found.
pub const INSTALL_HINT: &str = "install Mesa's software drivers: sudo apt-get install -y mesa-vulkan-drivers libgl1-mesa-dri libegl1";

/// Which executor a run uses, parsed from names such as `native`, `wgpu-vulkan`, `wgpu-gl`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ExecutorKind {
    Native,
    Wgpu(translated::Backend),
}

impl ExecutorKind {
    pub fn parse(s: &str) -> Option<ExecutorKind> {
        Some(match s {
            "native" => ExecutorKind::Native,
            "wgpu-vulkan" => ExecutorKind::Wgpu(translated::Backend::Vulkan),
            "wgpu-gl" => ExecutorKind::Wgpu(translated::Backend::Gl),
            _ => return None,
        })
    }
    pub fn name(self) -> &'static str {
        match self {
            ExecutorKind::Native => "native",
            ExecutorKind::Wgpu(translated::Backend::Vulkan) => "wgpu-vulkan",
            ExecutorKind::Wgpu(translated::Backend::Gl) => "wgpu-gl",
        }
    }
    /// Creates the executor; `adapter` filters devices by a substring of their name.
    pub fn create(self, adapter: Option<&str>) -> Result<Box<dyn Executor>, ExecError> {
        Ok(match self {
            ExecutorKind::Native => Box::new(native::NativeExecutor::new(adapter)?),
            ExecutorKind::Wgpu(b) => Box::new(translated::TranslatedExecutor::new(b, adapter)?),
        })
    }
}
