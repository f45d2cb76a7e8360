import Foundation
import Synchronization

/// Drains a pipe on its own thread and keeps the last bytes written to it: an extension's
/// stderr (and stdout), quoted when the extension fails, or a continuing app's output.
final class OutputTail: Sendable {
    private let capacity: Int
    private let buffer = Mutex<[UInt8]>([])
    private let finished = DispatchSemaphore(value: 0)

    /// Starts draining `descriptor`, which this object then owns and closes at end of file.
    init(reading descriptor: Int32, capacity: Int = 16384) {
        self.capacity = capacity
        let thread = Thread { [self] in
            var chunk = [UInt8](repeating: 0, count: 4096)
            while true {
                let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress!, $0.count) }
                if count < 0 && errno == EINTR { continue }
                if count <= 0 { break }
                buffer.withLock { bytes in
                    bytes.append(contentsOf: chunk[0..<count])
                    if bytes.count > capacity { bytes.removeFirst(bytes.count - capacity) }
                }
            }
            close(descriptor)
            finished.signal()
        }
        thread.name = "extension-stderr"
        thread.start()
    }

    /// Waits up to `timeout` for the writer to close the pipe.
    func waitForEnd(timeout: Duration) {
        _ = finished.wait(timeout: .now() + .milliseconds(Int(timeout.seconds * 1000)))
    }

    /// The last bytes written, as they were (invalid UTF-8 repaired).
    var raw: String {
        String(decoding: buffer.withLock { $0 }, as: UTF8.self)
    }

    /// The last lines written, trimmed; empty when nothing was written.
    var text: String {
        let bytes = buffer.withLock { $0 }
        return String(decoding: bytes, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
