import CHarfBuzz
import Foundation

/// Shapes a line with HarfBuzz over FreeType, set up as SDL2_ttf sets up its own (same size,
/// same light hinting), to learn where each character's glyph stands.
///
/// SDL2_ttf draws a string with these positions but only reports the string's bounding box, in
/// which the last glyph's ink can stick out past the pen; placing glyphs from such boxes is off
/// by a pixel here and there. Ligatures and contextual alternates are turned off: each cluster
/// is drawn on its own from the atlas, so the positions must be those of unjoined glyphs.
final class HarfBuzzShaper {
  private let font: OpaquePointer
  private let buffer: OpaquePointer
  private let features: [hb_feature_t]

  /// A shaper for the font file at `path` at `quarterPixels` / 4 pixels per em.
  init?(library: FT_Library, path: String, quarterPixels: Int) {
    var face: FT_Face?
    guard FT_New_Face(library, path, 0, &face) == 0, let face else { return nil }
    // 18 dpi is a quarter of 72, as the font is opened in SDL2_ttf.
    guard FT_Set_Char_Size(face, 0, FT_F26Dot6(quarterPixels * 64), 18, 18) == 0,
      let font = hb_ft_font_create_referenced(face), let buffer = hb_buffer_create()
    else {
      FT_Done_Face(face)
      return nil
    }
    FT_Done_Face(face)  // the HarfBuzz font holds its own reference now
    hb_ft_font_set_load_flags(font, te_ft_load_light)
    self.font = font
    self.buffer = buffer
    features = ["-liga", "-clig", "-calt"].map { name in
      var feature = hb_feature_t()
      _ = hb_feature_from_string(name, -1, &feature)
      return feature
    }
  }

  deinit {
    hb_buffer_destroy(buffer)
    hb_font_destroy(font)
  }

  /// The pen before each character of `text` and after the last, in pixels.
  func penPositions(of text: String) -> [Double] {
    let characterStarts = Self.utf8Offsets(of: text)
    var pens = [Double](repeating: 0, count: characterStarts.count + 1)
    guard !characterStarts.isEmpty else { return pens }
    hb_buffer_reset(buffer)
    hb_buffer_set_direction(buffer, HB_DIRECTION_LTR)
    hb_buffer_set_script(buffer, HB_SCRIPT_UNKNOWN)
    hb_buffer_set_cluster_level(buffer, HB_BUFFER_CLUSTER_LEVEL_MONOTONE_CHARACTERS)
    // The length given, not found by a NUL: a NUL inside the text must not end it.
    let length = Int32(text.utf8.count)
    text.withCString { hb_buffer_add_utf8(buffer, $0, length, 0, length) }
    hb_shape(font, buffer, features, UInt32(features.count))

    var count: UInt32 = 0
    guard let infos = hb_buffer_get_glyph_infos(buffer, &count),
      let positions = hb_buffer_get_glyph_positions(buffer, &count)
    else { return pens }
    var pen: Int32 = 0
    var character = 0
    for glyph in 0..<Int(count) {
      // Every character that starts at or before this glyph's cluster stands at this pen.
      while character < characterStarts.count, characterStarts[character] <= infos[glyph].cluster {
        pens[character] = Double(pen) / 64
        character += 1
      }
      pen += positions[glyph].x_advance
    }
    while character <= characterStarts.count {
      pens[character] = Double(pen) / 64
      character += 1
    }
    return pens
  }

  /// The UTF-8 offset where each character (grapheme cluster) starts.
  private static func utf8Offsets(of text: String) -> [UInt32] {
    var offsets: [UInt32] = []
    offsets.reserveCapacity(text.utf8.count)
    var offset: UInt32 = 0
    for character in text {
      offsets.append(offset)
      offset += UInt32(character.utf8.count)
    }
    return offsets
  }
}
