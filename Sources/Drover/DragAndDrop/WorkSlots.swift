import Foundation

/// At most `count` pieces of work at once, the rest waiting their turn in
/// order. A drop of 1,000 files then prepares a few photos at a time instead
/// of starting 1,000 decodes together, so memory stays flat and the UI stays
/// responsive; the waiting ones show their placeholders meanwhile.
@MainActor
final class WorkSlots {
    private var free: Int
    private var waiting: [CheckedContinuation<Void, Never>] = []

    init(count: Int) { free = max(1, count) }

    /// Runs `work` when a slot is free.
    func run<T>(_ work: () async throws -> T) async rethrows -> T {
        if free > 0 {
            free -= 1
        } else {
            await withCheckedContinuation { waiting.append($0) }
        }
        defer { release() }
        return try await work()
    }

    private func release() {
        if waiting.isEmpty { free += 1 } else { waiting.removeFirst().resume() }
    }
}
