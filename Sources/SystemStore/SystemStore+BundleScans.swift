import Foundation
import SQLiteSupport

/// What a host's scan read from one app folder, kept so that the next scan of an unchanged
/// folder need not read it again: the folder's path as the scan named it, the scanner that read
/// it, the folder's fingerprint when it was read, and the app it made (encoded by the scanner).
///
/// The store only keeps these; what a fingerprint or a record means is the scanner's
/// (`BundleScanner`), which trusts a record only when both its scanner and its fingerprint are
/// the ones it computes now.
public struct BundleScanRecord: Hashable, Sendable {
    public var path: String
    public var scanner: String
    public var fingerprint: Data
    public var record: Data

    public init(path: String, scanner: String, fingerprint: Data, record: Data) {
        self.path = path
        self.scanner = scanner
        self.fingerprint = fingerprint
        self.record = record
    }
}

extension SystemStore {
    /// Every app folder's kept scan, by path.
    /// - Throws: `SystemStoreError` when the store cannot be read.
    public func bundleScans() throws -> [String: BundleScanRecord] {
        var records: [String: BundleScanRecord] = [:]
        for row in try read("SELECT path, scanner, fingerprint, record FROM bundle_scans") {
            guard let path = row[0].text, let scanner = row[1].text, case .blob(let fingerprint) = row[2],
                  case .blob(let record) = row[3] else { continue }
            records[path] = BundleScanRecord(path: path, scanner: scanner, fingerprint: fingerprint, record: record)
        }
        return records
    }

    /// Keeps `records` (each replacing the one of its path) and forgets the scans of `removing`,
    /// in one transaction. Nothing is written when both are empty.
    /// - Throws: `SystemStoreError` when the store cannot be written.
    public func recordBundleScans(_ records: [BundleScanRecord], removing: [String]) throws {
        guard !records.isEmpty || !removing.isEmpty else { return }
        try write {
            for path in removing {
                try connection.run("DELETE FROM bundle_scans WHERE path = ?", [.text(path)])
            }
            for record in records {
                try connection.run("""
                    INSERT INTO bundle_scans (path, scanner, fingerprint, record) VALUES (?1, ?2, ?3, ?4)
                    ON CONFLICT (path) DO UPDATE SET scanner = excluded.scanner, fingerprint = excluded.fingerprint, record = excluded.record
                    """, [.text(record.path), .text(record.scanner), .blob(record.fingerprint), .blob(record.record)])
            }
        }
    }
}
