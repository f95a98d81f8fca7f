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
   the previous row's is that row copied. Eight pixels a step with AVX2 where the CPU has it. */
void detent_scale_block(const uint32_t *src, size_t src_width, const uint16_t *rows, const uint8_t *shades,
                        size_t row_count, const uint16_t *cols, size_t col_count, uint32_t *dst,
                        size_t dst_pitch);

#endif
