import ExtensionProtocol
import HostBundles
import HostPolicy
import IntentsHost
import SystemCalls
import SystemStore

extension Transcript {
    /// The transcript of a conversation that ended as `outcome` says: with an answer, whose
    /// prompts are the outcome's (as `--json` lists them), or with an error, whose prompts are
    /// those `recorder` kept before it. Recording and replay both make transcripts this way, so
    /// that they compare like with like.
    public init(invocation: Invocation, lockState: LockState, authorization: SiriAuthorization, source: InvocationSource,
                agreesToSystemConfirmation: Bool, outcome: Swift.Result<SendResult, HostError>, recorder: ConversationRecorder,
                exitStatus: Int32) {
        let prompts: [Prompt]
        let result: Result
        switch outcome {
        case .success(let sent):
            prompts = sent.outcome.prompts
            result = .response(Response(sent))
        case .failure(let error):
            prompts = recorder.prompts
            result = .error(error.code, policyRule: error.policyRule, message: error.message)
        }
        self.init(invocation: invocation, lockState: lockState, authorization: authorization, source: source,
                  agreesToSystemConfirmation: agreesToSystemConfirmation, conversation: prompts.map { TranscriptPrompt($0) },
                  result: result, exitStatus: exitStatus)
    }
}

extension Transcript.Response {
    /// The final answer of `sent`: its code and step, its outputs, and for an App Intent what
    /// `perform()` said, showed, returned (output `value`) or threw.
    public init(_ sent: SendResult) {
        let response = sent.outcome.response
        var outputs = Dictionary(response.output.map { ($0.name, TranscriptValue($0.value)) }, uniquingKeysWith: { first, _ in first })
        let performed = sent.outcome.appIntentResult
        if let value = performed?.value { outputs["value"] = TranscriptValue(value) }
        self.init(extensionBundle: sent.extensionBundle, code: response.codeName,
                  step: performed == nil ? sent.outcome.step.rawValue : "perform", outputs: outputs,
                  dialog: performed?.dialog, snippet: performed?.snippet?.content, failure: performed?.failure)
    }
}
