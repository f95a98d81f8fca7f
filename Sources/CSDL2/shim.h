#ifndef DETENT_CSDL2_SHIM_H
#define DETENT_CSDL2_SHIM_H

#include <SDL2/SDL.h>
#include <SDL2/SDL_ttf.h>
#include <SDL2/SDL_image.h>

/* Function-like macros do not import into Swift; these wrap the ones Detent uses. */

static inline int detent_windowpos_centered(void) { return SDL_WINDOWPOS_CENTERED; }
static inline int detent_windowpos_undefined(void) { return SDL_WINDOWPOS_UNDEFINED; }
static inline Uint32 detent_button_mask(int button) { return SDL_BUTTON(button); }
static inline int detent_save_png(SDL_Surface *surface, const char *path) {
  return IMG_SavePNG(surface, path);
}
static inline Uint32 detent_pixelformat_argb8888(void) { return SDL_PIXELFORMAT_ARGB8888; }
static inline Uint32 detent_pixelformat_abgr8888(void) { return SDL_PIXELFORMAT_ABGR8888; }
static inline Uint32 detent_pixelformat_xrgb8888(void) { return SDL_PIXELFORMAT_RGB888; }
static inline Uint32 detent_pixelformat_rgb24(void) { return SDL_PIXELFORMAT_RGB24; }

#include <malloc.h>
#include <sys/resource.h>

/* Bytes the C heap has handed out and not taken back (for the bench's allocation check). */
static inline size_t detent_heap_in_use(void) { return mallinfo2().uordblks; }
/* Flushes C stdout (event lines must reach a pipe at once). */
static inline void detent_flush_stdout(void) { fflush(stdout); }

/* Peak resident set size in KiB. */
static inline long detent_peak_rss_kib(void) {
  struct rusage usage;
  getrusage(RUSAGE_SELF, &usage);
  return usage.ru_maxrss;
}

#endif
