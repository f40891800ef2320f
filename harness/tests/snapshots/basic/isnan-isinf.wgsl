// pass `draw`, vertex stage
struct gl_PerVertex {
    @builtin(position) gl_Position: vec4<f32>,
    gl_PointSize: f32,
    gl_ClipDistance: array<f32, 1>,
    gl_CullDistance: array<f32, 1>,
}

var<private> unnamed: gl_PerVertex = gl_PerVertex(vec4<f32>(0f, 0f, 0f, 1f), 1f, array<f32, 1>(), array<f32, 1>());
var<private> pos_1: vec2<f32>;

fn main_1() {
    let _e6 = pos_1;
    unnamed.gl_Position = vec4<f32>(_e6.x, _e6.y, 0f, 1f);
    return;
}

@vertex 
fn main(@location(0) pos: vec2<f32>) -> @builtin(position) vec4<f32> {
    pos_1 = pos;
    main_1();
    let _e5 = unnamed.gl_Position.y;
    unnamed.gl_Position.y = -(_e5);
    let _e7 = unnamed.gl_Position;
    return _e7;
}
// pass `draw`, fragment stage
var<private> gl_FragCoord_1: vec4<f32>;
var<private> frag: vec4<f32>;

fn main_1() {
    var c: u32;
    var band: u32;
    var bits: u32;
    var local: u32;
    var local_1: u32;
    var local_2: u32;
    var v: f32;
    var vectors: bool;
    var phi_77_: bool;

    let _e24 = gl_FragCoord_1[0u];
    c = u32(_e24);
    let _e26 = c;
    band = (_e26 >> bitcast<u32>(4i));
    let _e29 = band;
    if (_e29 == 0u) {
        local = 2139095040u;
    } else {
        let _e31 = band;
        if (_e31 == 1u) {
            local_1 = 4286578688u;
        } else {
            let _e33 = band;
            if (_e33 == 2u) {
                let _e35 = c;
                local_2 = (2143289344u | _e35);
            } else {
                let _e37 = c;
                local_2 = bitcast<u32>(f32(_e37));
            }
            let _e40 = local_2;
            local_1 = _e40;
        }
        let _e41 = local_1;
        local = _e41;
    }
    let _e42 = local;
    bits = _e42;
    let _e43 = bits;
    v = bitcast<f32>(_e43);
    let _e45 = v;
    let _e50 = any(((bitcast<vec2<u32>>(vec2<f32>(1f, _e45)) & vec2<u32>(2147483647u, 2147483647u)) > vec2<u32>(2139095040u, 2139095040u)));
    phi_77_ = _e50;
    if !(_e50) {
        let _e52 = v;
        phi_77_ = any(((bitcast<vec2<u32>>(vec2<f32>(_e52, 0.5f)) & vec2<u32>(2147483647u, 2147483647u)) == vec2<u32>(2139095040u, 2139095040u)));
    }
    let _e59 = phi_77_;
    vectors = _e59;
    let _e60 = v;
    let _e65 = v;
    let _e70 = vectors;
    frag = vec4<f32>(select(0f, 1f, ((bitcast<u32>(_e60) & 2147483647u) > 2139095040u)), select(0f, 1f, ((bitcast<u32>(_e65) & 2147483647u) == 2139095040u)), select(0f, 1f, _e70), 1f);
    return;
}

@fragment 
fn main(@builtin(position) gl_FragCoord: vec4<f32>) -> @location(0) vec4<f32> {
    gl_FragCoord_1 = gl_FragCoord;
    main_1();
    let _e3 = frag;
    return _e3;
}
