@preconcurrency import CSDL2
import Foundation

/// The reference for input latency: the least a program can do in the same window — wait for an
/// event, clear, draw a bar where the pointer is, present — fed the same injected pointer moves.
struct BareLoop {
  let display: Display

  struct Result {
    /// From an injected move's arrival to the end of the present that shows it.
    var latency = Histogram()
    /// Draw + present.
    var frameCost = Histogram()
  }

  /// Plays `moves` pointer moves (one per 1/60 s at spread phases) and measures.
  func run(height: Double, moves: Int = 300) -> Result {
    var items: [InputInjector.Item] = []
    for k in 0..<moves {
      let y = height * (0.2 + 0.6 * Double(k % 120) / 120)
      items.append(InputInjector.Item(time: InputInjector.spread(k, from: 0.2), input: .move(x: 200, y: y)))
    }
    let injector = InputInjector(items: items)
    let renderer = display.renderer
    var result = Result()
    var event = SDL_Event()
    // Drop whatever the session left in the queue.
    while SDL_PollEvent(&event) != 0 {}
    injector.start()
    let idle = ContinuousClock.now
    while !injector.finished || SDL_PollEvent(nil) != 0 {
      guard SDL_WaitEventTimeout(&event, 100) != 0 else {
        if ContinuousClock.now - idle > .seconds(30) { break }
        continue
      }
      var count = 0
      var y = Int32(0)
      repeat {
        if event.type == SDL_MOUSEMOTION.rawValue {
          count += 1
          y = event.motion.y
        }
      } while SDL_PollEvent(&event) != 0
      guard count > 0, let arrived = injector.takeArrival(count: count) else { continue }
      let t0 = DispatchTime.now().uptimeNanoseconds
      SDL_SetRenderDrawColor(renderer, 30, 30, 36, 255)
      SDL_RenderClear(renderer)
      SDL_SetRenderDrawColor(renderer, 240, 240, 240, 255)
      var bar = SDL_Rect(x: 0, y: y, w: Int32(display.width), h: 8)
      SDL_RenderFillRect(renderer, &bar)
      SDL_RenderPresent(renderer)
      let t1 = DispatchTime.now().uptimeNanoseconds
      result.frameCost.record(Double(t1 - t0) / 1e9)
      result.latency.record(Double(t1 - arrived) / 1e9)
    }
    return result
  }

  /// What a texture drag measured.
  struct Drag {
    /// The process's CPU over the drag, % of one core.
    var cpuPercent = 0.0
    /// Its wall time.
    var seconds = 0.0
    /// From an injected move's arrival to the end of the present that shows it.
    var latency = Histogram()
  }

  /// The reference for a frame that moves every pixel of the window (a flight): a press, then
  /// `moves` pointer moves (one per 1/60 s at spread phases, as `run`'s) dragging a texture
  /// across the window, then a release (`drag`).
  func dragLatency(width: Double, height: Double, moves: Int = 300) -> Drag {
    let (x, y) = (width * 0.6, height * 0.6)
    var items = [InputInjector.Item(time: 0.2, input: .press(x: x, y: y))]
    for k in 1...moves {
      // Back and forth over a fifth of the window, 4 px a move.
      let step = Double(k % 100 < 50 ? k % 50 : 50 - k % 50) * 4
      items.append(
        InputInjector.Item(
          time: InputInjector.spread(k, from: 0.2), input: .move(x: x - step, y: y - step / 2)))
    }
    items.append(
      InputInjector.Item(time: 0.2 + Double(moves + 1) / 60, input: .release(x: x, y: y, velocity: nil)))
    return drag(items)
  }

