import Detent

/// One frame of a trace: the contract's CSV columns.
struct TraceRow {
  static let header =
    "frame,t,pointer_x,pointer_y,pointer_down,phase,height,velocity,notch,target_notch,list_offset,header_offset,dim_alpha"

  var frame: Int
  var time: Double
  var pointerX: Double
  var pointerY: Double
  var pointerDown: Bool
  var snapshot: SheetSnapshot

  /// The CSV line (fixed decimals, so the same run gives the same bytes; a notch name holding a
  /// comma, a quote or a line break quoted as RFC 4180 says, see `CSV`).
  var csv: String {
    let s = snapshot
    return CSV.line([
      String(frame), EventLog.number(time, decimals: 4), EventLog.number(pointerX, decimals: 2),
      EventLog.number(pointerY, decimals: 2), pointerDown ? "1" : "0", s.phase.rawValue,
      EventLog.number(s.height, decimals: 3), EventLog.number(s.velocity, decimals: 3), s.notch ?? "",
      s.targetNotch ?? "", EventLog.number(s.listOffset, decimals: 3),
      EventLog.number(s.headerOffset, decimals: 3),
      EventLog.number(s.dimAlpha, decimals: 4),
    ])
  }
}
