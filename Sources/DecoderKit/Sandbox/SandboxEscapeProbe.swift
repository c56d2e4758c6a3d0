#if DEBUG
import CSystem
import Foundation

/// Test-only (debug builds; release builds have no such mode): `drover-decode --escape-test
/// HOMEFILE NEWFILE PORT` enters the namespaces as a decoder server does, confines itself
/// exactly as a decode child does (`DecoderSandbox.confineSelf`), and then tries what an
/// exploited decoder would: read /etc/passwd and a file in the user's home, create a file,
/// connect to 127.0.0.1:PORT, signal its parent or set its CPUs, run /bin/sh (and signal
/// itself and set its own thread's CPUs, which must be allowed). One line per attempt, "NAME
/// refused ERRNO" or "NAME ALLOWED"; DecoderKitTests' SandboxTests asserts each.
package enum SandboxEscapeProbe {
    package static func main(arguments: [String]) -> Int32 {
        guard arguments.count == 3, let port = UInt16(arguments[2]) else {
            say("usage: --escape-test HOMEFILE NEWFILE PORT")
            return 2
        }
        say("ns-before net \(link("/proc/self/ns/net")) user \(link("/proc/self/ns/user"))")
        let namespaces = DecoderSandbox.enterNamespaces()
        say("ns-after net \(link("/proc/self/ns/net")) user \(link("/proc/self/ns/user"))")
        switch DecoderSandbox.confineSelf(namespaces: namespaces) {
        case .success(let confinement):
            say("layers namespaces=\(namespaces == .entered ? 1 : 0) landlock=\(confinement.landlockABI) "
                + "seccomp=\(confinement.seccomp ? 1 : 0) nnp=\(confinement.noNewPrivs ? 1 : 0)")
        case .failure(let error):
            say("layers failed \(error.message)")
            return 1
        }
        attempt("open-passwd") { open("/etc/passwd", O_RDONLY) }
        attempt("open-home") { open(arguments[0], O_RDONLY) }
        attempt("create-file") { open(arguments[1], O_WRONLY | O_CREAT | O_EXCL, 0o600) }
        attempt("socket") { socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0) }
        attempt("socket-unix") { socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0) }
        attempt("connect") { connectToLoopback(port: port) }
        attempt("kill-parent") { kill(getppid(), 0) }
        // Its own pid, written into the filter's copy over the placeholder, must be allowed
        // (abort signals itself): "kill-self ALLOWED" is the expected line.
        attempt("kill-self") { kill(getpid(), 0) }
        // A thread may set its own CPUs (a JPEG decoded on two threads does), never another process's.
        attempt("affinity-parent") { drover_share_cpus_with(getppid()) }
        attempt("affinity-self") { drover_share_cpus_with(0) }
        attempt("fork") { forkAndExit() }
        // Last: if it succeeded, the shell would replace this process and say nothing more.
        attempt("execve") {
            let argv: [UnsafeMutablePointer<CChar>?] = [strdup("sh"), strdup("-c"), strdup("exit 0"), nil]
            return execv("/bin/sh", argv)
        }
        say("done")
        return 0
    }

    /// A socket cannot even be made under the filter; this tries in case one could.
    private static func connectToLoopback(port: UInt16) -> Int32 {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { return -1 }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        return result
    }

    private static func forkAndExit() -> Int32 {
        let pid = fork()
        if pid == 0 { drover_exit_now(0) }
        if pid > 0 { var status: Int32 = 0; waitpid(pid, &status, 0) }
        return pid
    }

    private static func attempt(_ name: String, _ body: () -> Int32) {
        errno = 0
        let result = body()
        let code = errno
        say(result < 0 ? "\(name) refused \(code)" : "\(name) ALLOWED")
    }

    private static func link(_ path: String) -> String {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: path)) ?? "unknown"
    }

    private static func say(_ line: String) {
        _ = (line + "\n").utf8CString.withUnsafeBufferPointer { write(1, $0.baseAddress, $0.count - 1) }
    }
}
#endif
