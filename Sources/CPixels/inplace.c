#include "CPixels.h"

/* Drawing in place on a display's rows: the soft shadow's blend as a multiply, a rectangle
   dimmed (shade.h is the compositor's floor(x*s/255)).

   A black source of alpha a blended over a pixel by SDL's ARGB8888 blitter leaves each colour
   channel c as (c * (255 - a)) >> 8 (a = 0 leaves the pixel, a = 255 makes it black): these
   functions apply a multiplier m = 255 - a (256 for a = 0) to each channel in place,
   (c * m) >> 8, alpha kept. c * m fits 16 bits, so eight pixels a step are two 16-bit low-half
   multiplies with AVX2. */

static inline uint32_t shade_one(uint32_t p, uint32_t m) {
  uint32_t b = ((p & 0xFF) * m) >> 8;
  uint32_t g = (((p >> 8) & 0xFF) * m) >> 8;
  uint32_t r = (((p >> 16) & 0xFF) * m) >> 8;
  return (p & 0xFF000000u) | r << 16 | g << 8 | b;
}

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>

/* Eight pixels with their eight multipliers (each repeated in both 16-bit lanes of its pixel). */
__attribute__((target("avx2"))) static inline __m256i shade8(__m256i a, __m256i m) {
  const __m256i low = _mm256_set1_epi16(0x00FF);
  const __m256i green = _mm256_set1_epi32(0x0000FF00);
  const __m256i alpha = _mm256_set1_epi32((int)0xFF000000u);
  __m256i rb = _mm256_srli_epi16(_mm256_mullo_epi16(_mm256_and_si256(a, low), m), 8);
  __m256i g = _mm256_and_si256(_mm256_mullo_epi16(_mm256_srli_epi16(a, 8), m), green);
  return _mm256_or_si256(_mm256_or_si256(rb, g), _mm256_and_si256(a, alpha));
}

__attribute__((target("avx2"))) static size_t shade_mask_avx2(uint32_t *p, const uint16_t *mask,
                                                               size_t count) {
  size_t i = 0;
  for (; i + 8 <= count; i += 8) {
    __m256i m = _mm256_cvtepu16_epi32(_mm_loadu_si128((const __m128i *)(mask + i)));
    m = _mm256_or_si256(m, _mm256_slli_epi32(m, 16));
    __m256i a = _mm256_loadu_si256((const __m256i *)(p + i));
    _mm256_storeu_si256((__m256i *)(p + i), shade8(a, m));
  }
  return i;
}

__attribute__((target("avx2"))) static size_t shade_const_avx2(uint32_t *p, uint16_t multiplier,
                                                                size_t count) {
  const __m256i m = _mm256_set1_epi16((short)multiplier);
  size_t i = 0;
  for (; i + 8 <= count; i += 8) {
    __m256i a = _mm256_loadu_si256((const __m256i *)(p + i));
    _mm256_storeu_si256((__m256i *)(p + i), shade8(a, m));
  }
  return i;
}
#endif

void detent_shade_pixels(uint32_t *pixels, const uint16_t *multipliers, size_t count) {
  size_t i = 0;
#if defined(__x86_64__) || defined(__i386__)
  if (__builtin_cpu_supports("avx2")) i = shade_mask_avx2(pixels, multipliers, count);
#endif
  for (; i < count; i++) pixels[i] = shade_one(pixels[i], multipliers[i]);
}

void detent_shade_run(uint32_t *pixels, uint16_t multiplier, size_t count) {
  if (multiplier >= 256) return;
  size_t i = 0;
#if defined(__x86_64__) || defined(__i386__)
  if (__builtin_cpu_supports("avx2")) i = shade_const_avx2(pixels, multiplier, count);
#endif
  for (; i < count; i++) pixels[i] = shade_one(pixels[i], multiplier);
}

void detent_shade_rect(uint32_t *pixels, size_t pitch, size_t width, size_t height,
                       const uint16_t *mask, size_t mask_pitch) {
#if defined(__x86_64__) || defined(__i386__)
  /* Rows a display's pitch apart are a page or more apart: the hardware does not fetch them
     ahead, and a display just written past the cache is in memory. Ask for rows ahead. */
  enum { AHEAD = 16 };
  for (size_t row = 0; row < height && row < AHEAD; row++) {
    _mm_prefetch((const char *)(pixels + row * pitch), _MM_HINT_T0);
    _mm_prefetch((const char *)(pixels + row * pitch + width - 1), _MM_HINT_T0);
  }
#endif
  for (size_t row = 0; row < height; row++) {
#if defined(__x86_64__) || defined(__i386__)
    if (row + AHEAD < height) {
      const uint32_t *ahead = pixels + (row + AHEAD) * pitch;
      _mm_prefetch((const char *)ahead, _MM_HINT_T0);
      _mm_prefetch((const char *)(ahead + width - 1), _MM_HINT_T0);
    }
#endif
    detent_shade_pixels(pixels + row * pitch, mask + row * mask_pitch, width);
  }
}

void detent_dim_rect(uint32_t *pixels, size_t pitch, size_t width, size_t height, uint8_t shade) {
  if (shade == 255) return;
  for (size_t row = 0; row < height; row++) {
#if defined(__x86_64__) || defined(__i386__)
    /* As detent_shade_rect: each row is a page of its own, so the rows ahead are asked for,
       every line of them. */
    enum { AHEAD = 8 };
    if (row + AHEAD < height) {
      const char *ahead = (const char *)(pixels + (row + AHEAD) * pitch);
      for (size_t byte = 0; byte < width * 4; byte += 64) _mm_prefetch(ahead + byte, _MM_HINT_T0);
      _mm_prefetch(ahead + width * 4 - 1, _MM_HINT_T0);
    }
#endif
    detent_dim_pixels(pixels + row * pitch, pixels + row * pitch, width, shade);
  }
}
