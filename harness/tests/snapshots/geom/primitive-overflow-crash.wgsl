// pass `vertex`, vertex stage
struct gl_PerVertex {
    @builtin(position) gl_Position: vec4<f32>,
    gl_PointSize: f32,
    gl_ClipDistance: array<f32, 1>,
    gl_CullDistance: array<f32, 1>,
}

struct TesseraeDraw {
    viewport: vec2<f32>,
    point_size: f32,
    indexed: u32,
    first: u32,
    base_vertex: i32,
    index_u16_: u32,
    count: u32,
    size_range: vec2<f32>,
    instances: u32,
    primitives: u32,
    first_instance: u32,
    vulkan_base_vertex: i32,
    tess_mode: u32,
}

var<private> unnamed: gl_PerVertex = gl_PerVertex(vec4<f32>(0f, 0f, 0f, 1f), 1f, array<f32, 1>(), array<f32, 1>());
var<private> pos_1: vec2<f32>;
@group(0) @binding(0) 
var<uniform> tesserae_draw: TesseraeDraw;
@group(0) @binding(1) 
var<storage> tesserae_indices: array<u32>;
@group(0) @binding(32) 
var<storage, read_write> tesserae_records: array<vec4<f32>>;
@group(0) @binding(2) 
var<storage> tesserae_vb0_: array<u32>;

fn main() {
    let _e6 = pos_1;
    unnamed.gl_Position = vec4<f32>(_e6.x, _e6.y, 0.5f, 1f);
    return;
}

fn tesserae_vertex(pos: vec2<f32>) -> vec4<f32> {
    pos_1 = pos;
    main();
    let _e4 = unnamed.gl_Position;
    return _e4;
}

fn tesserae_raw_index(i: u32) -> u32 {
    let _e3 = tesserae_draw.index_u16_;
    if (_e3 != 0u) {
        let _e10 = tesserae_indices[(i / 2u)];
        return ((_e10 >> ((i & 1u) * 16u)) & 65535u);
    }
    let _e20 = tesserae_indices[i];
    return _e20;
}

fn tesserae_vertex_index(position: u32) -> u32 {
    let _e3 = tesserae_draw.first;
    let i_1 = (_e3 + position);
    let _e7 = tesserae_draw.indexed;
    if (_e7 == 0u) {
        return i_1;
    }
    let _e10 = tesserae_raw_index(i_1);
    let _e14 = tesserae_draw.base_vertex;
    return u32((i32(_e10) + _e14));
}

@compute @workgroup_size(64, 1, 1) 
fn tesserae_vertex_main(@builtin(global_invocation_id) tesserae_gid: vec3<u32>) {
    let _e5 = tesserae_draw.count;
    if (tesserae_gid.x >= _e5) {
        return;
    }
    let _e7 = tesserae_vertex_index(tesserae_gid.x);
    let _e10 = tesserae_draw.first_instance;
    let _e15 = (_e7 * 2u);
    let _e18 = tesserae_vb0_[_e15];
    let _e24 = tesserae_vb0_[(_e15 + 1u)];
    let _e30 = tesserae_vertex(vec4<f32>(bitcast<f32>(_e18), bitcast<f32>(_e24), 0f, 1f).xy);
    tesserae_records[(((tesserae_gid.y * _e5) + tesserae_gid.x) * 1u)] = _e30;
}
// pass `geometry`, geometry stage
struct gl_PerVertex {
    gl_Position: vec4<f32>,
    gl_PointSize: f32,
    gl_ClipDistance: array<f32, 1>,
    gl_CullDistance: array<f32, 1>,
}

struct TesseraeDraw {
    viewport: vec2<f32>,
    point_size: f32,
    indexed: u32,
    first: u32,
    base_vertex: i32,
    index_u16_: u32,
    count: u32,
    size_range: vec2<f32>,
    instances: u32,
    primitives: u32,
    first_instance: u32,
    vulkan_base_vertex: i32,
    tess_mode: u32,
}

