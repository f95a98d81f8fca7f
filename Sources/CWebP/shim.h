#ifndef DETENT_CWEBP_SHIM_H
#define DETENT_CWEBP_SHIM_H

/* libwebp (Debian: libwebp-dev): the animation encoder for `replay --video FILE.webp`, and the
   animation decoder the tests use to read the frames back. */
#include <webp/encode.h>
#include <webp/mux.h>
#include <webp/demux.h>

#endif
