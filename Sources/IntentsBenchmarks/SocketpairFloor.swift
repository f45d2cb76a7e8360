import Foundation

/// The floor: a one-byte round trip over a Unix socket pair to a thread that echoes it.
enum SocketpairFloor {
    /// The median round trip, in seconds, over `iterations`.
    static func measure(iterations: Int) -> Double {
        var pair: [Int32] = [-1, -1]
        precondition(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &pair) == 0)
        let (near, far) = (pair[0], pair[1])
        let echo = Thread {
            var byte: UInt8 = 0
            while read(far, &byte, 1) == 1 { _ = write(far, &byte, 1) }
        }
        echo.start()
        var samples: [Double] = []
        samples.reserveCapacity(iterations)
        var byte: UInt8 = 7
        for _ in 0..<iterations {
            let start = DispatchTime.now().uptimeNanoseconds
            _ = write(near, &byte, 1)
            _ = read(near, &byte, 1)
            samples.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
        }
        close(near)
        close(far)
        return median(samples)
    }
}
