// The client side of the drover-decode wire: Drover's end of each decoder server
// (DecoderConnection) and the servers an import borrows (DecoderServerPool). The server and
// the child it forks per image are in Server/, the bytes between them in Wire/, the decode
// itself in Decode/. What a decode's ending means for an import (its failure reasons, its
// limits) is GalleryKit's DecoderProcess.

/// How a decode child ended, with what it said, as its server reported it.
package struct DecoderFinished {
    package typealias Ending = ChildEnding
    package var ending: Ending
    /// User plus system CPU time the child used.
    package var cpuSeconds: Double
    /// The server killed it at the wall-clock budget.
    package var timedOut: Bool
    package var output: String
    package var errors: String

    package init(ending: Ending, cpuSeconds: Double, timedOut: Bool, output: String, errors: String) {
        self.ending = ending
        self.cpuSeconds = cpuSeconds
        self.timedOut = timedOut
        self.output = output
        self.errors = errors
    }
}

/// Says that the work a decode was for is cancelled: a borrower still waiting for a server
/// gives up (GalleryKit's ImportCancellation is one).
package protocol DecoderCancellation: Sendable {
    var isCancelled: Bool { get }
}
