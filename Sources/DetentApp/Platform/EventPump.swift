@preconcurrency import CSDL2

/// Turns pending SDL events into `AppInput`s (and notices quit requests).
struct EventPump {
  /// Whether the window was closed.
  private(set) var quit = false

  /// SDL tick (ms) of the oldest input drained by the last `poll`, if any.
  private(set) var oldestInputTicks: UInt32?
  /// Pointer, wheel and key events drained by the last `poll`.
  private(set) var deviceEvents = 0
  /// Whether the last `poll` saw the window shown again (a window above it closed or moved, the
  /// window restored): its pixels must be drawn again though nothing changed (with no
  /// compositor, X leaves there what covered it).
  private(set) var exposed = false
  /// Window units per point: 1, but for a window opened at a forced `--scale` on a display
  /// without high-DPI drawables, whose window units are device pixels. Every position and size
  /// goes to the model in points.
  var unitsPerPoint = 1

  private func points(_ v: Int32) -> Double { Double(v) / Double(unitsPerPoint) }

  /// Sleeps until an event arrives or `seconds` pass (0: just looks), without taking it.
  func wait(seconds: Double) {
    SDL_WaitEventTimeout(nil, Int32((max(0, min(seconds, 1)) * 1000).rounded(.up)))
  }

  /// Drains SDL's queue into `inputs`.
  mutating func poll(into inputs: inout [AppInput]) {
    var event = SDL_Event()
    let before = inputs.count
    oldestInputTicks = nil
    deviceEvents = 0
    exposed = false
    defer { if inputs.count == before { oldestInputTicks = nil } }
    while SDL_PollEvent(&event) != 0 {
      if oldestInputTicks == nil { oldestInputTicks = event.common.timestamp }
      switch SDL_EventType(event.type) {
      case SDL_MOUSEBUTTONDOWN, SDL_MOUSEBUTTONUP, SDL_MOUSEMOTION, SDL_MOUSEWHEEL, SDL_KEYDOWN:
        deviceEvents += 1
      default: break
      }
      switch SDL_EventType(event.type) {
      case SDL_QUIT:
        quit = true
      case SDL_WINDOWEVENT where event.window.event == UInt8(SDL_WINDOWEVENT_CLOSE.rawValue):
        quit = true
      case SDL_WINDOWEVENT
      where [SDL_WINDOWEVENT_EXPOSED, SDL_WINDOWEVENT_SHOWN, SDL_WINDOWEVENT_RESTORED].map({
        UInt8($0.rawValue)
      })
      .contains(event.window.event):
        exposed = true
      default:
        inputs += self.inputs(for: event)
      }
    }
  }

  /// The inputs one SDL event stands for (the mapping `InputInjector.events(for:)` inverts).
  func inputs(for event: SDL_Event) -> [AppInput] {
    switch SDL_EventType(event.type) {
    case SDL_WINDOWEVENT where event.window.event == UInt8(SDL_WINDOWEVENT_SIZE_CHANGED.rawValue):
      return [
        .resize(
          width: Int(event.window.data1) / unitsPerPoint, height: Int(event.window.data2) / unitsPerPoint)
      ]
    case SDL_MOUSEBUTTONDOWN where event.button.button == UInt8(SDL_BUTTON_LEFT):
      return [.press(x: points(event.button.x), y: points(event.button.y))]
    case SDL_MOUSEBUTTONUP where event.button.button == UInt8(SDL_BUTTON_LEFT):
      return [.release(x: points(event.button.x), y: points(event.button.y), velocity: nil)]
    case SDL_MOUSEMOTION:
      return [.move(x: points(event.motion.x), y: points(event.motion.y))]
    case SDL_MOUSEWHEEL:
      var inputs: [AppInput] = []
      let (x, y) = (points(event.wheel.mouseX), points(event.wheel.mouseY))
      let flipped = event.wheel.direction == UInt32(SDL_MOUSEWHEEL_FLIPPED.rawValue)
      let dy = flipped ? Int(event.wheel.y) : -Int(event.wheel.y)
      // A touchpad's precise delta has a fraction: it scrolls by pixels, not whole notches.
      let precise = Double(flipped ? event.wheel.preciseY : -event.wheel.preciseY)
      if precise.isFinite, precise != precise.rounded() {
        inputs.append(.fineWheel(x: x, y: y, dy: precise))
      } else if dy != 0 {
        inputs.append(.wheel(x: x, y: y, dy: dy))
      }
      let dx = flipped ? -Int(event.wheel.x) : Int(event.wheel.x)
      if dx != 0 { inputs.append(.hwheel(x: x, y: y, dx: dx)) }
      return inputs
    case SDL_KEYDOWN:
      var name = String(cString: SDL_GetKeyName(event.key.keysym.sym))
      if name == "Tab", event.key.keysym.mod & UInt16(KMOD_SHIFT.rawValue) != 0 { name = "Shift+Tab" }
      return name.isEmpty ? [] : [.key(name)]
    case SDL_TEXTINPUT:
      var e = event
      let text = withUnsafePointer(to: &e.text.text) {
        $0.withMemoryRebound(to: CChar.self, capacity: 32) { String(cString: $0) }
      }
      return text.isEmpty ? [] : [.text(text)]
    default:
      return []
    }
  }
}
