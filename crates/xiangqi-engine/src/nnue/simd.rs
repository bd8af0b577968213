//! The network's two kernels, with an AVX2 path chosen at run time and a plain one that gives
//! the same numbers: 16-bit adds wrap in both, and the output's 32-bit sums wrap in both
//! (addition modulo 2³² does not depend on the order).
#![allow(unsafe_code)]

#[cfg(target_arch = "x86_64")]
use super::HIDDEN;
use super::{QA, Row};

/// Whether the AVX2 path is used (the processor has it, checked once).
#[must_use]
#[cfg_attr(not(target_arch = "x86_64"), allow(dead_code, reason = "x86-64 only"))]
pub fn avx2() -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        std::arch::is_x86_feature_detected!("avx2")
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        false
    }
}

/// `acc += Σ add − Σ sub`, wrapping in 16 bits.
#[inline]
pub fn update(acc: &mut Row, add: &[&Row], sub: &[&Row]) {
    #[cfg(target_arch = "x86_64")]
    if avx2() {
        // SAFETY: the processor has AVX2 (checked just above).
        unsafe { update_avx2(acc, add, sub) };
        return;
    }
    update_plain(acc, add, sub);
}

/// `Σ v · (v · w)` over `v = clamp(acc, 0, QA)`, `v · w` in 16 bits, the sum wrapping in 32.
#[inline]
#[must_use]
pub fn screlu_dot(acc: &Row, w: &Row) -> i32 {
    #[cfg(target_arch = "x86_64")]
    if avx2() {
        // SAFETY: the processor has AVX2 (checked just above).
        return unsafe { screlu_dot_avx2(acc, w) };
    }
    screlu_dot_plain(acc, w)
}

/// [`update`] without vectors.
pub fn update_plain(acc: &mut Row, add: &[&Row], sub: &[&Row]) {
    for r in add {
        for (a, b) in acc.0.iter_mut().zip(r.0) {
            *a = a.wrapping_add(b);
        }
    }
    for r in sub {
        for (a, b) in acc.0.iter_mut().zip(r.0) {
            *a = a.wrapping_sub(b);
        }
    }
}

/// [`screlu_dot`] without vectors.
#[must_use]
pub fn screlu_dot_plain(acc: &Row, w: &Row) -> i32 {
    let mut sum = 0i32;
    for (&a, &b) in acc.0.iter().zip(&w.0) {
        let v = a.clamp(0, QA as i16);
        let vw = v.wrapping_mul(b);
        sum = sum.wrapping_add(i32::from(v) * i32::from(vw));
    }
    sum
}

/// The squared clipped activation of each of `acc`'s values on [`QA`]'s scale:
/// `clamp(v, 0, QA)² / QA`, rounded (the second layer's inputs).
#[must_use]
pub fn squared(acc: &Row) -> Row {
    let mut out = Row::default();
    for (o, &a) in out.0.iter_mut().zip(&acc.0) {
        let v = i32::from(a.clamp(0, QA as i16));
        *o = ((v * v + QA / 2) / QA) as i16;
    }
    out
}

/// `Σ a · b` in 32 bits, wrapping (the products of 16-bit values cannot overflow).
#[inline]
#[must_use]
pub fn dot(a: &Row, b: &Row) -> i32 {
    #[cfg(target_arch = "x86_64")]
    if avx2() {
        // SAFETY: the processor has AVX2 (checked just above).
        return unsafe { dot_avx2(a, b) };
    }
    dot_plain(a, b)
}

