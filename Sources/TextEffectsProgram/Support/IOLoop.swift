import CGio
import FoundationEssentials
import TextEffects

/// The program's one I/O thread: GLib's main loop, on a context of its own, carries every
/// outside source of events (standard input, the content file, the control socket, the
/// desktop's settings and the accessibility bus). Each service keeps what arrived in its own
/// inbox and wakes the render loop; none has a thread of its own. The thread sleeps in GLib's
/// poll(2) until something arrives, and spends nothing meanwhile.
///
/// Everything a service does with its sources (reading, writing, D-Bus calls and signals)
/// runs on this thread, so the state only that code touches needs no lock; what the render
/// loop shares with it is behind the service's own lock.
package final class IOLoop: @unchecked Sendable {
  private let context: OpaquePointer
  private let loop: OpaquePointer
  /// Ended when the thread has left the loop (`stop()`).
  private let ended = Condition()
  private var hasEnded = false
  /// Connections to message buses by address, made on the loop's thread and used there only:
  /// the portal's settings and the accessibility server share the session bus's.
  private var buses: [String: OpaquePointer?] = [:]
  /// What other threads asked the loop to run (`perform`), handed over under a lock of the C
  /// library's, which ThreadSanitizer sees (GLib's own hand-over it does not).
  private let pendingLock = Lock()
  private var pending: [() -> Void] = []

  /// Starts the thread, named "io".
  package init() {
    context = g_main_context_new()
    loop = g_main_loop_new(context, 0)
    Threads.start("io") { [self] in
      g_main_context_push_thread_default(context)
      g_main_loop_run(loop)
      g_main_context_pop_thread_default(context)
      ended.lock()
      hasEnded = true
      ended.broadcast()
      ended.unlock()
    }
  }

  /// Leaves the loop, waits for the thread to end, and lets the buses go (a test's loop; the
  /// program's serves until it exits). Sources still attached are dropped with the context.
  /// The loop is left from its own thread: a quit asked before the loop runs would be lost.
  package func stop() {
    perform { [loop] in g_main_loop_quit(loop) }
    ended.lock()
    while !hasEnded { _ = ended.wait(until: Date(timeIntervalSinceNow: 60)) }
    ended.unlock()
    for case let bus? in buses.values { g_object_unref(UnsafeMutableRawPointer(bus)) }
    g_main_loop_unref(loop)
    g_main_context_unref(context)
  }

  /// Runs `body` on the loop's thread, soon: where a service sets its sources up, so that
  /// GLib calls them back there.
  package func perform(_ body: @escaping () -> Void) {
    pendingLock.withLock { pending.append(body) }
    g_main_context_invoke_full(
      context, G_PRIORITY_DEFAULT,
      { loop in
        Unmanaged<IOLoop>.fromOpaque(loop!).takeUnretainedValue().runPending()
        return 0  // G_SOURCE_REMOVE
      }, Unmanaged.passUnretained(self).toOpaque(), nil)
  }

  private func runPending() {
    let bodies = pendingLock.withLock {
      defer { pending.removeAll() }
      return pending
    }
    for body in bodies { body() }
  }

  /// Calls `handler` whenever `descriptor` is ready for `condition` (reading, by default), or
  /// hung up, failed or is no descriptor at all (a standard input the program was started
  /// without), with what it is ready for, until it returns false or the source is cancelled:
  /// a descriptor in any of those states is always ready, and a handler that did not hear of
  /// it would spin the loop. On the loop's thread only (in `perform`, or a handler), as every
  /// source is.
  @discardableResult
  package func watch(
    _ descriptor: Int32, for condition: GIOCondition = G_IO_IN,
    _ handler: @escaping (GIOCondition) -> Bool
  ) -> Source {
    precondition(g_main_context_is_owner(context) != 0, "a source is added on the I/O loop")
    let wanted = GIOCondition(
      rawValue: condition.rawValue | G_IO_HUP.rawValue | G_IO_ERR.rawValue | G_IO_NVAL.rawValue)
    let source = g_unix_fd_source_new(descriptor, wanted)!
    let ready: @convention(c) (Int32, GIOCondition, UnsafeMutableRawPointer?) -> Int32 = {
      _, condition, box in
      Unmanaged<Callback>.fromOpaque(box!).takeUnretainedValue().run(condition) ? 1 : 0
    }
    return attach(source, unsafeBitCast(ready, to: GSourceFunc.self), Callback(handler))
  }

  /// Calls `handler` every `seconds`, until it returns false or the source is cancelled. On the
  /// loop's thread only, as `watch`.
  @discardableResult
  package func every(_ seconds: Double, _ handler: @escaping () -> Bool) -> Source {
    precondition(g_main_context_is_owner(context) != 0, "a source is added on the I/O loop")
    let source = g_timeout_source_new(UInt32(max(seconds * 1000, 1).rounded()))!
    let due: @convention(c) (UnsafeMutableRawPointer?) -> Int32 = { box in
      Unmanaged<Callback>.fromOpaque(box!).takeUnretainedValue().run(G_IO_IN) ? 1 : 0
    }
    return attach(source, due, Callback { _ in handler() })
  }

  private func attach(
    _ source: UnsafeMutablePointer<GSource>, _ function: GSourceFunc,
    _ callback: Callback
  ) -> Source {
    g_source_set_callback(
      source, function, Unmanaged.passRetained(callback).toOpaque(),
      { box in Unmanaged<Callback>.fromOpaque(box!).release() })
    g_source_attach(source, context)
    return Source(source)
  }

  /// The connection to the message bus at `address`, made once and shared; nil when it
  /// cannot be had. Only on the loop's thread.
  func bus(at address: String) -> OpaquePointer? {
    if let known = buses[address] { return known }
    let made = PortalSettings.connect(to: address)
    buses[address] = made
    return made
  }

  /// A source in the loop, to cancel when what it watches goes.
  package final class Source: @unchecked Sendable {
    private let source: UnsafeMutablePointer<GSource>

    fileprivate init(_ source: UnsafeMutablePointer<GSource>) {
      self.source = source
    }

    deinit { g_source_unref(source) }

    /// Removes it from the loop: its handler is not called again.
    package func cancel() {
      g_source_destroy(source)
    }
  }

  /// A handler, boxed for GLib's user data.
  private final class Callback {
    let run: (GIOCondition) -> Bool
    init(_ run: @escaping (GIOCondition) -> Bool) { self.run = run }
  }
}
