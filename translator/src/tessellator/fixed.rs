//! Unsigned 16.16 fixed-point arithmetic and the float helpers of the reference tessellator.
//!
//! Every domain coordinate is computed as an integer number of 1/65536 steps and only turned
//! into an `f32` at the very end. That is what makes the output reproducible bit for bit: the
//! float inputs (tessellation levels) are clamped and rounded with D3D-style float rules, turned
//! into fixed point once with round-half-to-even, and from then on everything is integer math.
//!
//! The arithmetic is deliberately done in wrapping `u32`, like the 32-bit unsigned integers of
//! the reference, so that even an input we did not foresee produces the same bits as the driver
//! instead of a panic.

/// A non-negative fixed-point number: 16 integer bits above 16 fraction bits.
pub(crate) type Fxp = u32;

/// Number of fraction bits.
pub(crate) const FRAC_BITS: u32 = 16;
/// 1.0
pub(crate) const ONE: Fxp = 1 << FRAC_BITS;
/// 0.5
pub(crate) const HALF: Fxp = ONE >> 1;
/// 1/3 rounded down to 16 fraction bits (the triangle centre).
pub(crate) const ONE_THIRD: Fxp = ONE / 3;
/// Twice [`ONE_THIRD`] (not 2/3 rounded): scales a ring distance into barycentric space.
pub(crate) const TWO_THIRDS: Fxp = 2 * ONE_THIRD;

/// The integer bits kept by floor/ceil; like the reference, the top bit is dropped.
const INT_MASK: Fxp = 0x7fff_0000;
const FRAC_MASK: Fxp = ONE - 1;

/// Largest number of segments any edge can have (levels are clamped to 64).
pub(crate) const MAX_SEGMENTS: usize = 64;

/// `1/n` in fixed point, rounded to nearest, for n = 0..=64. Entry 0 is a sentinel of all ones
/// (never used for a valid level). 65536/n is never exactly halfway between two integers for
/// n <= 64 (a tie needs n to be a power of two, and then the division is exact), so plain
/// round-half-up is the same as any rounding rule.
const RECIPROCALS: [Fxp; MAX_SEGMENTS + 1] = {
    let mut table = [0u32; MAX_SEGMENTS + 1];
    table[0] = u32::MAX;
    let mut n = 1;
    while n <= MAX_SEGMENTS {
        let n32 = n as u32;
        table[n] = (ONE + n32 / 2) / n32;
        n += 1;
    }
    table
};

/// `1/segments` in fixed point. Out-of-range counts (unreachable after level clamping) are
/// clamped to the table so that nothing can panic.
pub(crate) fn reciprocal(segments: i32) -> Fxp {
    RECIPROCALS[segments.clamp(0, MAX_SEGMENTS as i32) as usize]
}

/// Round a fixed-point value up to an integer.
pub(crate) fn ceil(x: Fxp) -> Fxp {
    if x & FRAC_MASK != 0 {
        (x & INT_MASK).wrapping_add(ONE)
    } else {
        x
    }
}

/// Round a fixed-point value down to an integer.
pub(crate) fn floor(x: Fxp) -> Fxp {
    x & INT_MASK
}

/// Fixed point to `f32`: integer part plus fraction/65536, both exact in `f32` for every value
/// the tessellator produces (at most 17 significant bits), so the result is exactly x/65536.
pub(crate) fn to_f32(x: Fxp) -> f32 {
    (x >> FRAC_BITS) as f32 + (x & FRAC_MASK) as f32 / ONE as f32
}

/// `f32` to unsigned 15.16 fixed point, with the reference's saturation rules: NaN and every
/// negative number (including -0) give 0, values from 2^15 up (and +inf) give all ones, values
/// below 2^-17 give 0, and everything else is rounded to the nearest 1/65536 with ties to even.
pub(crate) fn from_f32(x: f32) -> Fxp {
    const MANT_BITS: i32 = 23;
    const INT_BITS: i32 = 15;
    let bits = x.to_bits();
    let exp_field = ((bits >> MANT_BITS) & 0xff) as i32;
    let exponent = exp_field - 127;
    let mantissa = bits & 0x007f_ffff;
    let negative = bits & 0x8000_0000 != 0;
    if exp_field == 0xff && mantissa != 0 {
        return 0; // NaN
    }
    if negative {
        return 0; // the unsigned format has no negative values: saturate to 0
    }
    // Anything at or above 2^INT_BITS does not fit: saturate (this covers +inf too).
    if bits >= ((127 + INT_BITS) as u32) << MANT_BITS {
        return u32::MAX;
    }
    if exponent < -(FRAC_BITS as i32) - 1 {
        return 0; // too small to round up to the smallest step
    }
    let significand = mantissa | (1 << MANT_BITS);
    // How many low bits of the significand fall below the 1/65536 step.
    let extra = MANT_BITS - FRAC_BITS as i32 - exponent;
    if extra >= 0 {
        let lsb = 1u32 << extra;
        let rest = significand & (lsb - 1);
        let half = lsb >> 1;
        // Round half to even: add half unless that would round a tie away from an even LSB.
        let rounded = if significand & lsb != 0 || rest > half { significand + half } else { significand };
        rounded >> extra
    } else {
        significand << (-extra)
    }
}