/// [`dot`] without vectors.
#[must_use]
pub fn dot_plain(a: &Row, b: &Row) -> i32 {
    a.0.iter().zip(&b.0).fold(0i32, |s, (&x, &y)| {
        s.wrapping_add(i32::from(x) * i32::from(y))
    })
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
unsafe fn update_avx2(acc: &mut Row, add: &[&Row], sub: &[&Row]) {
    use std::arch::x86_64::{
        __m256i, _mm256_add_epi16, _mm256_loadu_si256, _mm256_storeu_si256, _mm256_sub_epi16,
    };
    let dst = acc.0.as_mut_ptr().cast::<__m256i>();
    for i in 0..HIDDEN / 16 {
        // SAFETY: `i < HIDDEN / 16`, so each 16-lane access stays inside its row.
        unsafe {
            let mut v = _mm256_loadu_si256(dst.add(i));
            for r in add {
                v = _mm256_add_epi16(v, _mm256_loadu_si256(r.0.as_ptr().cast::<__m256i>().add(i)));
            }
            for r in sub {
                v = _mm256_sub_epi16(v, _mm256_loadu_si256(r.0.as_ptr().cast::<__m256i>().add(i)));
            }
            _mm256_storeu_si256(dst.add(i), v);
        }
    }
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
unsafe fn screlu_dot_avx2(acc: &Row, w: &Row) -> i32 {
    use std::arch::x86_64::{
        __m256i, _mm256_add_epi32, _mm256_loadu_si256, _mm256_madd_epi16, _mm256_max_epi16,
        _mm256_min_epi16, _mm256_mullo_epi16, _mm256_set1_epi16, _mm256_setzero_si256,
    };
    let zero = _mm256_setzero_si256();
    let top = _mm256_set1_epi16(QA as i16);
    let mut sum = _mm256_setzero_si256();
    let a = acc.0.as_ptr().cast::<__m256i>();
    let b = w.0.as_ptr().cast::<__m256i>();
    for i in 0..HIDDEN / 16 {
        // SAFETY: `i < HIDDEN / 16`, so each 16-lane load stays inside its row.
        let (v, wv) = unsafe { (_mm256_loadu_si256(a.add(i)), _mm256_loadu_si256(b.add(i))) };
        let v = _mm256_min_epi16(_mm256_max_epi16(v, zero), top);
        let vw = _mm256_mullo_epi16(v, wv);
        sum = _mm256_add_epi32(sum, _mm256_madd_epi16(v, vw));
    }
    hsum(sum)
}

/// [`dot`] with AVX2: pairs of 16-bit products summed into 32-bit lanes (a pair wraps only
/// where both are `(-32768)²`, as the plain sum's wrap-around does).
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
unsafe fn dot_avx2(a: &Row, b: &Row) -> i32 {
    use std::arch::x86_64::{
        __m256i, _mm256_add_epi32, _mm256_loadu_si256, _mm256_madd_epi16, _mm256_setzero_si256,
    };
    let mut sum = _mm256_setzero_si256();
    let (pa, pb) = (
        a.0.as_ptr().cast::<__m256i>(),
        b.0.as_ptr().cast::<__m256i>(),
    );
    for i in 0..HIDDEN / 16 {
        // SAFETY: `i < HIDDEN / 16`, so each 16-lane load stays inside its row.
        let (x, y) = unsafe { (_mm256_loadu_si256(pa.add(i)), _mm256_loadu_si256(pb.add(i))) };
        sum = _mm256_add_epi32(sum, _mm256_madd_epi16(x, y));
    }
    hsum(sum)
}

/// The sum of the eight 32-bit lanes, wrapping.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn hsum(sum: std::arch::x86_64::__m256i) -> i32 {
    use std::arch::x86_64::{
        _mm_add_epi32, _mm_cvtsi128_si32, _mm_shuffle_epi32, _mm256_castsi256_si128,
        _mm256_extracti128_si256,
    };
    let half = _mm_add_epi32(
        _mm256_castsi256_si128(sum),
        _mm256_extracti128_si256::<1>(sum),
    );
    let quarter = _mm_add_epi32(half, _mm_shuffle_epi32::<0b01_00_11_10>(half));
    let one = _mm_add_epi32(quarter, _mm_shuffle_epi32::<0b10_11_00_01>(quarter));
    _mm_cvtsi128_si32(one)
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::rngs::StdRng;
    use rand::{Rng, SeedableRng};

    fn random_row(rng: &mut StdRng, span: i16) -> Row {
        let mut r = Row::default();
        for v in &mut r.0 {
            *v = rng.random_range(-span..=span);
        }
        r
    }

    #[test]
    fn the_vector_path_gives_the_plain_numbers() {
        let mut rng = StdRng::seed_from_u64(7);
        for round in 0..200 {
            // Wide values too, so that 16-bit wrap-around is exercised.
            let span = if round % 2 == 0 { 400 } else { i16::MAX };
            let acc = random_row(&mut rng, span);
            let w = random_row(&mut rng, if round % 3 == 0 { 127 } else { i16::MAX });
            assert_eq!(screlu_dot(&acc, &w), screlu_dot_plain(&acc, &w));
            assert_eq!(dot(&acc, &w), dot_plain(&acc, &w));
            let (a, b, c) = (
                random_row(&mut rng, span),
                random_row(&mut rng, span),
                random_row(&mut rng, span),
            );
            let mut fast = acc;
            let mut plain = acc;
            update(&mut fast, &[&a], &[&b, &c]);
            update_plain(&mut plain, &[&a], &[&b, &c]);
            assert_eq!(fast, plain);
        }
        // The test means something only where the vector path runs; say which ran.
        eprintln!("AVX2 path: {}", avx2());
    }
}
