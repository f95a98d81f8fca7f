import Detent

/// Every key of a tuning file, declared once: its path, kind and range, unit, documentation,
/// and (for plain values) how it is read from and written to a `Tuning`. The decoder and the
/// encoder run over this table, a panel's sliders read their label, span and step from
/// `sliders` (TuningSchema+Display.swift) and their unit from the key, and the README's key
/// table is generated from it (a test keeps the two equal).
public enum TuningSchema {
  /// The declared keys, in the order a saved file writes them.
  public static let keys: [TuningKey] = notchKeys + rootKeys + policyKeys + valueKeys

  /// The key declared at `path` (`"spring.response"`, `"notches[].height"`).
  public static func key(_ path: String) -> TuningKey? { keys.first { $0.path == path } }

  /// The keys of one object (`""` for the top level; `"notches[]"` for a notch), by name.
  public static func members(of group: String) -> [TuningKey] { keys.filter { $0.group == group } }

  static let notchKeys: [TuningKey] = [
    TuningKey("notches[].name", .text, doc: "unique name"),
    TuningKey("notches[].height", .number(0...1_000_000), unit: "px", doc: "fixed height"),
    TuningKey("notches[].fraction", .number(0...1), doc: "of the window height, minus inset"),
    TuningKey(
      "notches[].inset", .number(-1_000_000...1_000_000), unit: "px", doc: "subtracted from a fraction"),
    TuningKey("notches[].enabled", .bool, doc: "reachable by drags and policies"),
    TuningKey(
      "notches[].content", .text,
      doc: "`header`, `list` or `row:N`: sized to the content, instead of height/fraction"),
  ]

  static let rootKeys: [TuningKey] = [
    TuningKey("notches", .structured, doc: "at least one, strictly ascending"),
    TuningKey(
      "initialNotch", .notchName, doc: "where the sheet starts (default: first enabled)",
      get: { $0.initialNotch.map { .string($0, line: 0) } }, set: { $0.initialNotch = $1.stringValue }),
    choice("style", OverlayStyle.self, doc: "content height", \.style),
    number(
      "spring.response", 0.01...10, unit: "s", doc: "settle spring: time of one undamped period",
      \.spring.response),
    number(
      "spring.dampingRatio", 0.05...10, doc: "settle spring: 1 = critically damped", \.spring.dampingRatio),
    TuningKey(
      "policy", .structured, doc: "target notch on release"),
  ]

  static let policyKeys: [TuningKey] = [
    TuningKey(
      "policy.kind", .choice(["nearest", "rushingForward", "projection", "free"]), doc: "the policy",
      get: { .string($0.policy.kindName, line: 0) }),
    TuningKey(
      "policy.minimumVelocity", .number(0...100_000), unit: "px/s", doc: "rushingForward: speed to rush",
      get: { t in
        if case .rushingForward(let v, _) = t.policy { return .number(v, line: 0) }
        return .number(TargetPolicy.defaultMinimumVelocity, line: 0)
      }),
    TuningKey(
      "policy.minimumDuration", .number(0...10), unit: "s", doc: "rushingForward: projection time",
      get: { t in
        if case .rushingForward(_, let d) = t.policy { return .number(d, line: 0) }
        return .number(TargetPolicy.defaultMinimumDuration, line: 0)
      }),
    TuningKey(
      "policy.decelerationRate", .number(0.5...0.9999), unit: "/ms",
      doc: "projection and free: momentum decay",
      get: { t in
        switch t.policy {
        case .projection(let r, _), .free(let r): return .number(r, line: 0)
        default: return .number(TargetPolicy.defaultDecelerationRate, line: 0)
        }
      }),
    TuningKey(
      "policy.skipsNotches", .bool, doc: "projection: may pass notches",
      get: { t in
        if case .projection(_, let s) = t.policy { return .bool(s, line: 0) }
        return .bool(TargetPolicy.defaultSkipsNotches, line: 0)
      }),
  ]

