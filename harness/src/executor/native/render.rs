//! One test rendered on the native device, step by step: attachments, descriptors (in
//! `native.rs`, shared with compute), render pass, pipeline, commands, readback. Every object
//! is made in the test's [`Scratch`] and destroyed with it.

use super::{
    attachment, blend_state, vk_compare, vk_format, vk_stage, vk_stencil_op, vk_target_format, vk_topology, vkerr, Bound, CaptureBinding,
    ImageShape, NativeExecutor, Scratch, Upload,
};
use crate::executor::{Captures, ExecError, Outputs};
use crate::image::Image;
use crate::shader_test::{CullMode, FrontFace, IndexFormat, ShaderTest, StencilState, TestSection};
use ash::vk;
use tesserae::{Stage, StepMode, Topology};

/// A stage's SPIR-V and entry point.
pub(super) type StageCode = (Stage, Vec<u32>, String);

/// The images a test renders into.
struct Attachments {
    format: vk::Format,
    samples: vk::SampleCountFlags,
    colour: Vec<(vk::Image, vk::ImageView)>,
    /// Multisampled: the single-sampled image each colour target resolves into.
    resolved: Vec<(vk::Image, vk::ImageView)>,
    /// The depth (and stencil) attachment, when the test has one.
    depth: Option<DepthAttachment>,
}

struct DepthAttachment {
    format: vk::Format,
    image: vk::Image,
    view: vk::ImageView,
    /// Copied out after the draws (`TestSection::depth_read_back`).
    read_back: bool,
}

impl Attachments {
    fn multisampled(&self) -> bool {
        !self.resolved.is_empty()
    }

    /// The images read back: the resolved ones when multisampled.
    fn read_back(&self) -> &[(vk::Image, vk::ImageView)] {
        if self.multisampled() {
            &self.resolved
        } else {
            &self.colour
        }
    }
}

/// A viewport's rectangle as its scissor, within the framebuffer.
fn scissor(t: &TestSection, r: &[f32; 4]) -> vk::Rect2D {
    let [x, y, width, height] = t.scissor(r);
    vk::Rect2D { offset: vk::Offset2D { x: x as i32, y: y as i32 }, extent: vk::Extent2D { width, height } }
}

fn full_area(t: &TestSection) -> vk::Rect2D {
    vk::Rect2D { offset: vk::Offset2D { x: 0, y: 0 }, extent: vk::Extent2D { width: t.width, height: t.height } }
}

impl NativeExecutor {
    /// Renders `test` from its compiled stages and reads back its targets and storage buffers.
    pub(super) fn render_stages(&self, test: &ShaderTest, stages: &[StageCode]) -> Result<Outputs, ExecError> {
        let t = &test.test;
        let mut sc = Scratch::new(&self.device);
        let targets = self.attachments(&mut sc, t)?;
        // Textures are uploaded through staging buffers when the commands begin; input
        // attachments are attachments of the render pass too.
        let mut bound = self.descriptors(&mut sc, test)?;
        self.capture_buffers(&mut sc, test, &mut bound)?;
        self.render_pass(&mut sc, t, &targets, &mut bound)?;
        self.pipeline(&mut sc, test, stages, targets.samples)?;
        let target_size = (t.width * t.height * t.target_format.bytes_per_texel()) as usize;
        // Every layer of every target, one after the other (layered tests have one target).
        let images = targets.colour.len() * t.layers as usize;
        // The depth values after them.
        let depth_format = t.depth_read_back();
        let depth_bytes = depth_format.map_or(0, |f| (t.width * t.height * f.bytes_per_texel()) as usize);
        let readback = self.host_buffer(
            &mut sc,
            vk::BufferUsageFlags::TRANSFER_DST,
            &vec![0u8; target_size * images + depth_bytes],
            "readback buffer",
        )?;
        self.commands(&mut sc, test, &targets, &bound, readback, target_size)?;
        let bytes = self.read_back(&sc, readback, target_size * images + depth_bytes)?;
        let (colour, depth_texels) = bytes.split_at(target_size * images);
        let raw: Vec<Vec<u8>> = colour.chunks_exact(target_size).map(<[u8]>::to_vec).collect();
        let depth = depth_format.map(|f| f.values(depth_texels));
        let storage = self.read_storage(&bound)?;
        let captures = self.read_captures(&sc, &bound)?;
        drop(sc);
        let images: Vec<Image> = raw.iter().map(|c| crate::executor::preview(t.target_format, c, t.width, t.height)).collect();
        Ok(Outputs { image: crate::image::side_by_side(&images), targets: raw, storage, depth, captures })
    }

