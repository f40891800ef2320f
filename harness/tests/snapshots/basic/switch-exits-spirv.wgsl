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
var<private> global: vec4<f32>;
var<private> global_1: vec4<f32>;

fn function_() {
    var phi_28_: f32;
    var phi_31_: i32;
    var phi_61_: f32;
    var phi_43_: f32;
    var phi_63_: f32;
    var phi_57_: bool;
    var phi_58_: f32;
    var phi_29_: f32;
    var phi_52_: f32;

    let _e15 = global;
    phi_28_ = 0f;
    phi_31_ = 0i;
    loop {
        let _e21 = phi_28_;
        let _e23 = phi_31_;
        phi_52_ = _e21;
        if (_e23 < 2i) {
            phi_43_ = _e21;
            switch (i32(_e15.x) >> bitcast<u32>(4i)) {
                case 0: {
                    phi_61_ = (_e21 + 0.125f);
                    let _e27 = phi_61_;
                    phi_63_ = (_e27 + 0.0625f);
                    phi_57_ = false;
                    phi_58_ = f32();
                    break;
                }
                case 1: {
                    let _e32 = (_e21 + 0.25f);
                    phi_63_ = f32();
                    phi_57_ = true;
                    phi_58_ = _e32;
                    phi_29_ = _e32;
                    if (_e23 == 1i) {
                        break;
                    } else {
                        continue;
                    }
                    phi_63_ = f32();
                    phi_57_ = bool();
                    phi_58_ = f32();
                    break;
                }
                case 3: {
                    loop {
                        discard;
                    }
                    phi_63_ = f32();
                    phi_57_ = bool();
                    phi_58_ = f32();
                    break;
                }
                default: {
                    let _e30 = phi_43_;
                    phi_63_ = (_e30 + 0.0625f);
                    phi_57_ = false;
                    phi_58_ = f32();
                    break;
                }
            }
            let _e35 = phi_63_;
            let _e37 = phi_57_;
            let _e39 = phi_58_;
            phi_52_ = _e39;
            if _e37 {
                break;
            }
            phi_29_ = (_e35 + 0.125f);
            continue;
        } else {
            break;
        }
        continuing {
            let _e42 = phi_29_;
            phi_28_ = _e42;
            phi_31_ = (_e23 + 1i);
        }
    }
    let _e45 = phi_52_;
    global_1 = vec4<f32>(_e45, 0f, 1f, 1f);
    return;
}

@fragment 
fn main(@builtin(position) param: vec4<f32>) -> @location(0) vec4<f32> {
    global = param;
    function_();
    let _e3 = global_1;
    return _e3;
}
