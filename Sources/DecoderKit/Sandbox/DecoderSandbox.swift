import CSeccomp
import CSystem
import Dispatch
import Foundation

/// The confinement of the process that parses an untrusted image, as GNOME's glycin confines
/// Loupe's loaders: the layers are detected at run time, applied, and said (docs/sandbox.md).
///
/// - The decoder server (`DecoderServer`) enters a new user and network namespace once, at
///   start, where the kernel allows it: a namespace costs about a millisecond to make and
///   more to tear down, too much per image; its children inherit it.
/// - Each decode child, after its resource limits (`DecoderHelper.Request.limitSelf`) and
///   before it reads a byte, sets no_new_privs, drops every file system right with Landlock
///   where the kernel has it, and loads CSeccomp's system-call allow-list. The image and the
///   thumbnail come as descriptors the server opened; the child opens nothing.
///
/// Namespaces and Landlock are optional (older or locked-down kernels lack them, and the
/// log says so); no_new_privs, seccomp and the resource limits are not: a child that cannot
/// set them refuses to decode.
package enum DecoderSandbox {
    /// What a server got when it tried the namespaces.
    package enum Namespaces: Equatable, Sendable {
        case entered
        /// The kernel refused them (errno); the children run in the user's namespaces.
        case refused(Int32)
        /// Not tried (a one-shot run that is not the server, or a test's stand-in).
        case notTried
    }

    /// The layers a confined process ended up under.
    package struct Confinement: Equatable, Sendable {
        package var namespaces: Namespaces
        /// The Landlock ABI applied, or 0 when the kernel has none.
        package var landlockABI: Int32
        package var landlockError: Int32 = 0
        package var seccomp: Bool
        package var noNewPrivs: Bool

        /// One line for the log and `--sandbox-report`, naming every layer on or off.
        package var summary: String {
            var parts = ["resource limits on", "no_new_privs \(noNewPrivs ? "on" : "OFF")",
                         seccomp ? "seccomp allow-list on" : "seccomp OFF"]
            switch namespaces {
            case .entered: parts.append("user and network namespaces on")
            case .refused(let code): parts.append("user and network namespaces off (\(String(cString: strerror(code))))")
            case .notTried: parts.append("user and network namespaces not tried")
            }
            if landlockABI > 0 {
                parts.append("Landlock ABI \(landlockABI) on (no file system access)")
            } else {
                parts.append(landlockError == 0 ? "Landlock off (not in this kernel)"
                             : "Landlock off (\(String(cString: strerror(landlockError))))")
            }
            return "sandbox: " + parts.joined(separator: "; ")
        }
    }

    /// Enters a new user and network namespace. The caller must be single-threaded, and call
    /// it before it starts anything that may start a thread (gdk-pixbuf's loaders).
    package static func enterNamespaces() -> Namespaces {
        let code = drover_unshare_user_and_network()
        return code == 0 ? .entered : .refused(code)
    }

    /// What a server prepares once, before its first fork, so that each child's confinement
    /// is a few system calls: its namespaces, and the seccomp filter compiled to the kernel's
    /// BPF program (libseccomp per child cost more than the rest of the sandbox together).
    package struct Prepared: Sendable {
        package var namespaces: Namespaces
        /// The BPF program's instructions (`sock_filter`, 8 bytes each, as UInt64 so that
        /// the value is plainly Sendable), with a placeholder where each child's pid goes.
        fileprivate var filter: [UInt64]
        /// The negative errno when the filter could not be compiled (a child then refuses).
        fileprivate var filterError: Int32
    }

    /// Compiles the seccomp filter once (`drover_seccomp_export`).
    package static func prepare(namespaces: Namespaces) -> Prepared {
        let capacity = 4096  // BPF_MAXINSNS
        var filter = [UInt64](repeating: 0, count: capacity)
        let count = filter.withUnsafeMutableBytes { bytes in
            drover_seccomp_export(bytes.baseAddress!.assumingMemoryBound(to: sock_filter.self), Int32(capacity))
        }
        return Prepared(namespaces: namespaces, filter: count > 0 ? Array(filter.prefix(Int(count))) : [],
                        filterError: count > 0 ? 0 : count)
    }

    /// Confines the calling process for good: no_new_privs, Landlock (when the kernel has
    /// it), then the seccomp filter. Returns what was applied, or why a required layer
    /// could not be (the caller must then not read the image).
    package static func confineSelf(namespaces: Namespaces) -> Result<Confinement, ConfinementError> {
        confineSelf(prepare(namespaces: namespaces))
    }

    /// The same with what the server prepared: the filter is loaded as compiled, with this
    /// process's pid written into the copy (`drover_seccomp_load_program`).
    package static func confineSelf(_ prepared: Prepared) -> Result<Confinement, ConfinementError> {
        guard drover_no_new_privs() == 0 else { return .failure(ConfinementError(layer: "no_new_privs", code: errno)) }
        var confinement = Confinement(namespaces: prepared.namespaces, landlockABI: 0, seccomp: false, noNewPrivs: true)
        let abi = drover_landlock_abi()
        if abi > 0 {
            let code = drover_landlock_deny_all(abi)
            if code == 0 { confinement.landlockABI = abi } else { confinement.landlockError = code }
        }
        guard prepared.filterError == 0 else { return .failure(ConfinementError(layer: "seccomp", code: -prepared.filterError)) }
        let seccomp = prepared.filter.withUnsafeBytes { bytes in
            drover_seccomp_load_program(bytes.baseAddress!.assumingMemoryBound(to: sock_filter.self),
                                        Int32(prepared.filter.count), getpid())
        }
        guard seccomp == 0 else { return .failure(ConfinementError(layer: "seccomp", code: -seccomp)) }
        confinement.seccomp = true
        return .success(confinement)
    }

    package struct ConfinementError: Error, Equatable {
        package var layer: String
        package var code: Int32
        package var message: String { "cannot apply \(layer): \(String(cString: strerror(code)))" }
    }

    /// Forks a child that confines itself exactly as a decode child does and says how it
    /// went: the report of `drover-decode --sandbox-report` and of a server's log line.
    /// Bounded: a child that does not answer within 5 s is killed.
    package static func probe(_ prepared: Prepared) -> String {
        var output: [Int32] = [-1, -1]
        var errors: [Int32] = [-1, -1]
        defer { (output + errors).filter { $0 >= 0 }.forEach { close($0) } }
        guard drover_pipe_cloexec(&output) == 0, drover_pipe_cloexec(&errors) == 0 else {
            return "sandbox: cannot be checked: \(String(cString: strerror(errno)))"
        }
        let pid = drover_fork_decoder(output[1], errors[1], -1, -1, -1)
        if pid == 0 {
            let line: String
            switch confineSelf(prepared) {
            case .success(let confinement):
                // Proof, not promise: a refused open.
                let opened = open("/etc/passwd", O_RDONLY)
                line = opened < 0 ? confinement.summary : "sandbox: BROKEN: a confined child opened a file"
            case .failure(let error):
                line = "sandbox: BROKEN: \(error.message)"
            }
            _ = (line + "\n").utf8CString.withUnsafeBufferPointer { write(1, $0.baseAddress, $0.count - 1) }
            drover_exit_now(0)
        }
        guard pid > 0 else { return "sandbox: cannot be checked: \(String(cString: strerror(errno)))" }
        close(output[1]); output[1] = -1
        close(errors[1]); errors[1] = -1
        let deadline = DispatchTime.now().uptimeNanoseconds + 5_000_000_000
        let (texts, collected) = ChildProcess.collect([output[0], errors[0]], until: deadline)
        _ = ChildProcess.reap(pid, closedItsOutput: collected == .finished, deadline: deadline)
        let line = texts[0].text.split(separator: "\n").first.map(String.init)
        return line ?? "sandbox: BROKEN: the check said nothing (\(texts[1].text.prefix(200)))"
    }
}
