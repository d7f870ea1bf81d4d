import Foundation
import Testing

@testable import TextEffects
@testable import TextEffectsSDL

/// The files the program writes by the C library: whole, and a failure says why.
@Suite struct OpenFileTests {
  @Test func aFileIsWrittenWholeAndAFullDiskSaysSo() throws {
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("open-file-\(UUID().uuidString)").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    let bytes = Data((0..<300_000).map { UInt8(truncatingIfNeeded: $0 &* 31) })
    let file = try #require(OpenFile(writingTo: path, flags: O_CREAT | O_TRUNC))
    try file.write(bytes)
    try file.write(Data())
    try file.synchronize()
    try file.close()
    try file.close()  // closing twice is nothing
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == bytes)
    // Appending adds to what is there.
    let more = try #require(OpenFile(writingTo: path, flags: O_APPEND))
    try more.write(Data("end".utf8))
    try more.close()
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == bytes + Data("end".utf8))

    #expect(OpenFile(writingTo: "/nonexistent-folder/file", flags: O_CREAT) == nil)
    let full = try #require(OpenFile(writingTo: "/dev/full"))
    let error = #expect(throws: (any Error).self) { try full.write(bytes) }
    #expect(error?.reason == "No space left on device")
  }
}
