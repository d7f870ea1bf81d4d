/// What the control socket's commands move in a window: a kiosk's items, or the showcase's
/// scenes standing for them. The window's own part (its screen, frames, process) and the
/// content file's are the program's; what shows, and its time, is the content's.
package protocol ControlledContent: AnyObject {
  /// What shows and its time, as `status` tells it: `mode`, `item` (from 1), `items`, `scene`,
  /// `itemSeconds`, `paused`, and what else the content knows.
  func controlStatus(at now: Double) -> [String: any Encodable & Sendable]
  /// Shows item `number`, counted from 1, from its start; why not, when it cannot.
  func show(item number: Int, at now: Double) -> String?
  /// Shows the next item (`step` 1) or the one before it (-1); why not, when it cannot.
  func step(_ step: Int, at now: Double) -> String?
  /// Stops the item's time: its frame stays until `resume`.
  func pause(at now: Double)
  /// Lets the item's time run on from where it stopped.
  func resume(at now: Double)
}