var<private> tesserae_io_17_g: array<gl_PerVertex, 1>;
var<private> tesserae_io_28_g: gl_PerVertex;
var<private> tesserae_geometry_position: vec4<f32>;
@group(0) @binding(0) 
var<uniform> tesserae_draw: TesseraeDraw;
@group(0) @binding(33) 
var<storage, read_write> tesserae_gs_records: array<vec4<f32>>;
@group(0) @binding(34) 
var<storage, read_write> tesserae_gs_indices: array<u32>;
var<private> tesserae_gs_slot: u32;
var<private> tesserae_gs_emitted: u32;
var<private> tesserae_gs_strip: u32;
var<private> tesserae_gs_primitives: u32;
var<private> tesserae_gs_captured: u32;
var<private> tesserae_gs_invocation: u32;
var<private> tesserae_gs_input_primitive: u32;
var<private> tesserae_gs_inputs: array<u32, 6>;
@group(0) @binding(32) 
var<storage> tesserae_src: array<vec4<f32>>;

fn tesserae_gs_begin(wg: vec3<u32>, groups: vec3<u32>, lid: u32, n: u32, k: u32) -> u32 {
    var v: array<u32, 6> = array<u32, 6>();
    var keep: bool = true;
    var k_1: u32 = 0u;
    var j_1: u32 = 0u;

    let tesserae_group = wg.x;
    let tesserae_primitive_id = ((tesserae_group * k) + (lid / n));
    tesserae_gs_invocation = (lid % n);
    let _e13 = tesserae_draw.primitives;
    if (tesserae_primitive_id >= _e13) {
        return 0u;
    }
    let _e20 = tesserae_draw.primitives;
    let _e25 = tesserae_gs_invocation;
    tesserae_gs_slot = ((((wg.y * _e20) + tesserae_primitive_id) * n) + _e25);
    tesserae_gs_emitted = 0u;
    tesserae_gs_strip = 0u;
    tesserae_gs_primitives = 0u;
    tesserae_gs_captured = 0u;
    loop {
        let _e41 = k_1;
        if (_e41 < 1u) {
        } else {
            break;
        }
        {
            let _e44 = k_1;
            let _e48 = k_1;
            v[_e44] = ((tesserae_primitive_id * 1u) + _e48);
        }
        continuing {
            let _e51 = k_1;
            k_1 = (_e51 + 1u);
        }
    }
    tesserae_gs_input_primitive = tesserae_primitive_id;
    loop {
        let _e56 = j_1;
        if (_e56 < 1u) {
        } else {
            break;
        }
        {
            let _e60 = j_1;
            let _e65 = tesserae_draw.count;
            let _e67 = j_1;
            let _e69 = v[_e67];
            tesserae_gs_inputs[_e60] = ((wg.y * _e65) + _e69);
        }
        continuing {
            let _e72 = j_1;
            j_1 = (_e72 + 1u);
        }
    }
    let _e76 = keep;
    return select(1u, 2u, _e76);
}

fn tesserae_gs_stored(v_1: u32, per_invocation: u32, stride: u32, cull_first: u32, cull_n: u32) {
    var idx: array<u32, 3>;
    var keep_1: bool = true;
    var j_2: u32 = 0u;

    let _e6 = tesserae_gs_emitted;
    tesserae_gs_emitted = (_e6 + 1u);
    let _e10 = tesserae_gs_strip;
    tesserae_gs_strip = (_e10 + 1u);
    let _e14 = tesserae_gs_strip;
    if (_e14 >= 2u) {
        idx = array<u32, 3>(v_1, v_1, v_1);
        idx[0] = (v_1 - 1u);
        idx[1] = v_1;
        let _e25 = keep_1;
        if _e25 {
            let _e27 = tesserae_gs_slot;
            let _e30 = tesserae_gs_primitives;
            let at = ((_e27 * per_invocation) + (_e30 * 2u));
            loop {
                let _e36 = j_2;
                if (_e36 < 2u) {
                } else {
                    break;
                }
                {
                    let _e40 = j_2;
                    let _e43 = j_2;
                    let _e45 = idx[_e43];
                    tesserae_gs_indices[(at + _e40)] = _e45;
                }
                continuing {
                    let _e47 = j_2;
                    j_2 = (_e47 + 1u);
                }
            }
            let _e50 = tesserae_gs_primitives;
            tesserae_gs_primitives = (_e50 + 1u);
            return;
        } else {
            return;
        }
    } else {
        return;
    }
}

