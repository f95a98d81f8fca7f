import Detent
import Foundation

/// The live tuning panel (T): sliders and choices for the spring, rubber band, policy, dimming,
/// list and header; the notch list with enable toggles; presets; curves; save (S) and hot reload.
final class TuningPanel {
  private let model: DemoModel
  let configPath: String
  let presets: Presets
  private var input = WidgetInput()
  private(set) var status = ""
  private(set) var statusIsError = false
  private var ghost: Spring?
  private var focused = "spring.response"
  private var sinceCheck = 0.0
  private var fileStamp: (Date, Int)?
  /// Seconds between checks of the config file on disk.
  static let reloadInterval = 0.25

  /// A panel for `model` saving to `configPath`. Only an `interactive` panel takes the pointer
  /// and keys (a replay's screenshots draw a passive one).
  init(model: DemoModel, configPath: String, assets: AssetLocator, interactive: Bool = true) {
    self.model = model
    self.configPath = configPath
    self.presets = Presets(assets: assets)
    fileStamp = Self.stamp(configPath)
    if interactive {
      model.panelPointer = { [unowned self] in self.pointer($0) }
      model.extraKeyHandler = { [unowned self] in self.key($0) }
    }
  }

  /// Makes the scene draw this panel when shown.
  func attach(to scene: SceneRenderer) {
    scene.panel = { [unowned self] canvas, text, x, w, h in
      self.draw(canvas: canvas, text: text, x: x, width: w, height: h)
    }
  }

  private static func stamp(_ path: String) -> (Date, Int)? {
    guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
      let date = attributes[.modificationDate] as? Date, let size = attributes[.size] as? Int
    else { return nil }
    return (date, size)
  }

  private func pointer(_ event: AppInput) {
    switch event {
    case .press(let x, let y):
      input.x = x
      input.y = y
      input.down = true
      input.pressed = true
    case .move(let x, let y):
      input.x = x
      input.y = y
    case .release(let x, let y, _):
      input.x = x
      input.y = y
      input.down = false
      input.active = nil
    default: break
    }
  }

  /// Per-frame work: hot reload of the config file.
  func tick(dt: Double) {
    sinceCheck += dt
    guard sinceCheck >= Self.reloadInterval else { return }
    sinceCheck = 0
    reloadIfChanged()
  }

  /// Applies the config file when it changed on disk; an invalid edit keeps the last good tuning.
  func reloadIfChanged() {
    let stamp = Self.stamp(configPath)
    guard let stamp, stamp.0 != fileStamp?.0 || stamp.1 != fileStamp?.1 else { return }
    fileStamp = stamp
    do {
      let decoded = try TuningFile.load(configPath, windowHeight: model.stack.root.availableHeight)
      if decoded.tuning != model.rootTuning {
        try apply(decoded.tuning)
        report("reloaded \(configPath)")
      }
    } catch {
      report("\(error)", error: true)
      FileHandle.standardError.write(
        "detent: hot reload kept the last good tuning: \(error)\n".data(using: .utf8)!)
    }
  }

  private func report(_ message: String, error: Bool = false) {
    status = message
    statusIsError = error
  }

  private func apply(_ tuning: Tuning) throws {
    if tuning.spring != model.rootTuning.spring { ghost = model.rootTuning.spring }
    do {
      try model.setTuning(tuning)
    } catch {
      throw CLIError.input(TuningFile.message(error, path: configPath))
    }
  }

  private func edit(_ change: (inout Tuning) -> Void) {
    var t = model.rootTuning
    change(&t)
    guard t != model.rootTuning else { return }
    do {
      try apply(t)
      statusIsError = false
    } catch {
      report("\(error)", error: true)
    }
  }

  /// Saves the tuning atomically to the config path.
  func save() {
    do {
      try TuningFile.save(model.rootTuning, to: configPath)
      fileStamp = Self.stamp(configPath)
      report("saved \(configPath)")
    } catch {
      report("\(error)", error: true)
    }
  }

  /// Keyboard: S save; Left/Right fine-adjust the focused slider; R replay the last release.
  private func key(_ name: String) -> Bool {
    switch name {
    case "S":
      save()
    case "R":
      replayLastRelease()
    case "Left", "Right":
      guard model.panelShown, let slider = sliders().first(where: { $0.id == focused }) else { return false }
      let v = slider.get(model.rootTuning) + (name == "Right" ? slider.step : -slider.step)
      edit { slider.set(&$0, min(max(v, slider.range.lowerBound), slider.range.upperBound)) }
    default:
      return false
    }
    return true
  }

