#include "CPixels.h"

#include <string.h>

#include "shade.h"

/* The nearest-neighbour scaled copy of SDL's software renderer (SDL_SoftStretch, nearest: the
   source index of destination pixel i of a run d long over s source pixels is
   (inc/2 + i*inc) >> 16 with inc = (s << 16) / d), fused with the shade's multiplication
   (floor(x*shade/255), as dim.c) and alpha forced opaque. The index tables are the caller's. */

void detent_scale_index(uint32_t source, uint32_t dest, uint32_t first, uint32_t count, uint16_t *table) {
  if (dest == 0) return;
  uint64_t inc = ((uint64_t)source << 16) / dest;
  uint64_t pos = inc / 2 + (uint64_t)first * inc;
  for (uint32_t i = 0; i < count; i++, pos += inc) table[i] = (uint16_t)(pos >> 16);
}

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>

/* Eight pixels a step. The source pixels of eight destination pixels lie within 16 of the first
   one's when the copy shrinks by at most half (and within 8 when it grows): two unaligned loads
   and a permutation of each, blended (vpermd; AMD's gather is several times slower). Past that
   (or near the row's end, not to read past the tile) the eight are gathered. Then multiplied
   (pmulhuw by 257*shade + 1, as dim.c) and stored. */
__attribute__((target("avx2"))) static size_t row_avx2(const uint32_t *src, size_t src_width,
                                                       const uint16_t *cols, size_t count, uint32_t *dst,
                                                       uint16_t multiplier, int plain, int stream) {
  const __m256i m = _mm256_set1_epi16((short)multiplier);
  const __m256i low = _mm256_set1_epi16(0x00FF);
  const __m256i opaque = _mm256_set1_epi32((int)0xFF000000u);
  const __m256i seven = _mm256_set1_epi32(7);
  size_t i = 0;
  for (; i + 8 <= count; i += 8) {
    __m256i idx = _mm256_cvtepu16_epi32(_mm_loadu_si128((const __m128i *)(cols + i)));
    size_t base = cols[i];
    size_t span = (size_t)cols[i + 7] - base;
    __m256i a;
    if (span < 8 && base + 8 <= src_width) {
      __m256i rel = _mm256_sub_epi32(idx, _mm256_set1_epi32((int)base));
      a = _mm256_permutevar8x32_epi32(_mm256_loadu_si256((const __m256i *)(src + base)), rel);
    } else if (span < 16 && base + 16 <= src_width) {
      __m256i rel = _mm256_sub_epi32(idx, _mm256_set1_epi32((int)base));
      __m256i lo = _mm256_permutevar8x32_epi32(_mm256_loadu_si256((const __m256i *)(src + base)), rel);
      __m256i hi = _mm256_permutevar8x32_epi32(_mm256_loadu_si256((const __m256i *)(src + base + 8)), rel);
      a = _mm256_blendv_epi8(lo, hi, _mm256_cmpgt_epi32(rel, seven));
    } else {
      a = _mm256_i32gather_epi32((const int *)src, idx, 4);
    }
    if (!plain) {
      __m256i rb = _mm256_mulhi_epu16(_mm256_and_si256(a, low), m);
      __m256i ga = _mm256_mulhi_epu16(_mm256_srli_epi16(a, 8), m);
      a = _mm256_or_si256(rb, _mm256_slli_epi16(ga, 8));
    }
    if (stream) {
      _mm256_stream_si256((__m256i *)(dst + i), _mm256_or_si256(a, opaque));
    } else {
      _mm256_storeu_si256((__m256i *)(dst + i), _mm256_or_si256(a, opaque));
    }
  }
  return i;
}

/* Eight consecutive source pixels a step (a 1:1 copy): loaded as they lie, multiplied, stored. */
__attribute__((target("avx2"))) static size_t copy_avx2(const uint32_t *src, size_t count, uint32_t *dst,
                                                        uint16_t multiplier, int plain, int stream) {
  const __m256i m = _mm256_set1_epi16((short)multiplier);
  const __m256i opaque = _mm256_set1_epi32((int)0xFF000000u);
  size_t i = 0;
  for (; i + 8 <= count; i += 8) {
    __m256i a = _mm256_loadu_si256((const __m256i *)(src + i));
    a = plain ? _mm256_or_si256(a, opaque) : dim8(a, m);
    if (stream) {
      _mm256_stream_si256((__m256i *)(dst + i), a);
    } else {
      _mm256_storeu_si256((__m256i *)(dst + i), a);
    }
  }
  return i;
}

