import ChangeKit
import TestSupport
import Testing

/// `Array.apply(_:)` puts a run of inserts, each right after the one before, in as one
/// insert: the result is the same as applying the steps one at a time.
@Suite struct StepApplyTests {
    @Test func aBatchGivesWhatItsStepsGiveOneAtATime() {
        var random = SplitMix(seed: 61)
        func below(_ bound: Int) -> Int { Int(random.next() % UInt64(bound)) }
        for _ in 0..<3000 {
            var list = Array(0..<below(8))
            let start = list
            var fresh = 100
            var steps: [ChangeStep<Int>] = []
            for _ in 0..<below(6) + 1 {
                switch (below(4), list.isEmpty) {
                case (0, _), (_, true):
                    // A run of inserts at consecutive places, as a drop's placeholders go in.
                    let at = below(list.count + 1)
                    for offset in 0..<below(4) + 1 {
                        steps.append(.insert(fresh, at: at + offset))
                        list.apply([steps.last!])
                        fresh += 1
                    }
                case (1, false): steps.append(.remove(at: below(list.count)))
                case (2, false): steps.append(.move(from: below(list.count), to: below(list.count)))
                default:
                    steps.append(.update(fresh, at: below(list.count)))
                    fresh += 1
                }
                if case .insert = steps.last! {} else { list.apply([steps.last!]) }
            }
            var batched = start
            batched.apply(steps)
            #expect(batched == list, "\(start) with \(steps)")
        }
    }
}
