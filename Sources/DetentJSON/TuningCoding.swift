import Detent

/// Reads and writes tuning files (JSON), strictly: unknown keys and bad values are errors
/// naming the key and the line.
public enum TuningCoding {
  /// The top-level keys a tuning file may have (from the schema).
  public static let topLevelKeys: Set<String> = Set(
    TuningSchema.keys.map { key in
      let first = key.path.split(separator: ".").first.map(String.init) ?? key.path
      return first.hasSuffix("[]") ? String(first.dropLast(2)) : first
    })

  /// Parses tuning text; `base` supplies values for keys the text leaves out.
  public static func decode(text: String, base: Tuning = Tuning()) throws(ConfigError) -> DecodedTuning {
    let value: JSONValue
    do {
      value = try JSONParser.parse(text)
    } catch {
      throw ConfigError(key: "", line: error.line, reason: "column \(error.column): \(error.reason)")
    }
    return try decode(value, base: base)
  }

  /// Decodes a parsed tuning document over `base`. `resets` (a `tune`'s partial tuning): a plain
  /// key set to `null` takes its default again (what a file that no longer names it gives; a
  /// hot reload records a key taken out of the file so); elsewhere `null` is refused as any
  /// value of the wrong type.
  public static func decode(_ value: JSONValue, base: Tuning = Tuning(), resets: Bool = false)
    throws(ConfigError)
    -> DecodedTuning
  {
    let root = try JSONObjectReader(value, path: "")
    try root.rejectUnknown(topLevelKeys)
    var t = base
    var lines: [String: Int] = [:]
    if let items = try root.array("notches") {
      t.notches = try decodeNotches(items, line: root.value("notches")?.line, lines: &lines)
    }
    let names = Set(t.notches.map(\.name))
    func checkName(_ reader: JSONObjectReader, _ key: String) throws(ConfigError) -> String? {
      guard let name = try reader.string(key) else { return nil }
      guard names.contains(name) else {
        let known = t.notches.map { "\"\($0.name)\"" }.joined(separator: ", ")
        throw ConfigError(
          key: reader.keyPath(key), line: reader.value(key)?.line,
          reason: "no notch is named \"\(name)\" (notches: \(known))")
      }
      return name
    }
    // Every plain key from its declaration, each object's unknown keys refused first.
    var readers: [String: JSONObjectReader] = ["": root]
    var visited: Set<String> = [""]
    for key in TuningSchema.keys where key.isPlain {
      let group = key.group
      if visited.insert(group).inserted, let reader = try root.object(group) {
        try reader.rejectUnknown(Set(TuningSchema.members(of: group).map(\.name)))
        readers[group] = reader
      }
      guard let reader = readers[group] else { continue }
      if resets, case .null = reader.value(key.name) {
        key.setter?(&t, key.value(in: Tuning()) ?? .null(line: 0))
        continue
      }
      guard let value = try read(key, from: reader, checkName: checkName) else { continue }
      key.setter?(&t, value)
    }
    if let policy = try root.object("policy") { t.policy = try decodePolicy(policy, current: t.policy) }
    return DecodedTuning(tuning: t, lines: lines)
  }

