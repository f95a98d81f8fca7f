#include "CPixels.h"

/* The map's overlay (text, pins, the location dot) blended on the CPU straight into the display's
   surface, with exactly the pixels SDL 2's software renderer writes for an unscaled copy of a
   blended ARGB8888 texture onto ARGB8888 (measured exhaustively against SDL 2.26.5: every
   source colour and alpha, destination and modulation).

   Unmodulated (SDL_blit_A.c's per-pixel alpha blitter), with a the source's alpha: a = 0 leaves
   the destination, a = 255 copies the source pixel whole, else each colour channel is
   ((s·a) >> 8) + ((d·(255 − a)) >> 8) and the alpha ((a·255) >> 8) + ((d_a·(255 − a)) >> 8).

   Colour- or alpha-modulated (SDL_blit_auto.c's Modulate_Blend blitters), in exact /255 steps:
   a = a·alpha/255 (alpha < 255); each colour channel s = s·color/255 (color < 255), then
   s = s·a/255 when a < 255, and d = s + (255 − a)·d/255; the alpha a + (255 − a)·d_a/255. */

static inline uint32_t blend_one(uint32_t s, uint32_t d) {
  const uint32_t a = s >> 24;
  if (a == 0) return d;
  if (a == 255) return s;
  const uint32_t ia = 255 - a;
  uint32_t out = (((255 * a) >> 8) + (((d >> 24) * ia) >> 8)) << 24;
  for (int shift = 0; shift < 24; shift += 8) {
    const uint32_t sc = (s >> shift) & 0xFF, dc = (d >> shift) & 0xFF;
    out |= (((sc * a) >> 8) + ((dc * ia) >> 8)) << shift;
  }
  return out;
}

static inline uint32_t blend_modulated(uint32_t s, uint32_t d, uint32_t color, uint32_t alpha) {
  uint32_t a = s >> 24;
  if (alpha != 255) a = a * alpha / 255;
  const uint32_t ia = 255 - a;
  uint32_t out = (a + ia * (d >> 24) / 255) << 24;
  for (int shift = 0; shift < 24; shift += 8) {
    uint32_t sc = (s >> shift) & 0xFF;
    const uint32_t dc = (d >> shift) & 0xFF;
    if (color != 255) sc = sc * color / 255;
    if (a < 255) sc = sc * a / 255;
    out |= (sc + ia * dc / 255) << shift;
  }
  return out;
}

uint32_t detent_blend_pixel(uint32_t src, uint32_t dst, uint8_t color, uint8_t alpha) {
  return color == 255 && alpha == 255 ? blend_one(src, dst) : blend_modulated(src, dst, color, alpha);
}

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>

/* Eight pixels split into 16-bit lanes: blue and red (`rb`), green and alpha (`ga`) with the
   source's alpha lane set to 255 (so that one formula gives the alpha), and the source's alpha
   in both lanes of each pixel (`a16`). */
typedef struct {
  __m256i a32, a16, s_rb, s_ga, d_rb, d_ga;
} lanes8;

__attribute__((target("avx2"))) static inline lanes8 split8(__m256i s, __m256i d) {
  const __m256i low = _mm256_set1_epi32(0x00FF00FF);
  lanes8 l;
  l.a32 = _mm256_srli_epi32(s, 24);
  l.a16 = _mm256_or_si256(l.a32, _mm256_slli_epi32(l.a32, 16));
  l.s_rb = _mm256_and_si256(s, low);
  l.s_ga = _mm256_or_si256(_mm256_and_si256(_mm256_srli_epi32(s, 8), _mm256_set1_epi32(0xFF)),
                           _mm256_set1_epi32(0x00FF0000));
  l.d_rb = _mm256_and_si256(d, low);
  l.d_ga = _mm256_and_si256(_mm256_srli_epi32(d, 8), low);
  return l;
}

/* Eight pixels of the unmodulated blend. */
__attribute__((target("avx2"))) static inline __m256i blend8(__m256i s, __m256i d) {
  const lanes8 l = split8(s, d);
  const __m256i ia16 = _mm256_sub_epi16(_mm256_set1_epi32(0x00FF00FF), l.a16);
  const __m256i rb = _mm256_add_epi16(_mm256_srli_epi16(_mm256_mullo_epi16(l.s_rb, l.a16), 8),
                                      _mm256_srli_epi16(_mm256_mullo_epi16(l.d_rb, ia16), 8));
  const __m256i ga = _mm256_add_epi16(_mm256_srli_epi16(_mm256_mullo_epi16(l.s_ga, l.a16), 8),
                                      _mm256_srli_epi16(_mm256_mullo_epi16(l.d_ga, ia16), 8));
  __m256i out = _mm256_or_si256(rb, _mm256_slli_epi16(ga, 8));
  out = _mm256_blendv_epi8(out, d, _mm256_cmpeq_epi32(l.a32, _mm256_setzero_si256()));
  return _mm256_blendv_epi8(out, s, _mm256_cmpeq_epi32(l.a32, _mm256_set1_epi32(255)));
}

/* Asks for the cache lines of `width` pixels at `row`. */
static inline void prefetch_row(const uint32_t *row, int width) {
  const char *p = (const char *)row;
  const char *end = (const char *)(row + width - 1);
  for (; p <= end; p += 64) _mm_prefetch(p, _MM_HINT_T0);
  _mm_prefetch(end, _MM_HINT_T0);
}

