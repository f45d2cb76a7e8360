import HostBundles
import HostPolicy
import HostTools
import IntentsHost

/// A conversation being recorded for `--record`: what was asked for and in which lock state,
/// with a recorder in front of the user, and, once it ends, the transcript written.
struct TranscriptRecording {
    let file: ReportFile
    let invocation: Transcript.Invocation
    let source: InvocationSource
    let lockState: LockState
    /// Answers the conversation (in front of the terminal), keeping its prompts.
    let user: ConversationRecorder

    /// A recording to `option`'s file of `invocation`, answered by `user`; nil without `--record`.
    init?(_ option: RecordOption, invocation: Transcript.Invocation, source: InvocationSource, user: any ConversationUser,
          on dispatcher: IntentDispatcher) throws {
        guard let path = option.path else { return nil }
        self.file = try ReportFile(path, option: "--record")
        self.invocation = invocation
        self.source = source
        self.lockState = dispatcher.lockReading().state
        self.user = ConversationRecorder(user)
    }

    /// Writes the transcript of the conversation that ended as `outcome` says, with `exitStatus`.
    /// - Throws: `HostError` (`.badState`) when the file cannot be written.
    func write(_ outcome: Result<SendResult, HostError>, exitStatus: Int32, on dispatcher: IntentDispatcher) throws {
        let (intent, app): (String, String?) = switch invocation {
        case .send(let intent, let app, _): (intent, app)
        case .say(let phrase, let matched): (matched?.intent ?? phrase, matched?.app)
        }
        let authorization = dispatcher.transcriptAuthorization(intent: intent, app: app, handler: try? outcome.get().extensionBundle)
        let transcript = Transcript(invocation: invocation, lockState: lockState, authorization: authorization, source: source,
                                    agreesToSystemConfirmation: user.agreesToSystemConfirmation, outcome: outcome, recorder: user,
                                    exitStatus: exitStatus)
        try file.write(try transcript.yaml(), what: "transcript")
    }
}
