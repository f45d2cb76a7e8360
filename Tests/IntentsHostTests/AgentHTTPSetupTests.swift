import Foundation
import Logging
import MCP
@testable import MCPBridge
import Testing

/// What `intents mcp --http` takes before it listens: a loopback address, and a token file that
/// only the user can read.
@Suite struct AgentHTTPSetupTests {
    let folder = TemporaryFolder()

    @Test(arguments: [("127.0.0.1:8765", "127.0.0.1", 8765), ("localhost:0", "127.0.0.1", 0), ("[::1]:65535", "::1", 65535), ("::1:80", "::1", 80)])
    func loopbackAddressesAreTaken(text: String, host: String, port: Int) throws {
        let address = try AgentHTTPAddress(parsing: text)
        #expect(address.host == host)
        #expect(address.port == port)
    }

    @Test(arguments: ["0.0.0.0:8765", "192.168.1.2:80", "example.com:80", "127.0.0.1", "127.0.0.1:", "127.0.0.1:65536", "127.0.0.1:-1",
                      "127.0.0.1:８０", "127.0.0.2:80", ":80"])
    func otherAddressesAreRefusedNamingTheValue(text: String) {
        #expect {
            try AgentHTTPAddress(parsing: text)
        } throws: { error in
            (error as? AgentHTTPAddressError)?.description.contains(text) == true
        }
    }

    @Test func aTokenIsMadeOnceWithMode600AndKept() throws {
        let path = folder.path + "/state/mcp-http-token"
        let made = try AgentHTTPToken.load(orCreateAt: path)
        #expect(made.value.utf8.count == 64)
        var status = stat()
        #expect(stat(path, &status) == 0)
        #expect(status.st_mode & 0o777 == 0o600)
        #expect(try AgentHTTPToken.load(orCreateAt: path) == made)
        #expect(AgentHTTPToken.generate() != made)
    }

    @Test func aTokenFileOthersMayReadIsRefusedAndKept() throws {
        let path = folder.path + "/mcp-http-token"
        let content = String(repeating: "ab", count: 32) + "\n"
        try content.write(toFile: path, atomically: false, encoding: .utf8)
        chmod(path, 0o644)
        #expect {
            try AgentHTTPToken.load(orCreateAt: path)
        } throws: { error in
            let sentence = (error as? AgentHTTPTokenError)?.description ?? ""
            return sentence.contains(path) && sentence.contains("mode 644")
        }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == content)
    }

    @Test func aSymbolicLinkOrAFileThatIsNoTokenIsRefused() throws {
        let target = folder.path + "/elsewhere"
        try String(repeating: "ab", count: 32).write(toFile: target, atomically: false, encoding: .utf8)
        chmod(target, 0o600)
        let link = folder.path + "/link-token"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
        #expect(throws: AgentHTTPTokenError.self) { try AgentHTTPToken.load(orCreateAt: link) }

        let dangling = folder.path + "/dangling-token"
        try FileManager.default.createSymbolicLink(atPath: dangling, withDestinationPath: folder.path + "/not-yet")
        #expect(throws: AgentHTTPTokenError.self) { try AgentHTTPToken.load(orCreateAt: dangling) }
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/not-yet"))

        let short = folder.path + "/short-token"
        try "secret".write(toFile: short, atomically: false, encoding: .utf8)
        chmod(short, 0o600)
        #expect {
            try AgentHTTPToken.load(orCreateAt: short)
        } throws: { error in
            (error as? AgentHTTPTokenError)?.description.contains("not a token") == true
        }
    }

    @Test func aFIFOOrAHardLinkIsRefusedAtOnce() throws {
        let fifo = folder.path + "/fifo-token"
        #expect(mkfifo(fifo, 0o600) == 0)
        #expect {
            try AgentHTTPToken.load(orCreateAt: fifo)
        } throws: { error in
            (error as? AgentHTTPTokenError)?.description.contains("not a regular file") == true
        }
        let original = folder.path + "/original-token"
        _ = try AgentHTTPToken.load(orCreateAt: original)
        let second = folder.path + "/second-token"
        #expect(link(original, second) == 0)
        #expect {
            try AgentHTTPToken.load(orCreateAt: second)
        } throws: { error in
            (error as? AgentHTTPTokenError)?.description.contains("hard links") == true
        }
    }

    @Test func startsAtOnceAgreeOnOneToken() async throws {
        let path = folder.path + "/shared/mcp-http-token"
        let tokens = try await withThrowingTaskGroup(of: AgentHTTPToken.self) { group in
            for _ in 0..<8 { group.addTask { try AgentHTTPToken.load(orCreateAt: path) } }
            return try await group.reduce(into: Set<String>()) { $0.insert($1.value) }
        }
        #expect(tokens.count == 1)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path + "/shared") == ["mcp-http-token"])
    }

    /// A session's messages are counted as they are made, read by a client or not (the SDK's
    /// transport keeps each one): past the limit, sending fails and the session is ended.
    @Test func aSessionEndsOnceItsMessagesPassTheLimit() async throws {
        let meter = MeteredTransport(StatefulHTTPServerTransport(), limit: 100, logger: Logger(label: "test"))
        try await meter.connect()
        let (ended, ending) = AsyncStream.makeStream(of: Void.self)
        await meter.whenOverLimit { ending.finish() }
        let message = Data(#"{"jsonrpc":"2.0","method":"notifications/message","params":{"pad":"xxxxxxx"}}"#.utf8)
        #expect(message.count > 50 && message.count <= 100)
        try await meter.send(message)
        await #expect(throws: MCPError.self) { try await meter.send(message) }
        for await _ in ended {}
        await #expect(throws: MCPError.self) { try await meter.send(Data("{}".utf8)) }
    }

    @Test func onlyTheExactBearerTokenIsAccepted() {
        let token = AgentHTTPToken(String(repeating: "c0", count: 32))
        #expect(token.isCarried(by: "Bearer " + token.value))
        #expect(token.isCarried(by: "bearer " + token.value))
        #expect(!token.isCarried(by: nil))
        #expect(!token.isCarried(by: token.value))
        #expect(!token.isCarried(by: "Bearer " + token.value.dropLast()))
        #expect(!token.isCarried(by: "Bearer " + token.value + "0"))
        #expect(!token.isCarried(by: "Basic " + token.value))
    }
}
