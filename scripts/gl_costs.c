/* What a frame costs under the renderer SDL picks (under Xvfb: OpenGL through Mesa's llvmpipe),
 * for "The real window" in README.md: the bare loop's frame (clear, an 8-px bar, present)
 * beside frames that copy a window's worth of texture in different ways.
 *
 *   cc -O2 scripts/gl_costs.c -o /tmp/gl_costs $(sdl2-config --cflags --libs)
 *   xvfb-run -a -s "-screen 0 1280x800x24" /tmp/gl_costs
 *
 * Prints, per kind of frame, wall and process CPU time (every thread: llvmpipe rasterises on
 * threads of its own) per frame over 100 frames. */
#include <SDL2/SDL.h>
#include <SDL2/SDL_opengl.h>
#include <stdio.h>
#include <time.h>

static double ms(clockid_t clock) {
  struct timespec t;
  clock_gettime(clock, &t);
  return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

typedef void (*BlitFn)(GLint, GLint, GLint, GLint, GLint, GLint, GLint, GLint, GLbitfield, GLenum);
typedef void (*GenFn)(GLsizei, GLuint *);
typedef void (*BindFn)(GLenum, GLuint);
typedef void (*AttachFn)(GLenum, GLenum, GLenum, GLuint, GLint);
typedef void (*GetFn)(GLenum, GLint *);

enum { W = 1280, H = 800, FRAMES = 100 };

int main(void) {
  if (SDL_Init(SDL_INIT_VIDEO) != 0) return 3;
  SDL_Window *window = SDL_CreateWindow("gl_costs", 0, 0, W, H, 0);
  SDL_Renderer *r = window ? SDL_CreateRenderer(window, -1, 0) : NULL;
  if (!r) return 3;
  SDL_RendererInfo info;
  SDL_GetRendererInfo(r, &info);
  printf("renderer %s\n", info.name);
  /* A texture larger than the window (as the pan buffer is) and 35 tiles of 256x256 (a view's,
   * each a texture of its own, as the map's are). */
  SDL_Texture *targets[36];
  targets[0] = SDL_CreateTexture(r, SDL_PIXELFORMAT_ARGB8888, SDL_TEXTUREACCESS_TARGET, W + 512, H + 512);
  for (int i = 1; i < 36; i++)
    targets[i] = SDL_CreateTexture(r, SDL_PIXELFORMAT_ARGB8888, SDL_TEXTUREACCESS_TARGET, 256, 256);
  SDL_Texture *big = targets[0];
  for (int i = 0; i < 36; i++) {
    SDL_SetRenderTarget(r, targets[i]);
    SDL_SetRenderDrawColor(r, 200, 100 + i, 50, 255);
    SDL_RenderClear(r);
    SDL_SetTextureBlendMode(targets[i], SDL_BLENDMODE_NONE);
  }
  SDL_SetRenderTarget(r, NULL);
  /* glBlitFramebuffer from the big texture's framebuffer (OpenGL only). */
  BlitFn blit = (BlitFn)SDL_GL_GetProcAddress("glBlitFramebuffer");
  GenFn gen = (GenFn)SDL_GL_GetProcAddress("glGenFramebuffers");
  BindFn bind = (BindFn)SDL_GL_GetProcAddress("glBindFramebuffer");
  AttachFn attach = (AttachFn)SDL_GL_GetProcAddress("glFramebufferTexture2D");
  GetFn get = (GetFn)SDL_GL_GetProcAddress("glGetIntegerv");
  GLuint fb = 0;
  int canBlit = blit && gen && bind && attach && get && SDL_strncmp(info.name, "opengl", 6) == 0;
  if (canBlit) {
    float tw, th;
    GLint id = 0;
    SDL_GL_BindTexture(big, &tw, &th);
    get(GL_TEXTURE_BINDING_2D, &id);
    SDL_GL_UnbindTexture(big);
    gen(1, &fb);
    bind(GL_READ_FRAMEBUFFER, fb);
    attach(GL_READ_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, (GLuint)id, 0);
    bind(GL_READ_FRAMEBUFFER, 0);
  }
  const char *names[] = {"clear + bar (the bare loop)", "one window-sized copy", "the same, colour-modulated",
                         "the window as 35 tile copies", "the window less a 418x487 card", "glBlitFramebuffer"};
  for (int kind = 0; kind < 6; kind++) {
    if (kind == 5 && !canBlit) continue;
    double cpu0 = ms(CLOCK_PROCESS_CPUTIME_ID), wall0 = ms(CLOCK_MONOTONIC);
    for (int i = 0; i < FRAMES; i++) {
      int o = i % 256; /* moves a pixel a frame, as a pan does */
      SDL_Rect src = {o, o, W, H};
      switch (kind) {
      case 0: {
        SDL_SetRenderDrawColor(r, 30, 30, 36, 255);
        SDL_RenderClear(r);
        SDL_SetRenderDrawColor(r, 240, 240, 240, 255);
        SDL_Rect bar = {0, i, W, 8};
        SDL_RenderFillRect(r, &bar);
        break;
      }
      case 1:
      case 2:
        SDL_SetTextureColorMod(big, kind == 1 ? 255 : 200, kind == 1 ? 255 : 200, kind == 1 ? 255 : 200);
        SDL_RenderCopy(r, big, &src, NULL);
        break;
      case 3:
        for (int y = 0; y < 5; y++)
          for (int x = 0; x < 7; x++) {
            SDL_Rect d = {x * 256 - o, y * 256 - o, 256, 256};
            SDL_RenderCopy(r, targets[1 + y * 7 + x], NULL, &d);
          }
        break;
      case 4: {
        SDL_SetTextureColorMod(big, 255, 255, 255);
        SDL_Rect s1 = {o, o, W, 313}, d1 = {0, 0, W, 313};
        SDL_Rect s2 = {o, o + 313, 17, 487}, d2 = {0, 313, 17, 487};
        SDL_Rect s3 = {o + 435, o + 313, 845, 487}, d3 = {435, 313, 845, 487};
        SDL_RenderCopy(r, big, &s1, &d1);
        SDL_RenderCopy(r, big, &s2, &d2);
        SDL_RenderCopy(r, big, &s3, &d3);
        break;
      }
      case 5:
        SDL_RenderFlush(r);
        bind(GL_READ_FRAMEBUFFER, fb);
        bind(GL_DRAW_FRAMEBUFFER, 0);
        blit(o, o + H, o + W, o, 0, 0, W, H, GL_COLOR_BUFFER_BIT, GL_NEAREST);
        bind(GL_READ_FRAMEBUFFER, 0);
        break;
      }
      SDL_RenderPresent(r);
    }
    printf("%-32s wall %.2f ms  CPU %.2f ms per frame\n", names[kind], (ms(CLOCK_MONOTONIC) - wall0) / FRAMES,
           (ms(CLOCK_PROCESS_CPUTIME_ID) - cpu0) / FRAMES);
  }
  SDL_DestroyRenderer(r);
  SDL_DestroyWindow(window);
  SDL_Quit();
  return 0;
}
