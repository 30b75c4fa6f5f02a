import SystemInterface
import Logging
import ScrollEngine

/// State preservation for the daemon's scroll views, each under its own restoration identifier
/// (the daemon's for the one view of a `scrollView:` configuration, the view's id on a screen of
/// several): restores them at start, writes one when it settles, and all at shutdown. Entries of
/// other restoration identifiers in the same file are kept as they are. Write failures are logged
/// and retried at the next settle; they never stop the daemon.
public final class StatePreserver {
    public let store: StateStore
    private var file: PreservedState
    /// The first identifier's (the one the daemon was started with).
    private var recorder: SettledStateRecorder
    /// Every other view's, made when it is first restored or reported.
    private var recorders: [String: SettledStateRecorder] = [:]
    private let logger: Logger

    /// Reads the state file (defaults and a warning when it is missing, corrupt or of another
    /// version) and removes temporary files a killed writer may have left.
    public init(store: StateStore, restorationIdentifier: String, logger: Logger) {
        self.store = store
        self.logger = logger
        store.removeLeftoverTemporaryFiles(logger: logger)
        var loaded = store.loadOrDefaults(logger: logger)
        if let entry = loaded.scrollViews[restorationIdentifier], let problem = entry.problem {
            logger.warning("preserved state has values out of range, ignoring it",
                           metadata: ["restorationIdentifier": "\(restorationIdentifier)", "problem": "\(problem)"])
            loaded.scrollViews[restorationIdentifier] = nil
        }
        file = loaded
        recorder = SettledStateRecorder(restorationIdentifier: restorationIdentifier,
                                        restored: loaded.scrollViews[restorationIdentifier])
    }

    public var restorationIdentifier: String { recorder.restorationIdentifier }

    /// The preserved entry for this scroll view, if the file had a usable one.
    public var preserved: PreservedScrollViewState? { file.scrollViews[restorationIdentifier] }

    /// `configuration` with the preserved state applied and clamped, or unchanged when nothing was
    /// preserved.
    public func restore(into configuration: ScrollViewConfiguration) -> ScrollViewConfiguration {
        restore(into: configuration, identifier: restorationIdentifier)
    }

    /// The same for the scroll view preserved under `identifier`.
    public func restore(into configuration: ScrollViewConfiguration, identifier: String) -> ScrollViewConfiguration {
        if identifier != restorationIdentifier, recorders[identifier] == nil {
            if let entry = file.scrollViews[identifier], let problem = entry.problem {
                logger.warning("preserved state has values out of range, ignoring it",
                               metadata: ["restorationIdentifier": "\(identifier)", "problem": "\(problem)"])
                file.scrollViews[identifier] = nil
            }
            recorders[identifier] = SettledStateRecorder(restorationIdentifier: identifier, restored: file.scrollViews[identifier])
        }
        guard let preserved = file.scrollViews[identifier] else { return configuration }
        let restored = StateRestoration.restore(preserved, into: configuration)
        if restored.contentOffset != preserved.contentOffset || restored.zoomScale != preserved.zoomScale {
            logger.notice("preserved state clamped to the current content bounds", metadata: [
                "preservedOffset": "\(preserved.contentOffset)", "offset": "\(restored.contentOffset)",
                "preservedZoom": "\(preserved.zoomScale)", "zoom": "\(restored.zoomScale)",
            ])
        }
        return restored
    }

    /// Call after every batch of events: writes when the scroll view has settled somewhere new.
    public func scrollViewChanged(_ state: ScrollViewState, contentInset: EdgeInsets, isAtRest: Bool) {
        scrollViewChanged(state, contentInset: contentInset, isAtRest: isAtRest, identifier: restorationIdentifier)
    }

    /// The same for the scroll view preserved under `identifier`.
    public func scrollViewChanged(_ state: ScrollViewState, contentInset: EdgeInsets, isAtRest: Bool, identifier: String) {
        let current = PreservedScrollViewState(state, contentInset: contentInset)
        guard let toSave = recorderFor(identifier).stateToSave(current: current, isAtRest: isAtRest) else { return }
        write(toSave, identifier: identifier)
    }

    /// Call at shutdown, after the last frame: writes the state wherever the content is.
    public func shutdown(_ state: ScrollViewState, contentInset: EdgeInsets) {
        shutdown(state, contentInset: contentInset, identifier: restorationIdentifier)
    }

    /// The same for the scroll view preserved under `identifier`.
    public func shutdown(_ state: ScrollViewState, contentInset: EdgeInsets, identifier: String) {
        let current = PreservedScrollViewState(state, contentInset: contentInset)
        guard let toSave = recorderFor(identifier).stateToSave(current: current, isAtRest: true) else { return }
        write(toSave, identifier: identifier)
    }

    private func recorderFor(_ identifier: String) -> SettledStateRecorder {
        if identifier == restorationIdentifier { return recorder }
        return recorders[identifier] ?? SettledStateRecorder(restorationIdentifier: identifier, restored: file.scrollViews[identifier])
    }

    private func write(_ state: PreservedScrollViewState, identifier: String) {
        var next = file
        next.scrollViews[identifier] = state
        do {
            try store.save(next)
            file = next
            if identifier == restorationIdentifier {
                recorder.written(state)
            } else {
                var r = recorderFor(identifier)
                r.written(state)
                recorders[identifier] = r
            }
            logger.debug("state saved", metadata: ["offset": "\(state.contentOffset)", "zoom": "\(state.zoomScale)"])
        } catch {
            logger.error("could not save state", metadata: ["path": "\(store.path)", "error": "\(error)"])
        }
    }
}

extension StateStore {
    /// Removes `state.json.tmp-*` files: a writer killed between creating and renaming its
    /// temporary file leaves one behind (the state file itself is intact).
    public func removeLeftoverTemporaryFiles(logger: Logger) {
        let directory = AtomicFile.parentDirectory(of: path)
        let prefix = Self.fileName + ".tmp-"
        guard let names = try? system.listDirectory(directory) else { return }
        for name in names {
            guard name.hasPrefix(prefix) else { continue }
            if (try? system.unlink(directory + "/" + name)) != nil {
                logger.info("removed a temporary state file left by an interrupted write", metadata: ["file": "\(name)"])
            }
        }
    }
}
