// The Cb and Cr planes' row loops in AVX2: the colour differences of pixel pairs, and the
// vertical filter.
#include "yuv_kernels.h"

#if defined(__x86_64__)
#include <immintrin.h>

// Four pixel pairs from eight pixels: (R, B) and (G, A) as 16-bit fields, each pair's two
// pixels added in the low 32 bits of its 64-bit lane (sums <= 510), duplicated into both
// halves, so that one multiply-add per field gives Cb's terms in the low half and Cr's in
// the high half (A's weight is 0). The result's 64-bit lanes are (cb, cr) of pairs 0 ... 3.
__attribute__((target("avx2"))) static inline __m256i pairs4(const uint8_t *p, __m256i wrb, __m256i wg) {
  const __m256i v = _mm256_loadu_si256((const __m256i *)p);
  const __m256i m = _mm256_set1_epi32(0x00FF00FF);
  const __m256i rb = _mm256_and_si256(v, m), ga = _mm256_and_si256(_mm256_srli_epi32(v, 8), m);
  const __m256i rbs = _mm256_add_epi32(rb, _mm256_srli_epi64(rb, 32));
  const __m256i gas = _mm256_add_epi32(ga, _mm256_srli_epi64(ga, 32));
  const __m256i rbd = _mm256_shuffle_epi32(rbs, _MM_SHUFFLE(2, 2, 0, 0));
  const __m256i gad = _mm256_shuffle_epi32(gas, _MM_SHUFFLE(2, 2, 0, 0));
  return _mm256_add_epi32(_mm256_madd_epi16(rbd, wrb), _mm256_madd_epi16(gad, wg));
}

static inline uint32_t fields(int32_t low, int32_t high) { return (uint32_t)(uint16_t)low | (uint32_t)(uint16_t)high << 16; }

__attribute__((target("avx2")))
void yk_chroma_differences_avx2(const uint8_t *rgba, size_t w, size_t cw, const int32_t cbw[3], const int32_t crw[3],
                                int32_t *cb, int32_t *cr) {
  const __m256i wrb = _mm256_set1_epi64x((int64_t)((uint64_t)fields(crw[0], crw[2]) << 32 | fields(cbw[0], cbw[2])));
  const __m256i wg = _mm256_set1_epi64x((int64_t)((uint64_t)fields(crw[1], 0) << 32 | fields(cbw[1], 0)));
  size_t x = 0;
  for (; 2 * x + 16 <= w; x += 8) {
    const uint8_t *p = rgba + 8 * x;
    const __m256 lo = _mm256_castsi256_ps(pairs4(p, wrb, wg)), hi = _mm256_castsi256_ps(pairs4(p + 32, wrb, wg));
    // Even dwords are Cb, odd ones Cr; shuffle_ps gathers them per 128-bit half (pairs
    // 0 1 4 5 | 2 3 6 7), and the 64-bit permute puts them in order.
    const __m256i b = _mm256_castps_si256(_mm256_shuffle_ps(lo, hi, _MM_SHUFFLE(2, 0, 2, 0)));
    const __m256i r = _mm256_castps_si256(_mm256_shuffle_ps(lo, hi, _MM_SHUFFLE(3, 1, 3, 1)));
    _mm256_storeu_si256((__m256i *)(cb + x), _mm256_permute4x64_epi64(b, _MM_SHUFFLE(3, 1, 2, 0)));
    _mm256_storeu_si256((__m256i *)(cr + x), _mm256_permute4x64_epi64(r, _MM_SHUFFLE(3, 1, 2, 0)));
  }
  for (; x < cw; x++) {
    const uint8_t *p = rgba + 8 * x;
    int32_t sr = p[0], sg = p[1], sb = p[2];
    if (2 * x + 1 < w) { sr += p[4]; sg += p[5]; sb += p[6]; }
    cb[x] = cbw[0] * sr + cbw[1] * sg + cbw[2] * sb;
    cr[x] = crw[0] * sr + crw[1] * sg + crw[2] * sb;
  }
}

// The eight ring rows of one plane, in registers while a row is filtered.
typedef struct { const int32_t *r[8]; } yk_rows;

