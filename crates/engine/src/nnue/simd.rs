//! The network's inner loops, compiled three times — for AVX-512, for AVX2
//! and for any x86-64 or other CPU — and chosen once at run time by what the
//! CPU has. The three are the same integer code (exact arithmetic, no
//! reassociation can change a result), so they give the same output; a
//! test checks it on every path the machine has.

use std::sync::OnceLock;

/// An inner-loop implementation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kernel {
    /// Whatever the build's target allows (SSE2 on any x86-64).
    Portable,
    /// AVX2 (x86-64 CPUs since 2013).
    Avx2,
    /// AVX-512 (F and BW).
    Avx512,
}

impl Kernel {
    /// The kernels this CPU can run, the portable one first.
    pub fn available() -> Vec<Kernel> {
        let mut out = vec![Kernel::Portable];
        #[cfg(target_arch = "x86_64")]
        {
            if std::arch::is_x86_feature_detected!("avx2") {
                out.push(Kernel::Avx2);
            }
            if std::arch::is_x86_feature_detected!("avx512f")
                && std::arch::is_x86_feature_detected!("avx512bw")
            {
                out.push(Kernel::Avx512);
            }
        }
        out
    }

    /// The fastest kernel this CPU can run (detected once).
    pub fn best() -> Kernel {
        static BEST: OnceLock<Kernel> = OnceLock::new();
        *BEST.get_or_init(|| {
            Kernel::available()
                .last()
                .copied()
                .unwrap_or(Kernel::Portable)
        })
    }

    /// `acc[i] += w[i]` (wrapping), on this kernel.
    pub fn add(self, acc: &mut [i16], w: &[i16]) {
        match self {
            #[cfg(target_arch = "x86_64")]
            Kernel::Avx2 if std::arch::is_x86_feature_detected!("avx2") => x86::add_avx2(acc, w),
            #[cfg(target_arch = "x86_64")]
            Kernel::Avx512 if has_avx512() => x86::add_avx512(acc, w),
            _ => add(acc, w),
        }
    }

    /// `acc[i] -= w[i]` (wrapping), on this kernel.
    pub fn sub(self, acc: &mut [i16], w: &[i16]) {
        match self {
            #[cfg(target_arch = "x86_64")]
            Kernel::Avx2 if std::arch::is_x86_feature_detected!("avx2") => x86::sub_avx2(acc, w),
            #[cfg(target_arch = "x86_64")]
            Kernel::Avx512 if has_avx512() => x86::sub_avx512(acc, w),
            _ => sub(acc, w),
        }
    }

    /// `out[i] = from[i] + add[i] - sub[i]` (wrapping) in one pass, on
    /// this kernel: a move's accumulator from its parent's, with the
    /// move's first piece put on and first piece taken off. The four are
    /// as long as each other.
    pub fn add_sub(self, out: &mut [i16], from: &[i16], add: &[i16], sub: &[i16]) {
        debug_assert!(
            from.len() == out.len() && add.len() == out.len() && sub.len() == out.len(),
            "accumulator and weight rows of one length"
        );
        match self {
            #[cfg(target_arch = "x86_64")]
            Kernel::Avx2 if std::arch::is_x86_feature_detected!("avx2") => {
                x86::add_sub_avx2(out, from, add, sub)
            }
            #[cfg(target_arch = "x86_64")]
            Kernel::Avx512 if has_avx512() => x86::add_sub_avx512(out, from, add, sub),
            _ => add_sub(out, from, add, sub),
        }
    }

    /// `Σ clamp(acc[i], 0, qa)² · w[i]`, on this kernel (weights within
    /// ±127, which [`super::net::QuantNet`] guarantees).
    pub fn screlu_dot(self, acc: &[i16], w: &[i16], qa: i16) -> i64 {
        match self {
            #[cfg(target_arch = "x86_64")]
            Kernel::Avx2 if std::arch::is_x86_feature_detected!("avx2") => {
                x86::screlu_dot_avx2(acc, w, qa)
            }
            #[cfg(target_arch = "x86_64")]
            Kernel::Avx512 if has_avx512() => x86::screlu_dot_avx512(acc, w, qa),
            _ => screlu_dot(acc, w, qa),
        }
    }
}

#[cfg(target_arch = "x86_64")]
fn has_avx512() -> bool {
    std::arch::is_x86_feature_detected!("avx512f")
        && std::arch::is_x86_feature_detected!("avx512bw")
}

#[inline(always)]
fn add(acc: &mut [i16], w: &[i16]) {
    for (a, b) in acc.iter_mut().zip(w) {
        *a = a.wrapping_add(*b);
    }
}

#[inline(always)]
fn sub(acc: &mut [i16], w: &[i16]) {
    for (a, b) in acc.iter_mut().zip(w) {
        *a = a.wrapping_sub(*b);
    }
}

#[inline(always)]
fn add_sub(out: &mut [i16], from: &[i16], add: &[i16], sub: &[i16]) {
    for (((o, f), a), s) in out.iter_mut().zip(from).zip(add).zip(sub) {
        *o = f.wrapping_add(*a).wrapping_sub(*s);
    }
}

/// Terms summed in 32 bits before they go into the 64-bit total: each is
/// at most 255² × 127 (8.3 million), so 128 of them stay below 2³¹.
const BLOCK: usize = 128;

#[inline(always)]
fn screlu_dot(acc: &[i16], w: &[i16], qa: i16) -> i64 {
    let mut total = 0i64;
    for (a, w) in acc.chunks(BLOCK).zip(w.chunks(BLOCK)) {
        let mut block = 0i32;
        for (&a, &w) in a.iter().zip(w) {
            let c = i32::from(a.clamp(0, qa));
            block += c * c * i32::from(w);
        }
        total += i64::from(block);
    }
    total
}

