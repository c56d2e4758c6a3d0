import Foundation

/// Nearest-place search: a k-d tree over the places as points on the unit sphere.
///
/// In 3-D, the straight-line (chord) distance between two points on the sphere grows
/// with their great-circle distance, so the nearest point in space is the nearest place
/// on Earth. Unlike a latitude/longitude grid, this needs no special case at the poles or
/// across the 180° meridian. Build O(n log n), lookup O(log n) on average.
struct PlaceIndex: Sendable {
    static let earthRadius = 6_371_008.8  // metres (the IUGG mean radius)

    let data: PlaceData
    /// Place indices in tree order: the node of a range [lo, hi) is at its middle.
    private let order: [Int32]
    /// Unit vectors (x, y, z), in tree order.
    private let points: [Double]
    /// The split axis (0, 1, 2) of the node at each tree position.
    private let axes: [UInt8]

    init(_ data: PlaceData) {
        self.data = data
        let count = data.count
        var vectors = [Double](repeating: 0, count: 3 * count)
        for index in 0..<count {
            let v = Self.unitVector(latitude: data.latitudes[index], longitude: data.longitudes[index])
            vectors[3 * index] = v.0; vectors[3 * index + 1] = v.1; vectors[3 * index + 2] = v.2
        }
        var builder = Builder(vectors: vectors, order: (0..<Int32(count)).map { $0 }, axes: [UInt8](repeating: 0, count: count))
        builder.build(0, count)
        order = builder.order
        axes = builder.axes
        var points = [Double](repeating: 0, count: 3 * count)
        for (position, index) in builder.order.enumerated() {
            for axis in 0..<3 { points[3 * position + axis] = vectors[3 * Int(index) + axis] }
        }
        self.points = points
    }

    /// The nearest place, or nil when there are none.
    func nearest(latitude: Double, longitude: Double) -> PlaceMatch? {
        guard !order.isEmpty else { return nil }
        let query = Self.unitVector(latitude: latitude, longitude: longitude)
        var search = Search(points: points, axes: axes, query: [query.0, query.1, query.2])
        search.visit(0, order.count)
        let index = Int(order[search.best])
        let place = data.place(at: index)
        return PlaceMatch(place: place, distance: Self.haversine(latitude, longitude, place.latitude, place.longitude))
    }

    /// Great-circle distance in metres.
    static func haversine(_ lat1: Double, _ lon1: Double, _ lat2: Double, _ lon2: Double) -> Double {
        let radians = Double.pi / 180
        let dLat = (lat2 - lat1) * radians, dLon = (lon2 - lon1) * radians
        let h = sin(dLat / 2) * sin(dLat / 2) + cos(lat1 * radians) * cos(lat2 * radians) * sin(dLon / 2) * sin(dLon / 2)
        return 2 * earthRadius * asin(min(1, h.squareRoot()))
    }

    static func unitVector(latitude: Double, longitude: Double) -> (Double, Double, Double) {
        let lat = latitude * .pi / 180, lon = longitude * .pi / 180
        return (cos(lat) * cos(lon), cos(lat) * sin(lon), sin(lat))
    }

    /// Orders `order` so each range's median (on its widest axis) sits at its middle.
    private struct Builder {
        let vectors: [Double]
        var order: [Int32]
        var axes: [UInt8]

        mutating func build(_ low: Int, _ high: Int) {
            guard high - low > 1 else { return }
            let axis = widestAxis(low, high)
            let middle = (low + high) / 2
            select(middle, low, high, axis)
            axes[middle] = UInt8(axis)
            build(low, middle)
            build(middle + 1, high)
        }

        private func coordinate(_ position: Int, _ axis: Int) -> Double {
            vectors[3 * Int(order[position]) + axis]
        }

        private func widestAxis(_ low: Int, _ high: Int) -> Int {
            var (minX, minY, minZ) = (Double.infinity, Double.infinity, Double.infinity)
            var (maxX, maxY, maxZ) = (-Double.infinity, -Double.infinity, -Double.infinity)
            for position in low..<high {
                let base = 3 * Int(order[position])
                let (x, y, z) = (vectors[base], vectors[base + 1], vectors[base + 2])
                minX = min(minX, x); maxX = max(maxX, x)
                minY = min(minY, y); maxY = max(maxY, y)
                minZ = min(minZ, z); maxZ = max(maxZ, z)
            }
            let (spreadX, spreadY, spreadZ) = (maxX - minX, maxY - minY, maxZ - minZ)
            if spreadX >= spreadY && spreadX >= spreadZ { return 0 }
            return spreadY >= spreadZ ? 1 : 2
        }

        /// Quickselect: puts the k-th smallest on `axis` at position k, smaller before it
        /// and larger after it.
        private mutating func select(_ k: Int, _ low: Int, _ high: Int, _ axis: Int) {
            var (left, right) = (low, high - 1)
            while left < right {
                // The median of three as pivot keeps sorted input (GeoNames is grouped by country) fast.
                let (a, b, c) = (coordinate(left, axis), coordinate((left + right) / 2, axis), coordinate(right, axis))
                let pivot = max(min(a, b), min(max(a, b), c))
                var (i, j) = (left, right)
                while i <= j {
                    while coordinate(i, axis) < pivot { i += 1 }
                    while coordinate(j, axis) > pivot { j -= 1 }
                    if i <= j { order.swapAt(i, j); i += 1; j -= 1 }
                }
                if k <= j { right = j } else if k >= i { left = i } else { return }
            }
        }
    }

    /// A branch-and-bound descent: the near side first, the far side only when the
    /// splitting plane is closer than the best found so far.
    private struct Search {
        let points: [Double]
        let axes: [UInt8]
        let query: [Double]
        var best = 0
        var bestDistance = Double.infinity

        mutating func visit(_ low: Int, _ high: Int) {
            guard low < high else { return }
            let middle = (low + high) / 2
            let dx = points[3 * middle] - query[0], dy = points[3 * middle + 1] - query[1], dz = points[3 * middle + 2] - query[2]
            let distance = dx * dx + dy * dy + dz * dz
            if distance < bestDistance { bestDistance = distance; best = middle }
            guard high - low > 1 else { return }
            let axis = Int(axes[middle])
            let offset = query[axis] - points[3 * middle + axis]
            let (near, far) = offset < 0 ? ((low, middle), (middle + 1, high)) : ((middle + 1, high), (low, middle))
            visit(near.0, near.1)
            if offset * offset < bestDistance { visit(far.0, far.1) }
        }
    }
}
