import Detent
import DetentJSON

/// The report's HTML text: the index and one script's page (inline style and script, data as
/// inline JSON; no network).
enum HTMLReportPage {
  /// A picture of the scrubber: the frame it shows, its file (beside the page) and the window's
  /// width in points then (the pointer is placed by it: a `resize` changes it).
  struct Picture {
    var frame: Int
    var file: String
    var windowWidth: Double
  }

  static func escape(_ s: String) -> String {
    s.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
      .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
  }

  /// JSON text safe inside a `<script>` element.
  static func json(_ s: String) -> String {
    JSONWriter.quote(s).replacingOccurrences(of: "</", with: "<\\/")
  }

  static let style = """
    body{font:14px/1.4 system-ui,sans-serif;margin:20px;color:#1d1d1f;background:#fafafa}
    h1{font-size:20px;margin:0 0 12px}h2{font-size:16px;margin:18px 0 8px}
    table{border-collapse:collapse}td,th{padding:4px 10px;border-bottom:1px solid #ddd;text-align:left;vertical-align:top}
    .pass{color:#1a7f37;font-weight:600}.fail,.invalid{color:#cf222e;font-weight:600}
    .failed{background:#ffebe9;border-left:4px solid #cf222e}.ok{border-left:4px solid #1a7f37}
    .viewer{display:flex;gap:16px;align-items:flex-start;flex-wrap:wrap}
    .stage{position:relative;display:inline-block;border:1px solid #ccc;background:#fff}
    .stage img{display:block;max-width:720px;height:auto}
    #pointer{position:absolute;width:14px;height:14px;margin:-7px 0 0 -7px;border-radius:50%;
      border:2px solid #fff;box-shadow:0 0 0 2px #d0021b;background:rgba(208,2,27,.35);pointer-events:none}
    #pointer.down{background:#d0021b}
    input[type=range]{width:720px}.mono{font-family:ui-monospace,monospace;font-size:12px}
    .event,.check{cursor:pointer}.event:hover,.check:hover{background:#eef}
    .current{outline:2px solid #0969da}
    """

  /// The index: every script with its outcome, duration and first failure.
  static func index(_ entries: [HTMLReport.Entry]) -> String {
    let failed = entries.filter { $0.status != "pass" }.count
    var rows = ""
    for e in entries {
      let name = e.page.map { "<a href=\"\(escape($0))\">\(escape(e.name))</a>" } ?? escape(e.name)
      rows +=
        "<tr class=\"\(e.status == "pass" ? "ok" : "failed")\"><td class=\"\(e.status)\">\(e.status.uppercased())</td>"
        + "<td>\(name)</td><td class=\"mono\">\(escape(e.path))</td>"
        + "<td style=\"white-space:nowrap\">\(String(format: "%.3f", e.seconds)) s</td><td>\(e.frames)</td>"
        + "<td class=\"mono\">\(escape(e.firstFailure ?? ""))</td></tr>\n"
    }
    return """
      <!DOCTYPE html>
      <html lang="en"><head><meta charset="utf-8"><title>detent replay report</title>
      <link rel="icon" href="data:,"><style>\(style)</style></head><body>
      <h1>detent replay: \(entries.count - failed) of \(entries.count) passed</h1>
      <table><thead><tr><th>result</th><th>script</th><th>file</th><th>time</th><th>frames</th><th>first failure</th></tr></thead>
      <tbody>
      \(rows)</tbody></table>
      </body></html>

      """
  }