  static let valueKeys: [TuningKey] = [
    choice("rubberBand.kind", RubberBandKind.self, doc: "resistance past the ends", \.rubberBand.kind),
    number("rubberBand.factor", 0...10, doc: "stiffness of the band", \.rubberBand.factor),
    bool("rubberBand.top", doc: "stretch past the top notch", \.rubberBand.top),
    bool("rubberBand.bottom", doc: "stretch past the bottom notch", \.rubberBand.bottom),
    number("dimming.maxAlpha", 0...1, doc: "backdrop alpha at the end notch", \.dimming.maxAlpha),
    TuningKey(
      "dimming.startNotch", .notchName, doc: "dimming starts (default: second highest)",
      get: { $0.dimming.startNotch.map { .string($0, line: 0) } },
      set: { $0.dimming.startNotch = $1.stringValue }),
    TuningKey(
      "dimming.endNotch", .notchName,
      doc:
        "dimming is full (default: highest); below the start notch, the backdrop darkens as the sheet goes down (the same formula); the same notch as the start, a step just above it",
      get: { $0.dimming.endNotch.map { .string($0, line: 0) } }, set: { $0.dimming.endNotch = $1.stringValue }
    ),
    choice("backdropTap", BackdropTap.self, doc: "a press on the dimmed backdrop", \.backdropTap),
    number("header.height", 0...1000, unit: "px", doc: "search field and chips", \.header.height),
    choice("header.mode", HeaderMode.self, doc: "how the header reacts to scrolling", \.header.mode),
    TuningKey(
      "list.rows", .integer(0...10_000_000), doc: "number of rows",
      get: { .number(Double($0.list.rows), line: 0) },
      set: { t, v in if case .number(let x, _) = v { t.list.rows = Int(x) } }),
    TuningKey(
      "list.rowHeight", .number(1...1000), unit: "px", doc: "height of every row",
      get: { $0.list.rowHeights.isUniform ? .number($0.list.rowHeight, line: 0) : nil },
      set: { t, v in if case .number(let x, _) = v { t.list.rowHeight = x } }),
    TuningKey(
      "list.rowHeights", .numbers(1...1000), unit: "px",
      doc: "row i is rowHeights[i mod n] (replaces rowHeight)",
      get: { t in
        t.list.rowHeights.isUniform
          ? nil : .array(t.list.rowHeights.heights.map { .number($0, line: 0) }, line: 0)
      },
      set: { t, v in
        if case .array(let items, _) = v { t.list.rowHeights = RowPattern(items.compactMap(\.numberValue)) }
      }),
    number(
      "list.decelerationRate", 0.5...0.9999, unit: "/ms", doc: "list momentum decay", \.list.decelerationRate),
    bool("list.bounces", doc: "overscroll and spring back at the ends", \.list.bounces),
    bool("list.resetOnCollapse", doc: "back to the top when the sheet rests lower", \.list.resetOnCollapse),
    choice(
      "list.interaction", ListInteraction.self, doc: "list drags resize the sheet, or scroll at every notch",
      \.list.interaction),
    choice("dragRegion", DragRegion.self, doc: "where a press can drag the sheet", \.dragRegion),
    choice("layout.mode", LayoutMode.self, doc: "full-width sheet or floating card", \.layout.mode),
    number("layout.maxWidth", 1...100_000, unit: "px", doc: "card width limit", \.layout.maxWidth),
    number("layout.margin", 0...10_000, unit: "px", doc: "card distance from its side", \.layout.margin),
    choice("layout.side", LayoutSide.self, doc: "the card's side", \.layout.side),
    number(
      "layout.bottomInset", 0...10_000, unit: "px", doc: "a floating card's gap above the bottom edge",
      \.layout.bottomInset),
    TuningKey(
      "layout.attachAt", .notchName, doc: "at and above this notch the card attaches (default: never)",
      get: { $0.layout.attachAt.map { .string($0, line: 0) } }, set: { $0.layout.attachAt = $1.stringValue }),
    number(
      "layout.breakpoint", 0...100_000, unit: "px", doc: "auto: card from this width", \.layout.breakpoint),
    choice("layout.edge", SheetEdge.self, doc: "the window edge the sheet is attached to", \.layout.edge),
    number(
      "dismiss.velocity", 0...1_000_000, unit: "px/s", doc: "downward release that dismisses",
      \.dismiss.velocity),
    number(
      "dismiss.threshold", 0...1, doc: "a release below (1 − t) × the lowest non-zero notch dismisses",
      \.dismiss.threshold),
    bool("dismiss.confirm", doc: "dismissals fire didAttemptDismiss and spring back", \.dismiss.confirm),
    bool("reduceMotion", doc: "eased 0.25 s moves, no overshoot or band", \.reduceMotion),
    number("sheet.grabber", 0...1000, unit: "px", doc: "grabber strip at the sheet's top", \.sheet.grabber),
    number(
      "sheet.cornerRadius", 0...1000, unit: "px", doc: "radius of the sheet's corners", \.sheet.cornerRadius),
    bool("sheet.draggable", doc: "false: presses never drag the sheet (the list scrolls)", \.sheet.draggable),
    number(
      "footer.height", 0...1000, unit: "px", doc: "sticky footer at the visible bottom (0: none)",
      \.footer.height),
    number(
      "keyboard.height", 0...10_000, unit: "px", doc: "the on-screen keyboard's height", \.keyboard.height),
    choice(
      "keyboard.behavior", KeyboardBehavior.self, doc: "what the sheet does while it shows",
      \.keyboard.behavior),
    bool(
      "keyboard.restoreOnBlur", doc: "back to the notch before the keyboard when it hides",
      \.keyboard.restoreOnBlur),
    bool("keyboard.blurOnDrag", doc: "a drag on the sheet ends the focus", \.keyboard.blurOnDrag),
  ]