/// A float with its subnormal magnitude flushed to a signed zero (NaN and inf unchanged).
pub(crate) fn flush(x: f32) -> f32 {
    if x.to_bits() & 0x7fff_ffff < 0x0080_0000 {
        f32::from_bits(x.to_bits() & 0x8000_0000)
    } else {
        x
    }
}

/// D3D's IEEE 754-2008 style `max(a, b)`: subnormals compare as zero, a NaN `b` yields `a`, and
/// +0 is preferred over -0. Returns one of the original (unflushed) arguments.
pub(crate) fn d3d_max(a: f32, b: f32) -> f32 {
    let (fa, fb) = (flush(a), flush(b));
    if fb.is_nan() {
        a
    } else if fa == 0.0 && fb == 0.0 {
        if fb.is_sign_negative() {
            a
        } else {
            b
        }
    } else if fa >= fb {
        a
    } else {
        b
    }
}

/// D3D's IEEE 754-2008 style `min(a, b)`, the mirror of [`d3d_max`] (-0 preferred over +0).
pub(crate) fn d3d_min(a: f32, b: f32) -> f32 {
    let (fa, fb) = (flush(a), flush(b));
    if fb.is_nan() {
        a
    } else if fa == 0.0 && fb == 0.0 {
        if fa.is_sign_negative() {
            a
        } else {
            b
        }
    } else if fa < fb {
        a
    } else {
        b
    }
}

/// Clamp `x` into `[lo, hi]` the way the reference does (`min(hi, max(lo, x))`); NaN maps to
/// `lo`, subnormals behave as zero.
pub(crate) fn clamp(x: f32, lo: f32, hi: f32) -> f32 {
    d3d_min(hi, d3d_max(lo, x))
}

/// Whether the integer part of a (small, non-negative) float is even: C's truncating cast.
pub(crate) fn is_even(x: f32) -> bool {
    (x as i32) & 1 == 0
}

/// Clear the most significant set bit (0 stays 0).
pub(crate) fn remove_msb(x: i32) -> i32 {
    if x <= 0 {
        return 0;
    }
    x & !(1 << (31 - x.leading_zeros()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reciprocal_table_spot_checks() {
        // Values worked out by hand: round(65536 / n).
        assert_eq!(reciprocal(1), 0x10000);
        assert_eq!(reciprocal(3), 21845);
        assert_eq!(reciprocal(6), 10923);
        assert_eq!(reciprocal(7), 9362);
        assert_eq!(reciprocal(10), 6554);
        assert_eq!(reciprocal(63), 1040);
        assert_eq!(reciprocal(64), 1024);
        assert_eq!(reciprocal(0), u32::MAX);
        assert_eq!(reciprocal(1000), 1024);
    }

    #[test]
    fn float_to_fixed() {
        assert_eq!(from_f32(1.0), ONE);
        assert_eq!(from_f32(64.0), 64 << 16);
        assert_eq!(from_f32(0.5), HALF);
        // 3.7f32 = 0x406CCCCD: significand 0xECCCCD, 6 bits to drop, remainder 13 < 32.
        assert_eq!(from_f32(3.7), 0x3_B333);
        // Ties go to even: 1 + 2^-17 is exactly halfway between 0x10000 and 0x10001.
        assert_eq!(from_f32(1.0 + 1.0 / 131072.0), 0x1_0000);
        assert_eq!(from_f32(1.0 + 3.0 / 131072.0), 0x1_0002);
        assert_eq!(from_f32(f32::NAN), 0);
        assert_eq!(from_f32(-3.0), 0);
        assert_eq!(from_f32(-0.0), 0);
        assert_eq!(from_f32(f32::INFINITY), u32::MAX);
        assert_eq!(from_f32(32768.0), u32::MAX);
        assert_eq!(from_f32(32767.0), 32767 << 16);
        assert_eq!(from_f32(1e-30), 0);
        // Exactly 2^-17 rounds to even (0); just above rounds up.
        assert_eq!(from_f32(1.0 / 131072.0), 0);
        assert_eq!(from_f32(1.5 / 65536.0), 2);
    }

    #[test]
    fn fixed_to_float_is_exact() {
        for k in [0u32, 1, 0x4963, 0x8000, 0xffff, 0x10000] {
            assert_eq!(to_f32(k), k as f32 / 65536.0);
        }
        assert_eq!(to_f32(0x4963).to_bits(), 0x3E92_C600);
    }

    #[test]
    fn d3d_clamp_rules() {
        assert_eq!(clamp(f32::NAN, 2.0, 64.0), 2.0);
        assert_eq!(clamp(f32::INFINITY, 2.0, 64.0), 64.0);
        assert_eq!(clamp(f32::NEG_INFINITY, 1.0, 63.0), 1.0);
        assert_eq!(clamp(1e-45, 1.0, 63.0), 1.0);
        assert_eq!(clamp(3.25, 1.0, 63.0), 3.25);
        assert_eq!(remove_msb(1), 0);
        assert_eq!(remove_msb(6), 2);
        assert_eq!(remove_msb(31), 15);
        assert_eq!(remove_msb(0), 0);
        assert!(is_even(64.0) && !is_even(63.0) && !is_even(1.0));
    }
}
