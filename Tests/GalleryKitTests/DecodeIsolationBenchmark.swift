import Foundation
import TestSupport
import Testing
@testable import DecoderKit
@testable import GalleryKit

/// What decoding in a child of the decoder server costs against decoding in Drover's own process, on
/// the photos `benchmarks/decode-isolation.sh` makes. Runs only from that script (it sets
/// DROVER_BENCHMARK_PHOTOS); it prints figures and asserts nothing about time.
@Suite struct DecodeIsolationBenchmark {
    static let photos = ProcessInfo.processInfo.environment["DROVER_BENCHMARK_PHOTOS"]

    @Test(.enabled(if: photos != nil, "run by benchmarks/decode-isolation.sh"))
    func helperAgainstInProcess() throws {
        let root = URL(fileURLWithPath: try #require(Self.photos))
        let temp = try TemporaryDirectory()
        let limits = ImportLimits()
        let decoder = DecoderProcess(limits: limits)
        for group in ["small", "large"] {
            let folder = root.appendingPathComponent(group)
            let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
                .map { folder.appendingPathComponent($0).path }
            let (best, bestCPU) = try Self.bestOfTwoRounds(["in-process", "helper"], childWay: "helper") { way in
                for (index, file) in files.enumerated() {
                    let output = temp.file("\(way)-\(index).png").path
                    // Both read the full size from the header as they decode.
                    if way == "helper" {
                        _ = try decoder.makeThumbnail(of: file, to: output)
                    } else {
                        _ = try ThumbnailRenderer.render(path: file, box: limits.thumbnailSize, format: .png, fullSize: nil,
                                                         to: output)
                    }
                    unlink(output)
                }
            }
            let count = Double(files.count)
            print(String(format: "decode-isolation %@: %d files; real time: in-process %.1f ms, helper %.1f ms per image; "
                            + "CPU (Drover and its helpers): in-process %.1f ms, helper %.1f ms per image",
                         group, files.count, best["in-process"]! * 1000 / count, best["helper"]! * 1000 / count,
                         bestCPU["in-process"]! * 1000 / count, bestCPU["helper"]! * 1000 / count))
        }
    }

    /// The viewer's picture of each large photo at a 2048-pixel box: decoded in a confined
    /// child that writes the pixels to a scratch file Drover reads back (`--pixels`), against
    /// decoding in Drover's own process.
    @Test(.enabled(if: photos != nil, "run by benchmarks/decode-isolation.sh"))
    func viewerPictureInChildAgainstInProcess() throws {
        let folder = URL(fileURLWithPath: try #require(Self.photos)).appendingPathComponent("large")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
            .map { folder.appendingPathComponent($0).path }
        let box = 2048
        let (best, bestCPU) = try Self.bestOfTwoRounds(["in-process", "child"], childWay: "child") { way in
            for file in files {
                let image = way == "child" ? try DecodedImage.decodeConfined(path: file, fittingBox: box).0
                                           : try DecodedImage.decodeNow(path: file, fittingBox: box)
                #expect(max(image.width, image.height) == box)
            }
        }
        let count = Double(files.count)
        print(String(format: "decode-isolation viewer (%d px box): %d files; real time: in-process %.1f ms, child %.1f ms per "
                        + "picture; CPU (Drover and its helpers): in-process %.1f ms, child %.1f ms per picture",
                     box, files.count, best["in-process"]! * 1000 / count, best["child"]! * 1000 / count,
                     bestCPU["in-process"]! * 1000 / count, bestCPU["child"]! * 1000 / count))
    }

    /// The wall and CPU seconds of `run` for each of the two `ways`, the faster of two
    /// rounds in alternating order: the machine is shared. `childWay` decodes in decoder
    /// servers' children, whose CPU reaches RUSAGE_CHILDREN only once the servers are reaped,
    /// so they are stopped at the end of its run.
    private static func bestOfTwoRounds(_ ways: [String], childWay: String, run: (String) throws -> Void) rethrows
        -> (wall: [String: Double], cpu: [String: Double]) {
        var best: [String: Double] = [:]
        var bestCPU: [String: Double] = [:]
        for round in 0..<2 {
            for way in round == 0 ? ways : ways.reversed() {
                let start = DispatchTime.now().uptimeNanoseconds
                let startCPU = cpuSeconds()
                try run(way)
                if way == childWay { DecoderServerPool.shared.shutDown() }
                best[way] = min(best[way] ?? .infinity, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
                bestCPU[way] = min(bestCPU[way] ?? .infinity, cpuSeconds() - startCPU)
            }
        }
        return (best, bestCPU)
    }

    /// User and system CPU time of this process and of its reaped children.
    private static func cpuSeconds() -> Double {
        func seconds(_ who: Int32) -> Double {
            var usage = rusage()
            getrusage(who, &usage)
            return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
        }
        return seconds(RUSAGE_SELF.rawValue) + seconds(RUSAGE_CHILDREN.rawValue)
    }
}
