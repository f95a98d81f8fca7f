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
  detent_shade_rows_around(src, src_pitch, dst, dst_pitch, width, rows, width, width, shade, stream);
}

/* Pixels `from..<to` of a row, multiplied (or copied) through the cache. */
static void span_cached(const uint32_t *s, uint32_t *d, int from, int to, uint8_t shade) {
  if (from >= to) return;
  if (shade == 255) {
    memcpy(d + from, s + from, (size_t)(to - from) * 4);
  } else {
    detent_dim_pixels(s + from, d + from, (size_t)(to - from), shade);
  }
}

void detent_shade_rows_around(const uint32_t *src, size_t src_pitch, uint32_t *dst, size_t dst_pitch, int width,
                              int rows, int hole_from, int hole_to, uint8_t shade, int stream) {
  if (width <= 0 || rows <= 0) return;
  if (hole_from < 0) hole_from = 0;
  if (hole_to > width) hole_to = width;
  if (hole_to <= hole_from) hole_from = hole_to = width;
#if defined(__x86_64__) || defined(__i386__)
  if (stream && __builtin_cpu_supports("avx2")) {
    const uint32_t multiplier = multiplier_of(shade);
    for (int r = 0; r < rows; r++) {
      const uint32_t *s = (const uint32_t *)((const char *)src + (size_t)r * src_pitch);
      uint32_t *d = (uint32_t *)((char *)dst + (size_t)r * dst_pitch);
      row_stream(s, d, hole_from, multiplier);
      /* The hole's source read too, a word a line, unwritten: with the rows read in one run
         the hardware's prefetch keeps up (at 3840×2160, 33 MB from memory, a row read with a
         gap in it took a still frame's copy from 1.4 to 2.2 ms in a C harness; read through,
         1.4 again, the writes left out). */
      for (int x = hole_from; x < hole_to; x += 16) (void)*(volatile const uint32_t *)(s + x);
      if (hole_from < hole_to) (void)*(volatile const uint32_t *)(s + hole_to - 1);
      row_stream(s + hole_to, d + hole_to, width - hole_to, multiplier);
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
    span_cached(s, d, 0, hole_from, shade);
    span_cached(s, d, hole_to, width, shade);
  }
}
