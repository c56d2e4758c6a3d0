/// Big-endian unsigned fields read one after another, never past `end` (the end of the box
/// that holds them): the shape of ISO boxes such as `iloc`, whose fields follow each other
/// with sizes the box itself declares.
package struct FieldReader<Source: ByteSource> {
    package let source: Source
    private(set) var offset: Int
    package let end: Int

    package init(_ source: Source, from offset: Int, to end: Int) {
        self.source = source
        self.offset = offset
        self.end = end
    }

    /// The next field of `size` bytes (0 to 8; 0 reads as 0), or nil when it runs past
    /// `end` or does not fit an Int.
    package mutating func read(_ size: Int) -> Int? {
        guard size >= 0, offset <= end - size, let value = source.uint(at: offset, size: size) else { return nil }
        offset += size
        return value
    }
}
