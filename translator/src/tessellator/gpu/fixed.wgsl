// Unsigned 16.16 fixed point and the float rules of the reference tessellator (a port of
// `tessellator/fixed.rs`). Everything that looks at a float the application gave us works
// on its bits, so NaNs, subnormals and infinities behave exactly as on the CPU whatever the
// GPU's float mode (denormal flushing, NaN handling) is.

const FX_FRAC_BITS: u32 = 16u;
const FX_ONE: u32 = 0x10000u;
const FX_HALF: u32 = 0x8000u;
const FX_ONE_THIRD: u32 = 21845u;
const FX_TWO_THIRDS: u32 = 43690u;
const FX_INT_MASK: u32 = 0x7fff0000u;
const FX_FRAC_MASK: u32 = 0xffffu;

// 1/segments rounded to nearest; 0 gives all ones, counts above 64 are clamped to 64.
fn fx_reciprocal(segments: i32) -> u32 {
    let n = u32(clamp(segments, 0, 64));
    if n == 0u {
        return 0xffffffffu;
    }
    return (FX_ONE + n / 2u) / n;
}

fn fx_ceil(x: u32) -> u32 {
    if (x & FX_FRAC_MASK) != 0u {
        return (x & FX_INT_MASK) + FX_ONE;
    }
    return x;
}

fn fx_floor(x: u32) -> u32 {
    return x & FX_INT_MASK;
}

// x / 65536 rounded to the nearest f32, ties to even: what the CPU's
// `(x >> 16) as f32 + (x & 0xffff) as f32 / 65536.0` gives (one rounding, in the addition),
// built from integer operations so that no GPU float conversion is involved.
fn fx_to_f32(x: u32) -> f32 {
    if x == 0u {
        return 0.0;
    }
    var e = firstLeadingBit(x);
    var m: u32;
    if e <= 23u {
        m = x << (23u - e);
    } else {
        let shift = e - 23u;
        m = x >> shift;
        let rest = x & ((1u << shift) - 1u);
        let half = 1u << (shift - 1u);
        if rest > half || (rest == half && (m & 1u) != 0u) {
            m = m + 1u;
        }
        if m == 0x1000000u {
            m = m >> 1u;
            e = e + 1u;
        }
    }
    return bitcast<f32>(((e + 127u - FX_FRAC_BITS) << 23u) | (m & 0x7fffffu));
}

// f32 bits to unsigned 15.16 fixed point with the reference's saturation: NaN and negatives
// give 0, 2^15 and up give all ones, below 2^-17 gives 0, else round half to even.
fn fx_from_f32(bits: u32) -> u32 {
    let exp_field = i32((bits >> 23u) & 0xffu);
    let exponent = exp_field - 127;
    let mantissa = bits & 0x7fffffu;
    if exp_field == 0xff && mantissa != 0u {
        return 0u;
    }
    if (bits & 0x80000000u) != 0u {
        return 0u;
    }
    if bits >= (142u << 23u) {
        return 0xffffffffu;
    }
    if exponent < -17 {
        return 0u;
    }
    let significand = mantissa | 0x800000u;
    let extra = 7 - exponent;
    if extra >= 0 {
        let lsb = 1u << u32(extra);
        let rest = significand & (lsb - 1u);
        let half = lsb >> 1u;
        var rounded = significand;
        if (significand & lsb) != 0u || rest > half {
            rounded = significand + half;
        }
        return rounded >> u32(extra);
    }
    return significand << u32(-extra);
}

// ---- floats as bits ----

fn fb_is_nan(b: u32) -> bool {
    return (b & 0x7fffffffu) > 0x7f800000u;
}

// Subnormal magnitudes flushed to a signed zero.
fn fb_flush(b: u32) -> u32 {
    if (b & 0x7fffffffu) < 0x800000u {
        return b & 0x80000000u;
    }
    return b;
}

// An integer with the order of the (non-NaN) float: -0 and +0 are both 0.
fn fb_key(b: u32) -> i32 {
    let magnitude = i32(b & 0x7fffffffu);
    if (b & 0x80000000u) != 0u {
        return -magnitude;
    }
    return magnitude;
}

fn fb_is_zero(b: u32) -> bool {
    return (b & 0x7fffffffu) == 0u;
}

// D3D max: subnormals compare as zero, a NaN b yields a, +0 preferred over -0.
fn fb_max(a: u32, b: u32) -> u32 {
    let fa = fb_flush(a);
    let fb = fb_flush(b);
    if fb_is_nan(fb) {
        return a;
    }
    if fb_is_zero(fa) && fb_is_zero(fb) {
        if (fb & 0x80000000u) != 0u {
            return a;
        }
        return b;
    }
    if !fb_is_nan(fa) && fb_key(fa) >= fb_key(fb) {
        return a;
    }
    return b;
}

// D3D min, the mirror (-0 preferred over +0).
fn fb_min(a: u32, b: u32) -> u32 {
    let fa = fb_flush(a);
    let fb = fb_flush(b);
    if fb_is_nan(fb) {
        return a;
    }
    if fb_is_zero(fa) && fb_is_zero(fb) {
        if (fa & 0x80000000u) != 0u {
            return a;
        }
        return b;
    }
    if !fb_is_nan(fa) && fb_key(fa) < fb_key(fb) {
        return a;
    }
    return b;
}

fn fb_clamp(x: u32, lo: u32, hi: u32) -> u32 {
    return fb_min(hi, fb_max(lo, x));
}

// Whether a level culls: !(flush(x) > 0), so NaN, zero, negatives and subnormals do.
fn fb_culls(b: u32) -> bool {
    return !(b >= 0x800000u && b <= 0x7f800000u);
}

// C's truncating cast, then the low bit (only called on finite values in [1, 64]).
fn fb_is_even(b: u32) -> bool {
    return (i32(bitcast<f32>(b)) & 1) == 0;
}

fn fx_remove_msb(x: i32) -> i32 {
    if x <= 0 {
        return 0;
    }
    return x & ~(1 << (31u - countLeadingZeros(u32(x))));
}
