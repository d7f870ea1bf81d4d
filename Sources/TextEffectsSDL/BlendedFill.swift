import CSDL2

/// The colour SDL's software renderer gives a pixel of the background when it blends a colour
/// over it, worked out once, so a shape that lies over nothing but the background is filled
/// with it, replacing the pixels, rather than blended into them pixel by pixel.
///
/// A streamed Markdown answer's code lines have translucent backgrounds; a line at the edge of
/// a scrolling view fades, so it is redrawn whole each frame of the scroll, and blending its
/// background was the largest cost a Markdown answer added to the kiosk's (`SDL_BlendFillRect`
/// runs a division per channel per pixel; a plain fill writes the pixels as a clear does). The
/// pixels are the same to the byte: SDL's arithmetic, done once for the colour (SDL 2's
/// `SDL_BlendFillRect` for 32-bit surfaces of 8-bit channels, with SDL_draw.h's `DRAW_MUL`).
enum BlendedFill {
  /// `color` blended over `background` as SDL's software renderer blends it into a surface of
  /// 8-bit channels: the colour premultiplied by its alpha, plus the background scaled by the
  /// rest, each product divided by 255 and truncated; the alpha channel likewise.
  static func color(_ color: SDL_Color, over background: SDL_Color) -> SDL_Color {
    let rest = 255 - UInt32(color.a)
    func blended(_ channel: UInt8, _ under: UInt8) -> UInt8 {
      UInt8(multiply(rest, UInt32(under)) + multiply(UInt32(channel), UInt32(color.a)))
    }
    return SDL_Color(
      r: blended(color.r, background.r), g: blended(color.g, background.g),
      b: blended(color.b, background.b),
      a: UInt8(multiply(rest, UInt32(background.a)) + UInt32(color.a)))
  }

  /// SDL_draw.h's `DRAW_MUL`: the product of two bytes as a byte, truncated.
  private static func multiply(_ first: UInt32, _ second: UInt32) -> UInt32 {
    first * second / 255
  }
}
