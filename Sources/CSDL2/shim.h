#ifndef DETENT_CSDL2_SHIM_H
#define DETENT_CSDL2_SHIM_H

#include <SDL2/SDL.h>
#include <SDL2/SDL_ttf.h>
#include <SDL2/SDL_image.h>

/* Function-like macros do not import into Swift; these wrap the ones Detent uses. */

static inline int detent_windowpos_centered(void) { return SDL_WINDOWPOS_CENTERED; }
static inline int detent_windowpos_undefined(void) { return SDL_WINDOWPOS_UNDEFINED; }
static inline Uint32 detent_button_mask(int button) { return SDL_BUTTON(button); }
/* A growable memory buffer behind an SDL_RWops, so a PNG is encoded in memory and written by
   Detent's own checked file writer (every write's result seen, fsync, rename). */
typedef struct {
  unsigned char *data;
  size_t size, capacity;
  int failed;
} detent_membuf;

static size_t detent_membuf_write(SDL_RWops *rw, const void *ptr, size_t size, size_t count) {
  detent_membuf *buf = (detent_membuf *)rw->hidden.unknown.data1;
  size_t n = size * count;
  if (size != 0 && n / size != count) { buf->failed = 1; return 0; }
  if (buf->size + n > buf->capacity) {
    size_t capacity = buf->capacity ? buf->capacity : 65536;
    while (capacity < buf->size + n) capacity *= 2;
    unsigned char *grown = (unsigned char *)SDL_realloc(buf->data, capacity);
    if (!grown) { buf->failed = 1; return 0; }
    buf->data = grown;
    buf->capacity = capacity;
  }
  SDL_memcpy(buf->data + buf->size, ptr, n);
  buf->size += n;
  return count;
}
static Sint64 detent_membuf_size(SDL_RWops *rw) {
  return (Sint64)((detent_membuf *)rw->hidden.unknown.data1)->size;
}
static Sint64 detent_membuf_seek(SDL_RWops *rw, Sint64 offset, int whence) {
  detent_membuf *buf = (detent_membuf *)rw->hidden.unknown.data1;
  /* Only "where am I" is answered: the writer appends. */
  if (offset == 0 && (whence == RW_SEEK_CUR || whence == RW_SEEK_END)) return (Sint64)buf->size;
  return SDL_SetError("detent: a PNG in memory cannot seek");
}
static size_t detent_membuf_read(SDL_RWops *rw, void *ptr, size_t size, size_t count) { return 0; }
static int detent_membuf_close(SDL_RWops *rw) { return 0; }

/* Encodes `surface` as PNG into a new buffer (free it with SDL_free). 0 on success. */
static inline int detent_png_in_memory(SDL_Surface *surface, unsigned char **out, size_t *length) {
  detent_membuf buf = {0, 0, 0, 0};
  SDL_RWops *rw = SDL_AllocRW();
  if (!rw) return -1;
  rw->size = detent_membuf_size;
  rw->seek = detent_membuf_seek;
  rw->read = detent_membuf_read;
  rw->write = detent_membuf_write;
  rw->close = detent_membuf_close;
  rw->type = SDL_RWOPS_UNKNOWN;
  rw->hidden.unknown.data1 = &buf;
  int status = IMG_SavePNG_RW(surface, rw, 0);
  SDL_FreeRW(rw);
  if (status != 0 || buf.failed) {
    SDL_free(buf.data);
    if (buf.failed) SDL_SetError("out of memory encoding a PNG");
    return -1;
  }
  *out = buf.data;
  *length = buf.size;
  return 0;
}

static inline Uint32 detent_pixelformat_argb8888(void) { return SDL_PIXELFORMAT_ARGB8888; }
static inline Uint32 detent_pixelformat_abgr8888(void) { return SDL_PIXELFORMAT_ABGR8888; }
static inline Uint32 detent_pixelformat_xrgb8888(void) { return SDL_PIXELFORMAT_RGB888; }
static inline Uint32 detent_pixelformat_rgb24(void) { return SDL_PIXELFORMAT_RGB24; }

#include <errno.h>
#include <malloc.h>
#include <stdio.h>
#include <sys/resource.h>
#include <poll.h>
#include <unistd.h>

/* Bytes the C heap has handed out and not taken back (for the bench's allocation check). */
static inline size_t detent_heap_in_use(void) { return mallinfo2().uordblks; }
/* Flushes C stdout (event lines must reach a pipe at once). */
static inline void detent_flush_stdout(void) { fflush(stdout); }
/* Flushes C stdout; the errno of a failed write since the start (0 when every write reached it). */
static inline int detent_stdout_error(void) {
  int flushed = fflush(stdout);
  if (flushed != 0 || ferror(stdout)) return errno ? errno : EIO;
  return 0;
}

/* 1 when standard output is a pipe or socket whose reader has gone (`detent … | head -1` after
   head exits): poll reports POLLERR on a pipe's write end with no reader left. */
static inline int detent_stdout_reader_gone(void) {
  struct pollfd fd = {.fd = STDOUT_FILENO, .events = POLLOUT, .revents = 0};
  if (poll(&fd, 1, 0) == 1 && (fd.revents & POLLERR)) return 1;
  return 0;
}

/* Peak resident set size in KiB. */
static inline long detent_peak_rss_kib(void) {
  struct rusage usage;
  getrusage(RUSAGE_SELF, &usage);
  return usage.ru_maxrss;
}

#endif