  /// The map-drag reference: a texture dragged by the same injected press, moves and release
  /// `items` (one copy of a window's worth of it at the pointer's offset, then present, per
  /// wake). The texture is larger than the window by the drag's extent, so every frame copies
  /// a whole window of it, as a map does: a window-sized texture dragged away would uncover the
  /// clear colour and copy less and less (at the end of the bench's drag, 720×240 px away, a
  /// third of the window), which flattered the reference. Returns the process CPU over the phase
  /// as a percentage of one core, its wall time, and each move's latency to the present that
  /// shows it.
  func drag(_ items: [InputInjector.Item]) -> Drag {
    let renderer = display.renderer
    let w = Int32(display.width)
    let h = Int32(display.height)
    // Where the pointer goes: the texture is larger than the window by the extent of it.
    var points: [(x: Int32, y: Int32)] = []
    for item in items {
      switch item.input {
      case .press(let x, let y), .move(let x, let y), .release(let x, let y, _):
        points.append((Int32(x), Int32(y)))
      default: break
      }
    }
    let xs = points.map(\.x)
    let ys = points.map(\.y)
    let extent = (x: (xs.max() ?? 0) - (xs.min() ?? 0), y: (ys.max() ?? 0) - (ys.min() ?? 0))
    let press = points.first ?? (0, 0)
    let maxOffset = (x: (xs.max() ?? 0) - press.x, y: (ys.max() ?? 0) - press.y)
    guard
      let texture = SDL_CreateTexture(
        renderer, detent_pixelformat_argb8888(), Int32(SDL_TEXTUREACCESS_TARGET.rawValue), w + extent.x,
        h + extent.y)
    else { return Drag() }
    defer { SDL_DestroyTexture(texture) }
    SDL_SetTextureBlendMode(texture, SDL_BLENDMODE_NONE)
    SDL_SetRenderTarget(renderer, texture)
    SDL_SetRenderDrawColor(renderer, 0xF2, 0xEF, 0xE9, 255)
    SDL_RenderClear(renderer)
    SDL_SetRenderDrawColor(renderer, 0xE8, 0xE4, 0xDB, 255)
    for i in stride(from: 0, to: Int(w + extent.x), by: 110) {
      for j in stride(from: 0, to: Int(h + extent.y), by: 110) {
        var block = SDL_Rect(x: Int32(i + 6), y: Int32(j + 6), w: 98, h: 98)
        SDL_RenderFillRect(renderer, &block)
      }
    }
    SDL_SetRenderTarget(renderer, nil)
    var event = SDL_Event()
    while SDL_PollEvent(&event) != 0 {}
    let injector = InputInjector(items: items)
    injector.start()
    let start = ContinuousClock.now
    let cpu0 = WindowBench.processCPUSeconds()
    var origin: (x: Int32, y: Int32)?
    var offset = (x: Int32(0), y: Int32(0))
    var result = Drag()
    while !injector.finished || SDL_PollEvent(nil) != 0 {
      guard SDL_WaitEventTimeout(&event, 100) != 0 else {
        if ContinuousClock.now - start > .seconds(30) { break }
        continue
      }
      var (events, moves) = (0, 0)
      repeat {
        // Only the injected kinds (each has its arrival logged), not the window's own events.
        switch event.type {
        case SDL_MOUSEBUTTONDOWN.rawValue:
          events += 1
          origin = (event.button.x - offset.x, event.button.y - offset.y)
        case SDL_MOUSEMOTION.rawValue:
          (events, moves) = (events + 1, moves + 1)
          if let origin { offset = (event.motion.x - origin.x, event.motion.y - origin.y) }
        case SDL_MOUSEBUTTONUP.rawValue:
          events += 1
          origin = nil
        default: break
        }
      } while SDL_PollEvent(&event) != 0
      // The copy covers the window: no clear.
      var source = SDL_Rect(
        x: min(max(maxOffset.x - offset.x, 0), extent.x), y: min(max(maxOffset.y - offset.y, 0), extent.y),
        w: w,
        h: h)
      SDL_RenderCopy(renderer, texture, &source, nil)
      SDL_RenderPresent(renderer)
      // Every event pushed has its arrival logged; the wakes that moved the texture are timed.
      if let arrived = injector.takeArrival(count: events), moves > 0 {
        result.latency.record(Double(DispatchTime.now().uptimeNanoseconds - arrived) / 1e9)
      }
    }
    result.seconds = Bench.seconds(ContinuousClock.now - start)
    result.cpuPercent = (WindowBench.processCPUSeconds() - cpu0) / max(result.seconds, 1e-9) * 100
    return result
  }
}
