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
struct ResType {
    member: u32,
    member_1: u32,
}

struct ResType_1 {
    member: i32,
    member_1: i32,
}

struct ResType_2 {
    member: vec2<i32>,
    member_1: vec2<i32>,
}

var<private> gl_FragCoord_1: vec4<f32>;
var<private> frag: vec4<f32>;
var<private> global: u32 = 4294967295u;
var<private> global_1: u32 = 2147483649u;
var<private> global_2: i32 = 1073741824i;
var<private> global_3: vec2<i32> = vec2<i32>(-7i, 9i);

fn main_1() {
    var x: u32;
    var xi: i32;
    var s: u32;
    var carry: u32;
    var d: u32;
    var borrow: u32;
    var hi: u32;
    var lo: u32;
    var hi2_: u32;
    var lo2_: u32;
    var shi: i32;
    var slo: i32;
    var vhi: vec2<i32>;
    var vlo: vec2<i32>;
    var ok: bool;
    var phi_91_: bool;
    var phi_99_: bool;
    var phi_107_: bool;
    var phi_115_: bool;
    var phi_126_: bool;
    var phi_138_: bool;
    var phi_149_: bool;
    var phi_164_: bool;
    var phi_176_: bool;

    let _e54 = gl_FragCoord_1[0u];
    x = u32(_e54);
    let _e56 = x;
    xi = bitcast<i32>(_e56);
    let _e58 = x;
    let _e59 = (4294967290u + _e58);
    let _e62 = ResType(_e59, select(0u, 1u, (_e59 < 4294967290u)));
    carry = _e62.member_1;
    s = _e62.member;
    let _e65 = x;
    let _e69 = ResType((_e65 - 10u), select(0u, 1u, (_e65 < 10u)));
    borrow = _e69.member_1;
    d = _e69.member;
    let _e72 = x;
    let _e73 = (4294967295u - _e72);
    let _e74 = (4294967295u & 65535u);
    let _e75 = global;
    let _e77 = (_e75 >> bitcast<u32>(16u));
    let _e78 = (_e73 & 65535u);
    let _e80 = (_e73 >> bitcast<u32>(16u));
    let _e82 = (_e74 * _e80);
    let _e83 = (_e77 * _e78);
    let _e101 = ResType((4294967295u * _e73), ((((_e77 * _e80) + (_e82 >> bitcast<u32>(16u))) + (_e83 >> bitcast<u32>(16u))) + (((((_e74 * _e78) >> bitcast<u32>(16u)) + (_e82 & 65535u)) + (_e83 & 65535u)) >> bitcast<u32>(16u))));
    lo = _e101.member;
    hi = _e101.member_1;
    let _e104 = x;
    let _e105 = (2147483649u & 65535u);
    let _e106 = global_1;
    let _e108 = (_e106 >> bitcast<u32>(16u));
    let _e109 = (_e104 & 65535u);
    let _e111 = (_e104 >> bitcast<u32>(16u));
    let _e113 = (_e105 * _e111);
    let _e114 = (_e108 * _e109);
    let _e132 = ResType((2147483649u * _e104), ((((_e108 * _e111) + (_e113 >> bitcast<u32>(16u))) + (_e114 >> bitcast<u32>(16u))) + (((((_e105 * _e109) >> bitcast<u32>(16u)) + (_e113 & 65535u)) + (_e114 & 65535u)) >> bitcast<u32>(16u))));
    lo2_ = _e132.member;
    hi2_ = _e132.member_1;
    let _e135 = xi;
    let _e137 = bitcast<u32>(-(_e135));
    let _e138 = global_2;
    let _e139 = bitcast<u32>(_e138);
    let _e140 = (_e137 & 65535u);
    let _e142 = (_e137 >> bitcast<u32>(16u));
    let _e143 = (_e139 & 65535u);
    let _e145 = (_e139 >> bitcast<u32>(16u));
    let _e147 = (_e140 * _e145);
    let _e148 = (_e142 * _e143);
    let _e174 = ResType_1(bitcast<i32>((_e137 * _e139)), bitcast<i32>(((((((_e142 * _e145) + (_e147 >> bitcast<u32>(16u))) + (_e148 >> bitcast<u32>(16u))) + (((((_e140 * _e143) >> bitcast<u32>(16u)) + (_e147 & 65535u)) + (_e148 & 65535u)) >> bitcast<u32>(16u))) - select(0u, _e139, (_e137 >= 2147483648u))) - select(0u, _e137, (_e139 >= 2147483648u)))));
    slo = _e174.member;
    shi = _e174.member_1;
    let _e177 = xi;
    let _e178 = xi;
    let _e181 = bitcast<vec2<u32>>(vec2<i32>(_e177, -(_e178)));
    let _e182 = global_3;
    let _e183 = bitcast<vec2<u32>>(_e182);
    let _e184 = (_e181 & vec2<u32>(65535u, 65535u));
    let _e186 = (_e181 >> bitcast<vec2<u32>>(vec2<u32>(16u, 16u)));
    let _e187 = (_e183 & vec2<u32>(65535u, 65535u));
    let _e189 = (_e183 >> bitcast<vec2<u32>>(vec2<u32>(16u, 16u)));
    let _e191 = (_e184 * _e189);
    let _e192 = (_e186 * _e187);
    let _e218 = ResType_2(bitcast<vec2<i32>>((_e181 * _e183)), bitcast<vec2<i32>>(((((((_e186 * _e189) + (_e191 >> bitcast<vec2<u32>>(vec2<u32>(16u, 16u)))) + (_e192 >> bitcast<vec2<u32>>(vec2<u32>(16u, 16u)))) + (((((_e184 * _e187) >> bitcast<vec2<u32>>(vec2<u32>(16u, 16u))) + (_e191 & vec2<u32>(65535u, 65535u))) + (_e192 & vec2<u32>(65535u, 65535u))) >> bitcast<vec2<u32>>(vec2<u32>(16u, 16u)))) - select(vec2<u32>(0u, 0u), _e183, (_e181 >= vec2<u32>(2147483648u, 2147483648u)))) - select(vec2<u32>(0u, 0u), _e181, (_e183 >= vec2<u32>(2147483648u, 2147483648u))))));
    vlo = _e218.member;
    vhi = _e218.member_1;
    let _e221 = s;
    let _e222 = x;
    let _e224 = (_e221 == (_e222 - 6u));
    phi_91_ = _e224;
    if _e224 {
        let _e225 = d;
        let _e226 = x;
        phi_91_ = (_e225 == (_e226 - 10u));
    }
    let _e230 = phi_91_;
    phi_99_ = _e230;
    if _e230 {
        let _e231 = hi;
        let _e232 = x;
        phi_99_ = (_e231 == (4294967294u - _e232));
    }
    let _e236 = phi_99_;
    phi_107_ = _e236;
    if _e236 {
        let _e237 = lo;
        let _e238 = x;
        phi_107_ = (_e237 == (_e238 + 1u));
    }
    let _e242 = phi_107_;
    phi_115_ = _e242;
    if _e242 {
        let _e243 = hi2_;
        let _e244 = x;
        phi_115_ = (_e243 == (_e244 >> bitcast<u32>(1i)));
    }
    let _e249 = phi_115_;
    phi_126_ = _e249;
    if _e249 {
        let _e250 = lo2_;
        let _e251 = x;
        let _e252 = x;
        phi_126_ = (_e250 == (_e251 + ((_e252 & 1u) << bitcast<u32>(31i))));
    }
    let _e259 = phi_126_;
    phi_138_ = _e259;
    if _e259 {
        let _e260 = shi;
        let _e261 = x;
        phi_138_ = (_e260 == -(bitcast<i32>(((_e261 + 3u) >> bitcast<u32>(2i)))));
    }
    let _e269 = phi_138_;
    phi_149_ = _e269;
    if _e269 {
        let _e270 = slo;
        let _e271 = xi;
        phi_149_ = (_e270 == bitcast<i32>((bitcast<u32>(-(_e271)) << bitcast<u32>(30i))));
    }
    let _e279 = phi_149_;
    phi_164_ = _e279;
    if _e279 {
        let _e280 = vhi;
        let _e281 = x;
        phi_164_ = all((_e280 == select(vec2<i32>(-1i, -1i), vec2<i32>(0i, 0i), vec2((_e281 == 0u)))));
    }
    let _e288 = phi_164_;
    phi_176_ = _e288;
    if _e288 {
        let _e289 = vlo;
        let _e290 = xi;
        let _e292 = xi;
        phi_176_ = all((_e289 == vec2<i32>((-7i * _e290), (-9i * _e292))));
    }
    let _e298 = phi_176_;
    ok = _e298;
    let _e299 = carry;
    let _e301 = borrow;
    let _e303 = ok;
    frag = vec4<f32>(f32(_e299), f32(_e301), select(0f, 1f, _e303), 1f);
    return;
}

@fragment 
fn main(@builtin(position) gl_FragCoord: vec4<f32>) -> @location(0) vec4<f32> {
    gl_FragCoord_1 = gl_FragCoord;
    main_1();
    let _e3 = frag;
    return _e3;
}
