import Foundation
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
