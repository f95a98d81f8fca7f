#ifndef DETENT_CPIXELS_H
#define DETENT_CPIXELS_H

#include <stddef.h>
#include <stdint.h>

/* Writes `count` ARGB8888 pixels of `src` into `dst` (which may be `src`), each colour channel
   multiplied by shade/255 rounded down (exactly a colour modulation: floor(x*s/255)), alpha
   forced opaque. shade 255 copies with alpha forced opaque. Eight pixels a step with AVX2 where
   the CPU has it (checked at run time), else four with SSE2 (baseline x86-64), else one. */
void detent_dim_pixels(const uint32_t *src, uint32_t *dst, size_t count, uint8_t shade);

/* Fills `table[0..<count]` with the source index of destination pixels first..<first+count of a
   run `dest` pixels long scaled from `source` pixels, as SDL's software renderer samples its
   nearest-neighbour scaled copy: (inc/2 + i*inc) >> 16 with inc = (source << 16) / dest. */
void detent_scale_index(uint32_t source, uint32_t dest, uint32_t first, uint32_t count, uint16_t *table);

/* A block of `row_count` destination rows of `col_count` pixels (row r at dst + r*dst_pitch)
   sampled from `src` (rows of `src_width` pixels, unpadded): pixel c of row r is
   src[rows[r]*src_width + cols[c]] with each colour channel multiplied by shades[r]/255 rounded
   down (as detent_dim_pixels) and alpha forced opaque. A row whose source row and shade are
   the previous row's is that row copied. Eight pixels a step with AVX2 where the CPU has it.
   `stream` nonzero: rows of 64 pixels and more written with non-temporal stores past the cache
   (a view larger than it), whole 64-byte lines only (a row's part lines at either end through
   the cache, so that a line two blocks share is never half streamed), their repeated rows
   sampled again rather than copied. Columns that are a run of consecutive source pixels (a
   tile at its own size) are read straight, without an index a pixel. */
void detent_scale_block(const uint32_t *src, size_t src_width, const uint16_t *rows, const uint8_t *shades,
                        size_t row_count, const uint16_t *cols, size_t col_count, uint32_t *dst,
                        size_t dst_pitch, int stream);

/* A grid of square map tiles (streamed only at 16 pixels a side or more) placed on a target: `tiles` holds `columns`×`rows` pointers, row by
   row, to each tile's `size`² ARGB8888 pixels (opaque), NULL for a hole (filled with `hole`);
   the first tile's top-left lands on the target's pixel (x, y). */
typedef struct {
  const uint32_t *const *tiles;
  int x;
  int y;
  int columns;
  int rows;
  int size;
  uint32_t hole;
} detent_tile_grid;

/* Writes the grid's pixels into rows `row0..<row1`, columns `col0..<col1` of the target whose
   row r starts at `base + (r − row0)·pitch` bytes (`base` is row row0's first pixel), multiplied by `shade` as detent_dim_pixels does (255:
   copied); pixels the grid does not cover are left alone. `stream` nonzero: written with
   non-temporal stores past the cache (a view larger than the cache), fenced before returning. */
void detent_compose_rows(const detent_tile_grid *grid, uint32_t *base, size_t pitch, int row0, int row1,
                         int col0, int col1, uint8_t shade, int stream);

/* One target of detent_compose_rows_into: row r (of row0..<row1) starts at `base + (r − row0)·pitch`
   bytes; its pixels are multiplied by `shade`. */
typedef struct {
  uint32_t *base;
  size_t pitch;
  uint8_t shade;
} detent_compose_target;

/* detent_compose_rows into each of `count` targets at its own shade, the tiles read once (a view
   composed onto the screen and kept, undimmed, in the same pass). */
void detent_compose_rows_into(const detent_tile_grid *grid, int row0, int row1, int col0, int col1,
                              const detent_compose_target *targets, int count, int stream);

/* `rows` rows of `width` pixels from `src` (rows `src_pitch` bytes apart) to `dst` (`dst_pitch`
   apart), multiplied by `shade` as detent_dim_pixels does (255: copied as they are); `stream`
   nonzero: written past the cache, fenced before returning. */
void detent_shade_rows(const uint32_t *src, size_t src_pitch, uint32_t *dst, size_t dst_pitch, int width,
                       int rows, uint8_t shade, int stream);

/* detent_shade_rows but for columns `hole_from..<hole_to` of each row, left as they are (what an
   opaque card covers next): each row's two parts in turn, streamed rows reading through the
   hole (a word a line), so that the source is read in one run as a whole view's is. */
void detent_shade_rows_around(const uint32_t *src, size_t src_pitch, uint32_t *dst, size_t dst_pitch, int width,
                              int rows, int hole_from, int hole_to, uint8_t shade, int stream);

/* Multiplies each colour channel c of `count` ARGB8888 pixels in place by its pixel's
   multiplier m (0...256, from `multipliers`): (c * m) >> 8, alpha kept. With m = 255 - a (256
   for a = 0) this is exactly what SDL's blit of a black pixel of alpha a leaves (a soft shadow's
   sprite). Eight pixels a step with AVX2 where the CPU has it, else one. */
void detent_shade_pixels(uint32_t *pixels, const uint16_t *multipliers, size_t count);

/* The same with one multiplier for every pixel (256 leaves them). */
void detent_shade_run(uint32_t *pixels, uint16_t multiplier, size_t count);

/* `detent_shade_pixels` over `height` rows of `width` pixels `pitch` pixels apart, the
   multipliers of row r at `mask + r * mask_pitch` (0: one row of them for every row); rows
   ahead are prefetched (a narrow column of a display is a page a row). */
void detent_shade_rect(uint32_t *pixels, size_t pitch, size_t width, size_t height,
                       const uint16_t *mask, size_t mask_pitch);

/* `detent_dim_pixels` in place over `height` rows of `width` pixels `pitch` pixels apart (a
   rectangle of the display), the rows ahead prefetched. */
void detent_dim_rect(uint32_t *pixels, size_t pitch, size_t width, size_t height, uint8_t shade);

/* Blends a `width`×`height` block of ARGB8888 `src` (rows `src_pitch` pixels apart) over `dst`
   (rows `dst_pitch` pixels apart) exactly as SDL 2's software renderer blends an unscaled copy of
   a blended ARGB8888 texture onto ARGB8888, colour-modulated by `color` and alpha-modulated by
   `alpha` (255: none): see blend.c for the arithmetic. Unmodulated, eight pixels a step with
   AVX2 where the CPU has it (eight transparent source pixels skip the destination), else one. */
void detent_blend_rect(const uint32_t *src, size_t src_pitch, uint32_t *dst, size_t dst_pitch, int width,
                       int height, uint8_t color, uint8_t alpha);

/* One pixel of detent_blend_rect (its scalar reference). */
uint32_t detent_blend_pixel(uint32_t src, uint32_t dst, uint8_t color, uint8_t alpha);

#endif