  /// The value of `key` in `reader`, checked against its declared kind; nil when absent.
  private static func read(
    _ key: TuningKey, from reader: JSONObjectReader,
    checkName: (JSONObjectReader, String) throws(ConfigError) -> String?
  ) throws(ConfigError) -> JSONValue? {
    let name = key.name
    switch key.kind {
    case .number(let range): return try reader.number(name, in: range).map { .number($0, line: 0) }
    case .integer(let range): return try reader.integer(name, in: range).map { .number(Double($0), line: 0) }
    case .bool: return try reader.bool(name).map { .bool($0, line: 0) }
    case .numbers(let range):
      return try reader.numbers(name, in: range).map { .array($0.map { .number($0, line: 0) }, line: 0) }
    case .choice(let options):
      guard let s = try reader.string(name) else { return nil }
      guard options.contains(s) else {
        throw ConfigError(
          key: reader.keyPath(name), line: reader.value(name)?.line,
          reason:
            "unknown value \"\(s)\" (expected one of \(options.map { "\"\($0)\"" }.joined(separator: ", ")))")
      }
      return .string(s, line: 0)
    case .notchName: return try checkName(reader, name).map { .string($0, line: 0) }
    case .text: return try reader.string(name).map { .string($0, line: 0) }
    case .structured: return nil
    }
  }

  /// The declared range of a number key.
  private static func range(_ path: String) -> ClosedRange<Double> {
    if case .number(let r)? = TuningSchema.key(path)?.kind { return r }
    preconditionFailure("\(path) is not a declared number key")
  }

  private static func decodeNotches(_ items: [JSONValue], line: Int?, lines: inout [String: Int])
    throws(ConfigError)
    -> [NotchSpec]
  {
    guard !items.isEmpty else {
      throw ConfigError(key: "notches", line: line, reason: "at least one notch is required")
    }
    var specs: [NotchSpec] = []
    var names = Set<String>()
    for (i, item) in items.enumerated() {
      let reader = try JSONObjectReader(item, path: "notches[\(i)]")
      lines[reader.path] = reader.line
      try reader.rejectUnknown(Set(TuningSchema.members(of: "notches[]").map(\.name)))
      guard let name = try reader.string("name") else {
        throw ConfigError(
          key: reader.keyPath("name"), line: reader.line, reason: "missing (every notch needs a name)")
      }
      guard !name.isEmpty else {
        throw ConfigError(key: reader.keyPath("name"), line: reader.line, reason: "empty name")
      }
      guard names.insert(name).inserted else {
        throw ConfigError(
          key: reader.keyPath("name"), line: reader.value("name")?.line,
          reason: "duplicate notch name \"\(name)\"")
      }
      let height = try reader.number("height", in: range("notches[].height"))
      let fraction = try reader.number("fraction", in: range("notches[].fraction"))
      let inset = try reader.number("inset", in: range("notches[].inset")) ?? 0
      let enabled = try reader.bool("enabled") ?? true
      if let text = try reader.string("content") {
        guard let content = NotchContent(rawValue: text) else {
          throw ConfigError(
            key: reader.keyPath("content"), line: reader.value("content")?.line,
            reason:
              "unknown value \"\(text)\" (expected \"header\", \"list\" or \"row:N\", N a row number from 0)")
        }
        guard height == nil, fraction == nil, reader.value("inset") == nil else {
          throw ConfigError(
            key: reader.path, line: reader.line,
            reason: "content goes alone, without height, fraction or inset")
        }
        specs.append(NotchSpec(name: name, content: content, enabled: enabled))
        continue
      }
      switch (height, fraction) {
      case (let h?, nil):
        guard reader.value("inset") == nil else {
          throw ConfigError(
            key: reader.keyPath("inset"), line: reader.value("inset")?.line,
            reason: "inset goes with fraction, not height")
        }
        specs.append(NotchSpec(name: name, height: h, enabled: enabled))
      case (nil, let f?):
        specs.append(NotchSpec(name: name, fraction: f, inset: inset, enabled: enabled))
      case (.some, .some):
        throw ConfigError(
          key: reader.path, line: reader.line, reason: "give either height or fraction, not both")
      case (nil, nil):
        throw ConfigError(
          key: reader.path, line: reader.line, reason: "needs a height, a fraction or a content")
      }
    }
    return specs
  }

  private static func decodePolicy(_ p: JSONObjectReader, current: TargetPolicy) throws(ConfigError)
    -> TargetPolicy
  {
    try p.rejectUnknown(Set(TuningSchema.members(of: "policy").map(\.name)))
    let kind = try p.string("kind") ?? current.kindName
    var minimumVelocity = TargetPolicy.defaultMinimumVelocity
    var minimumDuration = TargetPolicy.defaultMinimumDuration
    var rate = TargetPolicy.defaultDecelerationRate
    var skips = TargetPolicy.defaultSkipsNotches
    switch current {
    case .nearest: break
    case .rushingForward(let v, let d): (minimumVelocity, minimumDuration) = (v, d)
    case .projection(let r, let s): (rate, skips) = (r, s)
    case .free(let r): rate = r
    }
    // Each kind takes its own keys; one of another kind is named with the kind it belongs to.
    let keys: [String: Set<String>] = [
      "nearest": ["kind"], "rushingForward": ["kind", "minimumVelocity", "minimumDuration"],
      "projection": ["kind", "decelerationRate", "skipsNotches"], "free": ["kind", "decelerationRate"],
    ]
    if let own = keys[kind] {
      do {
        try p.rejectUnknown(own)
      } catch {
        var e = error
        let name = String(e.key.split(separator: ".").last ?? "")
        let owners = keys.filter { $0.value.contains(name) }.keys.sorted().map { "\"\($0)\"" }
        e.reason =
          "not a key of policy \"\(kind)\" (it takes: \(own.sorted().joined(separator: ", ")))"
          + (owners.isEmpty ? "" : "; \(name) is a key of \(owners.joined(separator: " and "))")
        throw e
      }
    }
    switch kind {
    case "nearest":
      return .nearest
    case "rushingForward":
      if let v = try p.number("minimumVelocity", in: range("policy.minimumVelocity")) { minimumVelocity = v }
      if let d = try p.number("minimumDuration", in: range("policy.minimumDuration")) { minimumDuration = d }
      return .rushingForward(minimumVelocity: minimumVelocity, minimumDuration: minimumDuration)
    case "projection":
      if let r = try p.number("decelerationRate", in: range("policy.decelerationRate")) { rate = r }
      if let s = try p.bool("skipsNotches") { skips = s }
      return .projection(decelerationRate: rate, skipsNotches: skips)
    case "free":
      if let r = try p.number("decelerationRate", in: range("policy.decelerationRate")) { rate = r }
      return .free(decelerationRate: rate)
    default:
      throw ConfigError(
        key: p.keyPath("kind"), line: p.value("kind")?.line,
        reason:
          "unknown policy \"\(kind)\" (expected \"nearest\", \"rushingForward\", \"projection\" or \"free\")")
    }
  }

  /// The complete tuning as a JSON document (every key written, stable order).
  public static func encode(_ t: Tuning) -> JSONValue {
    func num(_ x: Double) -> JSONValue { .number(x, line: 0) }
    func str(_ s: String) -> JSONValue { .string(s, line: 0) }
    func obj(_ members: [(String, JSONValue)]) -> JSONValue {
      .object(members.map { (key: $0.0, value: $0.1) }, line: 0)
    }
    let notches: [JSONValue] = t.notches.map { n in
      var m: [(String, JSONValue)] = [("name", str(n.name))]
      if let c = n.content { m.append(("content", str(c.rawValue))) }
      if let h = n.height { m.append(("height", num(h))) }
      if let f = n.fraction {
        m.append(("fraction", num(f)))
        if n.inset != 0 { m.append(("inset", num(n.inset))) }
      }
      if !n.enabled { m.append(("enabled", .bool(false, line: 0))) }
      return obj(m)
    }
    var policy: [(String, JSONValue)] = [("kind", str(t.policy.kindName))]
    switch t.policy {
    case .nearest: break
    case .rushingForward(let v, let d): policy += [("minimumVelocity", num(v)), ("minimumDuration", num(d))]
    case .projection(let r, let s):
      policy += [("decelerationRate", num(r)), ("skipsNotches", .bool(s, line: 0))]
    case .free(let r): policy += [("decelerationRate", num(r))]
    }
    // Every other key from its declaration, grouped by object, in the schema's order.
    var members: [(String, JSONValue)] = []
    var groups: [String: [(String, JSONValue)]] = [:]
    for key in TuningSchema.keys where key.group.isEmpty || key.group.firstIndex(of: "[") == nil {
      switch key.path {
      case "notches": members.append(("notches", .array(notches, line: 0)))
      case "policy": members.append(("policy", obj(policy)))
      default:
        guard key.isPlain, let value = key.value(in: t) else { continue }
        if key.group.isEmpty {
          members.append((key.name, value))
        } else {
          if groups[key.group] == nil {
            members.append((key.group, .null(line: 0)))
          }
          groups[key.group, default: []].append((key.name, value))
        }
      }
    }
    members = members.map { m in groups[m.0].map { (m.0, obj($0)) } ?? m }
    return obj(members)
  }
}

/// A decoded tuning with the line of each notch, for window-dependent errors found later.
public struct DecodedTuning: Sendable {
  /// The tuning.
  public var tuning: Tuning
  /// Line of each `notches[i]` entry.
  public var lines: [String: Int]

  /// A tuning with the lines of its notches where known.
  public init(tuning: Tuning, lines: [String: Int] = [:]) {
    self.tuning = tuning
    self.lines = lines
  }

  /// `validate(availableHeight:)` along the edge's axis of a window of that size.
  @discardableResult
  public func validate(windowWidth: Double, windowHeight: Double) throws(ConfigError) -> [Notch] {
    try validate(availableHeight: tuning.layout.edge.isVertical ? windowHeight : windowWidth)
  }

  /// `validate(availableHeight:)` with the line filled in from the file where known.
  @discardableResult
  public func validate(availableHeight: Double) throws(ConfigError) -> [Notch] {
    do {
      return try tuning.validate(availableHeight: availableHeight)
    } catch {
      var e = error
      if e.line == nil { e.line = lines[e.key] ?? lines.first { e.key.hasPrefix($0.key) }?.value }
      throw e
    }
  }
}