    /// The test's `[transform feedback N]` buffers (host-visible, each word its `fill`) into
    /// `bound`, and the query pool of the primitives query (in `sc`).
    fn capture_buffers(&self, sc: &mut Scratch, test: &ShaderTest, bound: &mut Bound) -> Result<(), ExecError> {
        if test.captures.is_empty() {
            return Ok(());
        }
        let usage =
            vk::BufferUsageFlags::TRANSFORM_FEEDBACK_BUFFER_EXT | vk::BufferUsageFlags::TRANSFER_SRC | vk::BufferUsageFlags::TRANSFER_DST;
        for c in &test.captures {
            let handle = self.host_buffer(sc, usage, &c.initial_bytes(), &format!("transform feedback buffer {}", c.buffer))?;
            let memory = sc.buffers.last().map(|(_, m)| *m).unwrap_or_default();
            bound.captures.push(CaptureBinding { buffer: c.buffer, handle, memory, size: c.size as usize });
        }
        let info = vk::QueryPoolCreateInfo::default().query_type(vk::QueryType::TRANSFORM_FEEDBACK_STREAM_EXT).query_count(1);
        sc.query_pool =
            unsafe { self.device.create_query_pool(&info, None) }.map_err(vkerr("vkCreateQueryPool (transform feedback primitives)"))?;
        Ok(())
    }

    /// The capture buffers' bytes and the primitives query's results, after the work has
    /// finished; `None` without capture buffers.
    fn read_captures(&self, sc: &Scratch, bound: &Bound) -> Result<Option<Captures>, ExecError> {
        if bound.captures.is_empty() {
            return Ok(None);
        }
        let mut buffers = Vec::with_capacity(bound.captures.len());
        for c in &bound.captures {
            buffers.push((c.buffer, self.read_host(c.memory, c.size, "vkMapMemory (transform feedback buffer)")?));
        }
        // [primitives written, primitives needed] of the one query (stream 0).
        let mut counts = [[0u64; 2]; 1];
        let flags = vk::QueryResultFlags::TYPE_64 | vk::QueryResultFlags::WAIT;
        unsafe { self.device.get_query_pool_results(sc.query_pool, 0, &mut counts, flags) }
            .map_err(vkerr("vkGetQueryPoolResults (transform feedback primitives)"))?;
        Ok(Some(Captures { buffers, primitives_written: counts[0][0], primitives_needed: counts[0][1] }))
    }

    /// Colour targets, and the depth attachment when the test has one; multisampled, each
    /// target also has a single-sampled image it resolves into, which is read back.
    fn attachments(&self, sc: &mut Scratch, t: &TestSection) -> Result<Attachments, ExecError> {
        let format = vk_target_format(t.target_format);
        let samples = vk::SampleCountFlags::from_raw(t.samples);
        let multisampled = t.samples > 1;
        if t.initial_targets.is_some() && multisampled {
            return Err(ExecError::Skip("multisampled targets with initial contents".into()));
        }
        if t.layers > 1 && (multisampled || t.targets > 1 || t.initial_targets.is_some()) {
            return Err(ExecError::Skip("layered framebuffers with multisampling, several targets or initial contents".into()));
        }
        let shape = match t.layers {
            1 => ImageShape::flat(t.width, t.height),
            layers => ImageShape { width: t.width, height: t.height, layers, view: vk::ImageViewType::TYPE_2D_ARRAY },
        };
        let usage = vk::ImageUsageFlags::COLOR_ATTACHMENT | vk::ImageUsageFlags::TRANSFER_SRC | vk::ImageUsageFlags::TRANSFER_DST;
        let aspect = vk::ImageAspectFlags::COLOR;
        let (mut colour, mut resolved) = (Vec::new(), Vec::new());
        for _ in 0..t.targets {
            colour.push(self.device_image_samples(sc, "colour target", format, shape, usage, aspect, samples)?);
            if multisampled {
                resolved.push(self.device_image(sc, "resolved colour target", format, shape, usage, aspect)?);
            }
        }
        // A stencil test gives the depth attachment 8 stencil bits.
        let (depth_format, depth_aspect) = match (t.stencil, t.depth.map(|z| z.format)) {
            (Some(_), _) => (vk::Format::D32_SFLOAT_S8_UINT, vk::ImageAspectFlags::DEPTH | vk::ImageAspectFlags::STENCIL),
            (None, Some(crate::shader_test::DepthFormat::D16Unorm)) => (vk::Format::D16_UNORM, vk::ImageAspectFlags::DEPTH),
            (None, _) => (vk::Format::D32_SFLOAT, vk::ImageAspectFlags::DEPTH),
        };
        let depth = match t.depth.is_some() || t.stencil.is_some() {
            true => {
                let read_back = t.depth_read_back().is_some();
                let usage = vk::ImageUsageFlags::DEPTH_STENCIL_ATTACHMENT
                    | if read_back { vk::ImageUsageFlags::TRANSFER_SRC } else { vk::ImageUsageFlags::empty() };
                let (image, view) = self.device_image_samples(sc, "depth attachment", depth_format, shape, usage, depth_aspect, samples)?;
                Some(DepthAttachment { format: depth_format, image, view, read_back })
            }
            false => None,
        };
        Ok(Attachments { format, samples, colour, resolved, depth })
    }

