/// Every generated file of the bundled corpus, as (path relative to `recordings/`, contents).
public enum SyntheticRecordings {
    public static func files() -> [(path: String, text: String)] {
        SyntheticSession.touchScriptSessions.map { ("scripts/\($0.rawValue).touches.jsonl", $0.touchScript) }
            + SyntheticSession.allCases.map { ("synthetic/\($0.rawValue).evemu", $0.evemu) }
    }
}
