/// What Drover and its decoder server (`drover-decode --serve`) say to each other over
/// their socket, one request and one answer at a time.
///
/// A request is the wall-clock budget in seconds, then the arguments the decode child
/// runs with (`DecoderHelper.Request.arguments`), each field ended by a NUL byte, and an
/// empty field to end the request (paths may hold any byte but NUL).
///
/// An answer is one line, then the child's output and error text:
///
///     exited STATUS CPU TIMEDOUT OUTLEN ERRLEN      the child exited with STATUS
///     signalled SIGNAL CPU TIMEDOUT OUTLEN ERRLEN   a signal ended it
///     unstarted ERRNO 0 0 0 0                       no child could be started
///
/// CPU is its user plus system time in seconds, TIMEDOUT 1 when the server killed it at
/// the wall-clock budget, and OUTLEN and ERRLEN the byte counts of the two texts that
/// follow the line (each at most `ChildProcess.BoundedText.limit`).
package enum DecoderWire {
    package static func request(wallSeconds: Int, arguments: [String]) -> [UInt8] {
        var bytes: [UInt8] = []
        for field in [String(wallSeconds)] + arguments {
            bytes += field.utf8
            bytes.append(0)
        }
        bytes.append(0)
        return bytes
    }

    /// Splits a request (without its final empty field) into the budget and the arguments.
    package static func parseRequest(_ fields: [String]) -> (wallSeconds: Int, arguments: [String])? {
        guard let first = fields.first, let seconds = Int(first), seconds > 0 else { return nil }
        return (seconds, Array(fields.dropFirst()))
    }

    package struct AnswerLine: Equatable {
        package var ending: ChildEnding
        package var cpuSeconds: Double
        package var timedOut: Bool
        package var outputLength: Int
        package var errorsLength: Int

        package init(ending: ChildEnding, cpuSeconds: Double, timedOut: Bool, outputLength: Int, errorsLength: Int) {
            self.ending = ending
            self.cpuSeconds = cpuSeconds
            self.timedOut = timedOut
            self.outputLength = outputLength
            self.errorsLength = errorsLength
        }
    }

    package static func answerLine(_ line: AnswerLine) -> [UInt8] {
        let ending: String
        switch line.ending {
        case .exited(let status): ending = "exited \(status)"
        case .signalled(let signal): ending = "signalled \(signal)"
        case .unstarted(let code): ending = "unstarted \(code)"
        }
        let timedOut = line.timedOut ? 1 : 0
        return Array("\(ending) \(line.cpuSeconds) \(timedOut) \(line.outputLength) \(line.errorsLength)\n".utf8)
    }

    /// The answer line (without its line break), or nil if it is not one: a server that
    /// says anything else is broken, and is replaced.
    package static func parseAnswerLine(_ text: Substring) -> AnswerLine? {
        let words = text.split(separator: " ", omittingEmptySubsequences: false)
        guard words.count == 6, let code = Int32(words[1]), let cpu = Double(words[2]), cpu >= 0, cpu.isFinite,
              let outputLength = Int(words[4]), let errorsLength = Int(words[5]),
              (0...ChildProcess.BoundedText.limit).contains(outputLength),
              (0...ChildProcess.BoundedText.limit).contains(errorsLength) else { return nil }
        let ending: ChildEnding
        switch words[0] {
        case "exited" where (0...255).contains(code): ending = .exited(code)
        case "signalled" where (1...127).contains(code): ending = .signalled(code)
        case "unstarted" where code > 0: ending = .unstarted(code)
        default: return nil
        }
        switch words[3] {
        case "0", "1": break
        default: return nil
        }
        return AnswerLine(ending: ending, cpuSeconds: cpu, timedOut: words[3] == "1",
                          outputLength: outputLength, errorsLength: errorsLength)
    }
}
