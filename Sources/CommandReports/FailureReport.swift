/// How the system-side commands (`authorize`, `shortcuts`...) report a failure with `--json`:
/// `{"error": {"code": ..., "message": ...}, "status": "error"}`.
public enum FailureReport {
    /// - Parameters:
    ///   - code: the host error's code (`usage`, `badState`...).
    ///   - message: its sentence.
    public static func json(code: String, message: String) -> JSONValue {
        .object(["status": .string("error"), "error": .object(["code": .string(code), "message": .string(message)])])
    }
}
