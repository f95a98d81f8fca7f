/// Reads and writes tuning files (JSON), strictly: unknown keys and bad values are errors
/// naming the key and the line.
public enum TuningCoding {
  /// The top-level keys a tuning file may have.
  public static let topLevelKeys: Set<String> = [
    "notches", "initialNotch", "style", "spring", "policy", "rubberBand", "dimming", "backdropTap", "header",
    "list", "dragRegion", "layout", "dismiss", "reduceMotion",
  ]

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

  /// Decodes a parsed tuning document over `base`.
  public static func decode(_ value: JSONValue, base: Tuning = Tuning()) throws(ConfigError) -> DecodedTuning
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
    if let name = try checkName(root, "initialNotch") { t.initialNotch = name }
    if let style = try root.choice("style", OverlayStyle.self) { t.style = style }
    if let spring = try root.object("spring") {
      try spring.rejectUnknown(["response", "dampingRatio"])
      if let r = try spring.number("response", in: 0.01...10) { t.spring.response = r }
      if let d = try spring.number("dampingRatio", in: 0.05...10) { t.spring.dampingRatio = d }
    }
    if let policy = try root.object("policy") { t.policy = try decodePolicy(policy, current: t.policy) }
    if let band = try root.object("rubberBand") {
      try band.rejectUnknown(["kind", "factor", "top", "bottom"])
      if let kind = try band.choice("kind", RubberBandKind.self) { t.rubberBand.kind = kind }
      if let factor = try band.number("factor", in: 0...10) { t.rubberBand.factor = factor }
      if let top = try band.bool("top") { t.rubberBand.top = top }
      if let bottom = try band.bool("bottom") { t.rubberBand.bottom = bottom }
    }
    if let dimming = try root.object("dimming") {
      try dimming.rejectUnknown(["maxAlpha", "startNotch", "endNotch"])
      if let a = try dimming.number("maxAlpha", in: 0...1) { t.dimming.maxAlpha = a }
      if let s = try checkName(dimming, "startNotch") { t.dimming.startNotch = s }
      if let e = try checkName(dimming, "endNotch") { t.dimming.endNotch = e }
    }
    if let tap = try root.choice("backdropTap", BackdropTap.self) { t.backdropTap = tap }
    if let header = try root.object("header") {
      try header.rejectUnknown(["height", "mode"])
      if let h = try header.number("height", in: 0...1000) { t.header.height = h }
      if let mode = try header.choice("mode", HeaderMode.self) { t.header.mode = mode }
    }
    if let list = try root.object("list") {
      try list.rejectUnknown(["rows", "rowHeight", "decelerationRate", "bounces", "resetOnCollapse"])
      if let rows = try list.integer("rows", in: 0...10_000_000) { t.list.rows = rows }
      if let h = try list.number("rowHeight", in: 1...1000) { t.list.rowHeight = h }
      if let r = try list.number("decelerationRate", in: 0.5...0.9999) { t.list.decelerationRate = r }
      if let b = try list.bool("bounces") { t.list.bounces = b }
      if let r = try list.bool("resetOnCollapse") { t.list.resetOnCollapse = r }
    }
    if let region = try root.choice("dragRegion", DragRegion.self) { t.dragRegion = region }
    if let layout = try root.object("layout") {
      try layout.rejectUnknown(["mode", "maxWidth", "margin", "side", "breakpoint"])
      if let mode = try layout.choice("mode", LayoutMode.self) { t.layout.mode = mode }
      if let w = try layout.number("maxWidth", in: 1...100_000) { t.layout.maxWidth = w }
      if let m = try layout.number("margin", in: 0...10_000) { t.layout.margin = m }
      if let side = try layout.choice("side", LayoutSide.self) { t.layout.side = side }
      if let b = try layout.number("breakpoint", in: 0...100_000) { t.layout.breakpoint = b }
    }
    if let dismiss = try root.object("dismiss") {
      try dismiss.rejectUnknown(["velocity"])
      if let v = try dismiss.number("velocity", in: 0...1_000_000) { t.dismiss.velocity = v }
    }
    if let reduce = try root.bool("reduceMotion") { t.reduceMotion = reduce }
    return DecodedTuning(tuning: t, lines: lines)
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
      try reader.rejectUnknown(["name", "height", "fraction", "inset", "enabled", "content"])
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
      let height = try reader.number("height", in: 0...1_000_000)
      let fraction = try reader.number("fraction", in: 0...1)
      let inset = try reader.number("inset", in: -1_000_000...1_000_000) ?? 0
      let enabled = try reader.bool("enabled") ?? true
      if let content = try reader.choice("content", NotchContent.self) {
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
    try p.rejectUnknown(["kind", "minimumVelocity", "minimumDuration", "decelerationRate", "skipsNotches"])
    let kind = try p.string("kind") ?? current.kindName
    var minimumVelocity = 400.0
    var minimumDuration = 0.1
    var rate = 0.998
    var skips = true
    switch current {
    case .nearest: break
    case .rushingForward(let v, let d): (minimumVelocity, minimumDuration) = (v, d)
    case .projection(let r, let s): (rate, skips) = (r, s)
    case .free(let r): rate = r
    }
    switch kind {
    case "nearest":
      try p.rejectUnknown(["kind"])
      return .nearest
    case "rushingForward":
      try p.rejectUnknown(["kind", "minimumVelocity", "minimumDuration"])
      if let v = try p.number("minimumVelocity", in: 0...100_000) { minimumVelocity = v }
      if let d = try p.number("minimumDuration", in: 0...10) { minimumDuration = d }
      return .rushingForward(minimumVelocity: minimumVelocity, minimumDuration: minimumDuration)
    case "projection":
      try p.rejectUnknown(["kind", "decelerationRate", "skipsNotches"])
      if let r = try p.number("decelerationRate", in: 0.5...0.9999) { rate = r }
      if let s = try p.bool("skipsNotches") { skips = s }
      return .projection(decelerationRate: rate, skipsNotches: skips)
    case "free":
      try p.rejectUnknown(["kind", "decelerationRate"])
      if let r = try p.number("decelerationRate", in: 0.5...0.9999) { rate = r }
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
    var dimming: [(String, JSONValue)] = [("maxAlpha", num(t.dimming.maxAlpha))]
    if let s = t.dimming.startNotch { dimming.append(("startNotch", str(s))) }
    if let e = t.dimming.endNotch { dimming.append(("endNotch", str(e))) }
    var members: [(String, JSONValue)] = [("notches", .array(notches, line: 0))]
    if let initial = t.initialNotch { members.append(("initialNotch", str(initial))) }
    members += [
      ("style", str(t.style.rawValue)),
      ("spring", obj([("response", num(t.spring.response)), ("dampingRatio", num(t.spring.dampingRatio))])),
      ("policy", obj(policy)),
      (
        "rubberBand",
        obj([
          ("kind", str(t.rubberBand.kind.rawValue)), ("factor", num(t.rubberBand.factor)),
          ("top", .bool(t.rubberBand.top, line: 0)), ("bottom", .bool(t.rubberBand.bottom, line: 0)),
        ])
      ),
      ("dimming", obj(dimming)),
      ("backdropTap", str(t.backdropTap.rawValue)),
      ("header", obj([("height", num(t.header.height)), ("mode", str(t.header.mode.rawValue))])),
      (
        "list",
        obj([
          ("rows", num(Double(t.list.rows))), ("rowHeight", num(t.list.rowHeight)),
          ("decelerationRate", num(t.list.decelerationRate)), ("bounces", .bool(t.list.bounces, line: 0)),
          ("resetOnCollapse", .bool(t.list.resetOnCollapse, line: 0)),
        ])
      ),
      ("dragRegion", str(t.dragRegion.rawValue)),
      (
        "layout",
        obj([
          ("mode", str(t.layout.mode.rawValue)), ("maxWidth", num(t.layout.maxWidth)),
          ("margin", num(t.layout.margin)), ("side", str(t.layout.side.rawValue)),
          ("breakpoint", num(t.layout.breakpoint)),
        ])
      ),
      ("dismiss", obj([("velocity", num(t.dismiss.velocity))])),
      ("reduceMotion", .bool(t.reduceMotion, line: 0)),
    ]
    return obj(members)
  }
}

/// A decoded tuning with the line of each notch, for window-dependent errors found later.
public struct DecodedTuning: Sendable {
  /// The tuning.
  public var tuning: Tuning
  /// Line of each `notches[i]` entry.
  public var lines: [String: Int]

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
