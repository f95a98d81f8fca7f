/// What a tile made for a renderer holds: whether its labelled pixels are kept beside its
/// texture (for the pan buffer's pages), and the most it holds, which the cache's cap is
/// counted in.
extension TileScheduler {
  /// Whether tiles made for `target` keep their labelled pixels (`keepsLabelled`).
  func keepsLabelled(_ target: Canvas) -> Bool { keepsLabelled ?? !target.isSoftware }

  /// The most a tile made for `target` holds (`TileUpload.tileBytes`): what the cap is counted in
  /// when tiles are asked or rendered ahead.
  func tileBytes(for target: Canvas) -> Int {
    TileUpload.tileBytes(
      size: tileSize, scale: target.scale, keepPixels: target.isSoftware, keepsLabelled: keepsLabelled(target)
    )
  }
}
