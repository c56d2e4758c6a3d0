// Stand-in for GalleryKit.ChangeStep until the library lands; deleted then.
enum ChangeStep<Element> {
    case insert(Element, at: Int)
    case remove(at: Int)
    case move(from: Int, to: Int)
    case update(Element, at: Int)
}
extension Array {
    mutating func apply(_ steps: [ChangeStep<Element>]) {
        for step in steps {
            switch step {
            case .insert(let element, let index): insert(element, at: index)
            case .remove(let index): remove(at: index)
            case .move(let from, let to): insert(remove(at: from), at: to)
            case .update(let element, let index): self[index] = element
            }
        }
    }
}
