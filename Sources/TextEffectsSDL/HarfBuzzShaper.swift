import CHarfBuzz
import Foundation
import TextEffects

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
  /// The FreeType library the face was opened in, kept until the HarfBuzz font is gone: a
  /// shaper (in metrics a layout keeps) may outlive the `FontLibrary` that made it.
  private let library: FreeTypeLibrary

  /// A shaper for the font file at `path` at `quarterPixels` / 4 pixels per em.
  init?(library: FreeTypeLibrary, path: String, quarterPixels: Int) {
    var face: FT_Face?
    guard FT_New_Face(library.handle, path, 0, &face) == 0, let face else { return nil }
    // 18 dpi is a quarter of 72, as the font is opened in SDL2_ttf.
    guard FT_Set_Char_Size(face, 0, FT_F26Dot6(quarterPixels * 64), 18, 18) == 0,
      let font = hb_ft_font_create_referenced(face), let buffer = hb_buffer_create()
    else {
      FT_Done_Face(face)
      return nil
    }
    FT_Done_Face(face)  // the HarfBuzz font holds its own reference now
    hb_ft_font_set_load_flags(font, te_ft_load_light)
    self.library = library
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

  /// The most characters HarfBuzz gets at once: a longer text goes in pieces that join on a
  /// character boundary, so no count handed to HarfBuzz can pass its 32-bit integers, and only
  /// a kerning pair across a seam, once in 16,384 characters, is lost.
  static let charactersPerPiece = 16_384

  /// The pen before each character of `text` and after the last, in pixels.
  ///
  /// A character of more than `DisplayText.scalarsPerCharacter` scalars is shaped as its first
  /// ones: HarfBuzz's work on a cluster grows with the square of its length.
  func penPositions(of text: String) -> [Double] {
    var pens: [Double] = []
    // In 26.6 fixed point, in 64 bits: 32 would overflow past 33 million pixels.
    var pen = 0
    var bytes: [UInt8] = []
    var characterStarts: [UInt32] = []
    var characters = text.makeIterator()
    var next = characters.next()
    while next != nil {
      bytes.removeAll(keepingCapacity: true)
      characterStarts.removeAll(keepingCapacity: true)
      while let character = next, characterStarts.count < Self.charactersPerPiece {
        characterStarts.append(UInt32(bytes.count))
        for scalar in character.unicodeScalars.prefix(DisplayText.scalarsPerCharacter) {
          bytes += scalar.utf8
        }
        next = characters.next()
      }
      pen = shape(bytes, characterStarts: characterStarts, from: pen, into: &pens)
    }
    pens.append(Double(pen) / 64)
    return pens
  }

  /// Shapes one piece of UTF-8, appends the pen before each of its characters (which start at
  /// `characterStarts`), and returns the pen after it.
  private func shape(
    _ bytes: [UInt8], characterStarts: [UInt32], from origin: Int, into pens: inout [Double]
  ) -> Int {
    hb_buffer_reset(buffer)
    hb_buffer_set_direction(buffer, HB_DIRECTION_LTR)
    hb_buffer_set_script(buffer, HB_SCRIPT_UNKNOWN)
    hb_buffer_set_cluster_level(buffer, HB_BUFFER_CLUSTER_LEVEL_MONOTONE_CHARACTERS)
    // The length given, not found by a NUL: a NUL inside the text must not end it. A piece
    // holds at most 16,384 × 32 scalars of 4 bytes, 2 MB.
    let length = Int32(bytes.count)
    bytes.withUnsafeBufferPointer { bytes in
      bytes.withMemoryRebound(to: CChar.self) {
        hb_buffer_add_utf8(buffer, $0.baseAddress, length, 0, length)
      }
    }
    hb_shape(font, buffer, features, UInt32(features.count))

    var count: UInt32 = 0
    var pen = origin
    var character = 0
    if let infos = hb_buffer_get_glyph_infos(buffer, &count),
      let positions = hb_buffer_get_glyph_positions(buffer, &count)
    {
      for glyph in 0..<Int(count) {
        // Every character that starts at or before this glyph's cluster stands at this pen.
        while character < characterStarts.count,
          characterStarts[character] <= infos[glyph].cluster
        {
          pens.append(Double(pen) / 64)
          character += 1
        }
        pen += Int(positions[glyph].x_advance)
      }
    }
    while character < characterStarts.count {
      pens.append(Double(pen) / 64)
      character += 1
    }
    return pen
  }
}

/// A FreeType library of one `FontLibrary`'s own, for its shapers' faces; done when the last
/// of them and the font library are gone.
final class FreeTypeLibrary {
  let handle: FT_Library

  init?() {
    var handle: FT_Library?
    guard FT_Init_FreeType(&handle) == 0, let handle else { return nil }
    self.handle = handle
  }

  deinit { FT_Done_FreeType(handle) }
}