/* Every row of a block samples the same columns, so the steps of eight are planned once per
   block (and per `head`: the pixels a row writes before its first whole line, which its
   address decides): for each step, the first source pixel read and the permutation picking
   its eight pixels from the 8 (or 16, a shrink) read there. A row then costs a load (two), a
   permutation (two and a blend) and a store per step; worked out again for every row, a step
   also loaded its indices, subtracted and tested twice. Planning stops at the first step that
   needs a gather (a shrink past half) or would read past the row's end (16 pixels a step once
   any step needs 16); the rest of the row takes `row_avx2`. */
enum { PLAN_STEPS = 64, PLAN_HEADS = 16 };
typedef struct {
  int ready;
  int wide;
  size_t steps;
  uint32_t base[PLAN_STEPS];
  __m256i rel[PLAN_STEPS];
} row_plan;

__attribute__((target("avx2"))) static void plan_row(row_plan *plan, const uint16_t *cols, size_t head,
                                                     size_t end, size_t src_width) {
  plan->ready = 1;
  plan->wide = 0;
  plan->steps = 0;
  for (size_t i = head; i + 8 <= end && plan->steps < PLAN_STEPS; i += 8) {
    size_t base = cols[i];
    if (cols[i + 7] < base) break;
    size_t span = (size_t)cols[i + 7] - base;
    if (span < 8 && base + 8 <= src_width) {
    } else if (span < 16 && base + 16 <= src_width) {
      plan->wide = 1;
    } else {
      break;
    }
    __m256i idx = _mm256_cvtepu16_epi32(_mm_loadu_si128((const __m128i *)(cols + i)));
    plan->base[plan->steps] = (uint32_t)base;
    plan->rel[plan->steps] = _mm256_sub_epi32(idx, _mm256_set1_epi32((int)base));
    plan->steps++;
  }
  /* A plan with a 16-pixel step reads 16 at every step: the steps at the row's end that have
     only 8 left are the rest's (`row_avx2`, step by step), not read past the row. Their bases
     grow along the row, so only the last ones can. */
  while (plan->wide && plan->steps > 0 && plan->base[plan->steps - 1] + 16 > src_width) plan->steps--;
}

/* `steps` planned steps of a row (source row `src`) into `dst`. */
__attribute__((target("avx2"))) static void row_planned(const uint32_t *src, const row_plan *plan, size_t steps,
                                                        uint32_t *dst, uint16_t multiplier, int plain,
                                                        int stream) {
  const __m256i m = _mm256_set1_epi16((short)multiplier);
  const __m256i opaque = _mm256_set1_epi32((int)0xFF000000u);
  const __m256i seven = _mm256_set1_epi32(7);
  for (size_t g = 0; g < steps; g++) {
    const uint32_t *from = src + plan->base[g];
    __m256i rel = plan->rel[g];
    __m256i a = _mm256_permutevar8x32_epi32(_mm256_loadu_si256((const __m256i *)from), rel);
    if (plan->wide) {
      __m256i hi = _mm256_permutevar8x32_epi32(_mm256_loadu_si256((const __m256i *)(from + 8)), rel);
      a = _mm256_blendv_epi8(a, hi, _mm256_cmpgt_epi32(rel, seven));
    }
    a = plain ? _mm256_or_si256(a, opaque) : dim8(a, m);
    if (stream) {
      _mm256_stream_si256((__m256i *)(dst + 8 * g), a);
    } else {
      _mm256_storeu_si256((__m256i *)(dst + 8 * g), a);
    }
  }
}

static int has_avx2(void) { return __builtin_cpu_supports("avx2"); }
#else
typedef struct {
  int ready;
} row_plan;
enum { PLAN_HEADS = 1 };
static int has_avx2(void) { return 0; }
#endif

static inline void scale_scalar(const uint32_t *src, const uint16_t *cols, size_t from, size_t to, uint32_t *dst,
                                uint8_t shade) {
  uint32_t multiplier = 257u * shade + 1u;
  if (shade == 255) {
    for (size_t i = from; i < to; i++) dst[i] = src[cols[i]] | 0xFF000000u;
  } else {
    for (size_t i = from; i < to; i++) dst[i] = dim_one(src[cols[i]], multiplier);
  }
}

/* One row. Streamed (`stream`): only whole 64-byte lines (16 pixels) go past the cache, with
   non-temporal stores (the destination is not read into the cache first: a 4K frame is 33 MB,
   far past it); the pixels before the row's first whole line and after its last are written
   through the cache. A line two blocks share (a tile's edge) is then written through the cache
   by both, never partly streamed and partly not (a round trip to memory a line). `straight`:
   the columns are a run of consecutive source pixels (a tile copied 1:1), read as they lie. */
