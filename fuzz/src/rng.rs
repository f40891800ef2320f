//! A deterministic byte stream for the seeded smoke tests and the differential fuzzer:
//! xorshift64*, no dependencies, the same bytes on every machine.

/// xorshift64* generator.
#[derive(Debug, Clone)]
pub struct XorShift(u64);

impl XorShift {
    pub fn new(seed: u64) -> XorShift {
        XorShift(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    pub fn below(&mut self, n: u64) -> u64 {
        if n == 0 {
            0
        } else {
            self.next_u64() % n
        }
    }

    /// `len` pseudo-random bytes.
    pub fn bytes(&mut self, len: usize) -> Vec<u8> {
        let mut out = Vec::with_capacity(len + 8);
        while out.len() < len {
            out.extend_from_slice(&self.next_u64().to_le_bytes());
        }
        out.truncate(len);
        out
    }
}

/// Runs `f` on `iterations` inputs drawn from `seed`, with lengths varying from 0 to `max_len`
/// bytes: the smoke test of a fuzz target.
pub fn smoke(seed: u64, iterations: usize, max_len: usize, mut f: impl FnMut(&[u8])) {
    let mut rng = XorShift::new(seed);
    for _ in 0..iterations {
        let len = rng.below(max_len as u64 + 1) as usize;
        let data = rng.bytes(len);
        f(&data);
    }
}
