import Detent

/// The Flutter export: a `SpringDescription` and a DraggableScrollableSheet's sizes (Dart).
enum FlutterExport {
  private static func n(_ x: Double, _ d: Int = 3) -> String { ExportValues.n(x, d) }

  /// A Dart expression for a notch's height as a fraction of a parent `h` px high.
  static func size(_ e: ExportValues, _ spec: NotchSpec) -> String {
    if spec.content != nil { return "math.min(\(n(e.height(spec))) / h, 1.0)" }
    if let height = spec.height { return "\(n(height)) / h" }
    if spec.inset == 0 { return double(spec.fraction ?? 0) }
    return "(" + ExportValues.minusInset("h * \(double(spec.fraction ?? 0))", spec.inset) { n($0) } + ") / h"
  }

  /// A Dart double literal.
  static func double(_ x: Double, _ d: Int = 4) -> String { dart(n(x, d)) }

  /// A number's text as a Dart double literal (".0" added to a whole number).
  static func dart(_ text: String) -> String {
    text.contains(".") || text.contains("e") ? text : text + ".0"
  }

  static func render(_ e: ExportValues) -> String {
    let s = e.spring
    let enabled = e.enabled
    let sizes = enabled.map { size(e, $0) }
    // Where Detent's sheet starts: a listed size, else any size between the first and the last
    // (initialChildSize need not be a snap size), else the nearest listed one (not exact).
    let first = enabled.first.map(e.height) ?? 0
    let last = enabled.last.map(e.height) ?? 0
    let startHeight = e.height(e.startNotch)
    var initial = "sizes[\(e.start(in: enabled)?.index ?? 0)]"
    var initialNote = e.startNote(in: enabled, what: "sizes")
    if initialNote != nil, startHeight >= first, startHeight <= last {
      initial = size(e, e.startNotch)
      initialNote = nil
    }
    let initialLines =
      "// Where Detent's sheet starts (initialNotch, else the first enabled notch)."
      + (initialNote.map { "\n          // \(ExportValues.safe($0))" } ?? "")
    let maxSize = e.tuning.layout.edge.isVertical ? "maxHeight" : "maxWidth"
    let snapSizes =
      sizes.count > 2 ? (1..<(sizes.count - 1)).map { "sizes[\($0)]" }.joined(separator: ", ") : ""
    let d = e.dimmingNotches
    let height = { (name: String) -> String in
      e.notches.first { $0.name == name }.map { "h * (\(size(e, $0)))" } ?? "0.0"
    }
    return """
      // Detent export for Flutter: SpringDescription and DraggableScrollableSheet. 1 Detent px = 1 logical px.
      \(e.notches.contains { $0.content != nil } ? "import 'dart:math' as math;\n\n" : "")import 'package:flutter/material.dart';
      import 'package:flutter/physics.dart';

      /// The settle spring: response \(n(s.response)) s, damping ratio \(n(s.dampingRatio)) (exact: unit mass).
      const SpringDescription detentSpring = SpringDescription(mass: 1.0, stiffness: \(dart(e.stiffness)), damping: \(dart(e.damping)));

      /// Detent's settle from `from` to `to` px with the release velocity in px/s (exact).
      SpringSimulation detentSettle(double from, double to, double velocity) =>
          SpringSimulation(detentSpring, from, to, velocity);

      /// The enabled notches as fractions of a parent `h` px \(e.axisAdjective), lowest first: \(e.notchSummary).
      List<double> detentSizes(double h) => <double>[\(sizes.joined(separator: ", "))];

      /// Detent's backdrop opacity (exact) for a sheet `height` px tall in a parent `h` px \(e.axisAdjective):
      /// \(e.dimmingSummary).
      double detentBackdropOpacity(double height, double h) {
        final start = \(height(d.start));
        final end = \(height(d.end));
        if (end == start) return height > start ? \(double(e.tuning.dimming.maxAlpha)) : 0.0;
        return \(double(e.tuning.dimming.maxAlpha)) * ((height - start) / (end - start)).clamp(0.0, 1.0);
      }

      /// A DraggableScrollableSheet on Detent's notches. It snaps with its own simulation, not
      /// detentSpring (not exact); drive a DraggableScrollableController with detentSettle for that.
      class DetentSheet extends StatelessWidget {
        const DetentSheet({super.key, required this.builder});

        final ScrollableWidgetBuilder builder;

        @override
        Widget build(BuildContext context) {
          return LayoutBuilder(builder: (context, constraints) {
            final h = constraints.\(maxSize);
            final sizes = detentSizes(h);
            return DraggableScrollableSheet(
              \(initialLines)
              initialChildSize: \(initial),
              minChildSize: sizes.first,
              maxChildSize: sizes.last,
              snap: true,
              snapSizes: <double>[\(snapSizes)],
              builder: builder,
            );
          });
        }
      }

      // DraggableScrollableSheet picks the snap size itself (not exact); Detent's rule:
      \(AppleExport.comments(e.policyRule))

      """
  }
}
