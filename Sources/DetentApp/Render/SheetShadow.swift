/// The shadow a sheet casts on what lies above its top edge: black, from transparent
/// `height` px above the edge to `maxAlpha` at the edge, one alpha per pixel row.
enum SheetShadow {
  /// Rows of shadow above the sheet's top edge.
  static let height = 14
  /// The alpha of the row touching the sheet.
  static let maxAlpha = 38

  /// The alpha of row `row` of the shadow (0 is the farthest from the sheet), sampled at the
  /// row's centre of a linear ramp from 0 to `maxAlpha`.
  static func alpha(row: Int) -> UInt8 {
    let clamped = min(max(row, 0), height - 1)
    return UInt8((Double(maxAlpha) * (Double(clamped) + 0.5) / Double(height)).rounded())
  }

  /// The shade (255 = unchanged) that black at `alpha(row:)` over a backdrop already shaded
  /// by `base` leaves: `base · (255 − α) / 255`, rounded.
  static func shade(_ base: UInt8, row: Int) -> UInt8 {
    UInt8((Int(base) * (255 - Int(alpha(row: row))) + 127) / 255)
  }
}
