import Foundation
import Testing
import TextEffectsTestSupport

@testable import TextEffectsProgram

/// The signals thread in this process, so ThreadSanitizer sees it beside the thread that reads
/// what it tells: SIGTERM sent to it alone is taken by `sigwait`, with no handler anywhere, and
/// told through the flag the window's loop reads before each wait. No test in this process
/// runs a window's loop; the rounds against the real window are `QuitSignalTests`.
@Suite struct QuitSignalsThreadTests {
  @Test func aSignalIsTakenOnItsThreadAndTold() {
    // Once SDL's video is up a signal becomes a quit event, not its default end.
    QuitSignals.videoHasStarted()
    let waiter = QuitSignals.takeOnAThreadOfTheirOwn()
    // The thread names itself as it starts.
    let deadline = Date().addingTimeInterval(5)
    while !IOLoopTests.threadNames().contains("signals"), Date() < deadline { usleep(1000) }
    #expect(IOLoopTests.threadNames().contains("signals"))
    #expect(pthread_kill(waiter, SIGTERM) == 0)
    while !QuitSignals.haveArrived, Date() < deadline { usleep(1000) }
    #expect(QuitSignals.haveArrived)
  }
}
