#include "CPixels.h"

#include <string.h>

#include "shade.h"

/* The map's view composed from its tiles: one pass, each row's span of a tile in one step
   (multiplied by the shade on the way, as detent_dim_pixels does). A whole view is written with
   non-temporal stores (the caller's choice: it is not in the cache by the next frame anyway,
   and a store through the cache first reads the line); the small regions under the overlay are
   written through the cache, where the overlay drawn next finds them. */

#if defined(__x86_64__) || defined(__i386__)

/* Eight pixels of a row from column `x` (target columns) where `tile` covers up to `right`
   (exclusive) and `next` from there: `in_row` is the row's offset in a tile's pixels. */
__attribute__((target("avx2"))) static inline __m256i load8(
    const uint32_t *tile, const uint32_t *next, int x, int right, int size, size_t in_row, __m256i hole) {
  ptrdiff_t at = (ptrdiff_t)in_row + x - (right - size);
  if (x + 8 <= right) {
    return tile ? _mm256_loadu_si256((const __m256i *)(tile + at)) : hole;
  }
  if (x >= right) {
    return next ? _mm256_loadu_si256((const __m256i *)(next + at - size)) : hole;
  }
  /* Lanes 0..<k from the end of `tile`'s row, the rest from the start of `next`'s: each read
     in eight pixels within its row and turned into place (a masked load took 80 % of the pass
     on this AMD CPU). */
  const int k = right - x; /* 1...7 */
  const __m256i lanes = _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7);
  const __m256i seven = _mm256_set1_epi32(7);
  __m256i end = tile ? _mm256_loadu_si256((const __m256i *)(tile + at + k - 8)) : hole;
  __m256i start = next ? _mm256_loadu_si256((const __m256i *)(next + at + k - size)) : hole;
  end = _mm256_permutevar8x32_epi32(end, _mm256_and_si256(_mm256_add_epi32(lanes, _mm256_set1_epi32(8 - k)), seven));
  start = _mm256_permutevar8x32_epi32(start, _mm256_and_si256(_mm256_sub_epi32(lanes, _mm256_set1_epi32(k)), seven));
  return _mm256_blendv_epi8(end, start, _mm256_cmpgt_epi32(lanes, _mm256_set1_epi32(k - 1)));
}

/* Pixels `from..<to` (fewer than 16, from `tile` up to `right`, then `next`) of a row, plainly. */
static void edge(const uint32_t *tile, const uint32_t *next, int right, int size, size_t in_row, uint32_t *line,
                 int from, int to, uint32_t multiplier, uint32_t hole) {
  for (int x = from; x < to; x++) {
    const uint32_t *t = x < right ? tile : next;
    uint32_t v = t ? t[in_row + (size_t)(x - (x < right ? right - size : right))] : hole;
    line[x] = multiplier ? dim_one(v, multiplier) : v;
  }
}

/* Columns `x_from..<x_to` of rows `row0..<row1` into each of `targets`, tile by tile (a tile's
   pixels read in order, which the prefetcher follows, and read again from the cache for a second
   target), streamed past the cache in whole 64-byte lines (16 pixels): a line is written by the
   tile holding its first pixel, gathered from it and the next, so that no line is written partly
   streamed and partly not (a round trip to memory a line). The pixels of lines the view's edges
   cut are written plainly. */
__attribute__((target("avx2"))) static void grid_stream(
    const detent_tile_grid *grid, int row0, int row1, int x_from, int x_to, const detent_compose_target *targets,
    int count) {
  const int size = grid->size;
  const uint32_t hole_pixel = grid->hole | 0xFF000000u;
  const __m256i hole = _mm256_set1_epi32((int)hole_pixel);
  const int first_row = row0 > grid->y ? row0 : grid->y;
  const int last_row = row1 < grid->y + grid->rows * size ? row1 : grid->y + grid->rows * size;
  for (int c = 0; c < grid->columns; c++) {
    const int left = grid->x + c * size;
    const int right = left + size;
    const int lo = left > x_from ? left : x_from;
    const int hi = right < x_to ? right : x_to;
    if (lo >= hi) continue;
    for (int band = first_row; band < last_row;) {
      /* The rows of one tile row. */
      const int tile_row = (band - grid->y) / size;
      const int band_end = grid->y + (tile_row + 1) * size < last_row ? grid->y + (tile_row + 1) * size : last_row;
      const uint32_t *const *cells = grid->tiles + (size_t)tile_row * grid->columns;
      const uint32_t *tile = cells[c];
      const uint32_t *next = c + 1 < grid->columns ? cells[c + 1] : NULL;
      for (int t = 0; t < count; t++) {
        const uint32_t multiplier = multiplier_of(targets[t].shade);
        const __m256i m = _mm256_set1_epi16((short)multiplier);
        for (int row = band; row < band_end; row++) {
          const size_t in_row = (size_t)(row - grid->y - tile_row * size) * size;
          uint32_t *line = (uint32_t *)((char *)targets[t].base + (size_t)(row - row0) * targets[t].pitch);
          /* The view's first line start at or after x_from, and this tile's first one. */
          const int skew = (int)(((uintptr_t)line >> 2) & 15);
          const int aligned_from = x_from + ((16 - ((x_from + skew) & 15)) & 15);
          int x = lo + ((16 - ((lo + skew) & 15)) & 15);
          if (lo == x_from) {
            /* The view's left edge: the pixels before its first whole line, plainly. */
            edge(tile, next, right, size, in_row, line, x_from, aligned_from < x_to ? aligned_from : x_to,
                 multiplier, hole_pixel);
            x = aligned_from;
          }
          for (; x < hi && x + 16 <= x_to; x += 16) {
            __m256i a = load8(tile, next, x, right, size, in_row, hole);
            __m256i b = load8(tile, next, x + 8, right, size, in_row, hole);
            if (multiplier) {
              a = dim8(a, m);
              b = dim8(b, m);
            }
            _mm256_stream_si256((__m256i *)(line + x), a);
            _mm256_stream_si256((__m256i *)(line + x + 8), b);
          }
          /* The view's right edge cuts the last line starting in this tile: its pixels plainly. */
          if (x < hi) edge(tile, next, right, size, in_row, line, x, x_to, multiplier, hole_pixel);
        }
      }
      band = band_end;
    }
  }
  _mm_sfence();
}

