import Logging
import ScrollEngine

/// The daemon's side of systemd supervision: readiness, status, reloads, shutdown and the watchdog,
/// over an optional notifier (absent when not started by systemd). Send failures are logged as
/// warnings and never stop the daemon: supervision is advisory, input handling is the job.
public final class ServiceSupervisor {
    public let notifier: SystemdNotifier?
    public private(set) var watchdog: WatchdogSchedule?
    private let logger: Logger
    private var lastStatus: String?
    private var isReady = false

    public init(notifier: SystemdNotifier?, watchdog: WatchdogSettings?, start: Timestamp, logger: Logger) {
        self.notifier = notifier
        self.watchdog = watchdog.map { WatchdogSchedule(settings: $0, start: start) }
        self.logger = logger
    }

    /// The time the run loop must wake for the watchdog, if one is set.
    public var nextWatchdogDeadline: Timestamp? { watchdog?.nextPing }

    public func ready(status: String) {
        isReady = true
        lastStatus = status
        send([.ready, .status(status)])
    }

    /// Sends STATUS= when the summary changed (the loop may call this on every settle). Before
    /// READY=1 nothing is sent: the start-up status goes out with READY=1 itself.
    public func status(_ summary: String) {
        guard isReady, summary != lastStatus else { return }
        lastStatus = summary
        send([.status(summary)])
    }

    public func reloading(monotonicNow: Timestamp) {
        send([.reloading(monotonicMicroseconds: UInt64(max(0, monotonicNow.microseconds)))])
    }

    public func stopping() { send([.stopping]) }

    /// Pings when due. The run loop calls this on every wake-up, with the loop's own time, so a
    /// loop that stops turning stops pinging.
    public func serviceWatchdog(now: Timestamp) {
        guard var schedule = watchdog, schedule.isDue(at: now) else { return }
        send([.watchdog])
        schedule.pinged(at: now)
        watchdog = schedule
    }

    private func send(_ messages: [NotifyMessage]) {
        guard let notifier else { return }
        do {
            try notifier.send(messages)
        } catch {
            logger.warning("systemd notification not delivered",
                           metadata: ["message": "\(NotifyMessage.datagram(messages).prefix(40))", "error": "\(error)"])
        }
    }
}
