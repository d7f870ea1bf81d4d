import CHarfBuzz
import TextEffects

/// One face of a font file at one size, opened once: FreeType measures it and rasterises its
/// glyphs by index, HarfBuzz shapes runs in it.
///
/// Both are set up as SDL2_ttf sets up its own (the same size in quarter pixels at 18 dpi, the
/// same light hinting, the same rounding of the line's measures), so text draws as it did when
/// SDL2_ttf drew it, while a run is shaped once, in context, and each glyph drawn as shaped.
package final class FontFace {
  let file: FontFile
  /// The face's size in pixels per em, or its strike's for a bitmap font (Noto Color Emoji).
  let pixelsPerEm: Double
  /// Its glyphs are colour bitmaps: drawn in their own colours, not the text's.
  let isColour: Bool
  /// SDL2_ttf's measures, in whole pixels: from the line's top to the baseline, from the
  /// baseline down to the bottom (positive), the line's box, and one baseline to the next.
  package let ascent: Int32
  let descent: Int32
  let height: Int32
  let lineSkip: Int32

  private let face: FT_Face
  private let font: OpaquePointer
  private let buffer: OpaquePointer
  /// The FreeType library the face was opened in, kept until the face is gone: a face (in
  /// metrics a layout keeps) may outlive the `FontLibrary` that made it.
  private let library: FreeTypeLibrary

  /// The face `file` at `quarterPixels` / 4 pixels per em (a bitmap font at its nearest strike),
  /// or nil when FreeType cannot read it.
  init?(library: FreeTypeLibrary, file: FontFile, quarterPixels: Int) {
    var opened: FT_Face?
    guard FT_New_Face(library.handle, file.path, FT_Long(file.index), &opened) == 0, let opened
    else { return nil }
    let scalable = te_ft_is_scalable(opened) != 0
    if scalable {
      // 18 dpi is a quarter of 72: whole quarter pixels, as SDL2_ttf opens a font.
      guard FT_Set_Char_Size(opened, 0, FT_F26Dot6(quarterPixels * 64), 18, 18) == 0 else {
        FT_Done_Face(opened)
        return nil
      }
    } else {
      guard let strike = Self.nearestStrike(of: opened, to: Double(quarterPixels) / 4),
        FT_Select_Size(opened, strike) == 0
      else {
        FT_Done_Face(opened)
        return nil
      }
    }
    guard let font = hb_ft_font_create_referenced(opened) else {
      FT_Done_Face(opened)
      return nil
    }
    guard let buffer = hb_buffer_create() else {
      hb_font_destroy(font)
      FT_Done_Face(opened)
      return nil
    }
    hb_ft_font_set_load_flags(font, te_ft_load_light)
    self.library = library
    self.file = file
    face = opened
    self.font = font
    self.buffer = buffer
    isColour = te_ft_has_color(opened) != 0
    let metrics = opened.pointee.size.pointee.metrics
    pixelsPerEm = Double(metrics.y_ppem)
    if scalable {
      let scale = metrics.y_scale
      let ascender = FT_Pos(opened.pointee.ascender)
      let descender = FT_Pos(opened.pointee.descender)
      ascent = Self.ceiling(FT_MulFix(ascender, scale))
      descent = -Self.ceiling(FT_MulFix(descender, scale))
      height = Self.ceiling(FT_MulFix(ascender - descender, scale))
      lineSkip = Self.ceiling(FT_MulFix(FT_Pos(opened.pointee.height), scale))
    } else {
      ascent = Self.ceiling(metrics.ascender)
      descent = -Self.ceiling(metrics.descender)
      height = Self.ceiling(metrics.height)
      lineSkip = height
    }
  }

  deinit {
    hb_buffer_destroy(buffer)
    hb_font_destroy(font)
    FT_Done_Face(face)
  }

  /// 26.6 fixed point rounded up to whole pixels, as SDL2_ttf's `FT_CEIL`.
  private static func ceiling(_ value: FT_Pos) -> Int32 {
    Int32(truncatingIfNeeded: (value + 63) >> 6)
  }

  /// The strike whose size is nearest `pixels`: a bitmap font has only those.
  private static func nearestStrike(of face: FT_Face, to pixels: Double) -> FT_Int? {
    let count = Int(face.pointee.num_fixed_sizes)
    guard count > 0, let sizes = face.pointee.available_sizes else { return nil }
    let nearest = (0..<count).min {
      abs(Double(sizes[$0].y_ppem) / 64 - pixels) < abs(Double(sizes[$1].y_ppem) / 64 - pixels)
    }
    return nearest.map(FT_Int.init)
  }

  /// The face has a glyph for `scalar`.
  func covers(_ scalar: Unicode.Scalar) -> Bool {
    FT_Get_Char_Index(face, FT_ULong(scalar.value)) != 0
  }

  /// A run's glyphs from HarfBuzz, in pixels: each glyph's index, the code unit its cluster
  /// starts at, its advance and its offset (y up, as HarfBuzz has it).
  package struct Shaped {
    package var id: UInt32
    package var cluster: Int
    package var advance: Double
    package var x: Double
    package var y: Double
    /// Text changed after this glyph's cluster starts may change the glyphs before it.
    package var isUnsafeToConcat: Bool
  }

  /// Ligatures and contextual alternates off: in Latin, Greek and Cyrillic each letter stays a
  /// glyph of its own, so an effect that shows or fades letters one at a time never splits a
  /// ligature ("fi"); other scripts need theirs (an Arabic word joins, Devanagari conjoins).
  private static let separateLetters: [hb_feature_t] = ["-liga", "-clig", "-calt"].map { name in
    var feature = hb_feature_t()
    _ = hb_feature_from_string(name, -1, &feature)
    return feature
  }

  /// Shapes code units `run` of `paragraph`, with the paragraph around it as context, as
  /// `script` (ISO 15924) in `language`, in the run's direction: glyphs left to right.
  func shape(
    _ paragraph: UnsafeBufferPointer<UInt16>, run: Range<Int>, isRightToLeft: Bool,
    script: String, language: String?
  ) -> [Shaped] {
    hb_buffer_reset(buffer)
    // Where a growing paragraph can be shaped again from (`ShapedGlyph.isUnsafeToConcat`).
    hb_buffer_set_flags(buffer, HB_BUFFER_FLAG_PRODUCE_UNSAFE_TO_CONCAT)
    hb_buffer_set_direction(buffer, isRightToLeft ? HB_DIRECTION_RTL : HB_DIRECTION_LTR)
    hb_buffer_set_script(buffer, hb_script_from_string(script, -1))
    if let language { hb_buffer_set_language(buffer, hb_language_from_string(language, -1)) }
    hb_buffer_set_cluster_level(buffer, HB_BUFFER_CLUSTER_LEVEL_MONOTONE_CHARACTERS)
    // HarfBuzz looks a few characters either side of a run (for joining and marks): it gets the
    // run and that much around it, so no count it is handed passes its 32-bit integers however
    // long the paragraph, and its clusters count from `start`.
    let start = max(run.lowerBound - Self.contextUnits, 0)
    let end = min(run.upperBound + Self.contextUnits, paragraph.count)
    hb_buffer_add_utf16(
      buffer, paragraph.baseAddress.map { $0 + start }, Int32(end - start),
      UInt32(run.lowerBound - start), Int32(run.count))
    let separate = !isColour && ["Latn", "Grek", "Cyrl", "Zyyy", "Zinh"].contains(script)
    let features = separate ? Self.separateLetters : []
    hb_shape(font, buffer, features, UInt32(features.count))
    return glyphs(clustersFrom: start)
  }

  /// Code units of context either side of a run: HarfBuzz reads at most five characters each
  /// way (`HB_BUFFER_CONTEXT_LENGTH`), two units each at most, and more costs nothing.
  private static let contextUnits = 64

  /// The buffer's glyphs, their clusters counted from code unit `start` of the paragraph.
  private func glyphs(clustersFrom start: Int) -> [Shaped] {
    var count: UInt32 = 0
    guard let infos = hb_buffer_get_glyph_infos(buffer, &count),
      let positions = hb_buffer_get_glyph_positions(buffer, &count)
    else { return [] }
    let unsafeToConcat = HB_GLYPH_FLAG_UNSAFE_TO_CONCAT.rawValue
    return (0..<Int(count)).map { index in
      Shaped(
        id: infos[index].codepoint, cluster: start + Int(infos[index].cluster),
        advance: Double(positions[index].x_advance) / 64,
        x: Double(positions[index].x_offset) / 64, y: Double(positions[index].y_offset) / 64,
        isUnsafeToConcat: hb_glyph_info_get_glyph_flags(infos + index).rawValue & unsafeToConcat
          != 0)
    }
  }

  /// The largest bitmap side the atlas takes: a glyph larger than this is not drawn.
  static let largestBitmapSide: UInt32 = 4096

  /// Glyph `id` rasterised as SDL2_ttf's "blended" mode does it (light hinting, 256 levels of
  /// grey, or an emoji's colour bitmap), or nil when it has no ink or is too large to keep.
  package func bitmap(of id: UInt32) -> GlyphBitmap? {
    guard FT_Load_Glyph(face, id, isColour ? te_ft_load_light_color : te_ft_load_light) == 0,
      let slot = face.pointee.glyph
    else { return nil }
    if slot.pointee.format != FT_GLYPH_FORMAT_BITMAP {
      guard FT_Render_Glyph(slot, FT_RENDER_MODE_NORMAL) == 0 else { return nil }
    }
    let bitmap = slot.pointee.bitmap
    guard bitmap.width > 0, bitmap.rows > 0, bitmap.width < Self.largestBitmapSide,
      bitmap.rows < Self.largestBitmapSide, let buffer = bitmap.buffer
    else { return nil }
    let width = Int(bitmap.width)
    let rows = Int(bitmap.rows)
    var pixels = [UInt32](repeating: 0x00FF_FFFF, count: width * rows)
    let isColour = bitmap.pixel_mode == UInt8(FT_PIXEL_MODE_BGRA.rawValue)
    for row in 0..<rows {
      let line = buffer + row * Int(bitmap.pitch)
      for column in 0..<width {
        let pixel: UInt32
        switch UInt32(bitmap.pixel_mode) {
        case FT_PIXEL_MODE_BGRA.rawValue:
          // BGRA bytes in memory are one little-endian ARGB word.
          pixel =
            UInt32(line[4 * column]) | UInt32(line[4 * column + 1]) << 8
            | UInt32(line[4 * column + 2]) << 16 | UInt32(line[4 * column + 3]) << 24
        case FT_PIXEL_MODE_MONO.rawValue:
          let on = line[column / 8] & (0x80 >> UInt8(column % 8)) != 0
          pixel = on ? 0xFFFF_FFFF : 0x00FF_FFFF
        default:
          pixel = UInt32(line[column]) << 24 | 0x00FF_FFFF
        }
        pixels[row * width + column] = pixel
      }
    }
    return GlyphBitmap(
      width: Int32(width), rows: Int32(rows), left: slot.pointee.bitmap_left,
      top: slot.pointee.bitmap_top, isColour: isColour, pixels: pixels)
  }

  /// The advance of glyph `id` in pixels, 26.6, as SDL2_ttf measures a glyph it draws alone.
  func advance(of id: UInt32) -> FT_Pos {
    guard FT_Load_Glyph(face, id, isColour ? te_ft_load_light_color : te_ft_load_light) == 0,
      let slot = face.pointee.glyph
    else { return 0 }
    return slot.pointee.advance.x
  }
}
