import Foundation
import Detent
import DetentJSON

/// Records the demo's input as a scenario script: one step per frame that had input (a `frame`
/// step when several inputs arrived within one frame, so the replay applies them together, as the
/// window did), `wait` for the frames in between, and the tuning in force at the start as its
/// `config`.
final class InputRecorder {
  let path: String
  let fps: Double
  let width: Int
  let height: Int
  let config: Tuning
  /// Each input's step with the frame it was applied in, in order.
  private var steps: [(frame: Int, step: String, alone: Bool)] = []

  init(path: String, fps: Double, width: Int, height: Int, config: Tuning) {
    self.path = path
    self.fps = fps
    self.width = width
    self.height = height
    self.config = config
  }

  private func point(_ x: Double, _ y: Double) -> String {
    "[\(EventLog.number(x, decimals: 2)), \(EventLog.number(y, decimals: 2))]"
  }

  /// The point of a press that landed on a named target, while it is held: its moves and its
  /// release are written as offsets from it (`{"by": [dx, dy]}`).
  private var origin: (x: Double, y: Double)?

  private func point(_ x: Double, _ y: Double, relative: Bool) -> String {
    guard relative, let origin else { return point(x, y) }
    return "{\"by\": \(point(x - origin.x, y - origin.y))}"
  }

  /// Notes an input applied during frame `frame`; `target` is the named element a press landed
  /// on, written instead of its pixel.
  func record(_ input: AppInput, target: ScenarioTarget? = nil, frame: Int) {
    let step: String
    // On its own a step takes one frame; a wheel of several notches would take one per notch.
    var alone = true
    switch input {
    case .press(let x, let y):
      origin = target == nil ? nil : (x, y)
      step = "{\"press\": \(target.map { JSONWriter.quote($0.description) } ?? point(x, y))}"
    case .move(let x, let y): step = "{\"move\": \(point(x, y, relative: true))}"
    case .release(let x, let y, _):
      step = "{\"release\": \(point(x, y, relative: true))}"
      origin = nil
    case .wheel(let x, let y, let dy):
      step = "{\"wheel\": {\"at\": \(point(x, y)), \"dy\": \(dy)}}"
      alone = abs(dy) == 1
    case .fineWheel(let x, let y, let dy):
      step = "{\"wheel\": {\"at\": \(point(x, y)), \"dy\": \(EventLog.number(dy, decimals: 6))}}"
    case .hwheel(let x, let y, let dx):
      step = "{\"wheel\": {\"at\": \(point(x, y)), \"dx\": \(dx)}}"
      alone = abs(dx) == 1
    case .key(let name): step = "{\"key\": \(JSONWriter.quote(name))}"
    case .text(let text): step = "{\"type\": \(JSONWriter.quote(text))}"
    case .resize(let w, let h): step = "{\"resize\": [\(w), \(h)]}"
    case .timeScale(let s): step = "{\"timeScale\": \(EventLog.number(s, decimals: 6))}"
    case .compare(let name): step = "{\"compare\": \(name.map(JSONWriter.quote) ?? "null")}"
    case .status: return
    case .tune(let overlay):
      step = "{\"tune\": \(JSONWriter.write(overlay).split(separator: "\n").joined(separator: " "))}"
    }
    steps.append((frame, step, alone))
  }

  /// The script text for a session that ran `frames` frames and ended in `model`'s state.
  func script(frames: Int, final model: DemoModel?) -> String {
    var lines: [String] = []
    var cursor = 0
    var index = 0
    while index < steps.count {
      let frame = steps[index].frame
      var group: [(step: String, alone: Bool)] = []
      while index < steps.count, steps[index].frame == frame {
        group.append((steps[index].step, steps[index].alone))
        index += 1
      }
      if frame > cursor {
        lines.append("{\"wait\": \(EventLog.number(Double(frame - cursor) / fps, decimals: 6))}")
      }
      if group.count == 1, group[0].alone {
        lines.append(group[0].step)
      } else {
        lines.append("{\"frame\": [\(group.map(\.step).joined(separator: ", "))]}")
      }
      cursor = frame + 1
    }
    if frames > cursor {
      lines.append("{\"wait\": \(EventLog.number(Double(frames - cursor) / fps, decimals: 6))}")
    }
    if let model {
      let s = model.stack.top.snapshot
      var expect = ["\"stack\": \(model.stack.count)"]
      if s.phase == .idle, let notch = s.notch {
        expect.insert("\"notch\": \(JSONWriter.quote(notch))", at: 0)
      }
      lines.append("{\"expect\": {\(expect.joined(separator: ", "))}}")
    }
    let config = JSONWriter.write(TuningCoding.encode(config)).split(separator: "\n").joined(
      separator: "\n  ")
    return """
      {
        "name": "recorded session",
        "window": [\(width), \(height)],
        "fps": \(EventLog.number(fps)),
        "config": \(config),
        "steps": [
          \(lines.joined(separator: ",\n    "))
        ]
      }

      """
  }

  /// Writes the script atomically.
  func finish(frames: Int, model: DemoModel?) throws {
    try OutputFile.write(script(frames: frames, final: model), to: path, what: "--record ")
    DetentCommand.printError("recorded \(steps.count) inputs to \(Message.oneLine(path))")
  }
}
