/// The fuzzer's bytes read as a stream of choices: small integers, flags and numbers in ranges.
/// Reading past the end gives zeros, so every byte string decodes to some input sequence.
struct FuzzBytes {
  private let bytes: [UInt8]
  private var index = 0

  /// A reader over `bytes`.
  init(_ bytes: [UInt8]) { self.bytes = bytes }

  /// Whether every byte has been read.
  var isExhausted: Bool { index >= bytes.count }

  /// The next byte (0 past the end).
  mutating func byte() -> UInt8 {
    guard index < bytes.count else { return 0 }
    defer { index += 1 }
    return bytes[index]
  }

  /// A flag from one byte.
  mutating func bool() -> Bool { byte() & 1 == 1 }

  /// An integer in `range` from one byte (or two when the range is wider than 256).
  mutating func int(_ range: ClosedRange<Int>) -> Int {
    let span = range.upperBound - range.lowerBound + 1
    let raw = span > 256 ? Int(byte()) << 8 | Int(byte()) : Int(byte())
    return range.lowerBound + raw % span
  }

  /// A number in `range` from two bytes; the two ends and the middle come up often, as edge
  /// cases should.
  mutating func double(_ range: ClosedRange<Double>) -> Double {
    let raw = Int(byte()) << 8 | Int(byte())
    switch raw & 0xF {
    case 0: return range.lowerBound
    case 1: return range.upperBound
    case 2: return (range.lowerBound + range.upperBound) / 2
    default:
      return range.lowerBound + Double(raw >> 4) / 4095 * (range.upperBound - range.lowerBound)
    }
  }

  /// One of `choices`.
  mutating func pick<T>(_ choices: [T]) -> T { choices[int(0...choices.count - 1)] }
}