// Eight samples of one plane, in 32-bit lanes: 128 + ⌊(Σ t·d + half) / 2^shift⌋, the sum taken
// in 64-bit lanes (even samples, then odd ones), each result the low 32 bits of the shifted
// 64-bit sum (exact, as it is small).
__attribute__((target("avx2"))) static inline __m256i filter8(yk_rows rows, size_t x, __m256i t0, __m256i t1, __m256i t2,
                                                               __m256i t3, __m256i half, __m128i shift, __m128i back) {
#define YK_PAIR(k) _mm256_add_epi32(_mm256_loadu_si256((const __m256i *)(rows.r[k] + x)), \
                                    _mm256_loadu_si256((const __m256i *)(rows.r[7 - k] + x)))
  const __m256i d0 = YK_PAIR(0), d1 = YK_PAIR(1), d2 = YK_PAIR(2), d3 = YK_PAIR(3);
#undef YK_PAIR
  const __m256i even = _mm256_add_epi64(
      _mm256_add_epi64(_mm256_add_epi64(half, _mm256_mul_epi32(d0, t0)), _mm256_mul_epi32(d1, t1)),
      _mm256_add_epi64(_mm256_mul_epi32(d2, t2), _mm256_mul_epi32(d3, t3)));
  const __m256i odd = _mm256_add_epi64(
      _mm256_add_epi64(_mm256_add_epi64(half, _mm256_mul_epi32(_mm256_srli_epi64(d0, 32), t0)),
                       _mm256_mul_epi32(_mm256_srli_epi64(d1, 32), t1)),
      _mm256_add_epi64(_mm256_mul_epi32(_mm256_srli_epi64(d2, 32), t2), _mm256_mul_epi32(_mm256_srli_epi64(d3, 32), t3)));
  const __m256i v = _mm256_blend_epi32(_mm256_srl_epi64(even, shift), _mm256_sll_epi64(odd, back), 0xAA);
  return _mm256_add_epi32(v, _mm256_set1_epi32(128));
}

// One plane's output row.
__attribute__((target("avx2"))) static void filter_plane(const int32_t *const ring[8], const int32_t taps[4], int shift,
                                                          size_t cw, uint8_t *out) {
  yk_rows rows;
  for (int k = 0; k < 8; k++) rows.r[k] = ring[k];
  const __m256i t0 = _mm256_set1_epi32(taps[0]), t1 = _mm256_set1_epi32(taps[1]);
  const __m256i t2 = _mm256_set1_epi32(taps[2]), t3 = _mm256_set1_epi32(taps[3]);
  const __m256i half = _mm256_set1_epi64x((int64_t)1 << (shift - 1));
  const __m128i s = _mm_cvtsi32_si128(shift), back = _mm_cvtsi32_si128(32 - shift);
  // packs (to 16 bits, the values are small) then packus (clamps to 0...255) work per 128-bit
  // half: dwords come out as a0 b0 c0 d0 a1 b1 c1 d1.
  const __m256i order = _mm256_setr_epi32(0, 4, 1, 5, 2, 6, 3, 7);
  size_t x = 0;
  for (; x + 32 <= cw; x += 32) {
    const __m256i a = filter8(rows, x, t0, t1, t2, t3, half, s, back), b = filter8(rows, x + 8, t0, t1, t2, t3, half, s, back);
    const __m256i c = filter8(rows, x + 16, t0, t1, t2, t3, half, s, back), d = filter8(rows, x + 24, t0, t1, t2, t3, half, s, back);
    const __m256i bytes = _mm256_packus_epi16(_mm256_packs_epi32(a, b), _mm256_packs_epi32(c, d));
    _mm256_storeu_si256((__m256i *)(out + x), _mm256_permutevar8x32_epi32(bytes, order));
  }
  for (; x + 8 <= cw; x += 8) {
    const __m256i a = filter8(rows, x, t0, t1, t2, t3, half, s, back);
    const __m256i w16 = _mm256_packs_epi32(a, a);
    const __m256i bytes = _mm256_permutevar8x32_epi32(_mm256_packus_epi16(w16, w16), order);
    _mm_storel_epi64((__m128i *)(out + x), _mm256_castsi256_si128(bytes));
  }
  for (; x < cw; x++) {
    int64_t v = (int64_t)1 << (shift - 1);
    for (int k = 0; k < 8; k++) v += (int64_t)taps[k < 4 ? k : 7 - k] * rows.r[k][x];
    v = 128 + (v >> shift);
    out[x] = (uint8_t)(v < 0 ? 0 : v > 255 ? 255 : v);
  }
}

__attribute__((target("avx2")))
void yk_chroma_filter_avx2(const int32_t *const cbRows[8], const int32_t *const crRows[8], const int32_t taps[4],
                           int shift, size_t cw, uint8_t *cb, uint8_t *cr) {
  filter_plane(cbRows, taps, shift, cw, cb);
  filter_plane(crRows, taps, shift, cw, cr);
}
#endif
