#include "CPixels.h"

#include <string.h>

#include "shade.h"

/* Rows of a kept view copied onto the screen, multiplied by a shade on the way: the view held
   still, or dimmed again, in one pass. Rows are written in whole 64-byte lines with
   non-temporal stores when asked (the head and tail a line cuts plainly, never the same line
   both ways). */

#if defined(__x86_64__) || defined(__i386__)
__attribute__((target("avx2"))) static void row_stream(const uint32_t *src, uint32_t *dst, int width,
                                                       uint32_t multiplier) {
  const __m256i m = _mm256_set1_epi16((short)multiplier);
  int x = 0;
  const int skew = (int)(((uintptr_t)dst >> 2) & 15);
  const int head = (16 - skew) & 15;
  for (; x < width && x < head; x++) dst[x] = multiplier ? dim_one(src[x], multiplier) : src[x];
  for (; x + 16 <= width; x += 16) {
    __m256i a = _mm256_loadu_si256((const __m256i *)(src + x));
    __m256i b = _mm256_loadu_si256((const __m256i *)(src + x + 8));
    if (multiplier) {
      a = dim8(a, m);
      b = dim8(b, m);
    }
    _mm256_stream_si256((__m256i *)(dst + x), a);
    _mm256_stream_si256((__m256i *)(dst + x + 8), b);
  }
  for (; x < width; x++) dst[x] = multiplier ? dim_one(src[x], multiplier) : src[x];
}
#endif

void detent_shade_rows(const uint32_t *src, size_t src_pitch, uint32_t *dst, size_t dst_pitch, int width,
                       int rows, uint8_t shade, int stream) {
  if (width <= 0 || rows <= 0) return;
#if defined(__x86_64__) || defined(__i386__)
  if (stream && __builtin_cpu_supports("avx2")) {
    const uint32_t multiplier = multiplier_of(shade);
    for (int r = 0; r < rows; r++) {
      row_stream((const uint32_t *)((const char *)src + (size_t)r * src_pitch),
                 (uint32_t *)((char *)dst + (size_t)r * dst_pitch), width, multiplier);
    }
    _mm_sfence();
    return;
  }
#else
  (void)stream;
#endif
  for (int r = 0; r < rows; r++) {
    const uint32_t *s = (const uint32_t *)((const char *)src + (size_t)r * src_pitch);
    uint32_t *d = (uint32_t *)((char *)dst + (size_t)r * dst_pitch);
    if (shade == 255) {
      memcpy(d, s, (size_t)width * 4);
    } else {
      detent_dim_pixels(s, d, (size_t)width, shade);
    }
  }
}
