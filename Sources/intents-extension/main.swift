import ExtensionRunner
import Foundation

exit(ExtensionRunner.run(arguments: Array(CommandLine.arguments.dropFirst())))