static void scale_row(const uint32_t *src, size_t src_width, const uint16_t *cols, size_t count, uint32_t *dst,
                      uint8_t shade, int avx2, int stream, int straight, row_plan *plans) {
  size_t i = 0;
#if defined(__x86_64__) || defined(__i386__)
  if (avx2) {
    const uint16_t multiplier = (uint16_t)(257u * shade + 1u);
    size_t head = 0, body = count;
    if (stream) {
      head = (size_t)((64 - ((uintptr_t)dst & 63)) & 63) / 4;
      if (head > count) head = count;
      body = head + (count - head) / 16 * 16;
      scale_scalar(src, cols, 0, head, dst, shade);
    }
    i = head;
    if (straight) {
      i += copy_avx2(src + cols[0] + head, body - head, dst + head, multiplier, shade == 255, stream);
    } else {
      row_plan *plan = &plans[head % PLAN_HEADS];
      if (!plan->ready) plan_row(plan, cols, head, body, src_width);
      size_t steps = plan->steps < (body - head) / 8 ? plan->steps : (body - head) / 8;
      row_planned(src, plan, steps, dst + head, multiplier, shade == 255, stream);
      i += 8 * steps;
      i += row_avx2(src, src_width, cols + i, body - i, dst + i, multiplier, shade == 255, stream);
    }
    /* The rest (a part line): through the cache. */
    if (straight) {
      i += copy_avx2(src + cols[0] + i, count - i, dst + i, multiplier, shade == 255, 0);
    } else {
      i += row_avx2(src, src_width, cols + i, count - i, dst + i, multiplier, shade == 255, 0);
    }
  }
#else
  (void)avx2;
  (void)plans;
  (void)src_width;
  (void)stream;
  (void)straight;
#endif
  scale_scalar(src, cols, i, count, dst, shade);
}

/* Blocks this wide and wider are streamed past the cache (a whole frame's worth of them would
   evict everything); their repeated rows are sampled again from the source row (in the cache)
   rather than copied from a row written past it. */
enum { STREAM_WIDTH = 64, PREFETCH_ROWS = 8 };

void detent_scale_block(const uint32_t *src, size_t src_width, const uint16_t *rows, const uint8_t *shades,
                        size_t row_count, const uint16_t *cols, size_t col_count, uint32_t *dst,
                        size_t dst_pitch, int stream) {
  if (col_count == 0) return;
  int avx2 = has_avx2();
  stream = stream && avx2 && col_count >= STREAM_WIDTH;
  /* The columns a run of consecutive source pixels (a tile at its own size)? */
  int straight = 1;
  for (size_t c = 1; c < col_count && straight; c++) straight = cols[c] == cols[0] + c;
  size_t first = cols[0], last = cols[col_count - 1];
  if (last < first) {
    size_t t = first;
    first = last;
    last = t;
  }
  /* Planned per head, on first use (a block's rows share one head when the pitch is a whole
     number of lines). */
  row_plan plans[PLAN_HEADS];
  for (int h = 0; h < PLAN_HEADS; h++) plans[h].ready = 0;
  for (size_t r = 0; r < row_count; r++) {
    uint32_t *line = dst + r * dst_pitch;
#if defined(__x86_64__) || defined(__i386__)
    /* The source row eight rows on, asked for now: the tiles are read from memory (a 4K frame
       samples 20-40 MB of them), and the hardware's prefetcher does not follow them across the
       streamed stores. */
    if (r + PREFETCH_ROWS < row_count && rows[r + PREFETCH_ROWS] != rows[r + PREFETCH_ROWS - 1]) {
      const char *next = (const char *)(src + (size_t)rows[r + PREFETCH_ROWS] * src_width);
      for (size_t b = first * 4 & ~(size_t)63; b <= last * 4; b += 64) _mm_prefetch(next + b, _MM_HINT_T0);
    }
#endif
    if (!stream && r > 0 && rows[r] == rows[r - 1] && shades[r] == shades[r - 1]) {
      /* The same source row at the same shade: the row above, copied. */
      memcpy(line, line - dst_pitch, col_count * 4);
      continue;
    }
    scale_row(src + (size_t)rows[r] * src_width, src_width, cols, col_count, line, shades[r], avx2, stream,
              straight, plans);
  }
#if defined(__x86_64__) || defined(__i386__)
  if (stream) _mm_sfence();
#endif
}
