#ifndef DETENT_CPIXELS_H
#define DETENT_CPIXELS_H

#include <stddef.h>
#include <stdint.h>

/* Writes `count` ARGB8888 pixels of `src` into `dst` (which may be `src`), each colour channel
   multiplied by shade/255 rounded down (exactly a colour modulation: floor(x*s/255)), alpha
   forced opaque. shade 255 copies with alpha forced opaque. Eight pixels a step with AVX2 where
   the CPU has it (checked at run time), else four with SSE2 (baseline x86-64), else one. */
void detent_dim_pixels(const uint32_t *src, uint32_t *dst, size_t count, uint8_t shade);

/* A grid of square map tiles (16 pixels a side or more) placed on a target: `tiles` holds `columns`×`rows` pointers, row by
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

#endif
