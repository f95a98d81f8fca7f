import Foundation

/// A block of pixels for a kept view, allocated and its pages touched on a thread of its own,
/// so that the frame that first keeps a view does not take the page faults (a 3840×2160 view is
/// 33 MB: 8,100 faults, 5 to 30 ms on the main thread of a loaded machine). Until it is ready a
/// view is not kept (`ZoomComposer` composes it again instead).
final class PreparedPixels: @unchecked Sendable {
  /// Guards `ready`, `readyCount` and `preparing` (the preparing thread sets the first two).
  private let lock = NSLock()
  private var ready: UnsafeMutablePointer<UInt32>?
  private var readyCount = 0
  private var preparing = false
  /// The block in use (main thread only).
  private var current: UnsafeMutablePointer<UInt32>?
  private var currentCount = 0

  /// A block of at least `count` pixels if one is ready (the same block while it is large
  /// enough); else nil, and one is prepared off this thread for a later call.
  func pixels(count: Int) -> UnsafeMutablePointer<UInt32>? {
    if let current, currentCount >= count { return current }
    lock.lock()
    defer { lock.unlock() }
    if let block = ready, readyCount >= count {
      current?.deallocate()
      (current, currentCount) = (block, readyCount)
      (ready, readyCount) = (nil, 0)
      return block
    }
    guard !preparing else { return nil }
    preparing = true
    Thread { [self] in
      let block = UnsafeMutablePointer<UInt32>.allocate(capacity: count)
      block.initialize(repeating: 0, count: count)
      lock.lock()
      ready?.deallocate()
      (ready, readyCount) = (block, count)
      preparing = false
      lock.unlock()
    }.start()
    return nil
  }

  /// Waits until no block is being prepared (tests: a view kept in the frame that can keep it).
  func waitUntilPrepared() {
    while lock.withLock({ preparing }) { usleep(1000) }
  }

  deinit {
    current?.deallocate()
    ready?.deallocate()
  }
}
