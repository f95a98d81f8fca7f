import CPixels
import Foundation
import Testing

@testable import DetentApp

/// `detent_blend_rect` (AVX2 where the CPU has it) against a plain Swift reference of SDL 2's
/// blends on seeded random blocks: widths 1…300 (the eight-pixel steps and their tails),
/// unaligned pitches and starts, sources mixing transparent runs, opaque pixels and every alpha
/// between, destinations of any alpha, colour and alpha modulations 0, 1, 254, 255 and between.
/// Every pixel of the target is compared, the pitch's padding included (it keeps its sentinel).
@Suite struct BlendKernelPropertyTests {
  static let iterations = 300

  /// SDL's unmodulated per-pixel alpha blend (`SDL_blit_A.c`).
  static func blend(_ s: UInt32, _ d: UInt32) -> UInt32 {
    let a = s >> 24
    if a == 0 { return d }
    if a == 255 { return s }
    func channel(_ sc: UInt32, _ dc: UInt32) -> UInt32 { (sc * a) >> 8 + (dc * (255 - a)) >> 8 }
    var out = channel(255, d >> 24) << 24
    for shift: UInt32 in [0, 8, 16] { out |= channel((s >> shift) & 0xFF, (d >> shift) & 0xFF) << shift }
    return out
  }

  /// SDL's modulated blend (`SDL_blit_auto.c`'s Modulate_Blend), exact /255 steps.
  static func modulated(_ s: UInt32, _ d: UInt32, color: UInt32, alpha: UInt32) -> UInt32 {
    var a = s >> 24
    if alpha != 255 { a = a * alpha / 255 }
    var out = (a + (255 - a) * (d >> 24) / 255) << 24
    for shift: UInt32 in [0, 8, 16] {
      var sc = (s >> shift) & 0xFF
      if color != 255 { sc = sc * color / 255 }
      if a < 255 { sc = sc * a / 255 }
      out |= (sc + (255 - a) * ((d >> shift) & 0xFF) / 255) << shift
    }
    return out
  }

  static func modulation(_ random: inout PixelKernelPropertyTests.Seeded) -> UInt8 {
    [0, 1, 254, 255, 255, UInt8.random(in: 0...255, using: &random)].randomElement(using: &random)!
  }

  @Test("detent_blend_rect matches SDL's blend arithmetic on random blocks, pitches and modulations")
  func blendRect() {
    var random = PixelKernelPropertyTests.Seeded(state: 0xB1E_4D5)
    var failures = 0
    for iteration in 0..<Self.iterations where failures < 5 {
      let width = Int.random(in: 1...300, using: &random)
      let height = Int.random(in: 1...20, using: &random)
      let (srcPitch, dstPitch) = (
        width + Int.random(in: 0...9, using: &random), width + Int.random(in: 0...17, using: &random)
      )
      let offset = Int.random(in: 0...7, using: &random)
      let (color, alpha) = (Self.modulation(&random), Self.modulation(&random))
      // Runs of one kind of alpha: transparent, opaque or any.
      var source: [UInt32] = []
      while source.count < srcPitch * height {
        let kind = Int.random(in: 0..<3, using: &random)
        for _ in 0..<Int.random(in: 1...24, using: &random) {
          let rgb = UInt32.random(in: 0...0xFF_FFFF, using: &random)
          let a: UInt32 = kind == 0 ? 0 : kind == 1 ? 255 : UInt32.random(in: 0...255, using: &random)
          source.append(a << 24 | rgb)
        }
      }
      let sentinel = PixelKernelPropertyTests.sentinel
      var target = [UInt32](repeating: sentinel, count: offset + dstPitch * height)
      for y in 0..<height {
        for x in 0..<width {
          target[offset + y * dstPitch + x] = UInt32.random(in: 0...UInt32.max, using: &random)
        }
      }
      var expected = target
      for y in 0..<height {
        for x in 0..<width {
          let (s, i) = (source[y * srcPitch + x], offset + y * dstPitch + x)
          expected[i] =
            color == 255 && alpha == 255
            ? Self.blend(s, target[i])
            : Self.modulated(s, target[i], color: UInt32(color), alpha: UInt32(alpha))
        }
      }
      target.withUnsafeMutableBufferPointer { t in
        detent_blend_rect(
          source, srcPitch, t.baseAddress! + offset, dstPitch, Int32(width), Int32(height), color, alpha)
      }
      if target != expected {
        failures += 1
        let wrong = zip(target, expected).enumerated().filter { $0.element.0 != $0.element.1 }.prefix(3).map {
          "\($0.offset)"
        }
        Issue.record(
          """
          case \(iteration): \(width)×\(height), pitches \(srcPitch)/\(dstPitch), offset \(offset), \
          colour \(color), alpha \(alpha): wrong at \(wrong.joined(separator: " "))
          """)
      }
    }
  }