/* The same through the cache. */
__attribute__((target("avx2"))) static void span_cached(
    const uint32_t *src, uint32_t *dst, size_t count, uint32_t multiplier) {
  if (!multiplier) {
    memcpy(dst, src, count * 4);
    return;
  }
  const __m256i m = _mm256_set1_epi16((short)multiplier);
  size_t i = 0;
  for (; i + 16 <= count; i += 16) {
    __m256i a = _mm256_loadu_si256((const __m256i *)(src + i));
    __m256i b = _mm256_loadu_si256((const __m256i *)(src + i + 8));
    _mm256_storeu_si256((__m256i *)(dst + i), dim8(a, m));
    _mm256_storeu_si256((__m256i *)(dst + i + 8), dim8(b, m));
  }
  for (; i + 8 <= count; i += 8)
    _mm256_storeu_si256((__m256i *)(dst + i), dim8(_mm256_loadu_si256((const __m256i *)(src + i)), m));
  for (; i < count; i++) dst[i] = dim_one(src[i], multiplier);
}

#endif

static void span_plain(const uint32_t *src, uint32_t *dst, size_t count, uint8_t shade) {
  if (shade == 255) {
    memcpy(dst, src, count * 4);
  } else {
    detent_dim_pixels(src, dst, count, shade);
  }
}

void detent_compose_rows(const detent_tile_grid *grid, uint32_t *base, size_t pitch, int row0, int row1,
                         int col0, int col1, uint8_t shade, int stream) {
  const detent_compose_target target = {base, pitch, shade};
  detent_compose_rows_into(grid, row0, row1, col0, col1, &target, 1, stream);
}

void detent_compose_rows_into(const detent_tile_grid *grid, int row0, int row1, int col0, int col1,
                              const detent_compose_target *targets, int count, int stream) {
  const int size = grid->size;
  if (size <= 0 || row0 >= row1 || col0 >= col1 || count <= 0) return;
#if defined(__x86_64__) || defined(__i386__)
  const int avx2 = __builtin_cpu_supports("avx2");
#else
  const int avx2 = 0;
  (void)stream;
#endif
  /* The columns the grid covers. */
  const int x_from = col0 > grid->x ? col0 : grid->x;
  const int x_to = col1 < grid->x + grid->columns * size ? col1 : grid->x + grid->columns * size;
  if (x_from >= x_to) return;
#if defined(__x86_64__) || defined(__i386__)
  /* The streamed path gathers a 64-byte line from at most two tiles (16 pixels): smaller
     tiles go through the cache. */
  if (avx2 && stream && size >= 16) {
    grid_stream(grid, row0, row1, x_from, x_to, targets, count);
    return;
  }
#endif
  for (int row = row0; row < row1; row++) {
    int offset = row - grid->y;
    if (offset < 0) continue;
    int tile_row = offset / size;
    if (tile_row >= grid->rows) break;
    const uint32_t *const *cells = grid->tiles + (size_t)tile_row * grid->columns;
    size_t in_row = (size_t)(offset - tile_row * size) * size;
    for (int c = 0; c < grid->columns; c++) {
      int left = grid->x + c * size;
      int x0 = left > x_from ? left : x_from;
      int x1 = left + size < x_to ? left + size : x_to;
      if (x0 >= x1) continue;
      size_t n = (size_t)(x1 - x0);
      const uint32_t *tile = cells[c];
      for (int t = 0; t < count; t++) {
        uint32_t *dst = (uint32_t *)((char *)targets[t].base + (size_t)(row - row0) * targets[t].pitch) + x0;
        const uint8_t shade = targets[t].shade;
        if (!tile) {
          const uint32_t multiplier = multiplier_of(shade);
          const uint32_t hole = multiplier ? dim_one(grid->hole, multiplier) : (grid->hole | 0xFF000000u);
          for (size_t i = 0; i < n; i++) dst[i] = hole;
          continue;
        }
        const uint32_t *src = tile + in_row + (x0 - left);
#if defined(__x86_64__) || defined(__i386__)
        if (avx2) {
          span_cached(src, dst, n, multiplier_of(shade));
          continue;
        }
#endif
        span_plain(src, dst, n, shade);
      }
    }
  }
}