  /// One script's page.
  static func script(
    scenario: Scenario, report: ScenarioReport, seconds: Double, pictures: [Picture], plot: String,
    diffs: [Int: String]
  ) -> String {
    let trace = "[" + report.trace.map { json($0.csv) }.joined(separator: ",") + "]"
    let pics =
      "["
      + pictures.map { "[\($0.frame),\(json($0.file)),\(EventLog.number($0.windowWidth))]" }
      .joined(separator: ",") + "]"
    // Each event at the scrubber's position after the frame it fired in (the trace row's frame
    // + 1), whatever the time scale or frame rate.
    let events =
      "["
      + zip(report.events, report.eventFrames).map { "[\($1 + 1),\(json(EventLog.line($0)))]" }
      .joined(separator: ",") + "]"
    var checks = ""
    for (i, c) in report.checkpoints.enumerated() {
      let failed = !c.failures.isEmpty
      var body = "<b>step \(c.step)</b> (line \(c.line)) at frame \(c.frame), t=\(EventLog.number(c.time)): "
      body += "<span class=\"mono\">\(escape(c.text))</span>"
      body += failed ? " <span class=\"fail\">FAILED</span>" : " <span class=\"pass\">passed</span>"
      for f in c.failures {
        body += "<div class=\"mono\">\(escape(f.message + (f.cause.map { "; " + $0 } ?? "")))</div>"
      }
      if let diff = diffs[i] {
        body +=
          "<div>golden diff:<br><img class=\"diff\" src=\"\(escape(diff))\" style=\"max-width:480px\"></div>"
      }
      checks +=
        "<li class=\"check \(failed ? "failed" : "ok")\" data-frame=\"\(c.frame)\">\(body)</li>\n"
    }
    let others = report.failures.filter { f in !report.checkpoints.contains { $0.failures.contains(f) } }
    for f in others {
      checks +=
        "<li class=\"check failed\" data-frame=\"\(f.frame ?? 0)\"><span class=\"fail\">FAILED</span> "
        + "<span class=\"mono\">\(escape(f.description))</span></li>\n"
    }
    let status = report.passed ? "pass" : "fail"
    return """
      <!DOCTYPE html>
      <html lang="en"><head><meta charset="utf-8"><title>\(escape(scenario.name)): detent replay</title>
      <link rel="icon" href="data:,"><style>\(style)</style></head><body>
      <p><a href="../index.html">← all scripts</a></p>
      <h1><span class="\(status)">\(status.uppercased())</span> \(escape(scenario.name))</h1>
      <p class="mono">\(escape(scenario.path)) · \(scenario.width)×\(scenario.height) at \(EventLog.number(scenario.fps)) fps · \(report.frames) frames · \(String(format: "%.3f", seconds)) s</p>
      <h2>Frames</h2>
      <div><input id="scrub" type="range" min="0" max="\(report.frames)" value="0" aria-label="frame">
      <span id="frameLabel" class="mono"></span></div>
      <div class="viewer"><div class="stage"><img id="frame" alt="frame" style="width:\(min(scenario.width, 720))px"><div id="pointer"></div></div>
      <table id="values" class="mono"></table></div>
      <h2>Expectations</h2><ul id="checks">
      \(checks.isEmpty ? "<li>none</li>" : checks)</ul>
      <h2>Events</h2><ul id="events" class="mono"></ul>
      <h2>Plot</h2><img src="\(escape(plot))" alt="plot" style="max-width:900px">
      <script>
      function fields(l){const out=[];let i=0;for(;;){let v='';
        if(l[i]==='"'){i++;for(;;){const q=l.indexOf('"',i);if(q<0){v+=l.slice(i);i=l.length;break;}
          v+=l.slice(i,q);i=q+1;if(l[i]==='"'){v+='"';i++;}else break;}
          const c=l.indexOf(',',i);i=c<0?l.length:c;}
        else{const c=l.indexOf(',',i),e=c<0?l.length:c;v=l.slice(i,e);i=e;}
        out.push(v);if(l[i]===',')i++;else return out;}}
      const trace=\(trace).map(fields),pics=\(pics),events=\(events).map(([f,s])=>({f,e:JSON.parse(s)}));
      const cols=fields("\(TraceRow.header)");
      const scrub=document.getElementById('scrub'),img=document.getElementById('frame'),dot=document.getElementById('pointer');
      function pictureFor(f){let p=pics.length?pics[0]:null;for(const q of pics){if(q[0]<=f)p=q;else break;}return p;}
      function show(f){
        f=Math.max(0,Math.min(+scrub.max,f|0));scrub.value=f;
        const p=pictureFor(f);if(p&&img.getAttribute('src')!==p[1])img.setAttribute('src',p[1]);
        const row=f>0?trace[f-1]:null;
        document.getElementById('frameLabel').textContent='frame '+f+(p?' (picture of frame '+p[0]+')':'');
        const t=document.getElementById('values');t.innerHTML='';
        if(row){cols.forEach((c,i)=>{const tr=t.insertRow();tr.insertCell().textContent=c;tr.insertCell().textContent=row[i];});}
        else{t.insertRow().insertCell().textContent='before the first frame';}
        const pr=p&&p[0]>0?trace[p[0]-1]:row;
        if(pr&&p){const s=img.clientWidth/p[2]||1;dot.style.display='block';dot.style.left=(+pr[2]*s)+'px';dot.style.top=(+pr[3]*s)+'px';
          dot.className=pr[4]==='1'?'down':'';}else{dot.style.display='none';}
        document.querySelectorAll('[data-frame]').forEach(e=>e.classList.toggle('current',+e.dataset.frame===f));
      }
      const ul=document.getElementById('events');
      events.forEach(({f,e})=>{const li=document.createElement('li');li.className='event';li.dataset.frame=f;
        li.textContent='frame '+f+' · t='+e.t+' · '+e.event+(e.notch?' '+e.notch:'')+(e.height!==undefined?' · height '+e.height:'');
        ul.appendChild(li);});
      if(!events.length){ul.innerHTML='<li>none</li>';}
      document.querySelectorAll('[data-frame]').forEach(e=>e.addEventListener('click',()=>show(+e.dataset.frame)));
      scrub.addEventListener('input',()=>show(+scrub.value));
      img.addEventListener('load',()=>show(+scrub.value));
      const firstFail=document.querySelector('#checks .failed');
      show(firstFail?+firstFail.dataset.frame:0);
      </script>
      </body></html>

      """
  }
}
