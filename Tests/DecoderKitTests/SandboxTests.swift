import CSystem
import Foundation
import TestSupport
import Testing
@testable import DecoderKit

/// The decode child's sandbox (`DecoderSandbox`, docs/sandbox.md): an escape attempt after
/// the same confinement, the layers this kernel offers all applied, a real decoding child's
/// /proc status, and every supported format still decoding under the filter.
@Suite struct SandboxTests {
    /// Runs the debug-only escape probe (`drover-decode --escape-test`) and returns its lines.
    private func runProbe(_ arguments: [String]) throws -> [String] {
        let output = try runHelper(["--escape-test"] + arguments)
        return output.split(separator: "\n").map(String.init)
    }

    /// Runs drover-decode, bounded: killed (by its pid) after 30 s.
    private func runHelper(_ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: DecoderClient.installedExecutable)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let deadline = Date().addingTimeInterval(30)
        while process.isRunning && Date() < deadline { usleep(10_000) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL); process.waitUntilExit() }
        return String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    }

    /// Whether this kernel lets an unprivileged process make a user and a network namespace.
    private func kernelOffersNamespaces() -> Bool {
        let pid = fork()
        if pid == 0 { drover_exit_now(drover_unshare_user_and_network() == 0 ? 0 : 1) }
        guard pid > 0 else { return false }
        var status: Int32 = 0
        // The child does one system call and exits: this wait is short.
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        return status == 0
    }

    @Test func aConfinedChildCannotOpenConnectOrRunAnything() throws {
        let temp = try TemporaryDirectory()
        let home = ProcessInfo.processInfo.environment["HOME"].map { URL(fileURLWithPath: $0) } ?? temp.url
        // A file of the user's that a decoder must not read; removed again by this test.
        let secret = home.appendingPathComponent(".drover-sandbox-test-\(getpid())")
        try Data("secret".utf8).write(to: secret)
        defer { try? FileManager.default.removeItem(at: secret) }
        let listener = try Loopback()
        let created = temp.file("created-by-decoder")

        let lines = try runProbe([secret.path, created.path, String(listener.port)])

        #expect(lines.last == "done", "\(lines)")
        for name in ["open-passwd", "open-home", "create-file", "socket", "socket-unix", "connect", "kill-parent",
                     "affinity-parent", "fork", "execve"] {
            #expect(lines.contains { $0.hasPrefix("\(name) refused ") }, "\(name): \(lines)")
        }
        // Its own pid was written into the filter compiled with a placeholder: it may signal itself.
        #expect(lines.contains("kill-self ALLOWED"), "\(lines)")
        // Its own thread's CPUs: a JPEG decoded on two threads moves its second thread (CJPEG).
        #expect(lines.contains("affinity-self ALLOWED"), "\(lines)")
        #expect(!FileManager.default.fileExists(atPath: created.path))
        #expect(!listener.wasConnected())

        let layers = lines.first { $0.hasPrefix("layers ") } ?? ""
        #expect(layers.contains("seccomp=1") && layers.contains("nnp=1"), "\(layers)")
        // Every layer the kernel offers is applied.
        if drover_landlock_abi() > 0 { #expect(layers.contains("landlock=\(drover_landlock_abi())"), "\(layers)") }
        if kernelOffersNamespaces() {
            #expect(layers.contains("namespaces=1"), "\(layers)")
            let before = lines.first { $0.hasPrefix("ns-before ") }?.dropFirst(10)
            let after = lines.first { $0.hasPrefix("ns-after ") }?.dropFirst(9)
            #expect(before != nil && before != after, "\(lines)")
        }
    }

    @Test func theReportNamesEveryLayer() throws {
        let report = try runHelper(["--sandbox-report"])
        #expect(report.hasPrefix("sandbox: resource limits on; no_new_privs on; seccomp allow-list on;"), "\(report)")
        #expect(!report.contains("BROKEN"))
        if kernelOffersNamespaces() { #expect(report.contains("user and network namespaces on"), "\(report)") }
        if drover_landlock_abi() > 0 { #expect(report.contains("Landlock ABI \(drover_landlock_abi()) on"), "\(report)") }
    }

    /// A real decode child, stopped mid-read on a FIFO so its /proc status can be read.
    @Test func aDecodingChildRunsUnderSeccompInItsOwnNetworkNamespace() throws {
        let temp = try TemporaryDirectory()
        let fifo = temp.file("slow.png")
        #expect(mkfifo(fifo.path, 0o600) == 0)
        // Held open for writing, so the child's read waits instead of seeing an end.
        let writer = open(fifo.path, O_RDWR | O_CLOEXEC)
        #expect(writer >= 0)
        let server = try DecoderConnection.start(executable: DecoderClient.installedExecutable, childProgram: nil)
        defer { server.stop() }
        let request = DecoderHelper.Request(cpuSeconds: 10, memoryBytes: 2_000_000_000, box: 256, fullSize: nil,
                                            input: fifo.path, output: temp.file("out.png").path)
        let answer = Answer()
        let thread = Thread { answer.set(try? server.run(request.arguments, wallSeconds: 30, answerWithin: 40)) }
        thread.start()

        // The decode child, asleep in its read of the FIFO (not the server's first-start
        // sandbox check, a child that ends at once), with its status and namespace.
        var status = ""
        var childNetwork: String?
        let deadline = Date().addingTimeInterval(20)
        search: while Date() < deadline {
            let children = (try? String(contentsOfFile: "/proc/\(server.pid)/task/\(server.pid)/children", encoding: .utf8)) ?? ""
            for child in children.split(separator: " ") {
                let read = (try? String(contentsOfFile: "/proc/\(child)/status", encoding: .utf8)) ?? ""
                guard read.contains("Seccomp:\t2"), read.contains("State:\tS"),
                      let network = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(child)/ns/net") else { continue }
                (status, childNetwork) = (read, network)
                break search
            }
            usleep(10_000)
        }
        let lines = status.split(separator: "\n")
        #expect(lines.contains("Seccomp:\t2"), "\(status)")
        #expect(lines.contains("NoNewPrivs:\t1"), "\(status)")
        if kernelOffersNamespaces() {
            let own = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/ns/net")
            #expect(childNetwork != nil && childNetwork != own)
        }
        close(writer)  // The child reads the end, fails to decode, and answers.
        let finished = answer.wait(seconds: 40)
        #expect(finished?.output.hasPrefix("fail decode") == true, "\(String(describing: finished))")
    }

    /// Every supported format decodes under the filter, through a server's confined child.
    @Test func everyFormatDecodesInTheConfinedChild() throws {
        let temp = try TemporaryDirectory()
        var inputs = ["tiny.webp", "tiny.heic", "tiny.avif", "tiny.gif", "cmyk8.tif", "gps.tif", "gps.png", "progressive.jpg",
                      "gps.heic", "gps.avif", "gps.webp"].map { Repository.fixture($0) }
        inputs.append(try TestImages.write(temp.file("made.bmp"), width: 40, height: 30, format: .bmp))
        inputs.append(try TestImages.write(temp.file("made.jpg"), width: 400, height: 300, format: .jpeg))
        let server = try DecoderConnection.start(executable: DecoderClient.installedExecutable, childProgram: nil)
        defer { server.stop() }
        for (index, input) in inputs.enumerated() {
            for format in ThumbnailFormat.allCases {
                let output = temp.file("out-\(index).\(format.fileExtension)")
                let request = DecoderHelper.Request(cpuSeconds: 10, memoryBytes: 2_000_000_000, box: 256, format: format,
                                                    fullSize: nil, input: input.path, output: output.path)
                let finished = try server.run(request.arguments, wallSeconds: 30, answerWithin: 40)
                #expect(finished.ending == .exited(0) && finished.output.hasPrefix("ok "),
                        "\(input.lastPathComponent): \(finished.output) \(finished.errors)")
                let size = (try? FileManager.default.attributesOfItem(atPath: output.path)[.size] as? Int) ?? 0
                #expect(size > 0, "\(input.lastPathComponent) as \(format)")
            }
        }
    }
}

/// A server's answer, handed from the thread that waits for it.
private final class Answer: @unchecked Sendable {
    // @unchecked: `condition` guards both fields.
    private let condition = NSCondition()
    private var value: DecoderFinished?
    private var done = false

    func set(_ finished: DecoderFinished?) {
        condition.lock()
        value = finished
        done = true
        condition.broadcast()
        condition.unlock()
    }

    func wait(seconds: Double) -> DecoderFinished? {
        condition.lock()
        defer { condition.unlock() }
        let deadline = Date().addingTimeInterval(seconds)
        while !done && condition.wait(until: deadline) {}
        return value
    }
}

/// A TCP listener on 127.0.0.1 that a confined child must not reach.
private final class Loopback {
    let descriptor: Int32
    let port: UInt16

    init() throws {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw TestError("socket failed") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, length) == 0 && listen(descriptor, 4) == 0 && getsockname(descriptor, $0, &length) == 0
            }
        }
        guard bound else { close(descriptor); throw TestError("bind failed") }
        self.descriptor = descriptor
        port = UInt16(bigEndian: address.sin_port)
    }

    deinit { close(descriptor) }

    /// True if anyone connected (checked without waiting).
    func wasConnected() -> Bool {
        var polled = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        return poll(&polled, 1, 0) > 0
    }
}