  func replayLastRelease() {
    if let last = model.lastRelease { model.replayRelease(height: last.height, velocity: last.velocity) }
  }

  struct Slider {
    var id: String
    var label: String
    var range: ClosedRange<Double>
    var step: Double
    var unit: String
    var get: (Tuning) -> Double
    var set: (inout Tuning, Double) -> Void
  }

  private func sliders() -> [Slider] {
    var out = [
      Slider(
        id: "spring.response", label: "spring response", range: 0.1...1.5, step: 0.01, unit: "s",
        get: { $0.spring.response }, set: { $0.spring.response = $1 }),
      Slider(
        id: "spring.dampingRatio", label: "damping ratio", range: 0.1...2, step: 0.01, unit: "",
        get: { $0.spring.dampingRatio }, set: { $0.spring.dampingRatio = $1 }),
      Slider(
        id: "rubberBand.factor", label: "rubber band factor", range: 0...2, step: 0.01, unit: "",
        get: { $0.rubberBand.factor }, set: { $0.rubberBand.factor = $1 }),
    ]
    switch model.rootTuning.policy {
    case .nearest: break
    case .rushingForward(let v, let d):
      out.append(
        Slider(
          id: "policy.minimumVelocity", label: "minimum velocity", range: 0...3000, step: 10, unit: "px/s",
          get: { _ in v }, set: { $0.policy = .rushingForward(minimumVelocity: $1, minimumDuration: d) }))
      out.append(
        Slider(
          id: "policy.minimumDuration", label: "minimum duration", range: 0...0.5, step: 0.01, unit: "s",
          get: { _ in d }, set: { $0.policy = .rushingForward(minimumVelocity: v, minimumDuration: $1) }))
    case .projection(let r, let skips):
      out.append(
        Slider(
          id: "policy.decelerationRate", label: "projection deceleration", range: 0.99...0.9995, step: 0.0005,
          unit: "/ms", get: { _ in r },
          set: { $0.policy = .projection(decelerationRate: $1, skipsNotches: skips) }))
    case .free(let r):
      out.append(
        Slider(
          id: "policy.decelerationRate", label: "coast deceleration", range: 0.99...0.9995, step: 0.0005,
          unit: "/ms", get: { _ in r }, set: { $0.policy = .free(decelerationRate: $1) }))
    }
    out += [
      Slider(
        id: "dimming.maxAlpha", label: "dimming max alpha", range: 0...1, step: 0.01, unit: "",
        get: { $0.dimming.maxAlpha }, set: { $0.dimming.maxAlpha = $1 }),
      Slider(
        id: "list.decelerationRate", label: "list deceleration", range: 0.99...0.9995, step: 0.0005,
        unit: "/ms", get: { $0.list.decelerationRate }, set: { $0.list.decelerationRate = $1 }),
    ]
    return out
  }

