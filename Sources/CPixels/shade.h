#ifndef DETENT_CPIXELS_SHADE_H
#define DETENT_CPIXELS_SHADE_H

/* The multiplication shared by Dimmer (dim.c) and the compositor's kernels: for s < 255,
   floor(x*s/255) == floor(x*(257*s + 1)/65536), one 16-bit high-half multiply per channel. */

#include <stdint.h>

/* dim.c's multiplier for `shade`, 0 marking a plain copy (255). */
static inline uint32_t multiplier_of(uint8_t shade) { return shade == 255 ? 0 : 257u * shade + 1u; }

static inline uint32_t dim_one(uint32_t p, uint32_t m) {
  uint32_t b = ((p & 0xFF) * m) >> 16;
  uint32_t g = (((p >> 8) & 0xFF) * m) >> 16;
  uint32_t r = (((p >> 16) & 0xFF) * m) >> 16;
  return 0xFF000000u | r << 16 | g << 8 | b;
}

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>

__attribute__((target("avx2"))) static inline __m256i dim8(__m256i a, __m256i m) {
  const __m256i low = _mm256_set1_epi16(0x00FF);
  const __m256i opaque = _mm256_set1_epi32((int)0xFF000000u);
  __m256i rb = _mm256_mulhi_epu16(_mm256_and_si256(a, low), m);
  __m256i ga = _mm256_mulhi_epu16(_mm256_srli_epi16(a, 8), m);
  return _mm256_or_si256(_mm256_or_si256(rb, _mm256_slli_epi16(ga, 8)), opaque);
}

#endif

#endif
