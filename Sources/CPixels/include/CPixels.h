#ifndef DETENT_CPIXELS_H
#define DETENT_CPIXELS_H

#include <stddef.h>
#include <stdint.h>

/* Writes `count` ARGB8888 pixels of `src` into `dst` (which may be `src`), each colour channel
   multiplied by shade/255 rounded down (exactly a colour modulation: floor(x*s/255)), alpha
   forced opaque. shade 255 copies with alpha forced opaque. Eight pixels a step with AVX2 where
   the CPU has it (checked at run time), else four with SSE2 (baseline x86-64), else one. */
void detent_dim_pixels(const uint32_t *src, uint32_t *dst, size_t count, uint8_t shade);

/* Multiplies each colour channel c of `count` ARGB8888 pixels in place by its pixel's
   multiplier m (0...256, from `multipliers`): (c * m) >> 8, alpha kept. With m = 255 - a (256
   for a = 0) this is exactly what SDL's blit of a black pixel of alpha a leaves (a soft shadow's
   sprite). Eight pixels a step with AVX2 where the CPU has it, else one. */
void detent_shade_pixels(uint32_t *pixels, const uint16_t *multipliers, size_t count);

/* `detent_shade_pixels` over `height` rows of `width` pixels `pitch` pixels apart, the
   multipliers of row r at `mask + r * mask_pitch` (0: one row of them for every row); rows
   ahead are prefetched (a narrow column of a display is a page a row). */
void detent_shade_rect(uint32_t *pixels, size_t pitch, size_t width, size_t height,
                       const uint16_t *mask, size_t mask_pitch);

/* The same with one multiplier for every pixel (256 leaves them). */
void detent_shade_run(uint32_t *pixels, uint16_t multiplier, size_t count);

#endif
