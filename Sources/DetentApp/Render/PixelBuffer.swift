import Foundation

/// Pixels in main memory (ARGB8888, row-major) in storage of their own that never moves: a
/// tile's kept pixels, which the compositor's C kernel (`detent_compose_rows`) reads by address
/// for as long as the tile lives (made on the tile worker's thread, then only read), and the
/// compositor's kept view (`PreparedPixels`: made ready off the main thread, then the main
/// thread's alone). Hence `Sendable`: one thread at a time.
final class PixelBuffer: @unchecked Sendable, Equatable {
  /// The first pixel.
  let base: UnsafeMutablePointer<UInt32>
  /// Pixels held.
  let count: Int

  /// Where the pixels of a buffer of at least `pageFrom` bytes start: a page boundary. The
  /// allocator put a tile's 256 KiB 16 bytes past one, and the compositor's 32-byte reads of the
  /// tiles then cut cache lines where the display's lines did not: page-aligned, the 3840×2160
  /// bench's moving frames took 4.2–4.5 ms (median) instead of 5.2–6.0, its p99 ÷ floor
  /// 1.30–1.43 instead of 1.62–1.92. A smaller buffer (a text's, a sprite's kept pixels) starts
  /// on a cache line.
  static let alignment = 4096
  /// The size in bytes from which a buffer is page-aligned.
  static let pageFrom = 65_536
  /// Where a smaller buffer starts: a cache line.
  static let lineAlignment = 64

  /// `count` pixels written by `fill` (which must write every one of them).
  init(count: Int, fill: (UnsafeMutableBufferPointer<UInt32>) -> Void) {
    self.count = count
    let bytes = max(count, 1) * 4
    base = UnsafeMutableRawPointer.allocate(
      byteCount: bytes, alignment: bytes >= Self.pageFrom ? Self.alignment : Self.lineAlignment
    )
    .bindMemory(to: UInt32.self, capacity: max(count, 1))
    fill(UnsafeMutableBufferPointer(start: base, count: count))
  }

  /// `pixels` with alpha forced opaque (what `Dimmer` keeps of a tile at full shade).
  convenience init(opaque pixels: [UInt32]) {
    self.init(count: pixels.count) { buffer in
      pixels.withUnsafeBufferPointer { Dimmer.dim($0, into: buffer, shade: 255) }
    }
  }

  deinit { base.deallocate() }

  /// The pixels, for reading.
  var pixels: UnsafeBufferPointer<UInt32> { UnsafeBufferPointer(start: base, count: count) }

  static func == (a: PixelBuffer, b: PixelBuffer) -> Bool {
    a.count == b.count && a.pixels.elementsEqual(b.pixels)
  }
}

/// A `PixelBuffer` of a given size made ready on a thread of its own: allocated and every page
/// written once, which on this machine costs 17–33 ms for a 3840×2160 view (page faults), a
/// dropped frame if the main thread did it when the view first holds still. Filled with opaque
/// black, not zeros: an allocation filled with zeros may become a `calloc`, whose fresh pages
/// are mapped only when first written (by the main thread again). Asked for ahead
/// (`prepare`), taken when needed (`take`, which waits if it is not ready yet).
final class PreparedPixels: @unchecked Sendable {
  private let condition = NSCondition()
  // Guarded by `condition`:
  // The size asked for (nil: none; 0 is a size, which `take` must not wait for forever).
  private var asked: Int?
  private var ready: PixelBuffer?

  /// Starts making a buffer of `count` pixels unless one is asked for already (a buffer of
  /// another size being made is dropped when it is done).
  func prepare(count: Int) {
    condition.lock()
    defer { condition.unlock() }
    guard asked != count else { return }
    asked = count
    ready = nil
    let thread = Thread { [self] in
      let buffer = PixelBuffer(count: count) { $0.initialize(repeating: 0xFF00_0000) }
      condition.lock()
      if asked == count { ready = buffer }
      condition.broadcast()
      condition.unlock()
    }
    thread.name = "detent-pixels"
    thread.start()
  }

  /// The buffer of `count` pixels or more if it is ready (then the caller's), else nil, without
  /// waiting (`ZoomComposer` composes its frame again rather than wait; the storage made for
  /// the display serves a view narrowed by the docked panel).
  func takeIfReady(count: Int) -> PixelBuffer? {
    condition.lock()
    defer { condition.unlock() }
    guard let size = asked, size >= count, let buffer = ready else { return nil }
    ready = nil
    asked = nil
    return buffer
  }

  /// The buffer of `count` pixels (then the caller's), prepared now if it was not asked for,
  /// waiting for it if it is not ready yet.
  func take(count: Int) -> PixelBuffer {
    prepare(count: count)
    condition.lock()
    defer { condition.unlock() }
    while asked == count, ready == nil { condition.wait() }
    let buffer = ready ?? PixelBuffer(count: count) { $0.initialize(repeating: 0xFF00_0000) }
    ready = nil
    asked = nil
    return buffer
  }
}
