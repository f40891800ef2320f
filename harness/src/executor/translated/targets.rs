//! A translated test's render targets on wgpu: the colour targets (a texture per target, and
//! per layer of a layered framebuffer, which WebGPU lacks: each layer is a render pass of its
//! own), the multisampled textures resolving into them, the depth attachments, and their
//! readback.

use super::{depth_format, wgpu_target_format, ExecError};
use crate::shader_test::{DepthFormat, ShaderTest};

pub(super) struct Targets {
    colour: Vec<wgpu::Texture>,
    views: Vec<wgpu::TextureView>,
    multisampled: Vec<wgpu::TextureView>,
    depth: Vec<wgpu::Texture>,
    depth_views: Vec<wgpu::TextureView>,
    /// The depth format read back, where the test has a depth attachment that can be and the
    /// adapter copies depth.
    depth_read_back: Option<DepthFormat>,
}

/// The copies of [`Targets::copy_out`], read by [`Readback::read`].
pub(super) struct Readback {
    colour: wgpu::Buffer,
    targets: usize,
    /// Bytes per row (aligned to 256) and per target in `colour`.
    row: u32,
    per_target: u64,
    depth: Option<(wgpu::Buffer, DepthFormat)>,
    depth_row: u32,
}

fn extent(test: &ShaderTest) -> wgpu::Extent3d {
    wgpu::Extent3d { width: test.test.width, height: test.test.height, depth_or_array_layers: 1 }
}

impl Targets {
    /// The test's targets, filled with its initial contents where it has some; `Skip` for what
    /// the executor does not render.
    pub fn new(d: &wgpu::Device, queue: &wgpu::Queue, test: &ShaderTest, depth_copies: bool) -> Result<Self, ExecError> {
        let t = &test.test;
        if t.layers > 1 && (t.samples > 1 || t.targets > 1 || t.initial_targets.is_some()) {
            return Err(ExecError::Skip("layered framebuffers with multisampling, several targets or initial contents".into()));
        }
        if t.initial_targets.is_some() && t.samples > 1 {
            return Err(ExecError::Skip("multisampled targets with initial contents".into()));
        }
        let colour_texture = |sample_count: u32, usage: wgpu::TextureUsages| {
            d.create_texture(&wgpu::TextureDescriptor {
                label: Some("colour"),
                size: extent(test),
                mip_level_count: 1,
                sample_count,
                dimension: wgpu::TextureDimension::D2,
                format: wgpu_target_format(t.target_format),
                usage,
                view_formats: &[],
            })
        };
        let usage = wgpu::TextureUsages::RENDER_ATTACHMENT | wgpu::TextureUsages::COPY_SRC | wgpu::TextureUsages::COPY_DST;
        let colour: Vec<wgpu::Texture> = (0..t.targets * t.layers).map(|_| colour_texture(1, usage)).collect();
        for (target, texels) in colour.iter().zip(t.initial_targets.iter().flatten()) {
            queue.write_texture(
                target.as_image_copy(),
                texels,
                wgpu::TexelCopyBufferLayout {
                    offset: 0,
                    bytes_per_row: Some(t.width * t.target_format.bytes_per_texel()),
                    rows_per_image: Some(t.height),
                },
                extent(test),
            );
        }
        let views = colour.iter().map(|t| t.create_view(&wgpu::TextureViewDescriptor::default())).collect();
        let multisampled = (0..if t.samples > 1 { t.targets } else { 0 })
            .map(|_| colour_texture(t.samples, wgpu::TextureUsages::RENDER_ATTACHMENT).create_view(&wgpu::TextureViewDescriptor::default()))
            .collect();
        let depth_read_back = t.depth_read_back().filter(|_| depth_copies);
        let depth_texture = || {
            d.create_texture(&wgpu::TextureDescriptor {
                label: Some("depth"),
                size: extent(test),
                mip_level_count: 1,
                sample_count: t.samples,
                dimension: wgpu::TextureDimension::D2,
                format: depth_format(test),
                usage: wgpu::TextureUsages::RENDER_ATTACHMENT
                    | if depth_read_back.is_some() { wgpu::TextureUsages::COPY_SRC } else { wgpu::TextureUsages::empty() },
                view_formats: &[],
            })
        };
        let depth: Vec<wgpu::Texture> =
            if t.depth.is_some() || t.stencil.is_some() { (0..t.layers).map(|_| depth_texture()).collect() } else { Vec::new() };
        let depth_views = depth.iter().map(|t| t.create_view(&wgpu::TextureViewDescriptor::default())).collect();
        Ok(Targets { colour, views, multisampled, depth, depth_views, depth_read_back })
    }

    /// The colour targets of each render pass: every target in one, or one layer per pass of a
    /// layered framebuffer.
    pub fn passes(&self, test: &ShaderTest) -> Vec<Vec<usize>> {
        if test.test.layers > 1 {
            (0..self.views.len()).map(|l| vec![l]).collect()
        } else {
            vec![(0..self.views.len()).collect()]
        }
    }

