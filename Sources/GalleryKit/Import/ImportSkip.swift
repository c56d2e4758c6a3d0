import Foundation
import Localization

/// An entry of an imported folder that was not imported, and why. A folder import
/// accounts for everything it finds: each entry is imported, failed or skipped.
public struct ImportSkip: Sendable, Hashable {
    public enum Reason: Sendable, Hashable {
        /// A file whose content is not an image (a sidecar, a text file…), whatever its name.
        case notAnImage
        /// An image in a format Drover does not import (named): a vector image, or one no
        /// installed decoder reads. Said as for a file imported alone.
        case unsupportedFormat(String)
        /// Its name starts with a dot; a hidden folder is not looked into.
        case hidden
        /// Its name is not valid UTF-8, so Drover cannot name it (a folder so named is not looked into).
        case nameNotText
        /// A folder that cannot be listed (its contents are unknown).
        case folderUnreadable(detail: String)
        /// An entry whose details cannot be read.
        case unreadable(detail: String)
        /// Its path is longer than the system allows (`PATH_MAX`), so it cannot be opened.
        case pathTooLong
        /// A symbolic link to nothing (or to itself).
        case brokenLink
        /// Links to folders are not followed, so a link loop cannot make an import endless.
        case linkToFolder
        /// A FIFO, socket or device.
        case notAFile(kind: String)

        public var message: String {
            switch self {
            case .notAnImage: tr("not an image")
            case .unsupportedFormat(let name): tr("Drover does not import {name} images", ["name": name])
            case .hidden: tr("hidden")
            case .nameNotText: tr("name is not valid text (UTF-8)")
            case .folderUnreadable(let detail): tr("cannot read folder: {detail}", ["detail": detail])
            case .unreadable(let detail): tr("cannot be read: {detail}", ["detail": detail])
            case .pathTooLong: tr("path too long (the limit is {limit} bytes)", ["limit": PATH_MAX - 1])
            case .brokenLink: tr("broken link: its target does not exist")
            case .linkToFolder: tr("link to a folder (links to folders are not followed)")
            case .notAFile(let kind): tr("not a regular file ({kind})", ["kind": kind])
            }
        }

        /// Whether the user should look at this: something that may hold photos was not
        /// looked at. Files that are plainly not photos (other extensions, hidden files,
        /// FIFOs and sockets) are what folders normally hold, so they do not count.
        public var needsAttention: Bool {
            switch self {
            case .notAnImage, .unsupportedFormat, .hidden, .notAFile: false
            case .nameNotText, .folderUnreadable, .unreadable, .pathTooLong, .brokenLink, .linkToFolder: true
            }
        }
    }

    /// The entry's path as the file system has it: a name need not be valid text.
    public let pathBytes: [UInt8]
    public let reason: Reason

    public init(pathBytes: [UInt8], reason: Reason) {
        self.pathBytes = pathBytes
        self.reason = reason
    }

    /// The path, safe to print: bytes that are not text and control characters are escaped.
    public var path: String { TerminalText.escaped(bytes: pathBytes) }

    /// The entry's own name, escaped like `path`.
    public var name: String {
        let trimmed = pathBytes.last == UInt8(ascii: "/") ? pathBytes.dropLast() : pathBytes[...]
        let start = trimmed.lastIndex(of: UInt8(ascii: "/")).map { $0 + 1 } ?? trimmed.startIndex
        return TerminalText.escaped(bytes: trimmed[start...])
    }

    /// "name: reason", for a list shown to the user.
    public var message: String { "\(name): \(reason.message)" }
}