/* x / 255 rounded down for 16-bit lanes holding 0..65279 (exact over that range). */
__attribute__((target("avx2"))) static inline __m256i div255(__m256i x) {
  return _mm256_srli_epi16(_mm256_add_epi16(_mm256_add_epi16(x, _mm256_srli_epi16(x, 8)), _mm256_set1_epi16(1)), 8);
}

/* Eight pixels of the modulated blend, in the same lanes as blend8: the alpha lane's source
   taken as 255 and left unmodulated, so that one formula gives it (a + (255 − a)·d_a/255). A
   colour or alpha of 255 leaves its step exact (x·255/255 = x), so every step is taken. */
__attribute__((target("avx2"))) static inline __m256i blend8_modulated(__m256i s, __m256i d, __m256i color_rb,
                                                                      __m256i color_ga, __m256i alpha16) {
  const lanes8 l = split8(s, d);
  const __m256i a16 = div255(_mm256_mullo_epi16(l.a16, alpha16));
  const __m256i ia16 = _mm256_sub_epi16(_mm256_set1_epi32(0x00FF00FF), a16);
  const __m256i rb = _mm256_add_epi16(div255(_mm256_mullo_epi16(div255(_mm256_mullo_epi16(l.s_rb, color_rb)), a16)),
                                      div255(_mm256_mullo_epi16(l.d_rb, ia16)));
  const __m256i ga = _mm256_add_epi16(div255(_mm256_mullo_epi16(div255(_mm256_mullo_epi16(l.s_ga, color_ga)), a16)),
                                      div255(_mm256_mullo_epi16(l.d_ga, ia16)));
  return _mm256_or_si256(rb, _mm256_slli_epi16(ga, 8));
}

/* Blends rows, eight pixels a step: unmodulated (`modulated` 0) or modulated by `color` and
   `alpha`. The display's rows were just written past the cache and lie a page or more apart: each
   row's lines are asked for `ahead` rows before they are blended, so that the misses overlap. */
__attribute__((target("avx2"))) static void blend_rows_avx2(const uint32_t *src, size_t src_pitch, uint32_t *dst,
                                                            size_t dst_pitch, int width, int height, int modulated,
                                                            uint8_t color, uint8_t alpha) {
  const __m256i opaque = _mm256_set1_epi32((int)0xFF000000u);
  const __m256i color_rb = _mm256_set1_epi16(color);
  const __m256i color_ga = _mm256_set1_epi32((int)(0x00FF0000u | color));
  const __m256i alpha16 = _mm256_set1_epi16(alpha);
  enum { ahead = 6 };
  for (int r = 0; r < height && r < ahead; r++) prefetch_row(dst + (size_t)r * dst_pitch, width);
  for (int r = 0; r < height; r++) {
    const uint32_t *s = src + (size_t)r * src_pitch;
    uint32_t *d = dst + (size_t)r * dst_pitch;
    if (r + ahead < height) prefetch_row(d + (size_t)ahead * dst_pitch, width);
    int x = 0;
    for (; x + 8 <= width; x += 8) {
      const __m256i sp = _mm256_loadu_si256((const __m256i *)(s + x));
      /* Eight transparent pixels (most of a text's box) leave the destination unread (modulated:
         a + 0 and d·255/255, the destination as it is). */
      if (_mm256_testz_si256(sp, opaque)) continue;
      const __m256i dp = _mm256_loadu_si256((const __m256i *)(d + x));
      _mm256_storeu_si256((__m256i *)(d + x),
                          modulated ? blend8_modulated(sp, dp, color_rb, color_ga, alpha16) : blend8(sp, dp));
    }
    if (x == width) continue;
    if (width < 8) {
      for (; x < width; x++) d[x] = modulated ? blend_modulated(s[x], d[x], color, alpha) : blend_one(s[x], d[x]);
      continue;
    }
    /* The row's last 1–7 pixels: the row's last eight blended, the lanes already blended kept as
       they are (the scalar tail was a third of the blend's time: rows average 44 pixels). */
    const int done = x - (width - 8);
    x = width - 8;
    const __m256i kept = _mm256_cmpgt_epi32(_mm256_set1_epi32(done), _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7));
    const __m256i sp = _mm256_loadu_si256((const __m256i *)(s + x));
    if (_mm256_testz_si256(_mm256_andnot_si256(kept, sp), opaque)) continue;
    const __m256i dp = _mm256_loadu_si256((const __m256i *)(d + x));
    const __m256i out = modulated ? blend8_modulated(sp, dp, color_rb, color_ga, alpha16) : blend8(sp, dp);
    _mm256_storeu_si256((__m256i *)(d + x), _mm256_blendv_epi8(out, dp, kept));
  }
}
#endif

void detent_blend_rect(const uint32_t *src, size_t src_pitch, uint32_t *dst, size_t dst_pitch, int width,
                       int height, uint8_t color, uint8_t alpha) {
  if (width <= 0 || height <= 0) return;
#if defined(__x86_64__) || defined(__i386__)
  if (__builtin_cpu_supports("avx2")) {
    blend_rows_avx2(src, src_pitch, dst, dst_pitch, width, height, color != 255 || alpha != 255, color, alpha);
    return;
  }
#endif
  for (int r = 0; r < height; r++) {
    const uint32_t *s = src + (size_t)r * src_pitch;
    uint32_t *d = dst + (size_t)r * dst_pitch;
    for (int x = 0; x < width; x++) d[x] = detent_blend_pixel(s[x], d[x], color, alpha);
  }
}