    /// The render pass and its framebuffer: colour targets (cleared, or loaded from their
    /// initial contents, which join `bound`'s uploads), depth, resolve targets, then input
    /// attachments.
    fn render_pass(&self, sc: &mut Scratch, t: &TestSection, targets: &Attachments, bound: &mut Bound) -> Result<(), ExecError> {
        use vk::{AttachmentLoadOp as Load, AttachmentStoreOp as Store, ImageLayout as Layout};
        let d = &self.device;
        let (format, samples, n) = (targets.format, targets.samples, targets.colour.len());
        let one = vk::SampleCountFlags::TYPE_1;
        let (load, initial) = match &t.initial_targets {
            Some(texels) => {
                let ready = (
                    Layout::COLOR_ATTACHMENT_OPTIMAL,
                    vk::AccessFlags::COLOR_ATTACHMENT_READ | vk::AccessFlags::COLOR_ATTACHMENT_WRITE,
                    vk::PipelineStageFlags::COLOR_ATTACHMENT_OUTPUT,
                );
                for (k, data) in texels.iter().enumerate().take(n) {
                    let staging = self.host_buffer(sc, vk::BufferUsageFlags::TRANSFER_SRC, data, "staging buffer of a colour target")?;
                    let (image, shape, aspect) = (targets.colour[k].0, ImageShape::flat(t.width, t.height), vk::ImageAspectFlags::COLOR);
                    bound.uploads.push(Upload { ready, staging, image, shape, aspect });
                }
                (Load::LOAD, Layout::COLOR_ATTACHMENT_OPTIMAL)
            }
            None => (Load::CLEAR, Layout::UNDEFINED),
        };
        let mut attachments = vec![attachment(format, samples, load, Store::STORE, initial, Layout::TRANSFER_SRC_OPTIMAL); n];
        if let Some(z) = &targets.depth {
            let depth_layout = Layout::DEPTH_STENCIL_ATTACHMENT_OPTIMAL;
            let (store, last) = if z.read_back { (Store::STORE, Layout::TRANSFER_SRC_OPTIMAL) } else { (Store::DONT_CARE, depth_layout) };
            attachments.push(
                attachment(z.format, samples, Load::CLEAR, store, Layout::UNDEFINED, depth_layout)
                    .stencil_load_op(Load::CLEAR)
                    .final_layout(last),
            );
        }
        // Resolve attachments after those (multisampled only).
        let first_resolve = attachments.len() as u32;
        for _ in &targets.resolved {
            attachments.push(attachment(format, one, Load::DONT_CARE, Store::STORE, Layout::UNDEFINED, Layout::TRANSFER_SRC_OPTIMAL));
        }
        // Input attachments after those, uploaded and left readable before the pass; the
        // subpass's references indexed by `input_attachment_index` (unused indices empty).
        let first_input = attachments.len() as u32;
        for input in &bound.input_attachments {
            let readable = Layout::SHADER_READ_ONLY_OPTIMAL;
            attachments.push(attachment(input.format, one, Load::LOAD, Store::STORE, readable, readable));
        }
        let references = bound.input_attachments.iter().map(|i| i.index + 1).max().unwrap_or(0);
        let mut input_refs =
            vec![vk::AttachmentReference { attachment: vk::ATTACHMENT_UNUSED, layout: Layout::UNDEFINED }; references as usize];
        for (k, input) in bound.input_attachments.iter().enumerate() {
            input_refs[input.index as usize] =
                vk::AttachmentReference { attachment: first_input + k as u32, layout: Layout::SHADER_READ_ONLY_OPTIMAL };
        }
        let color_ref: Vec<vk::AttachmentReference> =
            (0..n as u32).map(|k| vk::AttachmentReference { attachment: k, layout: Layout::COLOR_ATTACHMENT_OPTIMAL }).collect();
        let depth_ref = vk::AttachmentReference { attachment: n as u32, layout: Layout::DEPTH_STENCIL_ATTACHMENT_OPTIMAL };
        let resolve_ref: Vec<vk::AttachmentReference> = (0..targets.resolved.len() as u32)
            .map(|k| vk::AttachmentReference { attachment: first_resolve + k, layout: Layout::COLOR_ATTACHMENT_OPTIMAL })
            .collect();
        let mut subpass = vk::SubpassDescription::default()
            .pipeline_bind_point(vk::PipelineBindPoint::GRAPHICS)
            .color_attachments(&color_ref)
            .input_attachments(&input_refs);
        if targets.multisampled() {
            subpass = subpass.resolve_attachments(&resolve_ref);
        }
        if targets.depth.is_some() {
            subpass = subpass.depth_stencil_attachment(&depth_ref);
        }
        let subpass = [subpass];
        let dependency = [vk::SubpassDependency::default()
            .src_subpass(0)
            .dst_subpass(vk::SUBPASS_EXTERNAL)
            .src_stage_mask(
                vk::PipelineStageFlags::COLOR_ATTACHMENT_OUTPUT
                    | vk::PipelineStageFlags::EARLY_FRAGMENT_TESTS
                    | vk::PipelineStageFlags::LATE_FRAGMENT_TESTS,
            )
            .dst_stage_mask(vk::PipelineStageFlags::TRANSFER)
            .src_access_mask(vk::AccessFlags::COLOR_ATTACHMENT_WRITE | vk::AccessFlags::DEPTH_STENCIL_ATTACHMENT_WRITE)
            .dst_access_mask(vk::AccessFlags::TRANSFER_READ)];
        sc.render_pass = unsafe {
            d.create_render_pass(
                &vk::RenderPassCreateInfo::default().attachments(&attachments).subpasses(&subpass).dependencies(&dependency),
                None,
            )
        }
        .map_err(vkerr("vkCreateRenderPass"))?;
        let views: Vec<vk::ImageView> = targets
            .colour
            .iter()
            .map(|(_, v)| *v)
            .chain(targets.depth.as_ref().map(|z| z.view))
            .chain(targets.resolved.iter().map(|(_, v)| *v))
            .chain(bound.input_attachments.iter().map(|i| i.view))
            .collect();
        let info = vk::FramebufferCreateInfo::default()
            .render_pass(sc.render_pass)
            .attachments(&views)
            .width(t.width)
            .height(t.height)
            .layers(t.layers);
        sc.framebuffer = unsafe { d.create_framebuffer(&info, None) }.map_err(vkerr("vkCreateFramebuffer"))?;
        Ok(())
    }