#[cfg(target_arch = "x86_64")]
#[allow(unsafe_code)]
mod x86 {
    //! The portable loops compiled with AVX2 and AVX-512 enabled. Each safe
    //! wrapper is called only after the CPU was seen to have the feature
    //! (`Kernel`'s methods check it on every call).

    #[target_feature(enable = "avx2")]
    fn add_avx2_inner(acc: &mut [i16], w: &[i16]) {
        super::add(acc, w);
    }
    #[target_feature(enable = "avx2")]
    fn sub_avx2_inner(acc: &mut [i16], w: &[i16]) {
        super::sub(acc, w);
    }
    #[target_feature(enable = "avx2")]
    fn add_sub_avx2_inner(out: &mut [i16], from: &[i16], add: &[i16], sub: &[i16]) {
        super::add_sub(out, from, add, sub);
    }
    #[target_feature(enable = "avx512f,avx512bw")]
    fn add_sub_avx512_inner(out: &mut [i16], from: &[i16], add: &[i16], sub: &[i16]) {
        super::add_sub(out, from, add, sub);
    }
    #[target_feature(enable = "avx2")]
    fn screlu_dot_avx2_inner(acc: &[i16], w: &[i16], qa: i16) -> i64 {
        super::screlu_dot(acc, w, qa)
    }
    #[target_feature(enable = "avx512f,avx512bw")]
    fn add_avx512_inner(acc: &mut [i16], w: &[i16]) {
        super::add(acc, w);
    }
    #[target_feature(enable = "avx512f,avx512bw")]
    fn sub_avx512_inner(acc: &mut [i16], w: &[i16]) {
        super::sub(acc, w);
    }
    #[target_feature(enable = "avx512f,avx512bw")]
    fn screlu_dot_avx512_inner(acc: &[i16], w: &[i16], qa: i16) -> i64 {
        super::screlu_dot(acc, w, qa)
    }

    pub(super) fn add_avx2(acc: &mut [i16], w: &[i16]) {
        // SAFETY: called only when the CPU has AVX2 (checked by the caller).
        unsafe { add_avx2_inner(acc, w) }
    }
    pub(super) fn sub_avx2(acc: &mut [i16], w: &[i16]) {
        // SAFETY: as above.
        unsafe { sub_avx2_inner(acc, w) }
    }
    pub(super) fn add_sub_avx2(out: &mut [i16], from: &[i16], add: &[i16], sub: &[i16]) {
        // SAFETY: as above.
        unsafe { add_sub_avx2_inner(out, from, add, sub) }
    }
    pub(super) fn screlu_dot_avx2(acc: &[i16], w: &[i16], qa: i16) -> i64 {
        // SAFETY: as above.
        unsafe { screlu_dot_avx2_inner(acc, w, qa) }
    }
    pub(super) fn add_avx512(acc: &mut [i16], w: &[i16]) {
        // SAFETY: called only when the CPU has AVX-512 F and BW (checked by
        // the caller).
        unsafe { add_avx512_inner(acc, w) }
    }
    pub(super) fn sub_avx512(acc: &mut [i16], w: &[i16]) {
        // SAFETY: as above.
        unsafe { sub_avx512_inner(acc, w) }
    }
    pub(super) fn add_sub_avx512(out: &mut [i16], from: &[i16], add: &[i16], sub: &[i16]) {
        // SAFETY: as above.
        unsafe { add_sub_avx512_inner(out, from, add, sub) }
    }
    pub(super) fn screlu_dot_avx512(acc: &[i16], w: &[i16], qa: i16) -> i64 {
        // SAFETY: as above.
        unsafe { screlu_dot_avx512_inner(acc, w, qa) }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::Rng;

    #[test]
    fn every_kernel_gives_the_portable_result() {
        let kernels = Kernel::available();
        let mut rng = Rng::new(17);
        for len in [1, 7, 16, 64, 128, 129, 512, 1000] {
            let acc: Vec<i16> = (0..len).map(|_| rng.next_u64() as i16 / 64).collect();
            let w: Vec<i16> = (0..len).map(|_| (rng.below(255) as i16) - 127).collect();
            let want_dot = screlu_dot(&acc, &w, 255);
            // Against a plain 64-bit sum.
            let plain: i64 = acc
                .iter()
                .zip(&w)
                .map(|(&a, &w)| {
                    let c = i64::from(a.clamp(0, 255));
                    c * c * i64::from(w)
                })
                .sum();
            assert_eq!(want_dot, plain, "{len}");
            for &k in &kernels {
                assert_eq!(k.screlu_dot(&acc, &w, 255), want_dot, "{k:?} {len}");
                let (mut a1, mut a2) = (acc.clone(), acc.clone());
                add(&mut a1, &w);
                k.add(&mut a2, &w);
                assert_eq!(a1, a2, "{k:?} add {len}");
                sub(&mut a1, &acc);
                k.sub(&mut a2, &acc);
                assert_eq!(a1, a2, "{k:?} sub {len}");
                // The fused pass is an add and a sub, written over what
                // `out` held, wrapping at the edges of i16.
                let edges: Vec<i16> = (0..len)
                    .map(|i| {
                        if i % 2 == 0 {
                            i16::MAX - 5
                        } else {
                            i16::MIN + 5
                        }
                    })
                    .collect();
                for from in [&a1, &edges] {
                    let mut fused = vec![-7; len];
                    k.add_sub(&mut fused, from, &w, &acc);
                    let mut want = from.clone();
                    add(&mut want, &w);
                    sub(&mut want, &acc);
                    assert_eq!(fused, want, "{k:?} add_sub {len}");
                }
            }
        }
        assert!(kernels.contains(&Kernel::best()));
    }
}
