import Foundation
import IntentDefinitionCodegen

/// `intents-codegen INPUT.intentdefinition --output OUTPUT.swift [--internal]`: the generator the
/// IntentDefinitionGenerator build plugin runs; also usable by hand.
let usage = """
    usage: intents-codegen DEFINITION --output FILE [--internal]

    Generates the Swift that Xcode generates from an .intentdefinition file (intents, handling
    protocols, responses, enums, custom types, resolution results), for the Intents SDK.

      --output FILE   where to write the Swift (required; written only if it changed)
      --internal      declare everything internal instead of public

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
var inputs: [String] = []
while !arguments.isEmpty {
    let argument = arguments.removeFirst()
    switch argument {
    case "--output":
        guard !arguments.isEmpty else { fail("--output needs a file name.\n\(usage)", status: 64) }
        output = arguments.removeFirst()
    case "--internal":
        access = "internal"
    default:
        guard !argument.hasPrefix("-") else { fail("unknown option \(argument).\n\(usage)", status: 64) }
        inputs.append(argument)
    }
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
    let source = try SwiftIntentGenerator(definition: definition, fileName: input.lastPathComponent, access: access).source()
    let target = URL(fileURLWithPath: output)
    // Leave an unchanged file alone so that the build does not recompile what depends on it.
    if (try? Data(contentsOf: target)) != Data(source.utf8) {
        try Data(source.utf8).write(to: target, options: .atomic)
    }
} catch let error as IntentDefinitionError {
    fail("error: \(error.description)")
} catch {
    fail("error: cannot write \(output): \((error as NSError).localizedDescription)")
}
