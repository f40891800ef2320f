// pass `point vertices`, vertex stage
struct VSOut {
    pos: vec4<f32>,
    size: f32,
    color: vec4<f32>,
}

struct type_13 {
    @builtin(position) m0_member: vec4<f32>,
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

@group(0) @binding(1) 
var tex: texture_2d<f32>;
@group(0) @binding(2) 
var smp: sampler;
var<private> pos_3: vec2<f32>;
var<private> u0040_entryPointOutput_u002e_pos: vec4<f32> = vec4<f32>(0f, 0f, 0f, 1f);
var<private> u0040_entryPointOutput_u002e_color: vec4<f32>;
var<private> tesserae_point_size: f32;
@group(1) @binding(0) 
var<uniform> tesserae_draw: TesseraeDraw;
@group(1) @binding(1) 
var<storage> tesserae_indices: array<u32>;
@group(1) @binding(32) 
var<storage, read_write> tesserae_records: array<vec4<f32>>;
@group(1) @binding(2) 
var<storage> tesserae_vb0_: array<u32>;

fn u0040_main_u0028_vf2_u003b(pos: ptr<function, vec2<f32>>) -> VSOut {
    var o: VSOut;

    let _e15 = (*pos);
    o.pos = vec4<f32>(_e15.x, _e15.y, 0f, 1f);
    o.size = 8f;
    let _e21 = (*pos);
    let _e25 = textureSampleLevel(tex, smp, ((_e21 * 0.5f) + vec2(0.5f)), 0f);
    o.color = _e25;
    let _e27 = o;
    return _e27;
}

fn main() {
    var pos_1: vec2<f32>;
    var flattenTemp: VSOut;
    var param: vec2<f32>;

    let _e16 = pos_3;
    pos_1 = _e16;
    let _e17 = pos_1;
    param = _e17;
    let _e18 = u0040_main_u0028_vf2_u003b((&param));
    flattenTemp = _e18;
    let _e20 = flattenTemp.pos;
    u0040_entryPointOutput_u002e_pos = _e20;
    let _e22 = flattenTemp.size;
    tesserae_point_size = _e22;
    let _e24 = flattenTemp.color;
    u0040_entryPointOutput_u002e_color = _e24;
    return;
}

fn tesserae_vertex(pos_2: vec2<f32>) -> TesseraeVertexOut {
    pos_3 = pos_2;
    main();
    let _e5 = u0040_entryPointOutput_u002e_pos.y;
    u0040_entryPointOutput_u002e_pos.y = -(_e5);
    let _e7 = u0040_entryPointOutput_u002e_pos;
    let _e8 = u0040_entryPointOutput_u002e_color;
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

fn tesserae_point_size_keep(c: vec4<f32>, size: f32, distances_kept: bool) -> vec4<f32> {
    var local: bool;
    var tesserae_keep: bool;

    let _e6 = tesserae_draw.size_range.x;
    let _e10 = tesserae_draw.size_range.x;
    let _e16 = tesserae_draw.size_range.y;
    let tesserae_size = min(select(_e6, size, (size > _e10)), _e16);
    if (c.z >= 0f) {
        local = (c.z <= c.w);
    } else {
        local = false;
    }
    let _e27 = local;
    tesserae_keep = _e27;
    if !(distances_kept) {
        tesserae_keep = false;
    }
    let _e31 = tesserae_keep;
    return vec4<f32>(tesserae_size, select(0f, 1f, _e31), 0f, 0f);
}

@compute @workgroup_size(64, 1, 1) 
fn tesserae_point_vertex_main(@builtin(global_invocation_id) tesserae_gid: vec3<u32>) {
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
    let _e32 = (((tesserae_gid.y * _e5) + tesserae_gid.x) * 3u);
    let _e35 = tesserae_point_size;
    let _e37 = tesserae_point_size_keep(_e30.out0_member, _e35, true);
    tesserae_records[_e32] = _e30.out0_member;
    tesserae_records[(_e32 + 1u)] = _e37;
    tesserae_records[(_e32 + 2u)] = _e30.out1_member;
}
// pass `expanded points`, vertex stage
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

struct TesseraeSquareOut {
    @builtin(position) position: vec4<f32>,
    @location(0) @interpolate(flat) v0_: vec4<f32>,
}

@group(1) @binding(0) 
var<uniform> tesserae_draw: TesseraeDraw;
@group(1) @binding(32) 
var<storage> tesserae_records: array<vec4<f32>>;

fn tesserae_square_corner(corner_id: u32, c: vec4<f32>, size_keep: vec4<f32>) -> vec4<f32> {
    let corner = vec2<f32>(select(-1f, 1f, ((corner_id & 2u) != 0u)), select(1f, -1f, ((corner_id & 1u) != 0u)));
    let _e22 = tesserae_draw.viewport;
    let offset = (((corner * size_keep.x) / _e22) * c.w);
    return select(vec4<f32>(2f, 2f, 2f, 1f), vec4<f32>((c.xy + offset), c.zw), (size_keep.y != 0f));
}

@vertex 
fn tesserae_points_main(@builtin(vertex_index) tesserae_vertex: u32) -> TesseraeSquareOut {
    let _e5 = ((tesserae_vertex / 4u) * 3u);
    let _e8 = tesserae_records[_e5];
    let _e13 = tesserae_records[(_e5 + 1u)];
    let _e14 = tesserae_square_corner((tesserae_vertex % 4u), _e8, _e13);
    let _e19 = tesserae_records[(_e5 + 2u)];
    return TesseraeSquareOut(_e14, _e19);
}
// pass `expanded points`, fragment stage
@group(0) @binding(1) 
var tex: texture_2d<f32>;
@group(0) @binding(2) 
var smp: sampler;
var<private> pos_3: vec4<f32>;
var<private> color_3: vec4<f32>;
var<private> u0040_entryPointOutput: vec4<f32>;

fn u0040_main_u0028_vf4_u003b_vf4_u003b(pos_1: ptr<function, vec4<f32>>, color_1: ptr<function, vec4<f32>>) -> vec4<f32> {
    let _e9 = (*color_1);
    let _e10 = textureSample(tex, smp, vec2<f32>(0.25f, 0.25f));
    return (_e9 * _e10);
}

fn main_1() {
    var pos_2: vec4<f32>;
    var color_2: vec4<f32>;
    var param: vec4<f32>;
    var param_1: vec4<f32>;

    let _e11 = pos_3;
    pos_2 = _e11;
    let _e12 = color_3;
    color_2 = _e12;
    let _e13 = pos_2;
    param = _e13;
    let _e14 = color_2;
    param_1 = _e14;
    let _e15 = u0040_main_u0028_vf4_u003b_vf4_u003b((&param), (&param_1));
    u0040_entryPointOutput = _e15;
    return;
}

@fragment 
fn main(@builtin(position) pos: vec4<f32>, @location(0) @interpolate(flat) color: vec4<f32>) -> @location(0) vec4<f32> {
    pos_3 = pos;
    color_3 = color;
    main_1();
    let _e5 = u0040_entryPointOutput;
    return _e5;
}
