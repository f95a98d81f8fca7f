import Detent
import DetentJSON
import Testing

/// TuningCoding.swift's policy object: a file that names only the kind gets the kind's
/// defaults (`TargetPolicy.defaults(kind:)`), the same a `Tuning` built in code gets.
struct TuningCodingPolicyTests {
  /// (kind, the policy an omitted key leaves)
  static let defaults: [(String, TargetPolicy)] = [
    ("nearest", .nearest), ("rushingForward", .rushingForward(minimumVelocity: 400, minimumDuration: 0.1)),
    ("projection", .projection(decelerationRate: 0.998, skipsNotches: true)),
    ("free", .free(decelerationRate: 0.998)),
  ]

  @Test("a file naming only the policy's kind gets its defaults", arguments: defaults)
  func kindOnly(kind: String, expected: TargetPolicy) throws {
    let decoded = try TuningCoding.decode(text: #"{"policy": {"kind": "\#(kind)"}}"#).tuning
    #expect(decoded.policy == expected)
    #expect(TargetPolicy.defaults(kind: kind) == expected)
  }
}