  @Test(
    "SDL's blend, pixel by pixel: the cases measured against SDL 2.26.5",
    arguments: [
      // Transparent: the destination whole; opaque: the source whole (alpha too).
      (
        src: UInt32(0x00FF_FFFF), dst: UInt32(0x8012_3456), color: UInt8(255), alpha: UInt8(255),
        out: UInt32(0x8012_3456)
      ),
      (src: 0xFF10_2030, dst: 0x0012_3456, color: 255, alpha: 255, out: 0xFF10_2030),
      // a = 128: ((s·128) >> 8) + ((d·127) >> 8); alpha (255·128) >> 8 = 127 plus (0x80·127) >> 8 = 63.
      (src: 0x80FF_0000, dst: 0x8000_00FF, color: 255, alpha: 255, out: 0xBE7F_007E),
      // Alpha-modulated (the halo at 40): a = 255·40/255 = 40; 255·40/255 = 40, 200·215/255 = 168.
      (src: 0xFFFF_FFFF, dst: 0xFFC8_C8C8, color: 255, alpha: 40, out: 0xFFD0_D0D0),
      // Colour-modulated, opaque: each channel ·153/255; alpha stays 255.
      (src: 0xFF64_C8FF, dst: 0xFF00_0000, color: 153, alpha: 255, out: 0xFF3C_7899),
    ])
  func pixel(src: UInt32, dst: UInt32, color: UInt8, alpha: UInt8, out: UInt32) {
    #expect(detent_blend_pixel(src, dst, color, alpha) == out)
    var target = [dst]
    detent_blend_rect([src], 1, &target, 1, 1, 1, color, alpha)
    #expect(target == [out])
  }

  /// The blend reads and writes no pixel outside its rows: a row's source and destination placed
  /// flush against inaccessible pages (its first pixel at a page's start, or its last at the
  /// page's end), so that a read or write before or past the row faults (the last 1–7 pixels are
  /// blended as the row's last eight: a row narrower than eight must not reach before its start).
  @Test("detent_blend_rect touches nothing before or after a row (rows 1–40 wide against unreadable pages)")
  func withinTheRow() throws {
    let page = Int(sysconf(Int32(_SC_PAGESIZE)))
    // [unreadable][the row's page][unreadable].
    func region() throws -> UnsafeMutableRawPointer {
      let p = try #require(mmap(nil, 3 * page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0))
      try #require(p != MAP_FAILED)
      mprotect(p, page, PROT_NONE)
      mprotect(p + 2 * page, page, PROT_NONE)
      return p
    }
    for width in 1...40 {
      for atEnd in [false, true] {
        let (s, d) = (try region(), try region())
        defer {
          munmap(s, 3 * page)
          munmap(d, 3 * page)
        }
        let offset = atEnd ? 2 * page - 4 * width : page
        let src = (s + offset).bindMemory(to: UInt32.self, capacity: width)
        let dst = (d + offset).bindMemory(to: UInt32.self, capacity: width)
        for x in 0..<width {
          src[x] = 0x8040_80C0 &+ UInt32(x)
          dst[x] = 0xFF10_2030
        }
        // Unmodulated, then modulated: every pixel half covered, so each is written.
        detent_blend_rect(src, width, dst, width, Int32(width), 1, 255, 255)
        detent_blend_rect(src, width, dst, width, Int32(width), 1, 200, 128)
        let expected = (0..<width).map { x in
          let once = detent_blend_pixel(src[x], 0xFF10_2030, 255, 255)
          return detent_blend_pixel(src[x], once, 200, 128)
        }
        #expect((0..<width).map { dst[$0] } == expected, "width \(width), at the page's end \(atEnd)")
      }
    }
  }
}
