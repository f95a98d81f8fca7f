import Foundation

/// Every file the program writes goes through here (`--trace`, `--junit`, `--shots`, `--plot`,
/// goldens and their diffs, `--video`, `--record`, the saved tuning), so none is ever lost:
///
/// - A regular file (or a new one) is written to a temporary file in the same folder, every
///   write's result checked, fsynced, then renamed over the old one; on any failure the temporary
///   file is removed, the old file stays as it was, and the error names the path (exit 2).
/// - A symbolic link is followed: the file it points to is replaced, the link stays.
/// - An existing file keeps its permission bits (and, for root, its owner).
/// - An existing output that is not a regular file (`/dev/null`, `/dev/full`, a FIFO) is written
///   in place, never replaced; its write errors are errors (`/dev/full` fails).
/// - A folder is refused.
/// - SIGINT, SIGTERM, SIGHUP and SIGQUIT wait while a temporary file exists, so a kill during a
///   save leaves none behind; one left by SIGKILL is removed by the next write to that path.
enum OutputFile {
  /// Writes `text` as UTF-8 to `path`. `what` prefixes messages ("--trace ").
  static func write(_ text: String, to path: String, what: String = "", beforeRename: () throws -> Void = {})
    throws
  {
    try write(Array(text.utf8), to: path, what: what, beforeRename: beforeRename)
  }

  /// Writes `bytes` to `path` (see the type's rules). `beforeRename` runs between the fsync and
  /// the rename (tests inject failures there).
  static func write(
    _ bytes: [UInt8], to path: String, what: String = "", beforeRename: () throws -> Void = {}
  )
    throws
  {
    let target = resolved(path)
    if let kind = try existingKind(target, path: path, what: what), kind != .regular {
      try writeInPlace(bytes, to: target, path: path, what: what)
      return
    }
    try replace(target, path: path, what: what, beforeRename: beforeRename) { fd in
      try writeAll(bytes, fd: fd, path: path, what: what)
    }
  }

