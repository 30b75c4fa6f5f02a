import ScrollEngine

/// The engine's scroll view is what the control channel steers in the daemon.
extension ScrollView: ControllableScrollView {}
