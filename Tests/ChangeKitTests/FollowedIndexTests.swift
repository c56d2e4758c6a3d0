import ChangeKit
import TestSupport
import Testing

/// `followedIndex(_:isSame:)`, which the grid uses to keep its focus and selection anchor
/// on their items through a change, checked against the list the steps change.
@Suite struct FollowedIndexTests {
    /// Random batches of steps over a list of distinct numbers (an update either keeps its
    /// element or puts a new number in its place): every element is followed to where the
    /// changed list has it, or to nil where the list no longer has it.
    @Test func followsEveryElementToWhereTheChangedListHasIt() {
        var random = SplitMix(seed: 16)
        func below(_ bound: Int) -> Int { Int(random.next() % UInt64(bound)) }
        for _ in 0..<3000 {
            let count = below(8) + 1
            var list = Array(0..<count)
            var fresh = count
            var steps: [ChangeStep<Int>] = []
            for _ in 0..<below(5) + 1 {
                let step: ChangeStep<Int>
                switch (below(4), list.isEmpty) {
                case (0, _), (_, true):
                    step = .insert(fresh, at: below(list.count + 1))
                    fresh += 1
                case (1, false):
                    step = .remove(at: below(list.count))
                case (2, false):
                    step = .move(from: below(list.count), to: below(list.count))
                default:
                    let at = below(list.count)
                    if below(2) == 0 {
                        step = .update(list[at], at: at)
                    } else {
                        step = .update(fresh, at: at)
                        fresh += 1
                    }
                }
                steps.append(step)
                list.apply([step])
            }
            for element in 0..<count {
                #expect(steps.followedIndex(element, isSame: { $0 == element }) == list.firstIndex(of: element),
                        "\(element) through \(steps)")
            }
        }
    }
}
