// pass `vertex`, vertex stage
struct gl_PerVertex {
    @builtin(position) gl_Position: vec4<f32>,
    gl_PointSize: f32,
    gl_ClipDistance: array<f32, 1>,
    gl_CullDistance: array<f32, 1>,
}

struct type_9 {
    @builtin(position) gl_Position: vec4<f32>,
    @location(0) m1_member: vec4<f32>,
}

struct TesseraeVertexOut {
    out0_member: vec4<f32>,
    out1_member: vec4<f32>,
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

var<private> gl_VertexIndex_1: i32;
var<private> unnamed: gl_PerVertex = gl_PerVertex(vec4<f32>(0f, 0f, 0f, 1f), 1f, array<f32, 1>(), array<f32, 1>());
var<private> v_color: vec4<f32>;
@group(0) @binding(0) 
var<uniform> tesserae_draw: TesseraeDraw;
@group(0) @binding(1) 
var<storage> tesserae_indices: array<u32>;
@group(0) @binding(24) 
var<storage, read_write> tesserae_records: array<vec4<f32>>;

fn main() {
    var p: f32;

    let _e9 = gl_VertexIndex_1;
    p = f32(_e9);
    let _e11 = p;
    let _e13 = p;
    unnamed.gl_Position = vec4<f32>((-0.5f + _e11), (-0.5f + _e13), 0f, 1f);
    let _e17 = p;
    let _e19 = p;
    v_color = vec4<f32>((1f - _e17), _e19, 0f, 1f);
    return;
}

fn tesserae_vertex(gl_VertexIndex: u32) -> TesseraeVertexOut {
    gl_VertexIndex_1 = i32(gl_VertexIndex);
    main();
    let _e6 = unnamed.gl_Position;
    let _e7 = v_color;
    return TesseraeVertexOut(_e6, _e7);
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
    let _e4 = tesserae_draw.count;
    if (tesserae_gid.x >= _e4) {
        return;
    }
    let _e7 = tesserae_vertex_index(tesserae_gid.x);
    let _e11 = tesserae_draw.first_instance;
    let tesserae_instance = (tesserae_gid.y + _e11);
    let _e14 = tesserae_vertex(u32(_e7));
    let _e18 = tesserae_draw.count;
    let tesserae_base = (((tesserae_gid.y * _e18) + tesserae_gid.x) * 2u);
    tesserae_records[tesserae_base] = _e14.out0_member;
    tesserae_records[(tesserae_base + 1u)] = _e14.out1_member;
    return;
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

var<private> tesserae_io_42_g: gl_PerVertex;
var<private> tesserae_io_46_g: array<gl_PerVertex, 1>;
var<private> tesserae_io_58_g: vec4<f32>;
var<private> tesserae_io_61_g: array<vec4<f32>, 1>;
var<private> tesserae_io_64_g: vec4<f32>;
var<private> tesserae_io_66_g: i32;
var<private> tesserae_geometry_position: vec4<f32>;
@group(0) @binding(0) 
var<uniform> tesserae_draw: TesseraeDraw;
@group(0) @binding(24) 
var<storage> tesserae_src: array<vec4<f32>>;
@group(0) @binding(25) 
var<storage, read_write> tesserae_gs_records: array<vec4<f32>>;
@group(0) @binding(26) 
var<storage, read_write> tesserae_gs_indices: array<u32>;
var<private> tesserae_gs_slot: u32;
var<private> tesserae_gs_emitted: u32;
var<private> tesserae_gs_strip: u32;
var<private> tesserae_gs_primitives: u32;
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
    if (_e1 >= 4u) {
        return;
    }
    let _e5 = tesserae_gs_slot;
    let _e9 = tesserae_gs_emitted;
    let v_1 = ((_e5 * 4u) + _e9);
    let ob = (v_1 * 3u);
    let _e17 = tesserae_geometry_position.x;
    let _e20 = tesserae_geometry_position.y;
    let _e24 = tesserae_geometry_position.z;
    let _e27 = tesserae_geometry_position.w;
    tesserae_gs_records[ob] = vec4<f32>(_e17, -(_e20), _e24, _e27);
    let _e34 = tesserae_io_58_g;
    tesserae_gs_records[(ob + 1u)] = _e34;
    let _e40 = tesserae_io_64_g;
    tesserae_gs_records[(ob + 2u)] = _e40;
    let _e42 = tesserae_gs_emitted;
    tesserae_gs_emitted = (_e42 + 1u);
    let _e46 = tesserae_gs_strip;
    tesserae_gs_strip = (_e46 + 1u);
    let _e50 = tesserae_gs_strip;
    if (_e50 >= 3u) {
        idx = array<u32, 3>(v_1, v_1, v_1);
        let _e56 = tesserae_gs_strip;
        let odd = ((_e56 - 3u) & 1u);
        idx[0] = (v_1 - 2u);
        idx[1] = ((v_1 - 1u) + odd);
        idx[2] = (v_1 - odd);
        let _e72 = keep_1;
        if _e72 {
            let _e74 = tesserae_gs_slot;
            let _e78 = tesserae_gs_primitives;
            let at = ((_e74 * 6u) + (_e78 * 3u));
            loop {
                let _e84 = j_1;
                if (_e84 < 3u) {
                } else {
                    break;
                }
                {
                    let _e88 = j_1;
                    let _e91 = j_1;
                    let _e93 = idx[_e91];
                    tesserae_gs_indices[(at + _e88)] = _e93;
                }
                continuing {
                    let _e95 = j_1;
                    j_1 = (_e95 + 1u);
                }
            }
            let _e98 = tesserae_gs_primitives;
            tesserae_gs_primitives = (_e98 + 1u);
            return;
        } else {
            return;
        }
    } else {
        return;
    }
}

fn main() {
    var k_1: i32;
    var corner: vec2<f32>;

    k_1 = 0i;
    loop {
        let _e17 = k_1;
        if (_e17 < 4i) {
            let _e19 = k_1;
            let _e22 = k_1;
            corner = ((vec2<f32>(f32((_e19 & 1i)), f32((_e22 >> bitcast<u32>(1i)))) * 0.5f) - vec2(0.25f));
            let _e32 = tesserae_io_46_g[0i].gl_Position;
            let _e33 = corner;
            tesserae_geometry_position = (_e32 + vec4<f32>(_e33.x, _e33.y, 0f, 0f));
            let _e39 = tesserae_io_61_g[0i];
            tesserae_io_58_g = _e39;
            let _e40 = tesserae_io_66_g;
            let _e42 = k_1;
            tesserae_io_64_g = vec4<f32>(f32(_e40), f32(_e42), 0.5f, 1f);
            tesserae_emit_vertex();
            continue;
        } else {
            break;
        }
        continuing {
            let _e45 = k_1;
            k_1 = (_e45 + 1i);
        }
    }
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
    if (_e1 >= 4u) {
        return;
    }
    let _e5 = tesserae_gs_slot;
    let _e9 = tesserae_gs_emitted;
    let v_2 = ((_e5 * 4u) + _e9);
    let ob_1 = (v_2 * 3u);
    let _e17 = tesserae_geometry_position.x;
    let _e20 = tesserae_geometry_position.y;
    let _e24 = tesserae_geometry_position.z;
    let _e27 = tesserae_geometry_position.w;
    tesserae_gs_records[ob_1] = vec4<f32>(_e17, -(_e20), _e24, _e27);
    let _e34 = tesserae_io_58_g;
    tesserae_gs_records[(ob_1 + 1u)] = _e34;
    let _e40 = tesserae_io_64_g;
    tesserae_gs_records[(ob_1 + 2u)] = _e40;
    let _e42 = tesserae_gs_emitted;
    tesserae_gs_emitted = (_e42 + 1u);
    let _e46 = tesserae_gs_strip;
    tesserae_gs_strip = (_e46 + 1u);
    let _e50 = tesserae_gs_strip;
    if (_e50 >= 3u) {
        idx_1 = array<u32, 3>(v_2, v_2, v_2);
        let _e56 = tesserae_gs_strip;
        let odd_1 = ((_e56 - 3u) & 1u);
        idx_1[0] = (v_2 - 2u);
        idx_1[1] = ((v_2 - 1u) + odd_1);
        idx_1[2] = (v_2 - odd_1);
        let _e72 = keep_2;
        if _e72 {
            let _e74 = tesserae_gs_slot;
            let _e78 = tesserae_gs_primitives;
            let at_1 = ((_e74 * 6u) + (_e78 * 3u));
            loop {
                let _e84 = j_2;
                if (_e84 < 3u) {
                } else {
                    break;
                }
                {
                    let _e88 = j_2;
                    let _e91 = j_2;
                    let _e93 = idx_1[_e91];
                    tesserae_gs_indices[(at_1 + _e88)] = _e93;
                }
                continuing {
                    let _e95 = j_2;
                    j_2 = (_e95 + 1u);
                }
            }
            let _e98 = tesserae_gs_primitives;
            tesserae_gs_primitives = (_e98 + 1u);
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
fn tesserae_geometry_main(@builtin(workgroup_id) tesserae_wg: vec3<u32>, @builtin(local_invocation_index) tesserae_lid: u32) {
    var v: array<u32, 3> = array<u32, 3>();
    var keep: bool = true;
    var k: u32 = 0u;
    var j: u32 = 0u;
    var i: u32;

    let tesserae_primitive_id = ((tesserae_wg.x * 64u) + (tesserae_lid / 1u));
    let tesserae_invocation = (tesserae_lid % 1u);
    let _e12 = tesserae_draw.primitives;
    if (tesserae_primitive_id >= _e12) {
        return;
    }
    let _e18 = tesserae_draw.primitives;
    tesserae_gs_slot = ((((tesserae_wg.y * _e18) + tesserae_primitive_id) * 1u) + tesserae_invocation);
    tesserae_gs_emitted = 0u;
    tesserae_gs_strip = 0u;
    tesserae_gs_primitives = 0u;
    loop {
        let _e36 = k;
        if (_e36 < 1u) {
        } else {
            break;
        }
        {
            let _e39 = k;
            let _e43 = k;
            v[_e39] = ((tesserae_primitive_id * 1u) + _e43);
        }
        continuing {
            let _e46 = k;
            k = (_e46 + 1u);
        }
    }
    tesserae_gs_input_primitive = tesserae_primitive_id;
    let _e49 = keep;
    if _e49 {
        tesserae_io_66_g = i32(tesserae_primitive_id);
        loop {
            let _e54 = j;
            if (_e54 < 1u) {
            } else {
                break;
            }
            {
                let _e60 = tesserae_draw.count;
                let _e62 = j;
                let _e64 = v[_e62];
                let b = (((tesserae_wg.y * _e60) + _e64) * 2u);
                let _e69 = j;
                let _e74 = tesserae_src[b];
                tesserae_io_46_g[_e69].gl_Position = _e74;
                let _e76 = j;
                let _e82 = tesserae_src[(b + 1u)];
                tesserae_io_61_g[_e76] = _e82.xyzw;
            }
            continuing {
                let _e85 = j;
                j = (_e85 + 1u);
            }
        }
        tesserae_geometry();
    }
    let _e88 = tesserae_gs_slot;
    let first = (_e88 * 6u);
    let _e92 = tesserae_gs_primitives;
    i = (_e92 * 3u);
    loop {
        let _e96 = i;
        if (_e96 < 6u) {
        } else {
            break;
        }
        {
            let _e100 = i;
            tesserae_gs_indices[(first + _e100)] = 4294967295u;
        }
        continuing {
            let _e105 = i;
            i = (_e105 + 1u);
        }
    }
    return;
}
// pass `geometry draw`, geometry stage

@group(0) @binding(25) var<storage, read> tesserae_records: array<vec4<f32>>;

struct TesseraePassOut {
    @builtin(position) position: vec4<f32>,
    @location(0) @interpolate(perspective, center) v0: vec4<f32>,
}

@vertex
fn tesserae_passthrough_main(@builtin(vertex_index) r: u32) -> TesseraePassOut {
    var o: TesseraePassOut;
    if r == 4294967295u {
        o.position = vec4<f32>(2.0, 2.0, 2.0, 1.0);
        return o;
    }
    let b = r * 3u;
    o.position = tesserae_records[b];
    o.v0 = tesserae_records[b + 1u].xyzw;
    return o;
}
// pass `geometry draw`, fragment stage
var<private> frag: vec4<f32>;
var<private> g_color_1: vec4<f32>;

fn main_1() {
    let _e2 = g_color_1;
    frag = _e2;
    return;
}

@fragment 
fn main(@location(0) g_color: vec4<f32>) -> @location(0) vec4<f32> {
    g_color_1 = g_color;
    main_1();
    let _e3 = frag;
    return _e3;
}
