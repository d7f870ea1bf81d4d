import CMalloc

/// How the program asks glibc's allocator to give memory back.
enum MemoryReturn {
  /// Blocks of 128 KiB and more (the arrays of a long answer's layout) get mappings of their
  /// own, which go back to the system when freed.
  ///
  /// glibc starts so, but raises that threshold each time such a block is freed (up to 32 MiB
  /// on 64 bits), after which big arrays come from the heap, where a freed one among live
  /// ones stays in the process. A live stream that drops its older half and lays the rest out
  /// again every minute or so then kept 4 MiB more after each drop, however little it held;
  /// with the threshold fixed, its memory follows what it holds. Setting it is what stops the
  /// raising (mallopt(3)).
  static let largeBlock: Int32 = 128 * 1024

  /// How much free memory the top of the heap keeps before giving any back. Fixing the
  /// threshold above also fixes this one at 128 KiB, where a frame's small arrays, freed and
  /// made again, moved the heap's end up and down 26 times a second; a few MiB keep it still.
  static let keptHeapTop: Int32 = 4 * 1024 * 1024

  /// Fixes both; the program calls it once, before anything is allocated in earnest.
  static func fixThreshold() {
    _ = mallopt(M_MMAP_THRESHOLD, largeBlock)
    _ = mallopt(M_TRIM_THRESHOLD, keptHeapTop)
  }
}
