import Foundation

/// CPU time of the calling thread: what the work on that thread cost, which load on the
/// machine does not inflate (unlike wall-clock time). For benchmarks' figures.
public enum ThreadCPUTime {
    public static func seconds() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }
}
