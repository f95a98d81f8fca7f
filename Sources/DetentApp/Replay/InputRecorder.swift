import Foundation
import Detent

/// Records the demo's input as a scenario script: one step per input, `wait` for the frames in
/// between (times quantised to frames), and the tuning in force at the start as its `config`.
final class InputRecorder {
  let path: String
  let fps: Double
  let width: Int
  let height: Int
  let config: Tuning
  /// Each step with the frame it happened in and the frames it takes when replayed.
  private var steps: [(frame: Int, step: String, frames: Int)] = []

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

  /// Notes an input applied during frame `frame`.
  func record(_ input: AppInput, frame: Int) {
    let step: String
    var frames = 1
    switch input {
    case .press(let x, let y): step = "{\"press\": \(point(x, y))}"
    case .move(let x, let y):
      // Several moves in one frame: only the last one matters.
      if let last = steps.last, last.frame == frame, last.step.hasPrefix("{\"move\"") { steps.removeLast() }
      step = "{\"move\": \(point(x, y))}"
    case .release(let x, let y, _): step = "{\"release\": \(point(x, y))}"
    case .wheel(let x, let y, let dy):
      step = "{\"wheel\": {\"at\": \(point(x, y)), \"dy\": \(dy)}}"
      frames = abs(dy)
    case .key(let name): step = "{\"key\": \(JSONWriter.quote(name))}"
    case .text(let text): step = "{\"type\": \(JSONWriter.quote(text))}"
    case .resize(let w, let h): step = "{\"resize\": [\(w), \(h)]}"
    case .status: return
    case .tune(let overlay):
      step = "{\"tune\": \(JSONWriter.write(overlay).split(separator: "\n").joined(separator: " "))}"
    }
    steps.append((frame, step, frames))
  }

  /// The script text for a session that ran `frames` frames and ended in `model`'s state.
  func script(frames: Int, final model: DemoModel?) -> String {
    var lines: [String] = []
    var cursor = 0
    for (frame, step, frames) in steps {
      if frame > cursor {
        lines.append("{\"wait\": \(EventLog.number(Double(frame - cursor) / fps, decimals: 6))}")
        cursor = frame
      }
      lines.append(step)
      cursor += frames
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
    try AtomicFile.write(script(frames: frames, final: model), to: path)
    FileHandle.standardError.write("detent: recorded \(steps.count) inputs to \(path)\n".data(using: .utf8)!)
  }
}
