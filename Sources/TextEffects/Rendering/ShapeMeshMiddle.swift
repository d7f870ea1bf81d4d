extension ShapeMesh {
  /// The middle, between the four corner centres. Split along its top-left to bottom-right
  /// diagonal, SDL's software renderer sees an axis-aligned rectangle and fills it as one, far
  /// faster than two triangles (whose bounding boxes it visits pixel by pixel); it rounds that
  /// rectangle to whole pixels, though, lest a seam of one pixel open between it and the
  /// triangles around it. So the part on whole pixels is split so, and the strips of less than
  /// a pixel round it are split along the other diagonal, which SDL draws as triangles. No pixel
  /// centre lies on a whole-pixel edge, so each is covered once, as by two triangles: the same
  /// pixels, and a card at a kiosk's fractional scale costs a tenth as much to redraw.
  mutating func appendMiddle(
    topRight: Int32, bottomRight: Int32, bottomLeft: Int32, topLeft: Int32
  ) {
    let (left, top) = (vertices[Int(topLeft)].x, vertices[Int(topLeft)].y)
    let (right, bottom) = (vertices[Int(bottomRight)].x, vertices[Int(bottomRight)].y)
    guard right > left, bottom > top else { return }
    let whole = (
      left: left.rounded(.up), top: top.rounded(.up), right: right.rounded(.down),
      bottom: bottom.rounded(.down)
    )
    guard whole.right > whole.left, whole.bottom > whole.top else {
      // Less than a whole pixel across: two triangles.
      indices += [topRight, bottomRight, bottomLeft, topRight, bottomLeft, topLeft]
      return
    }
    func vertex(_ x: Float, _ y: Float) -> Int32 {
      vertices.append(MeshVertex(x: x, y: y, coverage: 1))
      return Int32(vertices.count - 1)
    }
    /// A rectangle from its corners, clockwise from the top left; `isFilledAsOne` picks the
    /// diagonal SDL recognises. One of no area adds nothing.
    func rectangle(
      _ corners: (topLeft: Int32, topRight: Int32, bottomRight: Int32, bottomLeft: Int32),
      isFilledAsOne: Bool
    ) {
      let a = vertices[Int(corners.topLeft)]
      let c = vertices[Int(corners.bottomRight)]
      guard c.x > a.x, c.y > a.y else { return }
      if isFilledAsOne {
        indices += [
          corners.topLeft, corners.topRight, corners.bottomRight, corners.topLeft,
          corners.bottomRight, corners.bottomLeft,
        ]
      } else {
        indices += [
          corners.topRight, corners.bottomRight, corners.bottomLeft, corners.topRight,
          corners.bottomLeft, corners.topLeft,
        ]
      }
    }
    let innerTopLeft = vertex(whole.left, whole.top)
    let innerTopRight = vertex(whole.right, whole.top)
    let innerBottomRight = vertex(whole.right, whole.bottom)
    let innerBottomLeft = vertex(whole.left, whole.bottom)
    let leftAtTop = vertex(left, whole.top)
    let rightAtTop = vertex(right, whole.top)
    let rightAtBottom = vertex(right, whole.bottom)
    let leftAtBottom = vertex(left, whole.bottom)
    rectangle((innerTopLeft, innerTopRight, innerBottomRight, innerBottomLeft), isFilledAsOne: true)
    rectangle((topLeft, topRight, rightAtTop, leftAtTop), isFilledAsOne: false)
    rectangle((leftAtBottom, rightAtBottom, bottomRight, bottomLeft), isFilledAsOne: false)
    rectangle((leftAtTop, innerTopLeft, innerBottomLeft, leftAtBottom), isFilledAsOne: false)
    rectangle((innerTopRight, rightAtTop, rightAtBottom, innerBottomRight), isFilledAsOne: false)
  }
}
