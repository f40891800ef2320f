//! `BaseVertex`, `BaseInstance` and `DrawIndex` read from the per-draw uniform
//! (`lower::draw_parameters`): the vertex stage declares the uniform at the emulation group's
//! `DRAW_PARAMETERS` binding, the pass lists it, and no WebGPU-less built-in is left.

mod common;
use common::*;
use tesserae::*;

const VERTEX: &str = "#version 460
layout(location = 0) in vec2 pos;
layout(location = 0) flat out vec4 colour;
void main() {
    gl_Position = vec4(pos, 0.0, 1.0);
    colour = vec4(float(gl_BaseVertex), float(gl_BaseInstance), float(gl_DrawID), float(gl_VertexIndex - gl_BaseVertex));
}";

const FRAGMENT: &str = "#version 450
layout(location = 0) flat in vec4 colour;
layout(location = 0) out vec4 o;
void main() { o = colour; }";

fn desc(topology: Topology) -> PipelineDesc {
    // Points written with a size are expanded: the stage runs as compute.
    let v = if topology == Topology::PointList {
        vs(&VERTEX.replace("gl_Position = vec4(pos, 0.0, 1.0);", "gl_Position = vec4(pos, 0.0, 1.0); gl_PointSize = 4.0;"))
    } else {
        vs(VERTEX)
    };
    let r = reflect::load(&v, None).unwrap().reflection;
    PipelineDesc {
        vertex_buffers: VertexBufferLayout::infer(&r),
        topology,
        ..PipelineDesc::new(StageDesc::new(v), Some(StageDesc::new(fs(FRAGMENT))))
    }
}

#[test]
fn plain_vertex_stage_reads_the_draw_uniform() {
    let plan = translate(&desc(Topology::TriangleList)).unwrap();
    let Pass::Render(rp) = &plan.passes[0] else { panic!() };
    let wgsl = rp.vertex.wgsl.as_str();
    let g = plan.emulation_group.expect("the uniform is in the emulation group");
    assert!(wgsl.contains(&format!("@group({g}) @binding(21)")), "{wgsl}");
    assert!(!wgsl.contains("base_vertex") || !wgsl.contains("@builtin(base"), "{wgsl}");
    assert!(rp.resources.iter().any(|r| r.binding == 21 && matches!(r.resource, Resource::DrawParams { .. })), "{:?}", rp.resources);
    plan.validate().unwrap();
}

#[test]
fn vertex_stage_run_as_compute_reads_its_own_binding_beside_the_kernels() {
    let plan = translate(&desc(Topology::PointList)).unwrap();
    let cp = plan.passes.iter().find_map(|p| match p {
        Pass::Compute(c) => Some(c),
        _ => None,
    });
    let cp = cp.expect("points run the vertex stage as compute");
    let bindings: Vec<u32> = cp.resources.iter().filter(|r| matches!(r.resource, Resource::DrawParams { .. })).map(|r| r.binding).collect();
    assert_eq!(bindings, [0, 21], "the kernel's draw uniform and the stage's draw parameters: one buffer, two bindings");
    plan.validate().unwrap();
}
