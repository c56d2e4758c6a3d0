import ChangeKit
import TestSupport
import Testing

/// `changeSteps(to:id:limit:changed:)`, which a sorted or searched view uses to follow its
/// source: applied to the list, the steps give the target, matched by id, with an update
/// wherever a kept element's value changed; past the limit there are no steps at all.
@Suite struct ChangeDiffTests {
    /// An element as a view keeps it: an identity, and a value that may change.
    struct Element: Equatable {
        let id: Int
        var value: Int
    }

    @Test func appliedStepsGiveTheTarget() {
        var random = SplitMix(seed: 26)
        func below(_ bound: Int) -> Int { Int(random.next() % UInt64(bound)) }
        for _ in 0..<2000 {
            let source = (0..<below(10)).map { Element(id: $0, value: 0) }
            // The target keeps some of the source (shuffled, some values changed) and adds new ids.
            var target = source.filter { _ in below(3) != 0 }.map { element in
                Element(id: element.id, value: below(4) == 0 ? 1 : 0)
            }
            for index in target.indices.reversed() where below(3) == 0 {
                target.swapAt(index, below(index + 1))
            }
            for fresh in 0..<below(4) { target.insert(Element(id: 100 + fresh, value: 0), at: below(target.count + 1)) }

            let steps = source.changeSteps(to: target, id: \.id, limit: 1000, changed: { $0.value != $1.value })
            var applied = source
            applied.apply(try! #require(steps))
            #expect(applied == target)
        }
    }

    @Test func anUnchangedListNeedsNoSteps() {
        let list = (0..<5).map { Element(id: $0, value: $0) }
        let steps = list.changeSteps(to: list, id: \.id, limit: 10, changed: { $0.value != $1.value })
        #expect(steps?.isEmpty == true)
    }

    @Test func aChangedValueIsAnUpdateInPlace() {
        let list = (0..<3).map { Element(id: $0, value: 0) }
        var target = list
        target[1].value = 7
        let steps = list.changeSteps(to: target, id: \.id, limit: 10, changed: { $0.value != $1.value })
        #expect(steps == [.update(Element(id: 1, value: 7), at: 1)])
    }

    @Test func moreStepsThanTheLimitGiveNil() {
        let list = (0..<10).map { Element(id: $0, value: 0) }
        let reversed = Array(list.reversed())
        #expect(list.changeSteps(to: reversed, id: \.id, limit: 3, changed: { $0.value != $1.value }) == nil)
        #expect(list.changeSteps(to: [], id: \.id, limit: 3, changed: { $0.value != $1.value }) == nil)
    }
}
