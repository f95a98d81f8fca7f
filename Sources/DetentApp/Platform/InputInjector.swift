@preconcurrency import CSDL2
import Foundation

/// Plays scripted input into SDL's event queue from a background thread, at set times, the way
/// a mouse and keyboard deliver it: events arrive at any moment relative to the program's
/// frames, and the program's own event wait wakes for them. `SDL_PushEvent` is thread-safe; no
/// other SDL call is made off the main thread.
final class InputInjector: Sendable {
  /// One scripted input at `time` seconds after `start()`.
  struct Item: Sendable {
    var time: Double
    var input: AppInput
  }

  /// The events to push, made on the main thread, with their times.
  private let schedule: Schedule
  private let done = Completion()
  private let arrivals = ArrivalLog()

  /// SDL events are plain C values; the schedule is written once here and only read after.
  private struct Schedule: @unchecked Sendable {
    var items: [(time: Double, events: [SDL_Event])]
  }

  /// The time of the `k`-th of inputs a frame (1/60 s) apart from `start`, at a phase within its
  /// frame spread by a fixed low-discrepancy sequence (the golden ratio's), so that arrivals fall
  /// at every phase of the program's frame.
  static func spread(_ k: Int, from start: Double) -> Double {
    start + (Double(k) + (Double(k) * 0.618_033_988_749).truncatingRemainder(dividingBy: 1)) / 60
  }

  /// Call on the main thread (key names are looked up in SDL's keymap here).
  init(items: [Item]) {
    schedule = Schedule(
      items: items.sorted { $0.time < $1.time }.map { ($0.time, Self.events(for: $0.input)) })
  }

  /// Whether every item has been pushed.
  var finished: Bool { done.isSet }

  /// When the oldest of the next `count` pushed events entered SDL's queue (uptime, ns), taking
  /// them; the program drains the queue in order, so this is when the input it just read arrived.
  func takeArrival(count: Int) -> UInt64? { arrivals.take(count) }

  /// Starts pushing, on a thread of its own.
  func start() {
    let schedule = self.schedule
    let done = self.done
    let arrivals = self.arrivals
    let thread = Thread {
      let clock = ContinuousClock()
      let start = clock.now
      for item in schedule.items {
        let due = start + .microseconds(Int64(item.time * 1_000_000))
        if due > clock.now { Thread.sleep(forTimeInterval: Self.seconds(due - clock.now)) }
        for var event in item.events {
          arrivals.append(DispatchTime.now().uptimeNanoseconds)
          SDL_PushEvent(&event)
        }
      }
      done.set()
    }
    thread.start()
  }

  private static func seconds(_ d: Duration) -> Double {
    Double(d.components.seconds) + Double(d.components.attoseconds) / 1e18
  }

  /// The SDL events a real device sends for `input` (what `EventPump` turns back into it); none
  /// for the program's own inputs (a tuning, a time scale, a comparison, a notch, a status line)
  /// and for a window size, which the window manager, not a device, changes.
  static func events(for input: AppInput) -> [SDL_Event] {
    var e = SDL_Event()
    switch input {
    case .press(let x, let y), .release(let x, let y, _):
      let down: Bool = if case .press = input { true } else { false }
      e.type = (down ? SDL_MOUSEBUTTONDOWN : SDL_MOUSEBUTTONUP).rawValue
      e.button.button = UInt8(SDL_BUTTON_LEFT)
      e.button.state = UInt8(down ? SDL_PRESSED : SDL_RELEASED)
      e.button.clicks = 1
      e.button.x = Int32(x)
      e.button.y = Int32(y)
    case .move(let x, let y):
      e.type = SDL_MOUSEMOTION.rawValue
      e.motion.x = Int32(x)
      e.motion.y = Int32(y)
    case .wheel(let x, let y, let dy):
      wheel(&e, x: x, y: y, dy: Double(dy))
    case .fineWheel(let x, let y, let dy):
      wheel(&e, x: x, y: y, dy: dy)
    case .hwheel(let x, let y, let dx):
      wheel(&e, x: x, y: y, dy: 0)
      e.wheel.x = Int32(dx)
      e.wheel.preciseX = Float(dx)
    case .key(let name):
      e.type = SDL_KEYDOWN.rawValue
      e.key.state = UInt8(SDL_PRESSED)
      if name == "Shift+Tab" {
        e.key.keysym.sym = SDL_GetKeyFromName("Tab")
        e.key.keysym.mod = UInt16(KMOD_LSHIFT.rawValue)
      } else {
        e.key.keysym.sym = SDL_GetKeyFromName(name)
      }
    case .text(let text):
      // SDL's text event holds up to 31 UTF-8 bytes and a terminating zero.
      let bytes = Array(text.utf8.prefix(31))
      e.type = SDL_TEXTINPUT.rawValue
      withUnsafeMutableBytes(of: &e.text.text) { buffer in
        for (i, byte) in bytes.enumerated() { buffer[i] = byte }
      }
    case .resize, .moveTo, .tune, .timeScale, .compare, .status:
      return []
    }
    return [e]
  }

  /// A wheel event at (x, y): `dy` notches down the list (a fraction: a touchpad's precise delta).
  private static func wheel(_ e: inout SDL_Event, x: Double, y: Double, dy: Double) {
    e.type = SDL_MOUSEWHEEL.rawValue
    e.wheel.y = Int32(-dy.rounded(.towardZero))
    e.wheel.preciseY = Float(-dy)
    e.wheel.direction = SDL_MOUSEWHEEL_NORMAL.rawValue
    e.wheel.mouseX = Int32(x)
    e.wheel.mouseY = Int32(y)
  }
}

/// A flag set once by one thread and read by another.
final class Completion: @unchecked Sendable {
  private let lock = NSLock()
  private var value = false

  /// Whether `set()` has been called.
  var isSet: Bool { lock.withLock { value } }

  /// Sets the flag.
  func set() { lock.withLock { value = true } }
}

/// Push times of injected events, oldest first (shared by the injecting and the main thread).
final class ArrivalLog: @unchecked Sendable {
  private let lock = NSLock()
  private var times: [UInt64] = []
  private var head = 0

  /// Notes one event about to be pushed.
  func append(_ ns: UInt64) { lock.withLock { times.append(ns) } }

  /// Takes the next `count` times and returns the first of them.
  func take(_ count: Int) -> UInt64? {
    lock.withLock {
      guard count > 0, head < times.count else { return nil }
      let first = times[head]
      head = min(times.count, head + count)
      return first
    }
  }
}
