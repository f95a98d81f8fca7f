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
  /// Sized to content instead of `height`/`fraction`: grabber + header, or + all current rows.
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
    switch content {
    case .header: return min(sizes.header, available)
    case .list: return min(sizes.list, available)
    case nil: break
    }
    if let height { return height }
    return (fraction ?? 0) * available - inset
  }
}

/// The heights content notches resolve to: the grabber and header, and those plus every row.
public struct ContentHeights: Sendable, Equatable {
  /// Grabber + header, px.
  public var header: Double
  /// Grabber + header + all current rows, px.
  public var list: Double

  /// Content heights in px.
  public init(header: Double = 0, list: Double = 0) {
    self.header = header
    self.list = list
  }

  /// The content heights of a sheet with `tuning`'s header and its current rows.
  public init(_ tuning: Tuning) {
    let header = SheetLayout.grabberHeight + tuning.header.height
    self.init(header: header, list: header + Double(tuning.list.rows) * tuning.list.rowHeight)
  }
}

/// What a content-sized notch measures.
public enum NotchContent: String, Sendable, CaseIterable {
  /// The grabber and the header.
  case header
  /// The grabber, the header and every current list row.
  case list
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
public enum NotchResolver {
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
        throw ConfigError(key: key, line: nil, reason: "height \(JSONWriter.number(h)) is negative")
      }
      guard h <= available + 1e-9 else {
        throw ConfigError(
          key: key, line: nil,
          reason: "height \(JSONWriter.number(h)) is above the window's \(JSONWriter.number(available)) px")
      }
      if let previous = notches.last, h <= previous.height {
        throw ConfigError(
          key: key, line: nil,
          reason:
            "heights must be strictly ascending (\(JSONWriter.number(h)) after \(JSONWriter.number(previous.height)))"
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