    /// The colour attachments of a pass over `targets` (a multisampled texture resolving into
    /// each target, where the test is multisampled), cleared unless the test gives contents.
    pub fn colour_attachments(&self, test: &ShaderTest, targets: &[usize]) -> Vec<Option<wgpu::RenderPassColorAttachment<'_>>> {
        let t = &test.test;
        let c = t.clear;
        targets
            .iter()
            .map(|&k| {
                let view = &self.views[k];
                let (view, resolve_target) = match self.multisampled.get(k) {
                    Some(ms) => (ms, Some(view)),
                    None => (view, None),
                };
                Some(wgpu::RenderPassColorAttachment {
                    view,
                    depth_slice: None,
                    resolve_target,
                    ops: wgpu::Operations {
                        load: match t.initial_targets {
                            Some(_) => wgpu::LoadOp::Load,
                            None => wgpu::LoadOp::Clear(wgpu::Color { r: c[0] as f64, g: c[1] as f64, b: c[2] as f64, a: c[3] as f64 }),
                        },
                        store: wgpu::StoreOp::Store,
                    },
                })
            })
            .collect()
    }

    /// The depth/stencil attachment of `layer`'s pass, cleared.
    pub fn depth_attachment(&self, test: &ShaderTest, layer: usize) -> Option<wgpu::RenderPassDepthStencilAttachment<'_>> {
        let t = &test.test;
        self.depth_views.get(layer).map(|v| wgpu::RenderPassDepthStencilAttachment {
            view: v,
            depth_ops: Some(wgpu::Operations { load: wgpu::LoadOp::Clear(t.depth.map_or(1.0, |z| z.clear)), store: wgpu::StoreOp::Store }),
            stencil_ops: t.stencil.map(|st| wgpu::Operations { load: wgpu::LoadOp::Clear(st.clear), store: wgpu::StoreOp::Store }),
        })
    }

    /// Records the copies of every colour target (into one buffer, one after the other) and of
    /// the depth values.
    pub fn copy_out(&self, d: &wgpu::Device, encoder: &mut wgpu::CommandEncoder, test: &ShaderTest) -> Readback {
        let t = &test.test;
        let (w, h) = (t.width, t.height);
        let row = (w * t.target_format.bytes_per_texel()).div_ceil(256) * 256;
        let per_target = (row * h) as u64;
        let colour = d.create_buffer(&wgpu::BufferDescriptor {
            label: Some("readback"),
            size: per_target * self.colour.len() as u64,
            usage: wgpu::BufferUsages::COPY_DST | wgpu::BufferUsages::MAP_READ,
            mapped_at_creation: false,
        });
        for (k, target) in self.colour.iter().enumerate() {
            encoder.copy_texture_to_buffer(
                target.as_image_copy(),
                wgpu::TexelCopyBufferInfo {
                    buffer: &colour,
                    layout: wgpu::TexelCopyBufferLayout {
                        offset: k as u64 * per_target,
                        bytes_per_row: Some(row),
                        rows_per_image: Some(h),
                    },
                },
                extent(test),
            );
        }
        let depth_texel = self.depth_read_back.map_or(4, |f| f.bytes_per_texel());
        let depth_row = (w * depth_texel).div_ceil(256) * 256;
        let depth = self.depth.first().zip(self.depth_read_back).map(|(texture, format)| {
            let buffer = d.create_buffer(&wgpu::BufferDescriptor {
                label: Some("depth readback"),
                size: (depth_row * h) as u64,
                usage: wgpu::BufferUsages::COPY_DST | wgpu::BufferUsages::MAP_READ,
                mapped_at_creation: false,
            });
            encoder.copy_texture_to_buffer(
                wgpu::TexelCopyTextureInfo { aspect: wgpu::TextureAspect::DepthOnly, ..texture.as_image_copy() },
                wgpu::TexelCopyBufferInfo {
                    buffer: &buffer,
                    layout: wgpu::TexelCopyBufferLayout { offset: 0, bytes_per_row: Some(depth_row), rows_per_image: Some(h) },
                },
                extent(test),
            );
            (buffer, format)
        });
        Readback { colour, targets: self.colour.len(), row, per_target, depth, depth_row }
    }
}

impl Readback {
    /// Each target's texels, tightly packed, and the depth values row by row, once the copies
    /// have been submitted.
    pub fn read(self, d: &wgpu::Device, test: &ShaderTest) -> Result<(Vec<Vec<u8>>, Option<Vec<f32>>), ExecError> {
        let t = &test.test;
        let (w, h) = (t.width, t.height);
        let packed_row = (w * t.target_format.bytes_per_texel()) as usize;
        let (tx, rx) = std::sync::mpsc::channel();
        self.colour.slice(..).map_async(wgpu::MapMode::Read, move |r| {
            let _ = tx.send(r);
        });
        d.poll(wgpu::PollType::wait_indefinitely()).map_err(|e| ExecError::Device(format!("poll: {e}")))?;
        rx.recv().map_err(|e| ExecError::Device(format!("map_async: {e}")))?.map_err(|e| ExecError::Device(format!("map_async: {e}")))?;
        let mapped = self.colour.slice(..).get_mapped_range().map_err(|e| ExecError::Device(format!("get_mapped_range: {e}")))?;
        let mut raw = Vec::with_capacity(self.targets);
        for k in 0..self.targets {
            let mut data = Vec::with_capacity(packed_row * h as usize);
            for y in 0..h {
                let start = k * self.per_target as usize + (y * self.row) as usize;
                data.extend_from_slice(&mapped[start..start + packed_row]);
            }
            raw.push(data);
        }
        drop(mapped);
        self.colour.unmap();
        let depth = match self.depth {
            Some((b, format)) => {
                let bytes = super::read_buffer(d, &b, (self.depth_row * h) as usize)?;
                let texel = format.bytes_per_texel();
                Some(bytes.chunks(self.depth_row as usize).flat_map(|row| format.values(&row[..(w * texel) as usize])).collect())
            }
            None => None,
        };
        Ok((raw, depth))
    }
}
