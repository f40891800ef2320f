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
@group(0) @binding(32) 
var<storage> tesserae_src: array<vec4<f32>>;
@group(0) @binding(33) 
var<storage, read_write> tesserae_gs_records: array<vec4<f32>>;
@group(0) @binding(34) 
var<storage, read_write> tesserae_gs_indices: array<u32>;
var<private> tesserae_gs_slot: u32;
var<private> tesserae_gs_emitted: u32;
var<private> tesserae_gs_strip: u32;
var<private> tesserae_gs_primitives: u32;
var<private> tesserae_gs_captured: u32;
var<private> tesserae_gs_input_primitive: u32;

fn tesserae_end_primitive() {
    tesserae_gs_strip = 0u;
    return;
}

fn tesserae_emit_vertex() {
    var idx: array<u32, 3>;
    var keep_1: bool = true;
    var j_1: u32 = 0u;

    let _e1 = tesserae_gs_emitted;
    if (_e1 >= 2u) {
        return;
    }
    let _e5 = tesserae_gs_slot;
    let _e9 = tesserae_gs_emitted;
    let v_1 = ((_e5 * 2u) + _e9);
    let ob = (v_1 * 1u);
    let _e17 = tesserae_geometry_position.x;
    let _e20 = tesserae_geometry_position.y;
    let _e24 = tesserae_geometry_position.z;
    let _e27 = tesserae_geometry_position.w;
    tesserae_gs_records[ob] = vec4<f32>(_e17, -(_e20), _e24, _e27);
    let _e30 = tesserae_gs_emitted;
    tesserae_gs_emitted = (_e30 + 1u);
    let _e34 = tesserae_gs_strip;
    tesserae_gs_strip = (_e34 + 1u);
    let _e38 = tesserae_gs_strip;
    if (_e38 >= 2u) {
        idx = array<u32, 3>(v_1, v_1, v_1);
        idx[0] = (v_1 - 1u);
        idx[1] = v_1;
        let _e49 = keep_1;
        if _e49 {
            let _e51 = tesserae_gs_slot;
            let _e55 = tesserae_gs_primitives;
            let at = ((_e51 * 2u) + (_e55 * 2u));
            loop {
                let _e61 = j_1;
                if (_e61 < 2u) {
                } else {
                    break;
                }
                {
                    let _e65 = j_1;
                    let _e68 = j_1;
                    let _e70 = idx[_e68];
                    tesserae_gs_indices[(at + _e65)] = _e70;
                }
                continuing {
                    let _e72 = j_1;
                    j_1 = (_e72 + 1u);
                }
            }
            let _e75 = tesserae_gs_primitives;
            tesserae_gs_primitives = (_e75 + 1u);
            return;
        } else {
            return;
        }
    } else {
        return;
    }
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

fn tesserae_gs_emit() {
    var idx_1: array<u32, 3>;
    var keep_2: bool = true;
    var j_2: u32 = 0u;

    let _e1 = tesserae_gs_emitted;
    if (_e1 >= 2u) {
        return;
    }
    let _e5 = tesserae_gs_slot;
    let _e9 = tesserae_gs_emitted;
    let v_2 = ((_e5 * 2u) + _e9);
    let ob_1 = (v_2 * 1u);
    let _e17 = tesserae_geometry_position.x;
    let _e20 = tesserae_geometry_position.y;
    let _e24 = tesserae_geometry_position.z;
    let _e27 = tesserae_geometry_position.w;
    tesserae_gs_records[ob_1] = vec4<f32>(_e17, -(_e20), _e24, _e27);
    let _e30 = tesserae_gs_emitted;
    tesserae_gs_emitted = (_e30 + 1u);
    let _e34 = tesserae_gs_strip;
    tesserae_gs_strip = (_e34 + 1u);
    let _e38 = tesserae_gs_strip;
    if (_e38 >= 2u) {
        idx_1 = array<u32, 3>(v_2, v_2, v_2);
        idx_1[0] = (v_2 - 1u);
        idx_1[1] = v_2;
        let _e49 = keep_2;
        if _e49 {
            let _e51 = tesserae_gs_slot;
            let _e55 = tesserae_gs_primitives;
            let at_1 = ((_e51 * 2u) + (_e55 * 2u));
            loop {
                let _e61 = j_2;
                if (_e61 < 2u) {
                } else {
                    break;
                }
                {
                    let _e65 = j_2;
                    let _e68 = j_2;
                    let _e70 = idx_1[_e68];
                    tesserae_gs_indices[(at_1 + _e65)] = _e70;
                }
                continuing {
                    let _e72 = j_2;
                    j_2 = (_e72 + 1u);
                }
            }
            let _e75 = tesserae_gs_primitives;
            tesserae_gs_primitives = (_e75 + 1u);
            return;
        } else {
            return;
        }
    } else {
        return;
    }
}

fn tesserae_gs_end() {
    tesserae_gs_strip = 0u;
    return;
}

@compute @workgroup_size(64, 1, 1) 
fn tesserae_geometry_main(@builtin(workgroup_id) tesserae_wg: vec3<u32>, @builtin(num_workgroups) tesserae_groups: vec3<u32>, @builtin(local_invocation_index) tesserae_lid: u32) {
    var v: array<u32, 3> = array<u32, 3>();
    var keep: bool = true;
    var k: u32 = 0u;
    var j: u32 = 0u;
    var i: u32;

    let tesserae_group = tesserae_wg.x;
    let tesserae_primitive_id = ((tesserae_group * 64u) + (tesserae_lid / 1u));
    let tesserae_invocation = (tesserae_lid % 1u);
    let _e13 = tesserae_draw.primitives;
    if (tesserae_primitive_id >= _e13) {
        return;
    }
    let _e19 = tesserae_draw.primitives;
    tesserae_gs_slot = ((((tesserae_wg.y * _e19) + tesserae_primitive_id) * 1u) + tesserae_invocation);
    tesserae_gs_emitted = 0u;
    tesserae_gs_strip = 0u;
    tesserae_gs_primitives = 0u;
    tesserae_gs_captured = 0u;
    loop {
        let _e39 = k;
        if (_e39 < 1u) {
        } else {
            break;
        }
        {
            let _e42 = k;
            let _e46 = k;
            v[_e42] = ((tesserae_primitive_id * 1u) + _e46);
        }
        continuing {
            let _e49 = k;
            k = (_e49 + 1u);
        }
    }
    tesserae_gs_input_primitive = tesserae_primitive_id;
    let _e52 = keep;
    if _e52 {
        loop {
            let _e55 = j;
            if (_e55 < 1u) {
            } else {
                break;
            }
            {
                let _e61 = tesserae_draw.count;
                let _e63 = j;
                let _e65 = v[_e63];
                let b = (((tesserae_wg.y * _e61) + _e65) * 1u);
                let _e70 = j;
                let _e75 = tesserae_src[b];
                tesserae_io_17_g[_e70].gl_Position = _e75;
            }
            continuing {
                let _e77 = j;
                j = (_e77 + 1u);
            }
        }
        tesserae_geometry();
    }
    let _e80 = tesserae_gs_slot;
    let first = (_e80 * 2u);
    let _e84 = tesserae_gs_primitives;
    i = (_e84 * 2u);
    loop {
        let _e88 = i;
        if (_e88 < 2u) {
        } else {
            break;
        }
        {
            let _e92 = i;
            tesserae_gs_indices[(first + _e92)] = 4294967295u;
        }
        continuing {
            let _e97 = i;
            i = (_e97 + 1u);
        }
    }
    return;
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
