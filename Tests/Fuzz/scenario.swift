import Detent
import DetentJSON

/// Fuzz target `scenario`: the bytes as a scenario script. A refused script names a line inside
/// the text and a reason; an accepted one starts (everything was checked before the first frame)
/// and runs headless on the demo's model with the invariants checked at every frame, then the
/// pointer lets go and every sheet comes to rest.
///
/// Scripts longer than `frameBudget` frames or with more than `rowBudget` list rows are parsed but
/// not run: they are valid, only too slow for thousands of runs a second.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzScenario(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  guard let text = String(validating: bytes, as: UTF8.self) else { return 0 }
  // Lines as the parser counts them (a lone CR ends one too).
  let lineCount =
    bytes.indices.count { i in
      bytes[i] == 0x0A || (bytes[i] == 0x0D && (i + 1 == bytes.count || bytes[i + 1] != 0x0A))
    } + 1
  let scenario: Scenario
  do throws(ConfigError) {
    let value: JSONValue
    do {
      value = try JSONParser.parse(text)
    } catch {
      throw ConfigError(key: "", line: error.line, reason: "column \(error.column): \(error.reason)")
    }
    scenario = try ScenarioParser.parse(value, path: "fuzz.json", base: nil, fps: nil)
  } catch {
    if error.reason.isEmpty { fatalError("a refused script without a reason: \(error)") }
    if let line = error.line, line < 1 || line > lineCount {
      fatalError("error placed at line \(line) of a \(lineCount)-line script: \(error)")
    }
    return 0
  }
  guard ScenarioBudget.frames(scenario) <= ScenarioBudget.frameBudget,
    scenario.tuning.list.rows <= ScenarioBudget.rowBudget
  else { return 0 }
  let runner: ScenarioRunner
  do {
    runner = try ScenarioRunner(scenario: scenario)
  } catch {
    fatalError("a script that parsed fails to start: \(error)")
  }
  runner.onFrame = { model in
    Invariants.check(model.stack)
    if model.stack.count > 1000 { fatalError("stack of \(model.stack.count) sheets") }
  }
  guard let report = try? runner.run() else { fatalError("a headless run threw") }
  var order = EventOrder()
  order.check(report.events)
  // Input stops: let go, and everything comes to rest once engine time runs. A paused model
  // (`P`) draws nothing by itself however its sheets stand; the harness then resumes it, as the
  // user would, and steps in wall time scaled by the slow motion so that every run sees the same
  // 2000 s of engine time.
  let model = runner.model
  if model.pointerDown { model.apply(.release(x: model.pointerX, y: model.pointerY, velocity: nil)) }
  if model.playback.paused {
    if !model.playback.stepPending {
      // Paused: the sheets stand still from frame to frame (no engine time passes).
      let before = model.stack.sheets.map(\.height)
      model.step(dt: 0.5)
      if model.stack.sheets.map(\.height) != before {
        Invariants.fail("a paused model moved", model.stack.top)
      }
    }
    model.apply(.key("P"))
  }
  let wallStep = 0.5 / model.playback.scale
  var steps = 0
  repeat {
    model.step(dt: wallStep)
    Invariants.check(model.stack)
    order.check(model.takeEvents())
    steps += 1
  } while model.needsFrames && steps < 4000
  if model.needsFrames { Invariants.fail("still moving 2000 s after the script ended", model.stack.top) }
  for sheet in model.stack.sheets { Invariants.checkAtRest(sheet) }
  return 0
}

/// How much of a script the fuzzer runs.
enum ScenarioBudget {
  /// Most frames a run may take.
  static let frameBudget = 3000
  /// Most list rows (typing filters every row).
  static let rowBudget = 5000

  /// The frames `scenario` takes, as `ScenarioRunner` plays it (what the parser checks against
  /// `Limits.scriptFrames`).
  static func frames(_ scenario: Scenario) -> Int { Int(min(scenario.frames, Double(Int.max / 2))) }
}