    /// The graphics pipeline and its layout (the descriptor set layouts already in `sc`).
    fn pipeline(&self, sc: &mut Scratch, test: &ShaderTest, stages: &[StageCode], samples: vk::SampleCountFlags) -> Result<(), ExecError> {
        let d = &self.device;
        let t = &test.test;
        let names: Vec<std::ffi::CString> =
            stages.iter().map(|(_, _, e)| std::ffi::CString::new(e.as_str()).unwrap_or_else(|_| c"main".to_owned())).collect();
        let spec_entries: Vec<vk::SpecializationMapEntry> = (0..test.specialization.len())
            .map(|i| vk::SpecializationMapEntry { constant_id: test.specialization[i].0, offset: 4 * i as u32, size: 4 })
            .collect();
        let spec_data: Vec<u8> = test.specialization.iter().flat_map(|(_, v)| v.word().to_le_bytes()).collect();
        let spec = vk::SpecializationInfo::default().map_entries(&spec_entries).data(&spec_data);
        let mut stage_infos = Vec::new();
        for ((stage, words, _), name) in stages.iter().zip(&names) {
            let m = unsafe { d.create_shader_module(&vk::ShaderModuleCreateInfo::default().code(words), None) }
                .map_err(vkerr("vkCreateShaderModule"))?;
            sc.modules.push(m);
            let mut info = vk::PipelineShaderStageCreateInfo::default().stage(vk_stage(*stage)).module(m).name(name.as_c_str());
            if !spec_entries.is_empty() {
                info = info.specialization_info(&spec);
            }
            stage_infos.push(info);
        }
        let bindings: Vec<_> = test
            .vertex_buffers
            .iter()
            .map(|b| {
                vk::VertexInputBindingDescription::default().binding(b.slot).stride(b.layout.stride).input_rate(match b.layout.step_mode {
                    StepMode::Vertex => vk::VertexInputRate::VERTEX,
                    StepMode::Instance => vk::VertexInputRate::INSTANCE,
                })
            })
            .collect();
        let attrs: Vec<_> = test
            .vertex_buffers
            .iter()
            .flat_map(|b| {
                b.layout.attributes.iter().map(move |a| {
                    vk::VertexInputAttributeDescription::default()
                        .binding(b.slot)
                        .location(a.location)
                        .format(vk_format(a.format))
                        .offset(a.offset)
                })
            })
            .collect();
        let vi =
            vk::PipelineVertexInputStateCreateInfo::default().vertex_binding_descriptions(&bindings).vertex_attribute_descriptions(&attrs);
        let topology = test.topology();
        let indexed_strip = t.draws.iter().any(|d| d.indexed) && topology.is_strip();
        let ia = vk::PipelineInputAssemblyStateCreateInfo::default()
            .topology(vk_topology(topology))
            .primitive_restart_enable(indexed_strip && t.primitive_restart);
        let cp = match topology {
            Topology::PatchList { control_points } => control_points,
            _ => 1,
        };
        let tess = vk::PipelineTessellationStateCreateInfo::default().patch_control_points(cp);
        let full = [0.0, 0.0, t.width as f32, t.height as f32];
        let rects = if t.viewports.is_empty() { std::slice::from_ref(&full) } else { t.viewports.as_slice() };
        let viewports: Vec<vk::Viewport> =
            rects.iter().map(|r| vk::Viewport { x: r[0], y: r[1], width: r[2], height: r[3], min_depth: 0.0, max_depth: 1.0 }).collect();
        let scissors: Vec<vk::Rect2D> = rects.iter().map(|r| scissor(t, r)).collect();
        let vp = vk::PipelineViewportStateCreateInfo::default().viewports(&viewports).scissors(&scissors);
        let rs = vk::PipelineRasterizationStateCreateInfo::default()
            .polygon_mode(vk::PolygonMode::FILL)
            .cull_mode(match t.cull {
                CullMode::None => vk::CullModeFlags::NONE,
                CullMode::Front => vk::CullModeFlags::FRONT,
                CullMode::Back => vk::CullModeFlags::BACK,
            })
            .front_face(match t.front_face {
                FrontFace::Ccw => vk::FrontFace::COUNTER_CLOCKWISE,
                FrontFace::Cw => vk::FrontFace::CLOCKWISE,
            })
            .rasterizer_discard_enable(t.rasterizer_discard)
            .line_width(1.0);
        let ms = vk::PipelineMultisampleStateCreateInfo::default().rasterization_samples(samples);
        let blend = vec![blend_state(t.blend); t.targets as usize];
        let cb = vk::PipelineColorBlendStateCreateInfo::default().attachments(&blend);
        let stencil_face = |st: &StencilState| {
            vk::StencilOpState::default()
                .fail_op(vk_stencil_op(st.fail))
                .pass_op(vk_stencil_op(st.pass))
                .depth_fail_op(vk_stencil_op(st.depth_fail))
                .compare_op(vk_compare(st.compare))
                .compare_mask(0xff)
                .write_mask(0xff)
                .reference(st.reference)
        };
        let ds = (t.depth.is_some() || t.stencil.is_some()).then(|| {
            let mut ds = vk::PipelineDepthStencilStateCreateInfo::default()
                .depth_test_enable(t.depth.is_some())
                .depth_write_enable(t.depth.is_some_and(|z| z.write))
                .depth_compare_op(t.depth.map_or(vk::CompareOp::ALWAYS, |z| vk_compare(z.compare)))
                .depth_bounds_test_enable(false)
                .stencil_test_enable(false)
                .min_depth_bounds(0.0)
                .max_depth_bounds(1.0);
            if let Some(st) = &t.stencil {
                ds = ds.stencil_test_enable(true).front(stencil_face(st)).back(stencil_face(st));
            }
            ds
        });
        sc.layout = super::pipeline_layout(d, &sc.set_layouts, test.push_constants.as_ref(), vk::ShaderStageFlags::ALL_GRAPHICS)?;
        let mut gpci = vk::GraphicsPipelineCreateInfo::default()
            .stages(&stage_infos)
            .vertex_input_state(&vi)
            .input_assembly_state(&ia)
            .viewport_state(&vp)
            .rasterization_state(&rs)
            .multisample_state(&ms)
            .color_blend_state(&cb)
            .layout(sc.layout)
            .render_pass(sc.render_pass)
            .subpass(0);
        if matches!(topology, Topology::PatchList { .. }) {
            gpci = gpci.tessellation_state(&tess);
        }
        if let Some(ds) = &ds {
            gpci = gpci.depth_stencil_state(ds);
        }
        let pipelines = unsafe { d.create_graphics_pipelines(vk::PipelineCache::null(), &[gpci], None) }
            .map_err(|(_, e)| ExecError::Device(format!("vkCreateGraphicsPipelines: {e}")))?;
        sc.pipeline = pipelines[0];
        Ok(())
    }

