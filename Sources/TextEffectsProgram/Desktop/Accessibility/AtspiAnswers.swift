import CGio
import TextEffects
import TextEffectsApp

/// What each object answers, from one snapshot of the tree: the replies to AT-SPI2's methods
/// and the values of its properties, as GVariants.
struct AtspiAnswers {
  let tree: AtspiTree
  /// This program's name on the accessibility bus.
  let bus: String
  /// The desktop the registry put the application under: (its bus name, its path).
  let desktop: (bus: String, path: String)
  /// The id the registry gave the application.
  let applicationID: Int32

  /// What a method call gets back.
  enum Answer {
    /// The reply's values, a tuple (nil for none).
    case reply(OpaquePointer?)
    /// A D-Bus error's name and message.
    case failure(String, String)
    /// The reply, and a control to press on the window's thread.
    case press(Control, reply: OpaquePointer)
  }

  private func reference(_ node: String?) -> OpaquePointer {
    guard let node else { return Variants.reference(desktop.bus, desktop.path) }
    return Variants.reference(bus, AtspiVocabulary.pathPrefix + "/" + node)
  }

  private var nullReference: OpaquePointer {
    Variants.reference(bus, AtspiVocabulary.nullPath)
  }

  func answer(
    _ method: String, of interface: String, on node: String, with parameters: OpaquePointer
  )
    -> Answer
  {
    guard tree.node(node) != nil else {
      return .failure(
        "org.freedesktop.DBus.Error.UnknownObject", "The window no longer shows this part")
    }
    let one = { (value: OpaquePointer) in Answer.reply(Variants.tuple([value])) }
    switch (interface, method) {
    case (AtspiVocabulary.accessible, _): return accessible(method, node, parameters, one)
    case (AtspiVocabulary.application, "GetLocale"): return one(Variants.string("en_US.UTF-8"))
    // Clients talk to the application on this bus; an address would open a private one.
    case (AtspiVocabulary.application, "GetApplicationBusAddress"): return one(Variants.string(""))
    case (AtspiVocabulary.component, _): return component(method, node, parameters, one)
    case (AtspiVocabulary.text, _): return text(method, node, parameters)
    case (AtspiVocabulary.action, _): return action(method, node, parameters, one)
    default:
      return .failure("org.freedesktop.DBus.Error.UnknownMethod", "No method \(method)")
    }
  }

  private func accessible(
    _ method: String, _ node: String, _ parameters: OpaquePointer,
    _ one: (OpaquePointer) -> Answer
  ) -> Answer {
    switch method {
    case "GetChildAtIndex":
      let children = tree.children(of: node)
      let index = Int(Variants.int32(at: 0, of: parameters))
      return one(children.indices.contains(index) ? reference(children[index]) : nullReference)
    case "GetChildren":
      return one(Variants.array(of: "(so)", tree.children(of: node).map(reference)))
    case "GetIndexInParent": return one(Variants.int32(Int32(tree.indexInParent(of: node))))
    case "GetRelationSet": return one(Variants.array(of: "(ua(so))", []))
    case "GetRole": return one(Variants.uint32(tree.role(of: node).rawValue))
    case "GetRoleName", "GetLocalizedRoleName":
      return one(Variants.string(tree.role(of: node).name))
    case "GetState":
      let words = AtspiVocabulary.words(tree.states(of: node))
      return one(Variants.array(of: "u", words.map(Variants.uint32)))
    case "GetAttributes": return one(Variants.stringDictionary([("toolkit", "TextEffects")]))
    case "GetApplication": return one(reference(AtspiVocabulary.rootNode))
    case "GetInterfaces":
      return one(Variants.array(of: "s", tree.interfaces(of: node).map(Variants.string)))
    default: return .failure("org.freedesktop.DBus.Error.UnknownMethod", "No method \(method)")
    }
  }

  private func component(
    _ method: String, _ node: String, _ parameters: OpaquePointer,
    _ one: (OpaquePointer) -> Answer
  ) -> Answer {
    func box(_ coordinates: UInt32) -> (x: Int32, y: Int32, w: Int32, h: Int32) {
      tree.extents(of: node, in: coordinates)
    }
    switch method {
    case "Contains":
      let (x, y) = (Variants.int32(at: 0, of: parameters), Variants.int32(at: 1, of: parameters))
      let extents = box(Variants.uint32(at: 2, of: parameters))
      return one(
        Variants.bool(
          x >= extents.x && y >= extents.y && x < extents.x + extents.w
            && y < extents.y + extents.h))
    case "GetAccessibleAtPoint":
      let found = tree.part(
        atX: Variants.int32(at: 0, of: parameters), y: Variants.int32(at: 1, of: parameters),
        in: Variants.uint32(at: 2, of: parameters))
      return one(found.map(reference) ?? nullReference)
    case "GetExtents":
      let extents = box(Variants.uint32(at: 0, of: parameters))
      return one(
        Variants.tuple([extents.x, extents.y, extents.w, extents.h].map(Variants.int32)))
    case "GetPosition":
      let extents = box(Variants.uint32(at: 0, of: parameters))
      return .reply(Variants.tuple([Variants.int32(extents.x), Variants.int32(extents.y)]))
    case "GetSize":
      let extents = box(0)
      return .reply(Variants.tuple([Variants.int32(extents.w), Variants.int32(extents.h)]))
    // ATSPI_LAYER_WINDOW for the frame, ATSPI_LAYER_WIDGET for what is in it.
    case "GetLayer": return one(Variants.uint32(node == AtspiVocabulary.frameNode ? 7 : 3))
    case "GetMDIZOrder": return one(Variants.int16(0))
    case "GrabFocus": return one(Variants.bool(false))
    case "GetAlpha": return one(Variants.double(1))
    default: return .failure("org.freedesktop.DBus.Error.UnknownMethod", "No method \(method)")
    }
  }

