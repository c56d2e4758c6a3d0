import Foundation
@testable import DragKit

/// A library photo as the grid drags it: its identifier (the in-app fast path) and a JPEG.
func photoItem(_ id: Int, sourceIndex: Int? = nil) -> DragItem {
    var provider = ItemProvider(suggestedName: "photo-\(id).jpg",
                                preferredPresentationSize: Size(width: 640, height: 480))
    provider.register(.photoID) { _ in Data("\(id)".utf8) }
    provider.register(.jpeg) { _ in Data("jpeg \(id)".utf8) }
    return DragItem(provider: provider, localObject: LocalObject(id), sourceIndex: sourceIndex)
}

/// An image from another application whose PNG arrives only when `gate` opens.
func slowImage(named name: String, gate: LoadGate) -> DragItem {
    var provider = ItemProvider(suggestedName: "\(name).png")
    provider.register(.png) { progress in
        progress(0.5)
        try await gate.wait()
        return Data(name.utf8)
    }
    return DragItem(provider: provider)
}

/// Something no Drover target can use.
func textItem(_ text: String) -> DragItem {
    var provider = ItemProvider()
    provider.register(.plainText) { _ in Data(text.utf8) }
    return DragItem(provider: provider)
}

/// Holds a loader until the test opens it; a cancelled waiter throws `CancellationError`.
actor LoadGate {
    private var isOpen = false
    private var failure: (any Error)?
    private var waiters: [UUID: CheckedContinuation<Void, any Error>] = [:]

    func open() { finish(with: nil) }
    func fail(_ error: any Error) { finish(with: error) }

    private func finish(with error: (any Error)?) {
        isOpen = true
        failure = error
        for waiter in waiters.values {
            if let error { waiter.resume(throwing: error) } else { waiter.resume() }
        }
        waiters = [:]
    }

    func wait() async throws {
        if isOpen {
            if let failure { throw failure }
            return
        }
        let id = UUID()
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                if Task.isCancelled {
                    continuation.resume(throwing: CancellationError())
                } else {
                    waiters[id] = continuation
                }
            }
        } onCancel: {
            Task { await self.cancelWaiter(id) }
        }
    }

    private func cancelWaiter(_ id: UUID) {
        waiters.removeValue(forKey: id)?.resume(throwing: CancellationError())
    }
}

/// Collects values from any thread.
final class Recorder<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var storage: [Value] = []
    func append(_ value: Value) { lock.withLock { storage.append(value) } }
    var values: [Value] { lock.withLock { storage } }
}

struct LoadFailure: Error, CustomStringConvertible {
    var description: String { "the server went away" }
}

extension PlaceholderCollection where Element == String {
    /// The entries as text: items by value, placeholders as "#id".
    var snapshot: [String] { entries.map(render) }
}

/// An entry as text: an item by value, a placeholder as "#id".
func render(_ entry: PlaceholderCollection<String>.Entry) -> String {
    switch entry {
    case .item(let value): value
    case .placeholder(let id): "#\(id.rawValue)"
    }
}
