import TextEffects

/// The fonts at one scale, handed to the core's layout.
struct ScaledFontMetricsProvider: FontMetricsProvider {
  let library: FontLibrary
  let pixelsPerPoint: Double

  func metrics(for font: Font) -> any FontMetrics {
    let face = library.face(for: font, pixelsPerPoint: pixelsPerPoint)
    library.noteDrawn(face.file)
    // A bitmap font (the emoji) measures at its one size: its pixels are scaled to the text's
    // points.
    let scale = face.isColour ? face.pixelsPerEm / max(font.size, 0.01) : pixelsPerPoint
    return FaceMetrics(face: face, pixelsPerPoint: scale)
  }

  func font(for character: Character, script: ScriptTag, in font: Font, language: String?)
    -> Font
  {
    library.font(for: character, script: script, in: font, language: language)
  }
}

/// One face's metrics and shaping, converted from its pixels to points.
struct FaceMetrics: FontMetrics {
  let face: FontFace
  let pixelsPerPoint: Double

  var ascent: Double { Double(face.ascent) / pixelsPerPoint }
  var descent: Double { Double(face.descent) / pixelsPerPoint }
  var lineHeight: Double { Double(face.lineSkip) / pixelsPerPoint }

  func covers(_ character: Character) -> Bool {
    character.unicodeScalars.allSatisfy {
      face.covers($0) || $0.properties.isDefaultIgnorableCodePoint
    }
  }

  func shape(
    _ paragraph: UnsafeBufferPointer<UInt16>, run: Range<Int>, isRightToLeft: Bool,
    script: ScriptTag, language: String?
  ) -> [ShapedGlyph] {
    face.shape(
      paragraph, run: run, isRightToLeft: isRightToLeft, script: script.name, language: language
    ).map {
      ShapedGlyph(
        id: $0.id, cluster: $0.cluster, advance: $0.advance / pixelsPerPoint,
        offset: Point(x: $0.x / pixelsPerPoint, y: -$0.y / pixelsPerPoint),
        isUnsafeToConcat: $0.isUnsafeToConcat)
    }
  }
}
