import DragKit
import Foundation
import GalleryKit

/// Commits prepared photos where their placeholders are, as many at once as are ready:
/// while one library batch is being written, the photos prepared meanwhile wait, and then
/// go in together (one transaction, one directory fsync, one change applied to the grid),
/// where a commit per photo cost all of that for each. Which placeholders one batch can
/// take is DragKit's rule (`PlaceholderCollection.commitRuns`): a batch is written, and
/// applied to the grid, before the next is planned, so each counts the photos before it
/// and a multi-file drop keeps its order.
///
/// `Prepared` is the library's `PreparedImport`; the tests commit stand-ins of their own.
@MainActor
final class CommitBatcher<Prepared: Identifiable & Sendable> where Prepared.ID == CommitID {
    /// Writes one library batch: the prepared photos, together, into `destination`.
    typealias Commit = @MainActor ([Prepared], ImportDestination) async throws -> Void
    /// Throws away a prepared photo nobody wants any more (its placeholder was dismissed).
    typealias Discard = @MainActor (Prepared) async -> Void

    private let model: CollectionModel
    private let commitBatch: Commit
    private let discard: Discard

    private struct Ready {
        let prepared: Prepared
        let context: PlaceholderContext<GalleryItem>
        let done: CheckedContinuation<Void, any Error>
    }

    private var ready: [Ready] = []
    private var isCommitting = false

    init(model: CollectionModel, commit: @escaping Commit, discard: @escaping Discard) {
        self.model = model
        commitBatch = commit
        self.discard = discard
    }

    /// Returns once `prepared` is in the library and its placeholder has become it (or, for
    /// a collection no longer shown, it went to that collection's end). Throws
    /// `CancellationError` (after discarding the copy) if the placeholder was dismissed
    /// meanwhile, and the library's error if the commit failed.
    func commit(_ prepared: Prepared, for context: PlaceholderContext<GalleryItem>) async throws {
        try await withCheckedThrowingContinuation { (done: CheckedContinuation<Void, any Error>) in
            ready.append(Ready(prepared: prepared, context: context, done: done))
            guard !isCommitting else { return }
            isCommitting = true
            Task { await commitWhileReady() }
        }
    }

    private func commitWhileReady() async {
        while !ready.isEmpty {
            let batch = ready
            ready = []
            var placed: [Ready] = []
            for entry in batch {
                if entry.context.isResolved || entry.context.state != .loading {
                    await discard(entry.prepared)
                    entry.done.resume(throwing: CancellationError())
                } else if entry.context.index == nil {
                    await commitToTheEnd(entry)
                } else {
                    placed.append(entry)
                }
            }
            let byPlaceholder = Dictionary(uniqueKeysWithValues: placed.map { ($0.context.id, $0) })
            guard let run = model.placeholderCollection.commitRuns(placed.map(\.context)).first else {
                // Dismissed or set aside while the others were handled: their turn comes next round.
                ready = placed + ready
                continue
            }
            let members = run.placeholders.compactMap { byPlaceholder[$0.id] }
            let inRun = Set(members.map(\.context.id))
            // Those of later runs wait for the next round, ahead of the ones prepared meanwhile.
            ready = placed.filter { !inRun.contains($0.context.id) } + ready
            await commitSideBySide(members, atEntry: run.entryIndex)
        }
        isCommitting = false
    }

    /// Commits photos whose placeholders have no item between them, in one library batch,
    /// and returns once the grid has applied it. If the batch fails, each photo is tried
    /// alone, so one bad photo fails only its own tile.
    private func commitSideBySide(_ members: [Ready], atEntry entryIndex: Int) async {
        let destination = ImportDestination(model.scope(of: members[0].context),
                                            at: model.itemIndex(forEntryAt: entryIndex))
        // Expected before the commit, so its batch cannot arrive unrecognised.
        for member in members { model.expectCommit(of: member.prepared.id, for: member.context) }
        do {
            try await commitBatch(members.map(\.prepared), destination)
        } catch {
            for member in members { model.abandonCommit(of: member.prepared.id) }
            guard members.count > 1 else { return members[0].done.resume(throwing: error) }
            for member in members {
                if let index = member.context.index {
                    await commitSideBySide([member], atEntry: index)
                } else {
                    await commitToTheEnd(member)
                }
            }
            return
        }
        // The next batch's indices must count these photos: wait for this batch to be applied.
        for member in members { await model.commitApplied(member.prepared.id) }
        for member in members { member.done.resume() }
    }

    /// A photo whose placeholder's collection is no longer shown goes to that collection's end.
    private func commitToTheEnd(_ entry: Ready) async {
        do {
            try await commitBatch([entry.prepared], ImportDestination(model.scope(of: entry.context)))
            entry.context.delete()
            entry.done.resume()
        } catch {
            entry.done.resume(throwing: error)
        }
    }
}

extension CommitBatcher where Prepared == PreparedImport {
    /// Commits into `library`, where `model` shows the placeholders.
    convenience init(model: CollectionModel, library: PhotoLibrary) {
        self.init(model: model, commit: { prepared, destination in
            _ = try await library.commitImports(prepared, into: destination)
        }, discard: { prepared in
            await library.discardImport(prepared)
        })
    }
}