    /// Uploads, the render pass with the test's draws, and the targets copied to `readback`
    /// (`target_size` bytes each); submitted and waited for.
    fn commands(
        &self,
        sc: &mut Scratch,
        test: &ShaderTest,
        targets: &Attachments,
        bound: &Bound,
        readback: vk::Buffer,
        target_size: usize,
    ) -> Result<(), ExecError> {
        let d = &self.device;
        let t = &test.test;
        let mut vertex_buffers = Vec::new();
        for b in &test.vertex_buffers {
            vertex_buffers.push(self.host_buffer(sc, vk::BufferUsageFlags::VERTEX_BUFFER, &b.data, "vertex buffer")?);
        }
        let index_buffer = match &test.index_buffer {
            Some(ib) => Some(self.host_buffer(sc, vk::BufferUsageFlags::INDEX_BUFFER, &ib.bytes(), "index buffer")?),
            None => None,
        };
        // Capture buffers are bound, and transform feedback and its primitives query active,
        // around the draws.
        let xfb = match (bound.captures.is_empty(), &self.transform_feedback) {
            (true, _) => None,
            (false, Some(x)) => Some(x.commands.fp()),
            (false, None) => {
                return Err(ExecError::Skip(format!("{} lacks transformFeedback (VK_EXT_transform_feedback)", self.info.device)))
            }
        };
        let cmd = self.begin_commands(sc, &bound.uploads)?;
        if xfb.is_some() {
            unsafe { d.cmd_reset_query_pool(cmd, sc.query_pool, 0, 1) };
        }
        let mut clear = vec![vk::ClearValue { color: vk::ClearColorValue { float32: t.clear } }; targets.colour.len()];
        if targets.depth.is_some() {
            let depth = t.depth.map_or(1.0, |z| z.clear);
            let stencil = t.stencil.map_or(0, |st| st.clear);
            clear.push(vk::ClearValue { depth_stencil: vk::ClearDepthStencilValue { depth, stencil } });
        }
        unsafe {
            d.cmd_begin_render_pass(
                cmd,
                &vk::RenderPassBeginInfo::default()
                    .render_pass(sc.render_pass)
                    .framebuffer(sc.framebuffer)
                    .render_area(full_area(t))
                    .clear_values(&clear),
                vk::SubpassContents::INLINE,
            );
            d.cmd_bind_pipeline(cmd, vk::PipelineBindPoint::GRAPHICS, sc.pipeline);
            if !bound.sets.is_empty() {
                d.cmd_bind_descriptor_sets(cmd, vk::PipelineBindPoint::GRAPHICS, sc.layout, 0, &bound.sets, &[]);
            }
            if let Some(p) = &test.push_constants {
                d.cmd_push_constants(cmd, sc.layout, vk::ShaderStageFlags::ALL_GRAPHICS, 0, p);
            }
            if !vertex_buffers.is_empty() {
                let offsets = vec![0u64; vertex_buffers.len()];
                d.cmd_bind_vertex_buffers(cmd, 0, &vertex_buffers, &offsets);
            }
            if let (Some(ib), Some(data)) = (index_buffer, &test.index_buffer) {
                let it = match data.format {
                    IndexFormat::U16 => vk::IndexType::UINT16,
                    IndexFormat::U32 => vk::IndexType::UINT32,
                };
                d.cmd_bind_index_buffer(cmd, ib, 0, it);
            }
            if let Some(f) = xfb {
                // Each buffer whole, at its XfbBuffer number; no counter buffers (every capture
                // starts at offset 0).
                for c in &bound.captures {
                    (f.cmd_bind_transform_feedback_buffers_ext)(cmd, c.buffer, 1, &c.handle, &0, &vk::WHOLE_SIZE);
                }
                (f.cmd_begin_query_indexed_ext)(cmd, sc.query_pool, 0, vk::QueryControlFlags::empty(), 0);
                (f.cmd_begin_transform_feedback_ext)(cmd, 0, 0, std::ptr::null(), std::ptr::null());
            }
            for dr in &t.draws {
                if dr.indexed {
                    d.cmd_draw_indexed(cmd, dr.count, dr.instances, dr.first, dr.base_vertex, dr.first_instance);
                } else {
                    d.cmd_draw(cmd, dr.count, dr.instances, dr.first, dr.first_instance);
                }
            }
            if let Some(f) = xfb {
                (f.cmd_end_transform_feedback_ext)(cmd, 0, 0, std::ptr::null(), std::ptr::null());
                (f.cmd_end_query_indexed_ext)(cmd, sc.query_pool, 0, 0);
            }
            d.cmd_end_render_pass(cmd);
            let layers = t.layers as usize;
            for (k, (image, _)) in targets.read_back().iter().enumerate() {
                for layer in 0..layers {
                    let subresource = vk::ImageSubresourceLayers::default()
                        .aspect_mask(vk::ImageAspectFlags::COLOR)
                        .base_array_layer(layer as u32)
                        .layer_count(1);
                    let region = vk::BufferImageCopy::default()
                        .buffer_offset(((k * layers + layer) * target_size) as u64)
                        .image_subresource(subresource)
                        .image_extent(vk::Extent3D { width: t.width, height: t.height, depth: 1 });
                    d.cmd_copy_image_to_buffer(cmd, *image, vk::ImageLayout::TRANSFER_SRC_OPTIMAL, readback, &[region]);
                }
            }
            if let Some(z) = targets.depth.as_ref().filter(|z| z.read_back) {
                let subresource = vk::ImageSubresourceLayers::default().aspect_mask(vk::ImageAspectFlags::DEPTH).layer_count(1);
                let region = vk::BufferImageCopy::default()
                    .buffer_offset((targets.read_back().len() * layers * target_size) as u64)
                    .image_subresource(subresource)
                    .image_extent(vk::Extent3D { width: t.width, height: t.height, depth: 1 });
                d.cmd_copy_image_to_buffer(cmd, z.image, vk::ImageLayout::TRANSFER_SRC_OPTIMAL, readback, &[region]);
            }
        }
        self.submit_and_wait(sc, cmd)
    }

    /// The first `len` bytes of the host-visible `readback`.
    fn read_back(&self, sc: &Scratch, readback: vk::Buffer, len: usize) -> Result<Vec<u8>, ExecError> {
        let d = &self.device;
        let mem = sc.buffers.iter().find(|(b, _)| *b == readback).map(|(_, m)| *m).unwrap_or_default();
        unsafe {
            let p = d.map_memory(mem, 0, len as u64, vk::MemoryMapFlags::empty()).map_err(vkerr("vkMapMemory"))?;
            let v = std::slice::from_raw_parts(p as *const u8, len).to_vec();
            d.unmap_memory(mem);
            Ok(v)
        }
    }
}