  /// Moves a file a library wrote at `temporary` (from `temporaryPath(for:)`) to `path` by the
  /// same rules: fsynced and renamed, or copied into a device or FIFO. The temporary file is gone
  /// afterwards, whatever happens.
  static func commit(temporary: String, to path: String, what: String = "") throws {
    defer { unlink(temporary) }
    let target = resolved(path)
    if let kind = try existingKind(target, path: path, what: what), kind != .regular {
      guard let data = FileManager.default.contents(atPath: temporary) else {
        throw CLIError.input("\(what)\(path): cannot read back what was written to \(temporary)")
      }
      try writeInPlace(Array(data), to: target, path: path, what: what)
      return
    }
    let fd = open(temporary, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { throw failure(what, path, "cannot open \(temporary)") }
    let synced = fsync(fd) == 0
    close(fd)
    guard synced else { throw failure(what, path, "fsync failed") }
    try keepMode(of: target, on: temporary)
    guard rename(temporary, target) == 0 else { throw failure(what, path, "rename failed") }
    syncFolder(of: target)
  }

  /// A fresh temporary path beside `path` (keeping its extension: encoders choose formats by it).
  static func temporaryPath(for path: String) -> String {
    let target = resolved(path)
    let url = URL(fileURLWithPath: target)
    let ext = url.pathExtension
    let stem = url.deletingPathExtension().lastPathComponent
    let random = UInt32.random(in: 0...UInt32.max)
    return url.deletingLastPathComponent().appendingPathComponent(
      ".\(stem).detent-\(getpid())-\(random).tmp\(ext.isEmpty ? "" : ".\(ext)")"
    ).path
  }

  /// Checks at start, before any work, that `path` can be written and names no input: a folder,
  /// a missing or read-only folder, or one of `inputs` is refused (exit 2 naming the option).
  static func check(_ path: String, option: String, inputs: [String] = []) throws {
    let target = resolved(path)
    if let input = inputs.first(where: { same($0, path) }) {
      throw CLIError.input("\(option) \(path): names an input file (\(input)); choose another output")
    }
    if let kind = try existingKind(target, path: path, what: "\(option) ") {
      if kind == .regular { try checkFolder(of: target, path: path, option: option) }
      guard access(target, W_OK) == 0 else {
        throw CLIError.input("\(option) \(path): cannot write (\(String(cString: strerror(errno))))")
      }
      return
    }
    try checkFolder(of: target, path: path, option: option)
  }

  /// Whether `a` and `b` name the same file (see `FileIdentity`).
  static func same(_ a: String, _ b: String) -> Bool {
    FileIdentity(a) == FileIdentity(b)
  }

  // MARK: The rules

  private enum Kind { case regular, special }

  /// What exists at `target` (nil: nothing); throws for a folder.
  private static func existingKind(_ target: String, path: String, what: String) throws -> Kind? {
    var s = stat()
    guard stat(target, &s) == 0 else { return nil }
    switch s.st_mode & S_IFMT {
    case S_IFDIR: throw CLIError.input("\(what)\(path): is a folder, not a file")
    case S_IFREG: return .regular
    default: return .special
    }
  }

  private static func checkFolder(of target: String, path: String, option: String) throws {
    let folder = (target as NSString).deletingLastPathComponent
    let dir = folder.isEmpty ? "." : folder
    var s = stat()
    guard stat(dir, &s) == 0, s.st_mode & S_IFMT == S_IFDIR else {
      throw CLIError.input("\(option) \(path): its folder \(dir) does not exist")
    }
    guard access(dir, W_OK | X_OK) == 0 else {
      throw CLIError.input(
        "\(option) \(path): cannot write in the folder \(dir) (\(String(cString: strerror(errno))))")
    }
  }

  /// `path` with symbolic links followed (the link's target even when that does not exist yet).
  static func resolved(_ path: String) -> String {
    if let real = realpath(path, nil) {
      defer { free(real) }
      return String(cString: real)
    }
    var current = path
    for _ in 0..<16 {
      guard let link = try? FileManager.default.destinationOfSymbolicLink(atPath: current) else { break }
      current =
        link.hasPrefix("/")
        ? link : ((current as NSString).deletingLastPathComponent as NSString).appendingPathComponent(link)
    }
    return current
  }

  /// Writes into an existing device or FIFO, checking every write and the close.
  private static func writeInPlace(_ bytes: [UInt8], to target: String, path: String, what: String) throws {
    let fd = open(target, O_WRONLY | O_NOCTTY | O_CLOEXEC)
    guard fd >= 0 else { throw failure(what, path, "cannot open", inPlace: true) }
    do {
      try writeAll(bytes, fd: fd, path: path, what: what, inPlace: true)
    } catch {
      close(fd)
      throw error
    }
    guard close(fd) == 0 else { throw failure(what, path, "close failed", inPlace: true) }
  }

  /// Temporary file, `fill`, fsync, rename over `target`; the temporary file never outlives a
  /// failure (nor a catchable signal: those wait until it is gone).
  private static func replace(
    _ target: String, path: String, what: String, beforeRename: () throws -> Void,
    fill: (Int32) throws -> Void
  ) throws {
    sweepStale(beside: target)
    var blocked = sigset_t()
    var previous = sigset_t()
    sigemptyset(&blocked)
    for signal in [SIGINT, SIGTERM, SIGHUP, SIGQUIT] { sigaddset(&blocked, signal) }
    pthread_sigmask(SIG_BLOCK, &blocked, &previous)
    defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
    let temp = temporaryPath(for: target)
    let fd = open(temp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
    guard fd >= 0 else { throw failure(what, path, "cannot create a file in its folder") }
    var isOpen = true
    var renamed = false
    defer {
      if isOpen { close(fd) }
      if !renamed { unlink(temp) }
    }
    try fill(fd)
    try keepMode(of: target, fd: fd)
    guard fsync(fd) == 0 else { throw failure(what, path, "fsync failed") }
    isOpen = false
    guard close(fd) == 0 else { throw failure(what, path, "close failed") }
    try beforeRename()
    guard rename(temp, target) == 0 else { throw failure(what, path, "rename failed") }
    renamed = true
    syncFolder(of: target)
  }

  private static func writeAll(_ bytes: [UInt8], fd: Int32, path: String, what: String, inPlace: Bool = false)
    throws
  {
    var written = 0
    while written < bytes.count {
      let n = bytes[written...].withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
      if n < 0, errno == EINTR { continue }
      guard n > 0 else { throw failure(what, path, "write failed", inPlace: inPlace) }
      written += n
    }
  }

  /// Gives the new file the old one's permission bits (and owner, when running as root).
  private static func keepMode(of target: String, fd: Int32) throws {
    var s = stat()
    guard stat(target, &s) == 0 else { return }
    if getuid() == 0 { _ = fchown(fd, s.st_uid, s.st_gid) }
    _ = fchmod(fd, s.st_mode & 0o7777)
  }

  private static func keepMode(of target: String, on temp: String) throws {
    var s = stat()
    guard stat(target, &s) == 0 else { return }
    if getuid() == 0 { _ = chown(temp, s.st_uid, s.st_gid) }
    _ = chmod(temp, s.st_mode & 0o7777)
  }

  private static func syncFolder(of target: String) {
    let folder = (target as NSString).deletingLastPathComponent
    let dirFD = open(folder.isEmpty ? "." : folder, O_RDONLY | O_CLOEXEC)
    if dirFD >= 0 {
      fsync(dirFD)
      close(dirFD)
    }
  }

  /// Removes temporary files for `target` left by processes that no longer run (SIGKILL).
  private static func sweepStale(beside target: String) {
    let url = URL(fileURLWithPath: target)
    let folder = url.deletingLastPathComponent().path
    let prefix = ".\(url.deletingPathExtension().lastPathComponent).detent-"
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
    for name in names where name.hasPrefix(prefix) {
      let rest = name.dropFirst(prefix.count)
      guard let pid = Int32(rest.prefix { $0.isNumber }), pid != getpid() else { continue }
      if kill(pid, 0) != 0, errno == ESRCH { unlink(folder + "/" + name) }
    }
  }

  private static func failure(_ what: String, _ path: String, _ action: String, inPlace: Bool = false)
    -> CLIError
  {
    let reason = String(cString: strerror(errno))
    return CLIError.input(
      "\(what)\(path): \(action) (\(reason))\(inPlace ? "" : "; the file was not changed")")
  }
}