  private static func number(
    _ path: String, _ range: ClosedRange<Double>, unit: String = "", doc: String,
    _ keyPath: WritableKeyPath<Tuning, Double> & Sendable
  ) -> TuningKey {
    TuningKey(
      path, .number(range), unit: unit, doc: doc, get: { .number($0[keyPath: keyPath], line: 0) },
      set: { t, v in if case .number(let x, _) = v { t[keyPath: keyPath] = x } })
  }

  private static func bool(_ path: String, doc: String, _ keyPath: WritableKeyPath<Tuning, Bool> & Sendable)
    -> TuningKey
  {
    TuningKey(
      path, .bool, doc: doc, get: { .bool($0[keyPath: keyPath], line: 0) },
      set: { t, v in if case .bool(let b, _) = v { t[keyPath: keyPath] = b } })
  }

  private static func choice<T: RawRepresentable & CaseIterable & Sendable>(
    _ path: String, _: T.Type, doc: String, _ keyPath: WritableKeyPath<Tuning, T> & Sendable
  ) -> TuningKey where T.RawValue == String {
    TuningKey(
      path, .choice(T.allCases.map(\.rawValue)), doc: doc,
      get: { .string($0[keyPath: keyPath].rawValue, line: 0) },
      set: { t, v in if let s = v.stringValue, let x = T(rawValue: s) { t[keyPath: keyPath] = x } })
  }
}

/// One declared tuning key.
public struct TuningKey: Sendable {
  /// What values the key takes.
  public enum Kind: Sendable, Equatable {
    /// A finite number in the range.
    case number(ClosedRange<Double>)
    /// A whole number in the range.
    case integer(ClosedRange<Int>)
    /// A non-empty array of finite numbers, each in the range.
    case numbers(ClosedRange<Double>)
    /// true or false.
    case bool
    /// One of the strings.
    case choice([String])
    /// The name of one of the tuning's notches.
    case notchName
    /// Any non-empty string.
    case text
    /// An object or array with its own decoder (notches, policy).
    case structured
  }

  /// Dotted path: `"spring.response"`; `"notches[].height"` for a notch's key.
  public let path: String
  /// The values it takes.
  public let kind: Kind
  /// Unit of a number ("px", "s", "px/s", "/ms"), empty when it has none.
  public let unit: String
  /// One line of documentation.
  public let doc: String
  /// The value in a tuning; nil when unset.
  let getter: (@Sendable (Tuning) -> JSONValue?)?
  /// Sets the value from a JSON value already checked against `kind`.
  let setter: (@Sendable (inout Tuning, JSONValue) -> Void)?

  init(
    _ path: String, _ kind: Kind, unit: String = "", doc: String,
    get: (@Sendable (Tuning) -> JSONValue?)? = nil, set: (@Sendable (inout Tuning, JSONValue) -> Void)? = nil
  ) {
    self.path = path
    self.kind = kind
    self.unit = unit
    self.doc = doc
    getter = get
    setter = set
  }

  /// The object the key belongs to (`""` at the top level).
  public var group: String {
    guard let dot = path.lastIndex(of: ".") else { return "" }
    return String(path[..<dot])
  }

  /// The key's own name within its object.
  public var name: String {
    guard let dot = path.lastIndex(of: ".") else { return path }
    return String(path[path.index(after: dot)...])
  }

  /// The value in `tuning` (nil when unset or structured).
  public func value(in tuning: Tuning) -> JSONValue? { getter?(tuning) }

  /// Whether the decoder and encoder handle the key from this declaration alone.
  var isPlain: Bool { setter != nil }

  /// The range or the choices, as the README writes them.
  public var domain: String {
    switch kind {
    case .number(let r): "\(JSONWriter.number(r.lowerBound))–\(JSONWriter.number(r.upperBound))"
    case .integer(let r): "\(r.lowerBound)–\(r.upperBound), whole"
    case .numbers(let r): "[\(JSONWriter.number(r.lowerBound))–\(JSONWriter.number(r.upperBound)), …]"
    case .bool: "true, false"
    case .choice(let options): options.map { "`\($0)`" }.joined(separator: ", ")
    case .notchName: "a notch name"
    case .text: "text"
    case .structured: "see below"
    }
  }
}

extension TuningSchema {
  /// The README's key table (Markdown), generated from the declarations.
  public static var markdownTable: String {
    var lines = ["| key | values | unit | default | what |", "|---|---|---|---|---|"]
    let defaults = Tuning()
    for key in keys where key.kind != .structured {
      let value: String =
        switch key.value(in: defaults) {
        case .number(let x, _)?: JSONWriter.number(x)
        case .bool(let b, _)?: String(b)
        case .string(let s, _)?: "`\(s)`"
        case .array(let items, _)?:
          "[" + items.map { JSONWriter.number($0.numberValue ?? 0) }.joined(separator: ", ") + "]"
        default: "—"
        }
      lines.append(
        "| `\(key.path)` | \(key.domain) | \(key.unit.isEmpty ? "—" : key.unit) | \(value) | \(key.doc) |")
    }
    return lines.joined(separator: "\n")
  }
}
