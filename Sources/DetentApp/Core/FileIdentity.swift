import Foundation

/// Which file a path names, so that two spellings of one file compare equal before either is
/// written: `out/../g.png`, `./g.png`, a path through a linked folder and a hard link all name
/// `g.png`.
struct FileIdentity: Hashable {
  /// The absolute path with `.` and `..` removed and every symbolic link followed: the links of
  /// the folders that exist, and a link at the end even when what it names does not exist yet.
  let canonical: String
  /// Device and inode when the file exists (hard links share them), else nil.
  let inode: [UInt64]?

  init(_ path: String) {
    canonical = Self.canonical(path)
    var s = stat()
    inode = stat(canonical, &s) == 0 ? [UInt64(s.st_dev), UInt64(s.st_ino)] : nil
  }

  /// Two paths name one file: the same inode once it exists, else the same canonical path.
  static func == (a: FileIdentity, b: FileIdentity) -> Bool {
    if let x = a.inode, let y = b.inode { return x == y }
    return a.inode == nil && b.inode == nil && a.canonical == b.canonical
  }

  func hash(into hasher: inout Hasher) {
    if let inode { hasher.combine(inode) } else { hasher.combine(canonical) }
  }

  /// Whether this path lies inside the folder `folder` (at any depth).
  func isInside(_ folder: FileIdentity) -> Bool {
    canonical.hasPrefix(folder.canonical == "/" ? "/" : folder.canonical + "/")
      && canonical != folder.canonical
  }

  /// `path` made absolute (against the working folder), its existing part resolved by
  /// `realpath`, a dangling link at the end followed, and the rest (`.`, `..`, names that do not
  /// exist yet) applied by name.
  static func canonical(_ path: String) -> String {
    var current = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
    var rest: [String] = []
    var base: String?
    for _ in 0..<256 {
      if let real = realpath(current, nil) {
        base = String(cString: real)
        free(real)
        break
      }
      if let link = try? FileManager.default.destinationOfSymbolicLink(atPath: current) {
        current = link.hasPrefix("/") ? link : parent(of: current) + "/" + link
        continue
      }
      let up = parent(of: current)
      if up == current { break }
      rest.insert((current as NSString).lastPathComponent, at: 0)
      current = up
    }
    // A loop of links: the path by name alone.
    guard var resolved = base else { return (current as NSString).standardizingPath }
    for name in rest where !name.isEmpty && name != "." {
      resolved = name == ".." ? parent(of: resolved) : (resolved == "/" ? "/" + name : resolved + "/" + name)
    }
    return resolved
  }

  /// The folder holding `path` (`/` for `/` and its children).
  private static func parent(of path: String) -> String {
    var trimmed = path
    while trimmed.count > 1 && trimmed.hasSuffix("/") { trimmed.removeLast() }
    guard let slash = trimmed.lastIndex(of: "/") else { return "." }
    return slash == trimmed.startIndex ? "/" : String(trimmed[..<slash])
  }
}
