extension RGBImage {
  /// The picture at half its size (each pixel the mean of a 2×2 block; an odd last row or
  /// column is dropped), as the HTML report stores its frames.
  func halved() -> RGBImage {
    let w = max(width / 2, 1)
    let h = max(height / 2, 1)
    guard width >= 2, height >= 2 else { return self }
    var out = [UInt8](repeating: 0, count: w * h * 3)
    pixels.withUnsafeBufferPointer { src in
      for y in 0..<h {
        let r0 = 2 * y * width * 3
        let r1 = r0 + width * 3
        for x in 0..<w {
          let c = 2 * x * 3
          for k in 0..<3 {
            let sum =
              Int(src[r0 + c + k]) + Int(src[r0 + c + 3 + k]) + Int(src[r1 + c + k])
              + Int(src[r1 + c + 3 + k])
            out[(y * w + x) * 3 + k] = UInt8((sum + 2) / 4)
          }
        }
      }
    }
    return RGBImage(width: w, height: h, pixels: out)
  }
}
