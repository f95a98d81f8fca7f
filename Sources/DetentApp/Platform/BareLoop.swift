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
      let phase = (Double(k) * 0.618_033_988_749).truncatingRemainder(dividingBy: 1)
      let y = height * (0.2 + 0.6 * Double(k % 120) / 120)
      items.append(InputInjector.Item(time: 0.2 + (Double(k) + phase) / 60, input: .move(x: 200, y: y)))
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
}
