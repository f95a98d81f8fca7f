/// A notch as written in a tuning file: an absolute height, or a fraction of the window minus an inset.
public struct NotchSpec: Sendable, Equatable {
  /// Unique name, used by events, keys and `initialNotch`.
  public var name: String
  /// Absolute height in px, when given.
  public var height: Double?
  /// Fraction of the available height, when given (then `inset` is subtracted).
  public var fraction: Double?
  /// Pixels subtracted from the fractional height.
  public var inset: Double
  /// Whether drags and release policies may reach this notch.
  public var enabled: Bool
  /// Sized to content instead of `height`/`fraction`: grabber + header (+ footer), or + rows.
  public var content: NotchContent?

  /// A notch at an absolute height.
  public init(name: String, height: Double, enabled: Bool = true) {
    self.name = name
    self.height = height
    self.fraction = nil
    self.inset = 0
    self.enabled = enabled
    self.content = nil
  }

  /// A notch sized to the sheet's content (capped at the window).
  public init(name: String, content: NotchContent, enabled: Bool = true) {
    self.name = name
    self.height = nil
    self.fraction = nil
    self.inset = 0
    self.enabled = enabled
    self.content = content
  }

  /// A notch at `fraction` of the available height minus `inset`.
  public init(name: String, fraction: Double, inset: Double = 0, enabled: Bool = true) {
    self.name = name
    self.height = nil
    self.fraction = fraction
    self.inset = inset
    self.enabled = enabled
    self.content = nil
  }

  /// The height for an available height `available`; a content notch measures `content`
  /// (capped at `available`).
  public func resolvedHeight(available: Double, content sizes: ContentHeights = ContentHeights()) -> Double {
    if let content { return min(sizes.height(of: content), available) }
    if let height { return height }
    return (fraction ?? 0) * available - inset
  }
}

/// The sheet's declared content, which content notches measure: grabber, header, rows and footer.
public struct ContentHeights: Sendable, Equatable {
  /// Grabber + header, px.
  public var chrome: Double
  /// The footer's height, px.
  public var footer: Double
  /// Number of current rows.
  public var rows: Int
  /// Their heights.
  public var rowHeights: RowPattern

  /// Content of a sheet with `chrome` px of grabber and header, a `footer` and `rows` rows.
  public init(
    chrome: Double = 0, footer: Double = 0, rows: Int = 0, rowHeights: RowPattern = RowPattern(uniform: 64)
  ) {
    self.chrome = chrome
    self.footer = footer
    self.rows = rows
    self.rowHeights = rowHeights
  }

  /// The content of a sheet with `tuning`'s grabber, header, footer and current rows.
  public init(_ tuning: Tuning) {
    self.init(
      chrome: tuning.sheet.grabber + tuning.header.height, footer: tuning.footer.height,
      rows: tuning.list.rows,
      rowHeights: tuning.list.rowHeights)
  }

  /// Grabber + header + footer: a sheet showing no row.
  public var header: Double { chrome + footer }
  /// Grabber + header + every current row + footer.
  public var list: Double { header + rowHeights.contentHeight(rows: rows) }

  /// Grabber + header + rows 0…`index` + footer (every row when `index` is past the last one).
  func throughRow(_ index: Int) -> Double {
    header + rowHeights.top(ofRow: min(max(index, -1) + 1, rows))
  }

  /// The height a content notch resolves to, before the window's cap.
  public func height(of content: NotchContent) -> Double {
    switch content {
    case .header: header
    case .list: list
    case .row(let n): throughRow(n)
    }
  }
}

/// What a content-sized notch measures: `"header"`, `"list"` or `"row:N"` in a tuning file.
public enum NotchContent: Sendable, Equatable, Hashable {
  /// The grabber, the header (and the footer).
  case header
  /// The grabber, the header, every current list row (and the footer).
  case list
  /// The grabber, the header, rows 0…N (zero-based) and the footer.
  case row(Int)

  /// Reads `"header"`, `"list"` or `"row:N"` (N a whole number ≥ 0); nil otherwise.
  public init?(rawValue: String) {
    switch rawValue {
    case "header": self = .header
    case "list": self = .list
    default:
      let digits = rawValue.dropFirst(4)
      guard rawValue.hasPrefix("row:"), !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }),
        let n = Int(digits)
      else { return nil }
      self = .row(n)
    }
  }

  /// As written in a tuning file.
  public var rawValue: String {
    switch self {
    case .header: "header"
    case .list: "list"
    case .row(let n): "row:\(n)"
    }
  }
}

/// A notch resolved for one window size.
public struct Notch: Sendable, Equatable {
  /// The notch's name.
  public var name: String
  /// Its height from the bottom edge, in px.
  public var height: Double
  /// Whether drags and policies may reach it.
  public var enabled: Bool

  /// Creates a resolved notch.
  public init(name: String, height: Double, enabled: Bool = true) {
    self.name = name
    self.height = height
    self.enabled = enabled
  }
}

/// Resolves and validates notch lists.
enum NotchResolver {
  /// Resolves `specs` for `available` px of height. Throws when the set is empty, a height is
  /// not finite, negative or above `available`, heights are not strictly ascending, names repeat,
  /// or no notch is enabled.
  public static func resolve(
    _ specs: [NotchSpec], available: Double, content: ContentHeights = ContentHeights()
  )
    throws(ConfigError) -> [Notch]
  {
    guard !specs.isEmpty else {
      throw ConfigError(key: "notches", line: nil, reason: "at least one notch is required")
    }
    var names = Set<String>()
    var notches: [Notch] = []
    for (i, spec) in specs.enumerated() {
      let key = "notches[\(i)]"
      guard names.insert(spec.name).inserted else {
        throw ConfigError(key: key + ".name", line: nil, reason: "duplicate notch name \"\(spec.name)\"")
      }
      let h = spec.resolvedHeight(available: available, content: content)
      guard h.isFinite else {
        throw ConfigError(key: key, line: nil, reason: "height is not a finite number")
      }
      guard h >= 0 else {
        throw ConfigError(key: key, line: nil, reason: "height \(ConfigError.numberText(h)) is negative")
      }
      guard h <= available + 1e-9 else {
        throw ConfigError(
          key: key, line: nil,
          reason:
            "height \(ConfigError.numberText(h)) is above the window's \(ConfigError.numberText(available)) px"
        )
      }
      if let previous = notches.last, h <= previous.height {
        throw ConfigError(
          key: key, line: nil,
          reason:
            "heights must be strictly ascending (\(ConfigError.numberText(h)) after \(ConfigError.numberText(previous.height)))"
        )
      }
      notches.append(Notch(name: spec.name, height: h, enabled: spec.enabled))
    }
    guard notches.contains(where: \.enabled) else {
      throw ConfigError(key: "notches", line: nil, reason: "at least one notch must be enabled")
    }
    return notches
  }
}