  private func text(_ method: String, _ node: String, _ parameters: OpaquePointer) -> Answer {
    let text = AtspiText(tree.name(of: node))
    func segment(_ found: (text: String, start: Int32, end: Int32)) -> Answer {
      .reply(
        Variants.tuple([
          Variants.string(found.text), Variants.int32(found.start), Variants.int32(found.end),
        ]))
    }
    // Made only for the reply that takes them: a GVariant made and not taken would leak.
    let noAttributes = { Variants.stringDictionary([]) }
    func box(coordinatesAt index: Int) -> [OpaquePointer] {
      let extents = tree.extents(of: node, in: Variants.uint32(at: index, of: parameters))
      return [extents.x, extents.y, extents.w, extents.h].map(Variants.int32)
    }
    switch method {
    case "GetText":
      return .reply(
        Variants.tuple([
          Variants.string(
            text.text(
              from: Variants.int32(at: 0, of: parameters),
              to: Variants.int32(at: 1, of: parameters)))
        ]))
    case "GetCharacterAtOffset":
      return .reply(
        Variants.tuple([Variants.int32(text.character(at: Variants.int32(at: 0, of: parameters)))]))
    case "GetTextAtOffset":
      let unit = AtspiText.Unit(boundary: Variants.uint32(at: 1, of: parameters))
      return segment(text.segment(unit, at: Variants.int32(at: 0, of: parameters)))
    case "GetStringAtOffset":
      let unit = AtspiText.Unit(granularity: Variants.uint32(at: 1, of: parameters))
      return segment(text.segment(unit, at: Variants.int32(at: 0, of: parameters)))
    case "GetNSelections": return .reply(Variants.tuple([Variants.int32(0)]))
    case "GetAttributes":
      return .reply(
        Variants.tuple([
          noAttributes(), Variants.int32(0), Variants.int32(Int32(clamping: text.count)),
        ]))
    case "GetDefaultAttributes", "GetDefaultAttributeSet":
      return .reply(Variants.tuple([noAttributes()]))
    // Where a character is: the text's box, which holds it (the text is drawn by the scene).
    case "GetCharacterExtents": return .reply(Variants.tuple(box(coordinatesAt: 1)))
    case "GetRangeExtents": return .reply(Variants.tuple(box(coordinatesAt: 2)))
    case "GetOffsetAtPoint": return .reply(Variants.tuple([Variants.int32(-1)]))
    default: return .failure("org.freedesktop.DBus.Error.UnknownMethod", "No method \(method)")
    }
  }

  private func action(
    _ method: String, _ node: String, _ parameters: OpaquePointer,
    _ one: (OpaquePointer) -> Answer
  ) -> Answer {
    guard case .part(let part) = tree.node(node), let press = part.press else {
      return .failure("org.freedesktop.DBus.Error.UnknownMethod", "It has no action")
    }
    let index = Variants.int32(at: 0, of: parameters)
    let name = index == 0 ? "click" : ""
    switch method {
    case "GetName", "GetLocalizedName": return one(Variants.string(name))
    case "GetDescription": return one(Variants.string(index == 0 ? "Press \(part.name)" : ""))
    case "GetKeyBinding": return one(Variants.string(""))
    case "GetActions":
      return one(
        Variants.array(
          of: "(sss)",
          [
            Variants.tuple([
              Variants.string("click"), Variants.string("Press \(part.name)"), Variants.string(""),
            ])
          ]))
    case "DoAction":
      guard index == 0 else { return one(Variants.bool(false)) }
      return .press(press, reply: Variants.tuple([Variants.bool(true)]))
    default: return .failure("org.freedesktop.DBus.Error.UnknownMethod", "No method \(method)")
    }
  }

  /// A property's value, nil for one this object does not have.
  func property(_ name: String, of interface: String, on node: String) -> OpaquePointer? {
    guard tree.node(node) != nil else { return nil }
    switch (interface, name) {
    case (AtspiVocabulary.accessible, "Name"): return Variants.string(tree.name(of: node))
    case (AtspiVocabulary.accessible, "Description"): return Variants.string("")
    case (AtspiVocabulary.accessible, "Parent"): return reference(tree.parent(of: node))
    case (AtspiVocabulary.accessible, "ChildCount"):
      return Variants.int32(Int32(tree.children(of: node).count))
    case (AtspiVocabulary.accessible, "Locale"): return Variants.string("en_US.UTF-8")
    case (AtspiVocabulary.accessible, "AccessibleId"): return Variants.string(node)
    case (AtspiVocabulary.application, "ToolkitName"): return Variants.string("TextEffects")
    case (AtspiVocabulary.application, "Version"): return Variants.string("1.0")
    case (AtspiVocabulary.application, "AtspiVersion"): return Variants.string("2.1")
    case (AtspiVocabulary.application, "Id"): return Variants.int32(applicationID)
    case (AtspiVocabulary.text, "CharacterCount"):
      return Variants.int32(Int32(clamping: AtspiText(tree.name(of: node)).count))
    case (AtspiVocabulary.text, "CaretOffset"): return Variants.int32(0)
    case (AtspiVocabulary.action, "NActions"):
      guard case .part(let part) = tree.node(node) else { return Variants.int32(0) }
      return Variants.int32(part.press == nil ? 0 : 1)
    default: return nil
    }
  }
}