  /// Draws the panel at `x` (its left edge), `width` wide, and handles its clicks.
  func draw(canvas: Canvas, text: TextCache, x: Double, width: Double, height: Double) {
    let ui = Widgets(canvas: canvas, text: text)
    canvas.fillRect(x, 0, width, height, Color(hex: 0x28292C))
    let left = x + 14
    let w = width - 28
    var y = 10.0
    text.draw(canvas, "Tuning", x: left, y: y, TextStyle(size: 15, bold: true), Widgets.label)
    text.drawRight(canvas, "T hide  S save  ←/→ adjust", right: left + w, y: y + 3, .small, Widgets.dim)
    y += 24
    if !status.isEmpty {
      text.draw(
        canvas, String(status.prefix(58)), x: left, y: y, .small,
        statusIsError ? Color(hex: 0xF28B82) : Color(hex: 0x81C995))
    }
    y += 18
    if !presets.entries.isEmpty {
      let bw = w / Double(presets.entries.count)
      for (i, preset) in presets.entries.enumerated()
      where ui.button(preset.name, x: left + Double(i) * bw + 1, y: y, w: bw - 2, input: input) {
        do {
          try apply(try presets.apply(i, to: model.rootTuning))
          report("preset \(preset.name)")
        } catch {
          report("\(error)", error: true)
        }
      }
      y += 32
    }
    for slider in sliders() {
      let value = slider.get(model.rootTuning)
      if let v = ui.slider(
        id: slider.id, label: slider.label, value: value, range: slider.range, step: slider.step,
        unit: slider.unit, x: left, y: y,
        w: w, focused: focused == slider.id, input: &input)
      {
        focused = slider.id
        edit { slider.set(&$0, v) }
      }
      y += 32
    }
    let t = model.rootTuning
    let kinds = RubberBandKind.allCases
    text.draw(canvas, "rubber band", x: left, y: y + 4, .small, Widgets.label)
    if let i = ui.segmented(
      kinds.map(\.rawValue), selected: kinds.firstIndex(of: t.rubberBand.kind) ?? 0, x: left + 90, y: y,
      w: w - 90, input: input)
    {
      edit { $0.rubberBand.kind = kinds[i] }
    }
    y += 28
    let policies = ["nearest", "rushingForward", "projection"]
    text.draw(canvas, "policy", x: left, y: y + 4, .small, Widgets.label)
    if let i = ui.segmented(
      ["nearest", "rushing", "projection"], selected: policies.firstIndex(of: t.policy.kindName) ?? 0,
      x: left + 90, y: y, w: w - 90, input: input)
    {
      edit {
        $0.policy =
          switch i {
          case 0: .nearest
          case 1: .rushingForward(minimumVelocity: 400, minimumDuration: 0.1)
          default: .projection(decelerationRate: 0.998, skipsNotches: true)
          }
      }
    }
    y += 28
    let modes = HeaderMode.allCases
    text.draw(canvas, "header", x: left, y: y + 4, .small, Widgets.label)
    if let i = ui.segmented(
      ["scroll", "collapse", "pinned"], selected: modes.firstIndex(of: t.header.mode) ?? 0, x: left + 90,
      y: y,
      w: w - 90, input: input)
    {
      edit { $0.header.mode = modes[i] }
    }
    y += 28
    if case .projection(let rate, let skips) = t.policy {
      if ui.checkbox(skips, x: left, y: y + 2, input: input) {
        edit { $0.policy = .projection(decelerationRate: rate, skipsNotches: !skips) }
      }
      text.draw(canvas, "projection may skip notches", x: left + 24, y: y + 3, .small, Widgets.label)
      y += 26
    }
    let sheet = model.stack.root
    let names = sheet.notches.map(\.name)
    let range = (
      t.dimming.startNotch ?? names[max(names.count - 2, 0)], t.dimming.endNotch ?? names[names.count - 1]
    )
    text.draw(canvas, "dims from", x: left, y: y + 5, .small, Widgets.label)
    if ui.button(range.0, x: left + 90, y: y, w: (w - 120) / 2, input: input) {
      edit { $0.dimming.startNotch = names[((names.firstIndex(of: range.0) ?? 0) + 1) % names.count] }
    }
    text.drawCentered(canvas, "to", cx: left + 90 + (w - 90) / 2, cy: y + 12, .small, Widgets.dim)
    if ui.button(range.1, x: left + 90 + (w - 120) / 2 + 30, y: y, w: (w - 120) / 2, input: input) {
      edit { $0.dimming.endNotch = names[((names.firstIndex(of: range.1) ?? 0) + 1) % names.count] }
    }
    y += 32
    for (i, notch) in sheet.notches.enumerated() {
      if ui.checkbox(notch.enabled, x: left, y: y, input: input) {
        edit { tuning in
          tuning.notches[i].enabled.toggle()
          if !tuning.notches.contains(where: \.enabled) { tuning.notches[i].enabled = true }
        }
      }
      text.draw(
        canvas, "\(i + 1)  \(notch.name)", x: left + 24, y: y + 1, .small,
        notch.enabled ? Widgets.label : Widgets.dim)
      text.drawRight(
        canvas, "\(EventLog.number(notch.height, decimals: 1)) px", right: left + w, y: y + 1, .small,
        Widgets.label)
      y += 22
    }
    y += 6
    let curves = Curves(canvas: canvas, text: text)
    let distance = (sheet.notches.last?.height ?? 0) - (sheet.notches.first?.height ?? 0)
    curves.stepResponse(spring: t.spring, ghost: ghost, distance: distance, x: left, y: y, w: w, h: 84)
    y += 90
    curves.dimming(sheet, x: left, y: y, w: w, h: 60)
    y += 68
    if ui.button("Replay last release (R)", x: left, y: y, w: w * 0.6 - 4, input: input) {
      replayLastRelease()
    }
    if ui.button("Save (S)", x: left + w * 0.6, y: y, w: w * 0.4, input: input, prominent: true) { save() }
    input.pressed = false
  }
}