fn tesserae_gs_finish(per_invocation_1: u32) {
    var i: u32;

    let _e2 = tesserae_gs_slot;
    let first = (_e2 * per_invocation_1);
    let _e5 = tesserae_gs_primitives;
    i = (_e5 * 2u);
    loop {
        let _e9 = i;
        if (_e9 < per_invocation_1) {
        } else {
            break;
        }
        {
            let _e12 = i;
            tesserae_gs_indices[(first + _e12)] = 4294967295u;
        }
        continuing {
            let _e17 = i;
            i = (_e17 + 1u);
        }
    }
    return;
}

fn tesserae_end_primitive() {
    tesserae_gs_strip = 0u;
}

fn tesserae_emit_vertex() {
    let _e1 = tesserae_gs_emitted;
    if (_e1 >= 2u) {
        return;
    }
    let _e5 = tesserae_gs_slot;
    let _e7 = ((_e5 * 2u) + _e1);
    let _e11 = tesserae_geometry_position;
    tesserae_gs_records[(_e7 * 1u)] = vec4<f32>(_e11.x, -(_e11.y), _e11.z, _e11.w);
    tesserae_gs_stored(_e7, 2u, 1u, 0u, 0u);
}

fn main() {
    var whole: bool;

    let _e13 = tesserae_io_17_g[0i].gl_Position[0u];
    whole = (_e13 > 0f);
    let _e17 = tesserae_io_17_g[0i].gl_Position;
    tesserae_geometry_position = _e17;
    tesserae_emit_vertex();
    let _e18 = whole;
    if !(_e18) {
        tesserae_end_primitive();
    }
    let _e22 = tesserae_io_17_g[0i].gl_Position;
    tesserae_geometry_position = (_e22 + vec4<f32>(0.25f, 0f, 0f, 0f));
    tesserae_emit_vertex();
    tesserae_end_primitive();
    return;
}

fn tesserae_geometry() {
    main();
}

@compute @workgroup_size(64, 1, 1) 
fn tesserae_geometry_main(@builtin(workgroup_id) tesserae_wg: vec3<u32>, @builtin(num_workgroups) tesserae_groups: vec3<u32>, @builtin(local_invocation_index) tesserae_lid: u32) {
    var j: u32;

    let _e5 = tesserae_gs_begin(tesserae_wg, tesserae_groups, tesserae_lid, 1u, 64u);
    if (_e5 == 0u) {
        return;
    }
    if (_e5 == 2u) {
        j = 0u;
        loop {
            let _e16 = j;
            if (_e16 >= 1u) {
                break;
            }
            let _e21 = tesserae_gs_inputs[_e16];
            let _e26 = tesserae_src[(_e21 * 1u)];
            tesserae_io_17_g[_e16].gl_Position = _e26;
            continuing {
                let _e30 = j;
                j = (_e30 + 1u);
            }
        }
        tesserae_geometry();
    }
    tesserae_gs_finish(2u);
}
// pass `geometry draw`, geometry stage
struct TesseraePassOut {
    @builtin(position) position: vec4<f32>,
}

@group(0) @binding(33) 
var<storage> tesserae_records: array<vec4<f32>>;

@vertex 
fn tesserae_passthrough_main(@builtin(vertex_index) r: u32) -> TesseraePassOut {
    if (r == 4294967295u) {
        return TesseraePassOut(vec4<f32>(2f, 2f, 2f, 1f));
    }
    let _e13 = tesserae_records[(r * 1u)];
    return TesseraePassOut(_e13);
}
// pass `geometry draw`, fragment stage
var<private> o: vec4<f32>;

fn main_1() {
    o = vec4<f32>(1f, 0f, 0f, 1f);
    return;
}

@fragment 
fn main() -> @location(0) vec4<f32> {
    main_1();
    let _e1 = o;
    return _e1;
}
