//! Tesserae: translate Vulkan pipelines (SPIR-V) into plans for wgpu.
pub mod tessellator;
