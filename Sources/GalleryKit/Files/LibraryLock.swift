import Foundation
import Synchronization

/// An exclusive `flock` on the library folder, held while a `PhotoLibrary` is open: one
/// process owns a library at a time, so another's open-time recovery can never mistake
/// this one's in-flight copies for leftovers.
///
/// The lock is on the folder itself (no lock file to create, so it works before the
/// folder is known to be a library). `flock` locks belong to the open file description,
/// so a second open in the same process is refused too, and the kernel drops the lock
/// when the process dies: a crash never leaves a library locked.
final class LibraryLock: Sendable {
    private let descriptor: Mutex<Int32>

    /// Locks `directory`, or throws `LibraryError.inUse` if another process (or another
    /// open library in this one) holds it. Shared locks (read-only opens) admit each
    /// other, never an exclusive one.
    init(directory: URL, shared: Bool = false) throws(LibraryError) {
        let descriptor = open(directory.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { throw LibraryError.unreadable(directory, detail: String(cString: strerror(errno))) }
        while flock(descriptor, (shared ? LOCK_SH : LOCK_EX) | LOCK_NB) != 0 {
            let code = errno
            if code == EINTR { continue }
            close(descriptor)
            if code == EWOULDBLOCK { throw LibraryError.inUse(directory) }
            throw LibraryError.unreadable(directory, detail: String(cString: strerror(code)))
        }
        self.descriptor = Mutex(descriptor)
    }

    /// Lets another process open the library. Unlocked before the descriptor is closed: a
    /// child being started on another thread (a decoder server: posix_spawn) holds a copy of
    /// every descriptor until its exec closes them, and with it this lock's open file
    /// description, so closing alone could leave the library locked for that moment (a test
    /// that closed a library and opened it again was refused as "in use").
    func release() {
        descriptor.withLock { descriptor in
            if descriptor >= 0 {
                flock(descriptor, LOCK_UN)
                close(descriptor)
            }
            descriptor = -1
        }
    }

    deinit { release() }
}
