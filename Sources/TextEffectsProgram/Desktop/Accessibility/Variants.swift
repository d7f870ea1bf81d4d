import CGio

/// GVariant values made and read without GLib's variadic `g_variant_new`, which Swift cannot
/// call: each made value is floating, for the call or tuple that takes it.
enum Variants {
  static func string(_ value: String) -> OpaquePointer { g_variant_new_string(value) }
  static func int32(_ value: Int32) -> OpaquePointer { g_variant_new_int32(value) }
  static func uint32(_ value: UInt32) -> OpaquePointer { g_variant_new_uint32(value) }
  static func int16(_ value: Int16) -> OpaquePointer { g_variant_new_int16(value) }
  static func double(_ value: Double) -> OpaquePointer { g_variant_new_double(value) }
  static func bool(_ value: Bool) -> OpaquePointer { g_variant_new_boolean(value ? 1 : 0) }
  static func boxed(_ value: OpaquePointer) -> OpaquePointer { g_variant_new_variant(value) }

  static func tuple(_ items: [OpaquePointer]) -> OpaquePointer {
    var children: [OpaquePointer?] = items
    return g_variant_new_tuple(&children, gsize(children.count))
  }

  /// An AT-SPI object reference, `(so)`: a bus name and an object path.
  static func reference(_ bus: String, _ path: String) -> OpaquePointer {
    tuple([string(bus), g_variant_new_object_path(path)])
  }

  /// An array of `type` (a GVariant type string such as "(so)"), empty or not.
  static func array(of type: String, _ items: [OpaquePointer]) -> OpaquePointer {
    let elementType = g_variant_type_new(type)
    defer { g_variant_type_free(elementType) }
    var children: [OpaquePointer?] = items
    return g_variant_new_array(elementType, &children, gsize(children.count))
  }

  /// An `a{ss}` dictionary.
  static func stringDictionary(_ pairs: [(String, String)]) -> OpaquePointer {
    array(
      of: "{ss}", pairs.map { g_variant_new_dict_entry(string($0.0), string($0.1)) })
  }

  /// The Int32 child at `index` of a tuple of parameters, 0 when it is not one.
  static func int32(at index: Int, of tuple: OpaquePointer) -> Int32 {
    guard let child = g_variant_get_child_value(tuple, gsize(index)) else { return 0 }
    defer { g_variant_unref(child) }
    return String(cString: g_variant_get_type_string(child)) == "i"
      ? g_variant_get_int32(child) : 0
  }

  /// The UInt32 child at `index` of a tuple of parameters, 0 when it is not one.
  static func uint32(at index: Int, of tuple: OpaquePointer) -> UInt32 {
    guard let child = g_variant_get_child_value(tuple, gsize(index)) else { return 0 }
    defer { g_variant_unref(child) }
    return String(cString: g_variant_get_type_string(child)) == "u"
      ? g_variant_get_uint32(child) : 0
  }
}
