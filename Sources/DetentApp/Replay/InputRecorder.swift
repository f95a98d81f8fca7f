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
  /// Each input's step with the frame it was applied in, and whether on its own it takes that
  /// one frame (a wheel of several notches takes one per notch), in order.
  private var steps: [(frame: Int, step: JSONValue, alone: Bool)] = []

  init(path: String, fps: Double, width: Int, height: Int, config: Tuning) {
    self.path = path
    self.fps = fps
    self.width = width
    self.height = height
    self.config = config
  }

  /// The point of a press that landed on a named target, while it is held: its moves and its
  /// release are written as offsets from it (`{"by": [dx, dy]}`).
  private var origin: (x: Double, y: Double)?

  /// Notes an input applied during frame `frame`; `target` is the named element a press landed
  /// on, written instead of its pixel.
  func record(_ input: AppInput, target: ScenarioTarget? = nil, frame: Int) {
    var aim: ScenarioPoint?
    switch input {
    case .press(let x, let y):
      origin = target == nil ? nil : (x, y)
      aim = target.map { .target($0) }
    case .move(let x, let y), .release(let x, let y, _):
      if let origin { aim = .by(x - origin.x, y - origin.y) }
      if case .release = input { origin = nil }
    default:
      break
    }
    guard let step = AppInputCodec.write(ScriptInput(input, aim: aim)) else { return }
    steps.append((frame, step, input.framesAlone == 1))
  }

  /// `{"wait": S}` for `frames` frames.
  private func wait(_ frames: Int) -> String {
    AppInputCodec.line(
      .object([("wait", .number(AppInputCodec.rounded(Double(frames) / fps, decimals: 6), line: 0))], line: 0)
    )
  }

  /// The script text for a session that ran `frames` frames and ended in `model`'s state.
  func script(frames: Int, final model: DemoModel?) -> String {
    var lines: [String] = []
    var cursor = 0
    var index = 0
    while index < steps.count {
      let frame = steps[index].frame
      var group: [(step: JSONValue, alone: Bool)] = []
      while index < steps.count, steps[index].frame == frame {
        group.append((steps[index].step, steps[index].alone))
        index += 1
      }
      if frame > cursor { lines.append(wait(frame - cursor)) }
      if group.count == 1, group[0].alone {
        lines.append(AppInputCodec.line(group[0].step))
      } else {
        lines.append(AppInputCodec.line(.object([("frame", .array(group.map(\.step), line: 0))], line: 0)))
      }
      cursor = frame + 1
    }
    if frames > cursor { lines.append(wait(frames - cursor)) }
    if let model {
      let s = model.stack.top.snapshot
      var expect: [(key: String, value: JSONValue)] = [("stack", .number(Double(model.stack.count), line: 0))]
      if s.phase == .idle, let notch = s.notch { expect.insert(("notch", .string(notch, line: 0)), at: 0) }
      lines.append(AppInputCodec.line(.object([("expect", .object(expect, line: 0))], line: 0)))
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
