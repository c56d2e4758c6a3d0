import CSystem

/// glibc keeps freed memory for later allocations; after a large read's temporaries are
/// freed (100,000 photos' rows and dictionaries: about 50 MB) it still counts as the
/// process's own. This hands those pages back to the system.
public enum FreedMemory {
    public static func giveBack() {
        _ = malloc_trim(0)
    }
}
