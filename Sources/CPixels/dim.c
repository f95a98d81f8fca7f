#include "CPixels.h"

/* floor(x*s/255) == floor(x*(257*s + 1)/65536) for x, s in 0...255 with s < 255: one 16-bit
   high-half multiply per channel (pmulhuw). Pixels are read as 16-bit lanes (little-endian:
   GB, AR): the low bytes are blue and red, the high bytes green and alpha. */

#include "shade.h"

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>

/* Rows of a whole window (1,024 pixels and more) are written with non-temporal stores, the
   source prefetched, as SDL's own surface copy does: the destination is not read into the cache
   first. Shorter runs (a tile's 256 pixels, composed and then drawn over by pins and names) stay
   in the cache: streamed, a moving frame took twice as long. */
enum { STREAM_FROM = 1024 };

__attribute__((target("avx2"))) static size_t dim_avx2(
    const uint32_t *src, uint32_t *dst, size_t count, uint16_t multiplier) {
  const __m256i m = _mm256_set1_epi16((short)multiplier);
  size_t i = 0;
  if (count >= STREAM_FROM) {
    for (; ((uintptr_t)(dst + i) & 31) != 0; i++) dst[i] = dim_one(src[i], multiplier);
    for (; i + 8 <= count; i += 8) {
      _mm_prefetch((const char *)(src + i + 64), _MM_HINT_NTA);
      _mm256_stream_si256((__m256i *)(dst + i), dim8(_mm256_loadu_si256((const __m256i *)(src + i)), m));
    }
    _mm_sfence();
    return i;
  }
  for (; i + 16 <= count; i += 16) {
    __m256i a = _mm256_loadu_si256((const __m256i *)(src + i));
    __m256i b = _mm256_loadu_si256((const __m256i *)(src + i + 8));
    _mm256_storeu_si256((__m256i *)(dst + i), dim8(a, m));
    _mm256_storeu_si256((__m256i *)(dst + i + 8), dim8(b, m));
  }
  for (; i + 8 <= count; i += 8) {
    _mm256_storeu_si256((__m256i *)(dst + i), dim8(_mm256_loadu_si256((const __m256i *)(src + i)), m));
  }
  return i;
}

static size_t dim_sse2(const uint32_t *src, uint32_t *dst, size_t count, uint16_t multiplier) {
  const __m128i m = _mm_set1_epi16((short)multiplier);
  const __m128i low = _mm_set1_epi16(0x00FF);
  const __m128i opaque = _mm_set1_epi32((int)0xFF000000u);
  size_t i = 0;
  for (; i + 4 <= count; i += 4) {
    __m128i a = _mm_loadu_si128((const __m128i *)(src + i));
    __m128i rb = _mm_mulhi_epu16(_mm_and_si128(a, low), m);
    __m128i ga = _mm_mulhi_epu16(_mm_srli_epi16(a, 8), m);
    _mm_storeu_si128((__m128i *)(dst + i), _mm_or_si128(_mm_or_si128(rb, _mm_slli_epi16(ga, 8)), opaque));
  }
  return i;
}
#endif

void detent_dim_pixels(const uint32_t *src, uint32_t *dst, size_t count, uint8_t shade) {
  size_t i = 0;
  if (shade == 255) {
    for (; i < count; i++) dst[i] = src[i] | 0xFF000000u;
    return;
  }
  uint16_t multiplier = (uint16_t)(257u * shade + 1u);
#if defined(__x86_64__) || defined(__i386__)
  if (__builtin_cpu_supports("avx2")) {
    i = dim_avx2(src, dst, count, multiplier);
  } else {
    i = dim_sse2(src, dst, count, multiplier);
  }
#endif
  for (; i < count; i++) dst[i] = dim_one(src[i], multiplier);
}
