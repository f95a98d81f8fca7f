#ifndef DETENT_CPIXELS_H
#define DETENT_CPIXELS_H

#include <stddef.h>
#include <stdint.h>

/* Writes `count` ARGB8888 pixels of `src` into `dst` (which may be `src`), each colour channel
   multiplied by shade/255 rounded down (exactly a colour modulation: floor(x*s/255)), alpha
   forced opaque. shade 255 copies with alpha forced opaque. Eight pixels a step with AVX2 where
   the CPU has it (checked at run time), else four with SSE2 (baseline x86-64), else one. */
void detent_dim_pixels(const uint32_t *src, uint32_t *dst, size_t count, uint8_t shade);

#endif
