import Foundation
import IntentDefinitionCodegen

/// `intents-codegen INPUT.intentdefinition --output OUTPUT.swift [--internal]`: the generator the
/// IntentDefinitionGenerator build plugin runs; also usable by hand.
let usage = """
    usage: intents-codegen DEFINITION --output FILE [--internal]
           intents-codegen --system-domains --output FILE

    Generates the Swift that Xcode generates from an .intentdefinition file (intents, handling
    protocols, responses, enums, custom types, resolution results), for the Intents SDK.

      --output FILE   where to write the Swift (required; written only if it changed)
      --internal      declare everything internal instead of public
      --system-domains
                      generate the SDK's own system intents from the SiriKit domain data
                      (what the SDK's build runs; no definition file)

    example: intents-codegen Sources/Shared/Intents.intentdefinition --output /tmp/Intents.swift
    """

func fail(_ message: String, status: Int32 = 1) -> Never {
    FileHandle.standardError.write(Data("intents-codegen: \(message)\n".utf8))
    exit(status)
}

var arguments = Array(CommandLine.arguments.dropFirst())
if arguments.contains("--help") || arguments.contains("-h") {
    print(usage)
    exit(0)
}
var output: String?
var access = "public"
var systemDomains = false
var inputs: [String] = []
while !arguments.isEmpty {
    let argument = arguments.removeFirst()
    switch argument {
    case "--output":
        guard !arguments.isEmpty else { fail("--output needs a file name.\n\(usage)", status: 64) }
        output = arguments.removeFirst()
    case "--internal":
        access = "internal"
    case "--system-domains":
        systemDomains = true
    default:
        guard !argument.hasPrefix("-") else { fail("unknown option \(argument).\n\(usage)", status: 64) }
        inputs.append(argument)
    }
}
/// Writes `source` to `output` unless it already holds it, so that the build does not recompile
/// what depends on an unchanged file.
func write(_ source: String, to output: String) {
    let target = URL(fileURLWithPath: output)
    guard (try? Data(contentsOf: target)) != Data(source.utf8) else { return }
    do {
        try Data(source.utf8).write(to: target, options: .atomic)
    } catch {
        fail("error: cannot write \(output): \((error as NSError).localizedDescription)")
    }
}

if systemDomains {
    guard inputs.isEmpty, let output else { fail("--system-domains takes no definition file, and needs --output.\n\(usage)", status: 64) }
    do {
        write(try SystemDomainGenerator().source(), to: output)
    } catch {
        fail("error: \(error)")
    }
    exit(0)
}
guard inputs.count == 1, let output else { fail("give one definition file and --output.\n\(usage)", status: 64) }
let input = URL(fileURLWithPath: inputs[0])
do {
    let data: Data
    do {
        data = try Data(contentsOf: input)
    } catch {
        fail("cannot read \(input.path): \((error as NSError).localizedDescription)")
    }
    var reader = IntentDefinitionReader(fileName: input.lastPathComponent)
    let definition = try reader.read(data)
    for note in reader.notes { FileHandle.standardError.write(Data("intents-codegen: warning: \(note)\n".utf8)) }
    write(try SwiftIntentGenerator(definition: definition, fileName: input.lastPathComponent, access: access).source(), to: output)
} catch let error as IntentDefinitionError {
    fail("error: \(error.description)")
} catch {
    fail("error: \(error)")
}
