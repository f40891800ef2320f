// pass `vertex`, vertex stage
struct gl_PerVertex {
    @builtin(position) gl_Position: vec4<f32>,
    gl_PointSize: f32,
    gl_ClipDistance: array<f32, 1>,
    gl_CullDistance: array<f32, 1>,
}

struct type_11 {
    @builtin(position) gl_Position: vec4<f32>,
    @location(0) m1_member: vec3<f32>,
}

struct TesseraeVertexOut {
    out0_member: vec4<f32>,
    out1_member: vec3<f32>,
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
var<private> v_color: vec3<f32>;
var<private> color_1: vec3<f32>;
@group(0) @binding(0) 
var<uniform> tesserae_draw: TesseraeDraw;
@group(0) @binding(1) 
var<storage> tesserae_indices: array<u32>;
@group(0) @binding(32) 
var<storage, read_write> tesserae_records: array<vec4<f32>>;
@group(0) @binding(2) 
var<storage> tesserae_vb0_: array<u32>;

fn main() {
    let _e8 = pos_1;
    unnamed.gl_Position = vec4<f32>(_e8.x, _e8.y, 0f, 1f);
    let _e13 = color_1;
    v_color = _e13;
    return;
}

fn tesserae_vertex(pos: vec2<f32>, color: vec3<f32>) -> TesseraeVertexOut {
    pos_1 = pos;
    color_1 = color;
    main();
    let _e7 = unnamed.gl_Position;
    let _e8 = v_color;
    return TesseraeVertexOut(_e7, _e8);
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
    let _e15 = (_e7 * 5u);
    let _e18 = tesserae_vb0_[_e15];
    let _e24 = tesserae_vb0_[(_e15 + 1u)];
    let _e33 = ((_e7 * 5u) + 2u);
    let _e36 = tesserae_vb0_[_e33];
    let _e42 = tesserae_vb0_[(_e33 + 1u)];
    let _e48 = tesserae_vb0_[(_e33 + 2u)];
    let _e53 = tesserae_vertex(vec4<f32>(bitcast<f32>(_e18), bitcast<f32>(_e24), 0f, 1f).xy, vec4<f32>(bitcast<f32>(_e36), bitcast<f32>(_e42), bitcast<f32>(_e48), 1f).xyz);
    let _e55 = (((tesserae_gid.y * _e5) + tesserae_gid.x) * 2u);
    tesserae_records[_e55] = _e53.out0_member;
    tesserae_records[(_e55 + 1u)] = vec4<f32>(_e53.out1_member, 0f);
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

var<private> tesserae_io_52_g: gl_PerVertex;
var<private> tesserae_io_57_g: array<gl_PerVertex, 2>;
var<private> tesserae_io_75_g: vec3<f32>;
var<private> tesserae_io_77_g: i32;
var<private> tesserae_io_85_g: array<vec3<f32>, 2>;
var<private> tesserae_geometry_position: vec4<f32>;
@group(0) @binding(0) 
var<uniform> tesserae_draw: TesseraeDraw;
@group(0) @binding(1) 
var<storage> tesserae_indices: array<u32>;
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
    let i_5 = (_e3 + position);
    let _e7 = tesserae_draw.indexed;
    if (_e7 == 0u) {
        return i_5;
    }
    let _e10 = tesserae_raw_index(i_5);
    let _e14 = tesserae_draw.base_vertex;
    return u32((i32(_e10) + _e14));
}

fn tesserae_is_restart(i_1: u32) -> bool {
    let _e3 = tesserae_draw.indexed;
    if (_e3 == 0u) {
        return false;
    }
    let _e11 = tesserae_draw.index_u16_;
    let restart = select(4294967295u, 65535u, (_e11 != 0u));
    let _e17 = tesserae_draw.first;
    let _e19 = tesserae_raw_index((_e17 + i_1));
    return (_e19 == restart);
}

fn tesserae_gs_begin(wg: vec3<u32>, groups: vec3<u32>, lid: u32, n: u32, k: u32) -> u32 {
    var v: array<u32, 6> = array<u32, 6>();
    var keep: bool = true;
    var k_1: u32 = 0u;
    var start: u32 = 0u;
    var j_1: u32;
    var tesserae_primitive_id: u32;
    var next: u32 = 0u;
    var w: u32 = 0u;
    var local: bool;
    var j_2: u32 = 0u;

    let tesserae_group = wg.x;
    let p = ((tesserae_group * k) + (lid / n));
    tesserae_gs_invocation = (lid % n);
    let _e13 = tesserae_draw.primitives;
    if (p >= _e13) {
        return 0u;
    }
    let _e20 = tesserae_draw.primitives;
    let _e25 = tesserae_gs_invocation;
    tesserae_gs_slot = ((((wg.y * _e20) + p) * n) + _e25);
    tesserae_gs_emitted = 0u;
    tesserae_gs_strip = 0u;
    tesserae_gs_primitives = 0u;
    tesserae_gs_captured = 0u;
    loop {
        let _e41 = k_1;
        if (_e41 < 2u) {
        } else {
            break;
        }
        {
            let _e44 = k_1;
            let _e46 = tesserae_is_restart((p + _e44));
            if _e46 {
                keep = false;
            }
        }
        continuing {
            let _e49 = k_1;
            k_1 = (_e49 + 1u);
        }
    }
    j_1 = p;
    loop {
        let _e54 = j_1;
        if (_e54 > 0u) {
        } else {
            break;
        }
        {
            let _e57 = j_1;
            let _e60 = tesserae_is_restart((_e57 - 1u));
            if _e60 {
                let _e61 = j_1;
                start = _e61;
                break;
            }
        }
        continuing {
            let _e63 = j_1;
            j_1 = (_e63 - 1u);
        }
    }
    let _e65 = start;
    let odd = ((p - _e65) & 1u);
    v[0] = p;
    v[1] = (p + 1u);
    tesserae_primitive_id = p;
    let _e76 = tesserae_draw.indexed;
    if (_e76 != 0u) {
        tesserae_primitive_id = 0u;
        loop {
            let _e84 = w;
            if (_e84 < p) {
            } else {
                break;
            }
            {
                let _e86 = next;
                let _e87 = w;
                next = max(_e86, _e87);
                loop {
                    let _e89 = next;
                    let _e90 = w;
                    if (_e89 < (_e90 + 2u)) {
                        let _e96 = next;
                        let _e97 = tesserae_is_restart(_e96);
                        local = !(_e97);
                    } else {
                        local = false;
                    }
                    let _e100 = local;
                    if _e100 {
                    } else {
                        break;
                    }
                    {
                        let _e102 = next;
                        next = (_e102 + 1u);
                    }
                }
                let _e104 = next;
                let _e105 = w;
                if (_e104 >= (_e105 + 2u)) {
                    let _e110 = tesserae_primitive_id;
                    tesserae_primitive_id = (_e110 + 1u);
                }
            }
            continuing {
                let _e113 = w;
                w = (_e113 + 1u);
            }
        }
    }
    let _e116 = tesserae_primitive_id;
    tesserae_gs_input_primitive = _e116;
    loop {
        let _e119 = j_2;
        if (_e119 < 2u) {
        } else {
            break;
        }
        {
            let _e123 = j_2;
            let _e128 = tesserae_draw.count;
            let _e130 = j_2;
            let _e132 = v[_e130];
            tesserae_gs_inputs[_e123] = ((wg.y * _e128) + _e132);
        }
        continuing {
            let _e135 = j_2;
            j_2 = (_e135 + 1u);
        }
    }
    let _e139 = keep;
    return select(1u, 2u, _e139);
}

fn tesserae_gs_stored(v_1: u32, per_invocation: u32, stride: u32, cull_first: u32, cull_n: u32) {
    var idx: array<u32, 3>;
    var keep_1: bool = true;
    var j_3: u32 = 0u;

    let _e6 = tesserae_gs_emitted;
    tesserae_gs_emitted = (_e6 + 1u);
    let _e10 = tesserae_gs_strip;
    tesserae_gs_strip = (_e10 + 1u);
    let _e14 = tesserae_gs_strip;
    if (_e14 >= 3u) {
        idx = array<u32, 3>(v_1, v_1, v_1);
        let _e20 = tesserae_gs_strip;
        let odd_1 = ((_e20 - 3u) & 1u);
        idx[0] = (v_1 - 2u);
        idx[1] = ((v_1 - 1u) + odd_1);
        idx[2] = (v_1 - odd_1);
        let _e36 = keep_1;
        if _e36 {
            let _e38 = tesserae_gs_slot;
            let _e41 = tesserae_gs_primitives;
            let at = ((_e38 * per_invocation) + (_e41 * 3u));
            loop {
                let _e47 = j_3;
                if (_e47 < 3u) {
                } else {
                    break;
                }
                {
                    let _e51 = j_3;
                    let _e54 = j_3;
                    let _e56 = idx[_e54];
                    tesserae_gs_indices[(at + _e51)] = _e56;
                }
                continuing {
                    let _e58 = j_3;
                    j_3 = (_e58 + 1u);
                }
            }
            let _e61 = tesserae_gs_primitives;
            tesserae_gs_primitives = (_e61 + 1u);
            return;
        } else {
            return;
        }
    } else {
        return;
    }
}

fn tesserae_gs_finish(per_invocation_1: u32) {
    var i_2: u32;

    let _e2 = tesserae_gs_slot;
    let first = (_e2 * per_invocation_1);
    let _e5 = tesserae_gs_primitives;
    i_2 = (_e5 * 3u);
    loop {
        let _e9 = i_2;
        if (_e9 < per_invocation_1) {
        } else {
            break;
        }
        {
            let _e12 = i_2;
            tesserae_gs_indices[(first + _e12)] = 4294967295u;
        }
        continuing {
            let _e17 = i_2;
            i_2 = (_e17 + 1u);
        }
    }
    return;
}

fn tesserae_end_primitive() {
    tesserae_gs_strip = 0u;
}

fn tesserae_emit_vertex() {
    let _e1 = tesserae_gs_emitted;
    if (_e1 >= 4u) {
        return;
    }
    let _e5 = tesserae_gs_slot;
    let _e7 = ((_e5 * 4u) + _e1);
    let _e9 = (_e7 * 2u);
    let _e11 = tesserae_geometry_position;
    tesserae_gs_records[_e9] = vec4<f32>(_e11.x, -(_e11.y), _e11.z, _e11.w);
    let _e21 = tesserae_io_75_g;
    tesserae_gs_records[(_e9 + 1u)] = vec4<f32>(_e21, 0f);
    tesserae_gs_stored(_e7, 6u, 2u, 0u, 0u);
}

fn palette_u0028_i1_u003b(i_3: ptr<function, i32>) -> vec3<f32> {
    var k_2: i32;

    let _e19 = (*i_3);
    let _e22 = (_e19 - (7i * (_e19 / 7i)));
    k_2 = (select(_e22, (_e22 + 7i), (((_e22 ^ 7i) < i32()) && (_e22 != i32()))) + 1i);
    let _e30 = k_2;
    let _e33 = k_2;
    let _e38 = k_2;
    return vec3<f32>(f32((_e30 & 1i)), f32(((_e33 >> bitcast<u32>(1i)) & 1i)), f32(((_e38 >> bitcast<u32>(2i)) & 1i)));
}

fn main() {
    var i_4: i32;
    var param: i32;

    i_4 = 0i;
    loop {
        let _e19 = i_4;
        if (_e19 < 4i) {
            let _e21 = i_4;
            let _e26 = tesserae_io_57_g[(_e21 >> bitcast<u32>(1i))].gl_Position;
            let _e27 = i_4;
            tesserae_geometry_position = (_e26 + vec4<f32>(0f, select(0.0625f, -0.0625f, ((_e27 & 1i) == 0i)), 0f, 0f));
            let _e33 = tesserae_io_77_g;
            param = _e33;
            let _e34 = palette_u0028_i1_u003b((&param));
            tesserae_io_75_g = _e34;
            tesserae_emit_vertex();
            continue;
        } else {
            break;
        }
        continuing {
            let _e35 = i_4;
            i_4 = (_e35 + 1i);
        }
    }
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
        let _e13 = tesserae_gs_input_primitive;
        tesserae_io_77_g = i32(_e13);
        j = 0u;
        loop {
            let _e18 = j;
            if (_e18 >= 2u) {
                break;
            }
            let _e23 = tesserae_gs_inputs[_e18];
            let _e25 = (_e23 * 2u);
            let _e28 = tesserae_src[_e25];
            tesserae_io_57_g[_e18].gl_Position = _e28;
            let _e36 = tesserae_src[(_e25 + 1u)];
            tesserae_io_85_g[_e18] = _e36.xyz;
            continuing {
                let _e40 = j;
                j = (_e40 + 1u);
            }
        }
        tesserae_geometry();
    }
    tesserae_gs_finish(6u);
}
// pass `geometry draw`, geometry stage
struct TesseraePassOut {
    @builtin(position) position: vec4<f32>,
    @location(0) v0_: vec3<f32>,
}

@group(0) @binding(33) 
var<storage> tesserae_records: array<vec4<f32>>;

@vertex 
fn tesserae_passthrough_main(@builtin(vertex_index) r: u32) -> TesseraePassOut {
    if (r == 4294967295u) {
        return TesseraePassOut(vec4<f32>(2f, 2f, 2f, 1f), vec3<f32>());
    }
    let _e11 = (r * 2u);
    let _e14 = tesserae_records[_e11];
    let _e19 = tesserae_records[(_e11 + 1u)];
    return TesseraePassOut(_e14, _e19.xyz);
}
// pass `geometry draw`, fragment stage
var<private> frag: vec4<f32>;
var<private> g_color_1: vec3<f32>;

fn main_1() {
    let _e3 = g_color_1;
    frag = vec4<f32>(_e3.x, _e3.y, _e3.z, 1f);
    return;
}

@fragment 
fn main(@location(0) g_color: vec3<f32>) -> @location(0) vec4<f32> {
    g_color_1 = g_color;
    main_1();
    let _e3 = frag;
    return _e3;
}
